// /admin/monitoring (issue 14): one page in tabs (?tab=), each panel a chart beside its table.
//   Overview: what the probe is and is not, the external vantage point, open incidents, checks
//             down, the conversion heartbeat, the latest alerts.
//   Uptime:   24 h / 7 d / 30 d / 90 d bars per check and the response times of one check.
//   Operations, Performance, Alert settings: see their files.
import { lazy, Suspense, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { Title } from 'react-admin'
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useCan } from '../common/hooks.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'
import { AlertSettingsPanel } from './AlertSettingsPanel.tsx'
import { OperationsPanel } from './OperationsPanel.tsx'
import { PerformancePanel } from './PerformancePanel.tsx'
import { formatTime, useJson } from './useJson.ts'

const UptimeBars = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.UptimeBars })))
const ResponseTimeLine = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.ResponseTimeLine })))
const MultiLine = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.MultiLine })))

type Verdict = { metric: string; observed: number; expected: number; views: number; expectedViews: number; p: number; alert: boolean; reason: string }
type Overview = {
  external: { configured: boolean; lastPingAt: string | null; state: string; pushUrl: string | null }
  checks: { total: number; down: string[] }
  openIncidents: Array<{ id: number; title: string; opened_at: string; cause: string }>
  maintenance: { id: number; note: string; ends_at: string } | null
  alerts: Array<{ id: number; kind: string; subject: string; delivery: string; created_at: string; last_error: string | null }>
  heartbeat: {
    verdicts: Verdict[]
    series: Array<{ hour: string; forms: number; formsExpected: number; calls: number; callsExpected: number; views: number; viewsExpected: number }>
  }
}
type Bar = { at: string; label: string; uptime: number | null; avgMs: number | null; maxMs: number | null; up: number; total: number }
type CheckSummary = {
  id: number
  key: string
  name: string
  kind: string
  target: string
  conditions: string
  state: string
  lastCheckedAt: string | null
  lastError: string | null
  uptime: number | null
  avgMs: number | null
  bars: Bar[]
}

const TABS = ['overview', 'uptime', 'operations', 'performance', 'alerts'] as const
const pct = (v: number | null) => (v == null ? '—' : `${v.toFixed(v >= 99.995 ? 0 : 2)} %`)

