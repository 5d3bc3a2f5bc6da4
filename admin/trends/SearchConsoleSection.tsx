// The Search Console part of /admin/trends (issue 14, docs/decisions/136): an optional import of
// a Performance export's Queries.csv or Pages.csv, always labelled "Imported from Search Console,
// as of <date>", in its own table apart from the first-party scores. Each row shows the
// first-party terms it shares (same normaliser), with their label. Import, replace, delete.
import { useState, type ChangeEvent } from 'react'
import { Confirm, useNotify } from 'react-admin'
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import UploadIcon from '@mui/icons-material/UploadFile'
import DownloadIcon from '@mui/icons-material/Download'
import { downloadCsv, toCsv, type Column } from '../analytics/csv.ts'
import { errorMessage, useCan } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { ImportMessage, type LineError } from '../common/ImportMessage.tsx'
import { ScrollArea } from '../common/ScrollArea.tsx'
import { FileButton } from '../common/FileButton.tsx'

export type ImportInfo = {
  id: number
  kind: 'queries' | 'pages'
  filename: string
  uploadedAt: string
  periodFrom: string | null
  periodTo: string | null
  rows: number
  clicks: number
  impressions: number
  asOf: string
  label: string
  period: string
}
type Row = {
  line: number
  item: string
  clicks: number
  impressions: number
  ctr: number | null
  position: number | null
  terms: string[]
  matches: Array<{ term: string; label: string | null; visitors: number }>
}
export type SearchConsole = { imports: ImportInfo[]; current: (ImportInfo & { shown: number; rows: Row[] }) | null }

const pct = (v: number | null) => (v == null ? '—' : `${(v * 100).toFixed(2)}%`)
const matchText = (r: Row) => r.matches.map((m) => `${m.term} (${m.label ?? 'below threshold'}, ${m.visitors})`).join('; ')
/** The rows as shown, each carrying the import's label, so the CSV is never read as first-party data. */
const csvColumns = (label: string, kind: ImportInfo['kind']): Column<Row>[] => [
  { key: 'item', label: kind === 'queries' ? 'Query' : 'Page', value: (r) => r.item },
  { key: 'clicks', label: 'Clicks', value: (r) => r.clicks },
  { key: 'impressions', label: 'Impressions', value: (r) => r.impressions },
  { key: 'ctr', label: 'CTR', value: (r) => (r.ctr == null ? '' : pct(r.ctr)) },
  { key: 'position', label: 'Position', value: (r) => r.position },
  { key: 'terms', label: 'First-party terms (label, visitors in 29 days)', value: matchText },
  { key: 'source', label: 'Source', value: () => label },
]

