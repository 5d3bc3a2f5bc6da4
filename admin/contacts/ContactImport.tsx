// /admin/contacts/import: choose a CSV, see a dry run (what would be created, and every row's
// errors) and then import it in one batched request.
import { useState, type ChangeEvent } from 'react'
import Papa from 'papaparse'
import { Title, useNotify, useRefresh } from 'react-admin'
import { Alert, Box, Button, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { CONTACT_IMPORT_COLUMNS, type ImportReport } from '../../shared/adminContract.ts'
import { errorMessage, useAdminDataProvider } from '../common/hooks.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'
import { FileButton } from '../common/FileButton.tsx'

const PREVIEW_ROWS = 10

export function ContactImport() {
  const dataProvider = useAdminDataProvider()
  const notify = useNotify()
  const refresh = useRefresh()
  const [csv, setCsv] = useState('')
  const [fileName, setFileName] = useState('')
  const [preview, setPreview] = useState<{ fields: string[]; rows: Record<string, string>[] } | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [done, setDone] = useState<ImportReport | null>(null)
  const [pending, setPending] = useState(false)

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    const text = await file.text()
    setFileName(file.name)
    setCsv(text)
    setDone(null)
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true, preview: PREVIEW_ROWS })
    setPreview({ fields: parsed.meta.fields ?? [], rows: parsed.data })
    setPending(true)
    try {
      setReport(await dataProvider.importContacts(text, true))
    } catch (error) {
      setReport(null)
      notify(errorMessage(error, 'The file could not be checked.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }

  const commit = async () => {
    setPending(true)
    try {
      const result = await dataProvider.importContacts(csv, false)
      setDone(result)
      setReport(null)
      refresh()
      notify(`${result.created} contact${result.created === 1 ? '' : 's'} imported.`, { type: 'success' })
    } catch (error) {
      notify(errorMessage(error, 'The import failed; nothing was created.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Import contacts" />
      <CardHeader
        title="Import contacts from CSV"
        subheader={`Columns: ${CONTACT_IMPORT_COLUMNS.join(', ')} (first_name is required; tags separated by ";").`}
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <FileButton disabled={pending} input={{ accept: '.csv,text/csv', onChange: choose, 'aria-label': 'CSV file' }}>
            Choose a CSV file
          </FileButton>
          {fileName && <Typography sx={{ ml: 2, display: 'inline' }}>{fileName}</Typography>}
        </Box>
        {preview && (
          <ScrollArea label="Preview of the import (scrolls)">
            <Typography variant="subtitle2">Preview (first {Math.min(PREVIEW_ROWS, preview.rows.length)} rows)</Typography>
            <Table size="small" aria-label="Preview">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  {preview.fields.map((f) => (
                    <TableCell key={f}>{f}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((row, i) => (
                  <TableRow key={i}>
                    <TableCell>{i + 1}</TableCell>
                    {preview.fields.map((f) => (
                      <TableCell key={f}>{row[f]}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        )}
        {report && (
          <Box sx={{ display: 'grid', gap: 1 }} aria-label="Dry run">
            <Alert severity={report.errors.length ? 'warning' : 'success'}>
              Dry run: {report.valid} of {report.total} rows are valid{report.errors.length ? `; ${report.errors.length} problem(s) below` : ''}. Nothing has
              been created yet.
            </Alert>
            {report.errors.length > 0 && (
              <Table size="small" aria-label="Errors">
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    <TableCell>Field</TableCell>
                    <TableCell>Problem</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.errors.map((e, i) => (
                    <TableRow key={i}>
                      <TableCell>{e.row}</TableCell>
                      <TableCell>{e.field}</TableCell>
                      <TableCell>{e.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Box>
              <Button variant="contained" onClick={commit} disabled={pending || report.valid === 0}>
                Import {report.valid} contact{report.valid === 1 ? '' : 's'}
              </Button>
            </Box>
          </Box>
        )}
        {done && (
          <Alert severity="success">
            {done.created} contact{done.created === 1 ? '' : 's'} created{done.errors.length ? `, ${done.errors.length} row(s) skipped` : ''}.{' '}
            <Link to="/contacts">Back to contacts</Link>
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
