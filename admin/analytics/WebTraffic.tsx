// /admin/web-traffic: traffic over time by channel; sessions by channel, source / medium /
// campaign, referrer or landing page; new against returning visitors. Filters combine (channel =
// paid-search and landing page = /seo-services-*); filtered views read the raw sessions.
import { lazy } from 'react'
import { Title } from 'react-admin'
import { Box, Button, Grid, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { change, useAnalytics, useDateRange } from './api.ts'
import { DataCard, LoadError, Loading, RangePicker } from './parts.tsx'

const TimeChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.TimeChart })))
const BarsChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.BarsChart })))

export const CHANNEL_CHOICES = [
  'paid-search',
  'paid-social',
  'display',
  'email',
  'affiliate',
  'organic-search',
  'social-media',
  'referral',
  'campaign',
  'direct-traffic',
]
const BY = [
  ['channel', 'Channel'],
  ['campaign', 'Source / medium / campaign'],
  ['referrer', 'Referrer'],
  ['landing', 'Landing page'],
] as const

type Traffic = {
  filtered: boolean
  rows: { key: string; visitors: number; sessions: number; engagedSessions?: number; pageViews?: number; conversions?: number }[]
  series: Record<string, number | string>[]
  seriesKeys: string[]
  newVsReturning: { new: number; returning: number }
  previous: { from: string; to: string; sessions: number; visitors: number; byKey: Record<string, { sessions: number; visitors: number }> } | null
}

/** "12 (+20 %)": the previous period's value and the change. */
const versus = (now: number, before: number) => {
  const c = change(now, before)
  return `${before} (${c === null ? 'new' : `${c >= 0 ? '+' : ''}${c} %`})`
}

export function WebTraffic() {
  const [range, setRange, params] = useDateRange()
  const by = (params.get('by') as (typeof BY)[number][0]) || 'channel'
  const channel = params.get('channel') ?? ''
  const landing = params.get('landing') ?? ''
  const setParam = (key: string, value: string) => {
    params.set(key, value)
    if (!value) params.delete(key)
    setRange({})
  }
  const { data, error, isPending } = useAnalytics<Traffic>('traffic', range, { by, channel, landing, compare: range.compare ? '1' : undefined })
  const label = BY.find(([k]) => k === by)?.[1] ?? 'Key'
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Web traffic" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Web traffic
      </Typography>
      <RangePicker range={range} onChange={setRange} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }} component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <TextField select size="small" label="Channel" value={channel} onChange={(e) => setParam('channel', e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">Any channel</MenuItem>
          {CHANNEL_CHOICES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Landing page (* matches any text)"
          placeholder="/seo-services-*"
          defaultValue={landing}
          onBlur={(e) => setParam('landing', e.target.value.trim())}
          onKeyDown={(e) => e.key === 'Enter' && setParam('landing', (e.target as HTMLInputElement).value.trim())}
          sx={{ minWidth: 260 }}
        />
        {(channel || landing) && (
          <Button
            onClick={() => {
              setParam('channel', '')
              setParam('landing', '')
            }}
          >
            Clear filters
          </Button>
        )}
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={by}
        onChange={(_e, v: string | null) => v && setParam('by', v)}
        aria-label="Break down by"
        sx={{ mb: 2 }}
      >
        {BY.map(([k, l]) => (
          <ToggleButton key={k} value={k}>
            {l}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {isPending ? (
        <Loading what="web traffic" />
      ) : error || !data ? (
        <LoadError error={error} what="web traffic" />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12 }}>
            <DataCard
              title={data.filtered ? 'Sessions over time (filtered)' : 'Sessions over time by channel'}
              filename="web-traffic-over-time.csv"
              rows={data.series}
              chart={<TimeChart points={data.series} keys={data.seriesKeys.map((k) => ({ key: k, label: k }))} stacked />}
              columns={[
                { key: 'bucket', label: 'Period', value: (r) => String(r.bucket) },
                ...data.seriesKeys.map((k) => ({ key: k, label: k, value: (r: Record<string, number | string>) => r[k] ?? 0, numeric: true })),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <DataCard
              title={`Sessions by ${label.toLowerCase()}${data.previous ? ` (previous period: ${data.previous.sessions} sessions)` : ''}`}
              filename={`web-traffic-by-${by}.csv`}
              rows={data.rows}
              chart={<BarsChart rows={data.rows.slice(0, 10)} category="key" keys={[{ key: 'sessions', label: 'Sessions' }]} />}
              columns={[
                { key: 'key', label, value: (r) => r.key || '(none)' },
                { key: 'visitors', label: 'Visitors', value: (r) => r.visitors, numeric: true },
                { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
                ...(data.previous
                  ? [
                      {
                        key: 'before',
                        label: 'Sessions, previous period (change)',
                        value: (r: Traffic['rows'][number]) => versus(r.sessions, data.previous?.byKey[r.key]?.sessions ?? 0),
                        numeric: true,
                      },
                    ]
                  : []),
                ...(data.filtered
                  ? []
                  : [
                      { key: 'engaged', label: 'Engaged', value: (r: Traffic['rows'][number]) => r.engagedSessions ?? 0, numeric: true },
                      { key: 'conversions', label: 'Conversions', value: (r: Traffic['rows'][number]) => r.conversions ?? 0, numeric: true },
                    ]),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <DataCard
              title="New and returning visitors"
              filename="web-traffic-new-returning.csv"
              rows={[
                { kind: 'New', sessions: data.newVsReturning.new },
                { kind: 'Returning', sessions: data.newVsReturning.returning },
              ]}
              chart={
                <BarsChart
                  rows={[
                    { kind: 'New', sessions: data.newVsReturning.new },
                    { kind: 'Returning', sessions: data.newVsReturning.returning },
                  ]}
                  category="kind"
                  keys={[{ key: 'sessions', label: 'Sessions' }]}
                />
              }
              columns={[
                { key: 'kind', label: 'Visitors', value: (r) => r.kind },
                { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
              ]}
            />
          </Grid>
        </Grid>
      )}
    </Box>
  )
}