export function SearchConsoleSection({
  data,
  filter,
  onChanged,
  onChoose,
}: {
  data: SearchConsole
  filter: string
  onChanged: () => void
  onChoose: (id: number | null) => void
}) {
  const { can } = useCan()
  const notify = useNotify()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [message, setMessage] = useState('')
  const [lines, setLines] = useState<LineError[]>([])
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [onlyMatched, setOnlyMatched] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const current = data.current

  const send = async (e: ChangeEvent<HTMLInputElement>, replace: number | null) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setLines([])
    setMessage('')
    setFieldErrors({})
    try {
      const query = new URLSearchParams({ filename: file.name, ...(from || to ? { from, to } : {}) })
      const reply = await httpClient(`${apiUrl}/trends/search-console${replace ? `/${replace}` : ''}?${query}`, {
        method: replace ? 'PUT' : 'POST',
        body: await file.text(),
        headers: { 'Content-Type': 'text/csv' },
      })
      const body = reply.json as ImportInfo & { ignoredColumns: string[] }
      notify(`${replace ? 'Replaced' : 'Imported'} ${body.rows} ${body.kind} from ${body.filename}.`, { type: 'success' })
      if (body.ignoredColumns.length) setMessage(`Columns not used: ${body.ignoredColumns.join(', ')}.`)
      onChoose(body.id)
      onChanged()
    } catch (error) {
      const b = (error as { body?: { lines?: { line: number; message: string }[]; errors?: Record<string, string> } }).body
      setLines(b?.lines ?? [])
      setFieldErrors(b?.lines ? {} : (b?.errors ?? {}))
      setMessage(errorMessage(error, 'The file could not be imported.'))
    }
  }
  const remove = async () => {
    if (!current) return
    setDeleting(true)
    try {
      await httpClient(`${apiUrl}/trends/search-console/${current.id}`, { method: 'DELETE' })
      notify(`Import of ${current.filename} deleted.`, { type: 'success' })
      onChoose(null)
      onChanged()
    } catch (error) {
      notify(errorMessage(error, 'The import could not be deleted.'), { type: 'error' })
    } finally {
      setDeleting(false)
    }
  }

  const needle = filter.trim().toLowerCase()
  const rows = (current?.rows ?? []).filter(
    (r) =>
      (!onlyMatched || r.matches.length > 0) &&
      (!needle || r.item.toLowerCase().includes(needle) || r.matches.some((m) => m.term.toLowerCase().includes(needle))),
  )
  const heading = current ? current.label : 'Imported from Search Console'
  return (
    <Box component="section" aria-labelledby="search-console-heading">
      <Typography id="search-console-heading" variant="h6" component="h2">
        {heading}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Optional and kept apart: imported figures never change the first-party scores above. In Search Console, open Performance › Search results, set the
        dates, then Export › Download CSV and unzip it: upload Queries.csv (or Pages.csv). The CSV carries no dates: give the period of the export (the first
        and last day of its Dates.csv), or the import is dated by the day you upload it.
      </Typography>
      {can('trends', 'import') && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1 }} alignItems={{ md: 'flex-start' }}>
          <TextField
            label="Period from"
            type="date"
            size="small"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={!!fieldErrors.from}
            helperText={fieldErrors.from}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Period to"
            type="date"
            size="small"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={!!fieldErrors.to}
            helperText={fieldErrors.to}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FileButton
            startIcon={<UploadIcon />}
            input={{ accept: '.csv,text/csv', onChange: (e) => void send(e, null), 'aria-label': 'Search Console CSV file' }}
          >
            Import a Search Console CSV
          </FileButton>
          {current && (
            <FileButton
              input={{ accept: '.csv,text/csv', onChange: (e) => void send(e, current.id), 'aria-label': 'Search Console CSV file to replace this import' }}
            >
              Replace this import
            </FileButton>
          )}
        </Stack>
      )}
      <ImportMessage message={message} lines={lines} error={lines.length > 0 || Object.keys(fieldErrors).length > 0} sx={{ mb: 1 }} />
      {!current ? (
        <Typography>No Search Console export imported.</Typography>
      ) : (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
            {data.imports.length > 1 && (
              <TextField select label="Import" size="small" value={current.id} onChange={(e) => onChoose(Number(e.target.value))} sx={{ minWidth: 320 }}>
                {data.imports.map((i) => (
                  <MenuItem key={i.id} value={i.id}>
                    {i.filename}, as of {i.asOf}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography variant="body2">
              {current.period} {current.filename}: {current.rows.toLocaleString('en-US')} {current.kind}, {current.clicks.toLocaleString('en-US')} clicks,{' '}
              {current.impressions.toLocaleString('en-US')} impressions; uploaded {new Date(current.uploadedAt).toLocaleString()}.
              {current.shown < current.rows ? ` Showing the ${current.shown.toLocaleString('en-US')} with the most clicks.` : ''}
            </Typography>
            <FormControlLabel
              control={<Switch checked={onlyMatched} onChange={(e) => setOnlyMatched(e.target.checked)} />}
              label="Only rows sharing a first-party term"
            />
            <Button
              startIcon={<DownloadIcon />}
              disabled={!rows.length}
              onClick={() => downloadCsv(`search-console-${current.kind}-as-of-${current.asOf}.csv`, toCsv(csvColumns(current.label, current.kind), rows))}
            >
              CSV
            </Button>
            {can('trends', 'delete') && (
              <Button color="error" onClick={() => setDeleting(true)} disabled={deleting}>
                Delete this import
              </Button>
            )}
          </Stack>
          <Confirm
            isOpen={deleting}
            title={`Delete the import of ${current.filename}?`}
            content="Its rows are removed; the first-party trends do not change. The audit log keeps a summary."
            confirm="Delete"
            onConfirm={() => void remove()}
            onClose={() => setDeleting(false)}
          />
          <ScrollArea maxHeight={480} label={`${current.label} (scrolls)`}>
            <Table size="small" stickyHeader aria-label={current.label}>
              <TableHead>
                <TableRow>
                  <TableCell>{current.kind === 'queries' ? 'Query' : 'Page'}</TableCell>
                  <TableCell align="right">Clicks</TableCell>
                  <TableCell align="right">Impressions</TableCell>
                  <TableCell align="right">CTR</TableCell>
                  <TableCell align="right">Position</TableCell>
                  <TableCell>First-party terms (label, visitors in 29 days)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.line}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{r.item}</TableCell>
                    <TableCell align="right">{r.clicks.toLocaleString('en-US')}</TableCell>
                    <TableCell align="right">{r.impressions.toLocaleString('en-US')}</TableCell>
                    <TableCell align="right">{pct(r.ctr)}</TableCell>
                    <TableCell align="right">{r.position == null ? '—' : r.position.toFixed(1)}</TableCell>
                    <TableCell>
                      {r.matches.length === 0
                        ? 'None'
                        : r.matches.map((m) => (
                            <Chip key={m.term} size="small" sx={{ mr: 0.5 }} label={`${m.term} (${m.label ?? 'below threshold'}, ${m.visitors})`} />
                          ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
          {rows.length === 0 && <Typography sx={{ mt: 1 }}>No imported row matches the filter.</Typography>}
        </>
      )}
    </Box>
  )
}
