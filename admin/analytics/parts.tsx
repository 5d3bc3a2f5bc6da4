// Parts shared by the analytics screens: the date range picker with compare-to-previous, a table
// with its CSV export, a figure card with sparkline and change, and the loading/error states.
import { lazy, Suspense, type ReactNode } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
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
import DownloadIcon from '@mui/icons-material/Download'
import { errorMessage } from '../common/hooks.ts'
import { change, daysAgo, type DateRange } from './api.ts'
import { downloadCsv, toCsv, type Column } from './csv.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'

const Sparkline = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.Sparkline })))

/** `compare`: false on screens with nothing to compare (a session list, imported GA figures), so no switch that does nothing. */
export function RangePicker({ range, onChange, compare = true }: { range: DateRange; onChange: (next: Partial<DateRange>) => void; compare?: boolean }) {
  const preset = (days: number) => onChange({ from: daysAgo(days - 1), to: daysAgo(0) })
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
      component="form"
      aria-label="Date range"
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        label="From"
        type="date"
        size="small"
        fullWidth={false}
        sx={{ width: '11rem' }}
        value={range.from}
        onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        fullWidth={false}
        sx={{ width: '11rem' }}
        value={range.to}
        onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {[7, 30, 90].map((d) => (
        <Button key={d} size="small" variant="outlined" onClick={() => preset(d)}>
          Last {d} days
        </Button>
      ))}
      {compare && (
        <FormControlLabel
          control={<Switch checked={range.compare} onChange={(e) => onChange({ compare: e.target.checked })} />}
          label="Compare to previous period"
        />
      )}
      <Typography variant="body2" color="text.secondary">
        Days in {range.tz}
      </Typography>
    </Stack>
  )
}

export function Loading({ what }: { what: string }) {
  return (
    <Typography role="status" sx={{ p: 2 }}>
      Loading {what}…
    </Typography>
  )
}

export function LoadError({ error, what }: { error: unknown; what: string }) {
  return (
    <Alert severity="error" role="alert">
      {errorMessage(error, `The ${what} could not be loaded. Check the date range and try again; if it persists, the server log says why.`)}
    </Alert>
  )
}

export function Figure({
  label,
  value,
  before,
  compare,
  series,
  dataKey,
  format = (n) => String(n),
}: {
  label: string
  value: number
  before?: number
  compare: boolean
  series?: Record<string, number | string>[]
  dataKey?: string
  format?: (n: number) => string
}) {
  const delta = compare && before !== undefined ? change(value, before) : undefined
  return (
    <Card component="section" aria-label={label} sx={fillGridCell}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {format(value)}
        </Typography>
        {delta !== undefined && (
          <Typography variant="body2" color={delta === null ? 'text.secondary' : delta >= 0 ? 'success.dark' : 'error.dark'}>
            {delta === null ? 'new (nothing before)' : `${delta >= 0 ? '+' : ''}${delta} % vs previous period (${format(before ?? 0)})`}
          </Typography>
        )}
        {series && dataKey && (
          <Suspense fallback={<Box sx={{ height: 40 }} />}>
            <Box aria-hidden>
              <Sparkline points={series} dataKey={dataKey} />
            </Box>
          </Suspense>
        )}
      </CardContent>
    </Card>
  )
}

/** A card fills the height of its Grid cell (cards of a row end level), and only there: as a
 * flex item of the page's column a 100 % height resolved against the whole page and stretched a
 * lone card (the funnel, the journeys) by thousands of blank pixels. */
const fillGridCell = { '.MuiGrid-root > &': { height: '100%' } } as const

/** A table with a CSV export of the same rows; optional chart above it. */
export function DataCard<T>({
  title,
  rows,
  columns,
  filename,
  chart,
  empty = 'Nothing in this range.',
}: {
  title: string
  rows: T[]
  columns: (Column<T> & { render?: (row: T) => ReactNode; numeric?: boolean })[]
  filename: string
  chart?: ReactNode
  empty?: string
}) {
  return (
    <Card component="section" aria-label={title} sx={fillGridCell}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadCsv(filename, toCsv(columns, rows))} disabled={!rows.length}>
            CSV
          </Button>
        }
      />
      <CardContent>
        {chart && rows.length > 0 && <Suspense fallback={<Box sx={{ height: 200 }} />}>{chart}</Suspense>}
        {rows.length ? (
          <ScrollArea label={`${title} (scrolls)`}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, i) => (
                  <TableRow key={i}>
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                        {c.render ? c.render(row) : (c.value(row) ?? '')}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        ) : (
          <Typography color="text.secondary">{empty}</Typography>
        )}
      </CardContent>
    </Card>
  )
}
