// /admin/redirects/import: paste or choose a CSV, .htaccess or nginx file, see the dry run (each
// rule's outcome and errors, chains that would be flattened), then import the valid rules.
import { useId, useState, type ChangeEvent } from 'react'
import { Title, useNotify, useRefresh } from 'react-admin'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material'
import { Link } from 'react-router-dom'
import { errorMessage } from '../common/hooks.ts'
import { importRedirects, type ImportFormat, type RedirectImportReport } from './api.ts'
import { FileButton } from '../common/FileButton.tsx'

export function RedirectImport() {
  const notify = useNotify()
  const refresh = useRefresh()
  const formatLabel = useId()
  const [format, setFormat] = useState<ImportFormat>('csv')
  const [text, setText] = useState('')
  const [report, setReport] = useState<RedirectImportReport | null>(null)
  const [done, setDone] = useState<RedirectImportReport | null>(null)
  const [pending, setPending] = useState(false)

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    setText(await file.text())
    if (/\.htaccess$|htaccess/i.test(file.name)) setFormat('htaccess')
    else if (/\.conf$|nginx/i.test(file.name)) setFormat('nginx')
    setReport(null)
  }
  const run = async (dryRun: boolean) => {
    setPending(true)
    try {
      const result = await importRedirects(text, format, dryRun)
      if (dryRun) {
        setReport(result)
        setDone(null)
      } else {
        setDone(result)
        setReport(null)
        refresh()
        notify(`${result.created} redirect${result.created === 1 ? '' : 's'} imported.`, { type: 'success' })
      }
    } catch (error) {
      notify(errorMessage(error, 'The rules could not be checked.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  const shown = report ?? done

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Import redirects" />
      <CardHeader
        title="Import redirects"
        subheader="CSV with the export's columns (source, target, status_code, match_type, query_mode, enabled, group, note), or .htaccess Redirect/RewriteRule lines, or nginx return/rewrite lines."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id={formatLabel}>Format</InputLabel>
            <Select labelId={formatLabel} label="Format" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
              <MenuItem value="csv">CSV</MenuItem>
              <MenuItem value="htaccess">Apache .htaccess</MenuItem>
              <MenuItem value="nginx">nginx</MenuItem>
            </Select>
          </FormControl>
          <FileButton disabled={pending} input={{ accept: '.csv,.txt,.conf,.htaccess,text/*', onChange: choose, 'aria-label': 'Rules file' }}>
            Choose a file
          </FileButton>
        </Box>
        <TextField
          label="Rules"
          multiline
          minRows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button variant="outlined" onClick={() => run(true)} disabled={pending || !text.trim()}>
            Check (dry run)
          </Button>
          {report && (
            <Button variant="contained" onClick={() => run(false)} disabled={pending || report.valid === 0}>
              Import {report.valid} valid rule{report.valid === 1 ? '' : 's'}
            </Button>
          )}
        </Box>
        {report && (
          <Alert severity={report.valid < report.total ? 'warning' : 'success'}>
            Dry run: {report.valid} of {report.total} rules are valid. Nothing has been saved yet; rules with errors will be skipped.
          </Alert>
        )}
        {done && (
          <Alert severity="success">
            {done.created} redirect{done.created === 1 ? '' : 's'} created{done.total > done.created ? `, ${done.total - done.created} skipped` : ''}.{' '}
            <Link to="/redirects">Back to redirects</Link>
          </Alert>
        )}
        {shown && (
          <Table size="small" aria-label="Import report">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Old URL</TableCell>
                <TableCell>New URL</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.rows.map((r) => (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell>{r.source}</TableCell>
                  <TableCell>{r.target ?? '—'}</TableCell>
                  <TableCell>
                    {r.status === 'ok'
                      ? r.flattened
                        ? `OK (chain flattened via ${r.flattened.slice(0, -1).join(' → ')})`
                        : 'OK'
                      : Object.entries(r.errors ?? {})
                          .map(([field, message]) => `${field}: ${message}`)
                          .join(' ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
