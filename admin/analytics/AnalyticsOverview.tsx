// /admin/analytics: the one-page overview (issue 13). Visitors, sessions, page views, engaged
// sessions, engaged time, conversions and their rate, each with a sparkline and the change against
// the previous period; top pages, channels, devices and the last 30 minutes.
import { lazy } from 'react'
import { Title } from 'react-admin'
import { Box, Grid, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { number, useAnalytics, useDateRange } from './api.ts'
import { DataCard, Figure, LoadError, Loading, RangePicker } from './parts.tsx'

const BarsChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.BarsChart })))
const TimeChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.TimeChart })))

type Headline = {
  visitors: number
  sessions: number
  pageViews: number
  engagedSessions: number
  avgEngagedSeconds: number
  conversions: number
  conversionRate: number
  conversionsBy: { leads: number; quotes: number; calls: number; roi: number; total: number }
}
export type Overview = {
  current: Headline
  before: Headline
  series: { bucket: string; visitors: number; sessions: number; pageViews: number; engagedSessions: number; avgEngagedSeconds: number; conversions: number }[]
  topPages: { path: string; pageViews: number; sessions: number; entries: number; exits: number }[]
  channels: { channel: string; visitors: number; sessions: number; engagedSessions: number; conversions: number }[]
  devices: { device: string; visitors: number; sessions: number; pageViews: number }[]
  realtime: { visitors: number; pages: { path: string; views: number }[]; channels: { channel: string; sessions: number }[] }
}

const seconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`)

export function AnalyticsOverview() {
  const [range, setRange] = useDateRange()
  const { data, error, isPending } = useAnalytics<Overview>('overview', range)
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Analytics" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Analytics overview
      </Typography>
      <RangePicker range={range} onChange={setRange} />
      {isPending ? (
        <Loading what="the analytics overview" />
      ) : error || !data ? (
        <LoadError error={error} what="analytics overview" />
      ) : (
        <OverviewBody data={data} compare={range.compare} />
      )}
    </Box>
  )
}

function OverviewBody({ data, compare }: { data: Overview; compare: boolean }) {
  const c = data.current
  const b = data.before
  const figures: { label: string; value: number; before: number; key?: string; format?: (n: number) => string }[] = [
    { label: 'Visitors', value: c.visitors, before: b.visitors, key: 'visitors' },
    { label: 'Sessions', value: c.sessions, before: b.sessions, key: 'sessions' },
    { label: 'Page views', value: c.pageViews, before: b.pageViews, key: 'pageViews' },
    { label: 'Engaged sessions', value: c.engagedSessions, before: b.engagedSessions, key: 'engagedSessions' },
    { label: 'Average engaged time', value: c.avgEngagedSeconds, before: b.avgEngagedSeconds, key: 'avgEngagedSeconds', format: seconds },
    { label: 'Conversions', value: c.conversions, before: b.conversions, key: 'conversions' },
    { label: 'Conversion rate', value: c.conversionRate, before: b.conversionRate, format: (n) => `${n} %` },
  ]
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {figures.map((f) => (
          <Grid key={f.label} size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure
              label={f.label}
              value={f.value}
              before={f.before}
              compare={compare}
              series={f.key ? data.series : undefined}
              dataKey={f.key}
              format={f.format ?? ((n) => number.format(n))}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure label="Active now (last 30 min)" value={data.realtime.visitors} compare={false} format={(n) => `${number.format(n)} visits`} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <DataCard
            title="Over time"
            filename="analytics-over-time.csv"
            rows={data.series}
            chart={
              <TimeChart
                points={data.series}
                keys={[
                  { key: 'sessions', label: 'Sessions' },
                  { key: 'pageViews', label: 'Page views' },
                  { key: 'conversions', label: 'Conversions' },
                ]}
              />
            }
            columns={[
              { key: 'bucket', label: 'Period', value: (r) => r.bucket },
              { key: 'visitors', label: 'Visitors', value: (r) => r.visitors, numeric: true },
              { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
              { key: 'pageViews', label: 'Page views', value: (r) => r.pageViews, numeric: true },
              { key: 'engaged', label: 'Engaged sessions', value: (r) => r.engagedSessions, numeric: true },
              { key: 'conversions', label: 'Conversions', value: (r) => r.conversions, numeric: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DataCard
            title="Conversions by kind"
            filename="analytics-conversions.csv"
            rows={[
              { kind: 'Leads (forms)', now: c.conversionsBy.leads, before: b.conversionsBy.leads },
              { kind: 'Quote requests', now: c.conversionsBy.quotes, before: b.conversionsBy.quotes },
              { kind: 'Phone calls (tel: clicks)', now: c.conversionsBy.calls, before: b.conversionsBy.calls },
              { kind: 'ROI calculations saved', now: c.conversionsBy.roi, before: b.conversionsBy.roi },
            ]}
            columns={[
              { key: 'kind', label: 'Conversion', value: (r) => r.kind },
              { key: 'now', label: 'This period', value: (r) => r.now, numeric: true },
              { key: 'before', label: 'Previous period', value: (r) => r.before, numeric: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DataCard
            title="Top channels"
            filename="analytics-channels.csv"
            rows={data.channels}
            chart={<BarsChart rows={data.channels} category="channel" keys={[{ key: 'sessions', label: 'Sessions' }]} />}
            columns={[
              {
                key: 'channel',
                label: 'Channel',
                value: (r) => r.channel,
                render: (r) => <Link to={`/web-traffic?channel=${encodeURIComponent(r.channel)}`}>{r.channel}</Link>,
              },
              { key: 'visitors', label: 'Visitors', value: (r) => r.visitors, numeric: true },
              { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
              { key: 'engaged', label: 'Engaged', value: (r) => r.engagedSessions, numeric: true },
              { key: 'conversions', label: 'Conversions', value: (r) => r.conversions, numeric: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DataCard
            title="Top pages"
            filename="analytics-pages.csv"
            rows={data.topPages}
            columns={[
              { key: 'path', label: 'Page', value: (r) => r.path },
              { key: 'pageViews', label: 'Views', value: (r) => r.pageViews, numeric: true },
              { key: 'entries', label: 'Entries', value: (r) => r.entries, numeric: true },
              { key: 'exits', label: 'Exits', value: (r) => r.exits, numeric: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DataCard
            title="Devices"
            filename="analytics-devices.csv"
            rows={data.devices}
            chart={<BarsChart rows={data.devices} category="device" keys={[{ key: 'sessions', label: 'Sessions' }]} />}
            columns={[
              { key: 'device', label: 'Device', value: (r) => r.device },
              { key: 'visitors', label: 'Visitors', value: (r) => r.visitors, numeric: true },
              { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
              { key: 'pageViews', label: 'Page views', value: (r) => r.pageViews, numeric: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DataCard
            title="Realtime: pages in the last 30 minutes"
            filename="analytics-realtime-pages.csv"
            rows={data.realtime.pages}
            empty="Nobody on the site in the last 30 minutes."
            columns={[
              { key: 'path', label: 'Page', value: (r) => r.path },
              { key: 'views', label: 'Views', value: (r) => r.views, numeric: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DataCard
            title="Realtime: channels in the last 30 minutes"
            filename="analytics-realtime-channels.csv"
            rows={data.realtime.channels}
            empty="Nobody on the site in the last 30 minutes."
            columns={[
              { key: 'channel', label: 'Channel', value: (r) => r.channel },
              { key: 'sessions', label: 'Visits', value: (r) => r.sessions, numeric: true },
            ]}
          />
        </Grid>
      </Grid>
    </>
  )
}