export function StateChip({ state }: { state: string }) {
  const color = state === 'up' ? 'success' : state === 'down' ? 'error' : 'default'
  return <Chip size="small" label={state} color={color} variant={state === 'unknown' ? 'outlined' : 'filled'} />
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

function OverviewPanel() {
  const { data, error } = useJson<Overview>('/monitoring/overview', 60_000)
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    )
  if (!data) return <Typography>Loading…</Typography>
  const hb = data.heartbeat
  const recent = hb.series.slice(-24)
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        These uptime checks are an internal probe: this server requests its own pages every minute. It cannot see a DNS, CDN or network problem that only
        visitors elsewhere would notice.{' '}
        {data.external.configured ? (
          <>
            External pinger: last report {formatTime(data.external.lastPingAt)} ({data.external.state}).
          </>
        ) : (
          <strong>No external vantage point configured.</strong>
        )}
      </Alert>
      {data.external.pushUrl && (
        <Alert severity={data.external.configured ? 'success' : 'warning'}>
          Push URL for an external pinger (any uptime service or a cron job elsewhere; GET or POST every few minutes):{' '}
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {data.external.pushUrl}
          </Box>
          . Keep it private: anyone with it can report the site as reachable.
        </Alert>
      )}
      {data.maintenance && (
        <Alert severity="warning">
          Maintenance window running until {formatTime(data.maintenance.ends_at)}
          {data.maintenance.note ? ` (${data.maintenance.note})` : ''}: alerts are muted and stay in the admin.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box sx={{ flex: 1 }}>
          <Section title="Open incidents">
            {data.openIncidents.length === 0 ? (
              <Typography>No open incident. {data.checks.total} checks configured.</Typography>
            ) : (
              <ul>
                {data.openIncidents.map((i) => (
                  <li key={i.id}>
                    <Link component={RouterLink} to={`/incidents/${i.id}/show`}>
                      {i.title}
                    </Link>{' '}
                    since {formatTime(i.opened_at)}
                  </li>
                ))}
              </ul>
            )}
            {data.checks.down.length > 0 && (
              <Alert severity="error" role="alert">
                Down now: {data.checks.down.join(', ')}
              </Alert>
            )}
            <Link component={RouterLink} to="/incidents">
              All incidents
            </Link>
          </Section>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Section title="Latest alerts">
            <Table size="small" aria-label="Latest alerts">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Alert</TableCell>
                  <TableCell>Delivery</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.alerts.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={3}>No alert yet.</TableCell>
                  </TableRow>
                )}
                {data.alerts.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>{formatTime(a.created_at)}</TableCell>
                    <TableCell>{a.subject}</TableCell>
                    <TableCell title={a.last_error ?? undefined}>{a.delivery}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Link component={RouterLink} to="/alerts">
              All alerts
            </Link>
          </Section>
        </Box>
      </Stack>
      <Section title="Conversion heartbeat">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Form submissions and phone clicks of the last 3 hours against the same weekday and hours of the previous 4 weeks. An alert goes out when they fall far
          below that while page views continue.
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          {hb.verdicts.map((v) => (
            <Alert key={v.metric} severity={v.alert ? 'error' : 'success'} sx={{ flex: 1 }}>
              <strong>{v.metric === 'forms' ? 'Form submissions' : 'Phone clicks'}:</strong> {v.observed} (usually {v.expected.toFixed(1)}). {v.reason}
            </Alert>
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
          <Box sx={{ flex: 3, height: 260 }}>
            <Suspense fallback={null}>
              <MultiLine
                data={hb.series.map((s) => ({ ...s, hour: s.hour.slice(5, 13).replace('T', ' ') }))}
                x="hour"
                series={[
                  { key: 'forms', name: 'Forms', color: '#c2410c' },
                  { key: 'formsExpected', name: 'Forms usually', color: '#fdba74' },
                  { key: 'calls', name: 'Phone clicks', color: '#1d4ed8' },
                  { key: 'callsExpected', name: 'Phone clicks usually', color: '#93c5fd' },
                ]}
              />
            </Suspense>
          </Box>
          <ScrollArea flex={2} maxHeight={260} label="Conversions per hour, last 24 hours">
            <Table size="small" stickyHeader aria-label="Conversions per hour, last 24 hours">
              <TableHead>
                <TableRow>
                  <TableCell>Hour (UTC)</TableCell>
                  <TableCell align="right">Views</TableCell>
                  <TableCell align="right">Forms</TableCell>
                  <TableCell align="right">Usually</TableCell>
                  <TableCell align="right">Calls</TableCell>
                  <TableCell align="right">Usually</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...recent].reverse().map((s) => (
                  <TableRow key={s.hour}>
                    <TableCell>{s.hour.slice(5, 13).replace('T', ' ')}</TableCell>
                    <TableCell align="right">{s.views}</TableCell>
                    <TableCell align="right">{s.forms}</TableCell>
                    <TableCell align="right">{s.formsExpected}</TableCell>
                    <TableCell align="right">{s.calls}</TableCell>
                    <TableCell align="right">{s.callsExpected}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        </Stack>
      </Section>
    </Stack>
  )
}

function UptimePanel() {
  const [range, setRange] = useState<'24h' | '7d' | '30d' | '90d'>('24h')
  const [selected, setSelected] = useState<number | null>(null)
  const { data, error } = useJson<{ checks: CheckSummary[] }>(`/monitoring/uptime?range=${range}`, 60_000)
  const check = data?.checks.find((c) => c.id === selected) ?? data?.checks[0]
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup exclusive size="small" value={range} onChange={(_e, v) => v && setRange(v)} aria-label="Time range">
        {(['24h', '7d', '30d', '90d'] as const).map((r) => (
          <ToggleButton key={r} value={r}>
            {r}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {!data && !error && <Typography>Loading…</Typography>}
      {data && (
        <Table size="small" aria-label={`Uptime over ${range}`}>
          <TableHead>
            <TableRow>
              <TableCell>Check</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Uptime</TableCell>
              <TableCell align="right">Avg response</TableCell>
              <TableCell sx={{ width: '40%' }}>History ({range})</TableCell>
              <TableCell>Last result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.checks.map((c) => (
              <TableRow key={c.id} hover selected={check?.id === c.id}>
                <TableCell>
                  <Link component="button" type="button" onClick={() => setSelected(c.id)} sx={{ textAlign: 'left' }}>
                    {c.name}
                  </Link>
                  <Typography variant="caption" display="block" color="text.secondary">
                    {c.conditions}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StateChip state={c.state} />
                </TableCell>
                <TableCell align="right">{pct(c.uptime)}</TableCell>
                <TableCell align="right">{c.avgMs == null ? '—' : `${c.avgMs} ms`}</TableCell>
                <TableCell>
                  <Box sx={{ height: 28 }} aria-hidden>
                    <Suspense fallback={null}>
                      <UptimeBars data={c.bars} />
                    </Suspense>
                  </Box>
                </TableCell>
                <TableCell>
                  {formatTime(c.lastCheckedAt)}
                  {c.lastError && (
                    <Typography variant="caption" display="block" color="error">
                      {c.lastError}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {check && (
        <Section title={`Response time: ${check.name} (${range})`}>
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
            <Box sx={{ flex: 3, height: 260 }}>
              <Suspense fallback={null}>
                <ResponseTimeLine data={check.bars} />
              </Suspense>
            </Box>
            <ScrollArea flex={2} maxHeight={260} label={`Response times of ${check.name}`}>
              <Table size="small" stickyHeader aria-label={`Response times of ${check.name}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Period (UTC)</TableCell>
                    <TableCell align="right">Up / checks</TableCell>
                    <TableCell align="right">Avg</TableCell>
                    <TableCell align="right">Slowest</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...check.bars]
                    .reverse()
                    .filter((b) => b.total > 0)
                    .map((b) => (
                      <TableRow key={b.at}>
                        <TableCell>{b.label}</TableCell>
                        <TableCell align="right">
                          {b.up} / {b.total}
                        </TableCell>
                        <TableCell align="right">{b.avgMs} ms</TableCell>
                        <TableCell align="right">{b.maxMs} ms</TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </ScrollArea>
          </Stack>
        </Section>
      )}
    </Stack>
  )
}

export function MonitoringPage() {
  const [params, setParams] = useSearchParams()
  const { can } = useCan()
  const current = TABS.indexOf((params.get('tab') ?? 'overview') as (typeof TABS)[number])
  const tab = current < 0 ? 0 : current
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Monitoring" />
      <Tabs value={tab} onChange={(_e, i: number) => setParams({ tab: TABS[i] })} aria-label="Monitoring sections" variant="scrollable">
        <Tab label="Overview" />
        <Tab label="Uptime" />
        <Tab label="Operations" />
        <Tab label="Performance" />
        <Tab label="Alert settings" />
      </Tabs>
      <Box sx={{ pt: 2 }}>
        {tab === 0 && <OverviewPanel />}
        {tab === 1 && <UptimePanel />}
        {tab === 2 && <OperationsPanel />}
        {tab === 3 && <PerformancePanel />}
        {tab === 4 && (can('alerts', 'list') ? <AlertSettingsPanel /> : <Alert severity="info">Only admins see and change the alert settings.</Alert>)}
      </Box>
    </Box>
  )
}
