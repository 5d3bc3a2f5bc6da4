// /admin/google-analytics, honest about what it is (docs/decisions/123): the GA4 forwarding
// setting (server-side Measurement Protocol through the job runner: no Google script in the
// page) with the provider's state and the queue's counts (sent = a 2xx receipt, nothing else);
// imported GA4 CSV exports beside first-party daily totals (kept apart, never in native figures);
// the GA Data API's state: not connected.
import { lazy, useState, type ChangeEvent } from 'react'
import { Title, useNotify } from 'react-admin'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import UploadIcon from '@mui/icons-material/UploadFile'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { errorMessage } from '../common/hooks.ts'
import { ImportMessage, type LineError } from '../common/ImportMessage.tsx'
import { number, useDateRange } from './api.ts'
import { DataCard, LoadError, Loading, RangePicker } from './parts.tsx'
import { FileButton } from '../common/FileButton.tsx'

const TimeChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.TimeChart })))

type Settings = { enabled: boolean; measurementId: string; events: string[] }
type State = {
  settings: Settings
  forwardable: { key: string; ga4Name: string }[]
  provider: { state: 'not-connected' | 'test' | 'live'; description: string }
  queue: { queued: number; sent: number; failed: number; lastSentAt: string | null; lastError: string | null }
  dataApi: { state: string; message: string }
  imports: { id: number; filename: string; uploaded_at: string; days: number; first_day: string; last_day: string }[]
}
type Comparison = {
  import: { id: number; filename: string; firstDay: string; lastDay: string } | null
  days: {
    day: string
    native: { visitors: number; sessions: number; pageViews: number; conversions: number }
    ga4: { users: number | null; sessions: number | null; pageViews: number | null; events: number | null; conversions: number | null } | null
  }[]
}

const EVENT_LABELS: Record<string, string> = {
  page_view: 'Page views',
  form_view: 'Form views',
  form_start: 'Form starts',
  form_submit: 'Form submits (leads)',
  call: 'Phone-link clicks',
  outbound: 'Outbound link clicks',
  scroll_depth: 'Scroll depth',
  web_vital: 'Web vitals',
}
const STATE_LABEL = { 'not-connected': 'Not connected', test: 'Test', live: 'Live' }

