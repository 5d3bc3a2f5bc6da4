// /admin/subscribers/import: a CSV (email, name, tags), the consent these people gave, the list;
// a dry run shows each line's outcome and errors by line and field, then the real import.
import { useState, type ChangeEvent } from 'react'
import { Title, useGetList, useNotify } from 'react-admin'
import { Alert, Box, Button, Card, CardContent, CardHeader, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material'
import { Link } from 'react-router-dom'
import { errorMessage } from '../common/hooks.ts'
import { importSubscribers, type ImportReport } from './api.ts'
import { FileButton } from '../common/FileButton.tsx'

export function SubscriberImport() {
  const notify = useNotify()
  const { data: lists = [] } = useGetList('newsletter-lists', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } })
  const [text, setText] = useState('')
  const [consent, setConsent] = useState('')
  const [listId, setListId] = useState<number | ''>('')
  const [report, setReport] = useState<ImportReport | null>(null)
  const [pending, setPending] = useState(false)

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    if (file.size > 10 * 1024 * 1024) return notify('The file is larger than 10 MB: split it.', { type: 'error' })
    setText(await file.text())
    setReport(null)
  }
  const run = async (dryRun: boolean) => {
    setPending(true)
    try {
      const result = await importSubscribers(text, consent, listId || null, dryRun)
      setReport(result)
      if (!dryRun) notify(`${result.created} subscribers created, ${result.updated} added to the list.`, { type: 'success' })
    } catch (error) {
      notify(errorMessage(error, 'The file could not be checked.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Import subscribers" />
      <CardHeader
        title="Import subscribers"
        subheader="A CSV whose first line names the columns: email (required), name, tags (separated by ;). Unsubscribed and blocklisted addresses are never subscribed again."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ justifySelf: 'start' }}>
          <FileButton disabled={pending} input={{ accept: '.csv,text/csv', onChange: choose, 'aria-label': 'CSV file' }}>
            Choose a CSV file
          </FileButton>
        </Box>
        <TextField
          label="CSV"
          multiline
          minRows={5}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <TextField
          label="How did these people agree to receive the newsletter?"
          required
          value={consent}
          onChange={(e) => setConsent(e.target.value)}
          helperText="Required, stored with each subscriber: for example “Opted in on the 2026 conference badge scan form”."
        />
        <TextField select label="List" value={listId} onChange={(e) => setListId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ maxWidth: 320 }}>
          <MenuItem value="">Newsletter (default)</MenuItem>
          {lists.map((l) => (
            <MenuItem key={l.id} value={Number(l.id)}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button variant="outlined" onClick={() => run(true)} disabled={pending || !text.trim() || consent.trim().length < 10}>
            Check (dry run)
          </Button>
          {report?.dryRun && (
            <Button variant="contained" onClick={() => run(false)} disabled={pending || report.created + report.updated === 0}>
              Import {report.created + report.updated} valid rows
            </Button>
          )}
        </Box>
        {report && (
          <Alert severity={report.errors.length ? 'warning' : 'success'}>
            {report.dryRun ? 'Dry run, nothing saved yet: ' : 'Imported: '}
            {report.created} new, {report.updated} already subscribed (added to the list), {report.skipped} skipped, {report.errors.length} errors.{' '}
            {!report.dryRun && <Link to="/subscribers">Back to subscribers</Link>}
          </Alert>
        )}
        {report && (
          <Table size="small" aria-label="Import report">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>Detail</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.slice(0, 500).map((r) => (
                <TableRow key={r.line}>
                  <TableCell>{r.line}</TableCell>
                  <TableCell>{r.email}</TableCell>
                  <TableCell>{r.outcome}</TableCell>
                  <TableCell>{r.message ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