function SettingsForm({ state, onSaved }: { state: State; onSaved: () => void }) {
  const [s, setS] = useState<Settings>(state.settings)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const notify = useNotify()
  const save = async () => {
    try {
      await httpClient(`${apiUrl}/google-analytics/settings`, { method: 'PUT', body: JSON.stringify(s) })
      setErrors({})
      notify('GA4 forwarding setting saved.', { type: 'success' })
      onSaved()
    } catch (error) {
      setErrors((error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {})
      notify(errorMessage(error, 'The setting could not be saved. Check the fields and try again.'), { type: 'error' })
    }
  }
  return (
    <Box
      component="form"
      aria-label="GA4 forwarding setting"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <FormControlLabel control={<Switch checked={s.enabled} onChange={(e) => setS({ ...s, enabled: e.target.checked })} />} label="Forward events to GA4" />
      <TextField
        label="Measurement id"
        size="small"
        value={s.measurementId}
        onChange={(e) => setS({ ...s, measurementId: e.target.value })}
        error={Boolean(errors.measurementId)}
        helperText={errors.measurementId ?? 'GA4 > Admin > Data streams, like G-ABC123DEF4'}
        sx={{ display: 'block', my: 1 }}
      />
      <FormGroup aria-label="Events forwarded">
        <Typography variant="body2" color={errors.events ? 'error' : 'text.secondary'}>
          {errors.events ?? 'Events forwarded'}
        </Typography>
        {state.forwardable.map((f) => (
          <FormControlLabel
            key={f.key}
            control={
              <Checkbox
                checked={s.events.includes(f.key)}
                onChange={(e) => setS({ ...s, events: e.target.checked ? [...s.events, f.key] : s.events.filter((k) => k !== f.key) })}
              />
            }
            label={`${EVENT_LABELS[f.key] ?? f.key} (as ${f.ga4Name})`}
          />
        ))}
      </FormGroup>
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        Save
      </Button>
    </Box>
  )
}

function Imports({ state, onChanged }: { state: State; onChanged: () => void }) {
  const [lines, setLines] = useState<LineError[]>([])
  const [message, setMessage] = useState('')
  const notify = useNotify()
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setLines([])
    setMessage('')
    try {
      const reply = await httpClient(`${apiUrl}/google-analytics/imports?filename=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: await file.text(),
        headers: { 'Content-Type': 'text/csv' },
      })
      const body = reply.json as { days: number; firstDay: string; lastDay: string; ignoredColumns: string[] }
      notify(`Imported ${body.days} days (${body.firstDay} to ${body.lastDay}).`, { type: 'success' })
      if (body.ignoredColumns.length) setMessage(`Columns not used: ${body.ignoredColumns.join(', ')}.`)
      onChanged()
    } catch (error) {
      setLines((error as { body?: { lines?: { line: number; message: string }[] } }).body?.lines ?? [])
      setMessage(errorMessage(error, 'The file could not be imported.'))
    }
  }
  const remove = async (id: number) => {
    try {
      await httpClient(`${apiUrl}/google-analytics/imports/${id}`, { method: 'DELETE' })
      notify('Import deleted.', { type: 'success' })
      onChanged()
    } catch (error) {
      notify(errorMessage(error, 'The import could not be deleted.'), { type: 'error' })
    }
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        In GA4, open a report with Date as its dimension (for example Reports › Acquisition overview with a daily table), then Share this report › Download file
        › CSV. Columns read: Date, Total users, Sessions, Views, Event count, Key events (or Conversions). Imported figures stay in their own table: they are
        shown here only.
      </Typography>
      <FileButton startIcon={<UploadIcon />} input={{ accept: '.csv,text/csv', onChange: choose, 'aria-label': 'GA4 CSV file' }}>
        Import a GA4 CSV export
      </FileButton>
      <ImportMessage message={message} lines={lines} sx={{ mt: 1 }} />
      {state.imports.length > 0 && (
        <DataCard
          title="Imported files"
          filename="ga4-imports.csv"
          rows={state.imports}
          columns={[
            { key: 'filename', label: 'File', value: (r) => r.filename },
            { key: 'days', label: 'Days', value: (r) => r.days, numeric: true },
            { key: 'range', label: 'Dates', value: (r) => `${r.first_day} to ${r.last_day}` },
            { key: 'uploaded', label: 'Imported', value: (r) => r.uploaded_at },
            {
              key: 'delete',
              label: 'Delete',
              value: () => '',
              render: (r) => (
                <Button size="small" color="error" onClick={() => void remove(r.id)} aria-label={`Delete import ${r.filename}`}>
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
    </Box>
  )
}

export function GoogleAnalytics() {
  const [range, setRange, params] = useDateRange()
  const client = useQueryClient()
  const chosen = params.get('import') ?? ''
  const state = useQuery({ queryKey: ['ga4-state'], queryFn: async () => (await httpClient(`${apiUrl}/google-analytics/state`)).json as State })
  const url = `${apiUrl}/google-analytics/comparison?${new URLSearchParams({ from: range.from, to: range.to, tz: range.tz, ...(chosen ? { import: chosen } : {}) })}`
  const comparison = useQuery({ queryKey: ['ga4-comparison', url], queryFn: async () => (await httpClient(url)).json as Comparison })
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['ga4-state'] })
    void client.invalidateQueries({ queryKey: ['ga4-comparison'] })
  }
  const rows = (comparison.data?.days ?? []).map((d) => ({
    day: d.day,
    visitors: d.native.visitors,
    users: d.ga4?.users ?? null,
    sessions: d.native.sessions,
    ga4Sessions: d.ga4?.sessions ?? null,
    pageViews: d.native.pageViews,
    ga4Views: d.ga4?.pageViews ?? null,
    conversions: d.native.conversions,
    ga4Conversions: d.ga4?.conversions ?? null,
  }))
  const cell = (v: number | null) => (v === null ? '' : v)
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Google Analytics" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Google Analytics (GA4)
      </Typography>
      {state.isPending ? (
        <Loading what="the GA4 state" />
      ) : state.error || !state.data ? (
        <LoadError error={state.error} what="GA4 state" />
      ) : (
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card component="section" aria-label="Forwarding to GA4">
              <CardContent>
                <Typography variant="h6" component="h2">
                  Forwarding to GA4: {STATE_LABEL[state.data.provider.state]}
                </Typography>
                <Alert severity={state.data.provider.state === 'not-connected' ? 'warning' : 'info'} sx={{ my: 1 }}>
                  {state.data.provider.description} Events go from this server to GA4's Measurement Protocol through the job queue; the public site never loads
                  a Google script.
                </Alert>
                <SettingsForm key={JSON.stringify(state.data.settings)} state={state.data} onSaved={refresh} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <DataCard
                title="Forwarding queue"
                filename="ga4-queue.csv"
                rows={[
                  { what: 'Queued (waiting for a connected provider)', n: state.data.queue.queued },
                  { what: 'Sent (GA4 answered 2xx)', n: state.data.queue.sent },
                  { what: 'Failed (refused, or older than 72 hours)', n: state.data.queue.failed },
                ]}
                columns={[
                  { key: 'what', label: 'Events', value: (r) => r.what },
                  { key: 'n', label: 'Count', value: (r) => r.n, numeric: true },
                ]}
              />
              <Typography variant="body2" color="text.secondary">
                Last receipt: {state.data.queue.lastSentAt ?? 'none'}
                {state.data.queue.lastError ? ` · Last error: ${state.data.queue.lastError}` : ''}
              </Typography>
              <Alert severity="info" aria-label="GA Data API">
                <strong>GA Data API: not connected.</strong> {state.data.dataApi.message}
              </Alert>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <Imports state={state.data} onChanged={refresh} />
          </Grid>
        </Grid>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        First-party totals beside a GA4 export
      </Typography>
      <RangePicker range={range} onChange={setRange} compare={false} />
      {state.data && state.data.imports.length > 1 && (
        <TextField
          select
          size="small"
          label="GA4 export"
          value={chosen}
          onChange={(e) => {
            if (e.target.value) params.set('import', e.target.value)
            else params.delete('import')
            setRange({})
          }}
          sx={{ mb: 2, minWidth: 260 }}
        >
          <MenuItem value="">The latest import</MenuItem>
          {state.data.imports.map((i) => (
            <MenuItem key={i.id} value={String(i.id)}>
              {i.filename} ({i.first_day} to {i.last_day})
            </MenuItem>
          ))}
        </TextField>
      )}
      {comparison.isPending ? (
        <Loading what="the comparison" />
      ) : comparison.error || !comparison.data ? (
        <LoadError error={comparison.error} what="comparison" />
      ) : (
        <DataCard
          title={
            comparison.data.import ? `Daily totals: first-party and ${comparison.data.import.filename}` : 'Daily first-party totals (no GA4 export imported)'
          }
          filename="first-party-vs-ga4.csv"
          rows={rows}
          chart={
            <TimeChart
              points={rows.map((r) => ({ bucket: r.day, sessions: r.sessions, ga4Sessions: r.ga4Sessions ?? 0 }))}
              keys={[
                { key: 'sessions', label: 'Sessions (first-party)' },
                { key: 'ga4Sessions', label: 'Sessions (GA4 export)' },
              ]}
            />
          }
          columns={[
            { key: 'day', label: 'Day', value: (r) => r.day },
            { key: 'visitors', label: 'Visitors (first-party)', value: (r) => r.visitors, numeric: true },
            { key: 'users', label: 'Users (GA4)', value: (r) => cell(r.users), numeric: true },
            { key: 'sessions', label: 'Sessions (first-party)', value: (r) => r.sessions, numeric: true },
            { key: 'ga4Sessions', label: 'Sessions (GA4)', value: (r) => cell(r.ga4Sessions), numeric: true },
            { key: 'pageViews', label: 'Page views (first-party)', value: (r) => r.pageViews, numeric: true },
            { key: 'ga4Views', label: 'Views (GA4)', value: (r) => cell(r.ga4Views), numeric: true },
            { key: 'conversions', label: 'Conversions (first-party)', value: (r) => r.conversions, numeric: true },
            { key: 'ga4Conversions', label: 'Key events (GA4)', value: (r) => cell(r.ga4Conversions), numeric: true },
          ]}
        />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Days are read in {range.tz} for first-party figures and in the GA4 property's time zone for the export;{' '}
        {number.format(rows.filter((r) => r.users !== null).length)} of {rows.length} days have GA4 figures.
      </Typography>
    </Box>
  )
}
