// /admin/attribution: leads, qualified leads, deals, pipeline and won value by channel, campaign
// and landing page under first-touch, last-touch and linear models side by side; time to convert;
// the ROI calculator's saved calculations. Every number links to the leads behind it.
import { lazy, useState } from 'react'
import { Title } from 'react-admin'
import { Box, Grid, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { money, useAnalytics, useDateRange } from './api.ts'
import { DataCard, LoadError, Loading, RangePicker } from './parts.tsx'

const BarsChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.BarsChart })))

type Row = { key: string; leads: number; qualified: number; deals: number; pipeline: number; won: number; leadIds: number[] }
type Model = 'first' | 'last' | 'linear'
type Dim = 'channel' | 'campaign' | 'landing'
type Report = {
  leads: number
  byModel: Record<Model, Record<Dim, Row[]>>
  timeToConvert: { medianHours: number | null; buckets: { label: string; leads: number }[] }
  previous: { from: string; to: string; leads: number; byModel: Record<Model, Record<Dim, Record<string, { leads: number; won: number }>>> } | null
}
type Roi = {
  id: number
  created_at: string
  traffic: string
  conversion_rate: string
  average_order_value: string
  profit_margin: string
  results: Record<string, number>
  results_match: boolean
  source: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  landing_page: string
}

/** The leads list filtered to these ids. */
export const leadsLink = (ids: number[]) => `/leads?${new URLSearchParams({ filter: JSON.stringify({ id: ids.slice(0, 500) }) })}`
const MODELS: [Model, string][] = [
  ['first', 'First touch'],
  ['last', 'Last touch'],
  ['linear', 'Linear'],
]

export function Attribution() {
  const [range, setRange] = useDateRange()
  const [dim, setDim] = useState<Dim>('channel')
  const [matched, setMatched] = useState('')
  const { data, error, isPending } = useAnalytics<Report>('attribution', range, { compare: range.compare ? '1' : undefined })
  const roi = useAnalytics<Roi[]>('roi-calculations', range, { matched })
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Attribution" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Attribution: traffic to leads, deals and revenue
      </Typography>
      <RangePicker range={range} onChange={setRange} />
      <ToggleButtonGroup exclusive size="small" value={dim} onChange={(_e, v: Dim | null) => v && setDim(v)} aria-label="Attribute by" sx={{ mb: 2 }}>
        <ToggleButton value="channel">Channel</ToggleButton>
        <ToggleButton value="campaign">Campaign</ToggleButton>
        <ToggleButton value="landing">Landing page</ToggleButton>
      </ToggleButtonGroup>
      {isPending ? (
        <Loading what="attribution" />
      ) : error || !data ? (
        <LoadError error={error} what="attribution report" />
      ) : (
        <Grid container spacing={2}>
          {MODELS.map(([model, title]) => (
            <Grid key={model} size={{ xs: 12, lg: 4 }}>
              <DataCard
                title={`${title} (${data.leads} leads${data.previous ? `; ${data.previous.leads} in the previous period` : ''})`}
                filename={`attribution-${model}-${dim}.csv`}
                rows={data.byModel[model][dim]}
                chart={<BarsChart rows={data.byModel[model][dim].slice(0, 8)} category="key" keys={[{ key: 'leads', label: 'Leads' }]} />}
                empty="No leads in this range."
                columns={[
                  { key: 'key', label: dim === 'landing' ? 'Landing page' : dim === 'campaign' ? 'Campaign' : 'Channel', value: (r) => r.key },
                  { key: 'leads', label: 'Leads', value: (r) => r.leads, numeric: true, render: (r) => <Link to={leadsLink(r.leadIds)}>{r.leads}</Link> },
                  ...(data.previous
                    ? [
                        {
                          key: 'before',
                          label: 'Leads before',
                          value: (r: Row) => data.previous?.byModel[model][dim][r.key]?.leads ?? 0,
                          numeric: true,
                        },
                      ]
                    : []),
                  {
                    key: 'qualified',
                    label: 'Qualified',
                    value: (r) => r.qualified,
                    numeric: true,
                    render: (r) => <Link to={leadsLink(r.leadIds)}>{r.qualified}</Link>,
                  },
                  { key: 'deals', label: 'Deals', value: (r) => r.deals, numeric: true, render: (r) => <Link to={leadsLink(r.leadIds)}>{r.deals}</Link> },
                  {
                    key: 'pipeline',
                    label: 'Pipeline',
                    value: (r) => r.pipeline,
                    numeric: true,
                    render: (r) => <Link to={leadsLink(r.leadIds)}>{money.format(r.pipeline)}</Link>,
                  },
                  { key: 'won', label: 'Won', value: (r) => r.won, numeric: true, render: (r) => <Link to={leadsLink(r.leadIds)}>{money.format(r.won)}</Link> },
                ]}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, md: 5 }}>
            <DataCard
              title={`Time to convert${data.timeToConvert.medianHours !== null ? ` (median ${data.timeToConvert.medianHours} h)` : ''}`}
              filename="attribution-time-to-convert.csv"
              rows={data.timeToConvert.buckets}
              chart={<BarsChart rows={data.timeToConvert.buckets} category="label" keys={[{ key: 'leads', label: 'Leads' }]} />}
              columns={[
                { key: 'label', label: 'From first touch to lead', value: (r) => r.label },
                { key: 'leads', label: 'Leads', value: (r) => r.leads, numeric: true },
              ]}
            />
          </Grid>
        </Grid>
      )}
      <Box sx={{ mt: 2 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
          <TextField select size="small" label="Server recomputation" value={matched} onChange={(e) => setMatched(e.target.value)} sx={{ minWidth: 220 }}>
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="true">Matched the visitor&apos;s result</MenuItem>
            <MenuItem value="false">Did not match</MenuItem>
          </TextField>
        </Stack>
        {roi.isPending ? (
          <Loading what="ROI calculations" />
        ) : roi.error || !roi.data ? (
          <LoadError error={roi.error} what="ROI calculations" />
        ) : (
          <DataCard
            title={`Saved ROI calculations (${roi.data.length}${roi.data.length === 1000 ? ', the latest 1,000' : ''})`}
            filename="roi-calculations.csv"
            rows={roi.data}
            empty="No ROI calculation saved in this range."
            columns={[
              { key: 'created_at', label: 'Saved', value: (r) => r.created_at.slice(0, 16).replace('T', ' ') },
              { key: 'traffic', label: 'Traffic', value: (r) => r.traffic, numeric: true },
              { key: 'conversion_rate', label: 'Conv. rate %', value: (r) => r.conversion_rate, numeric: true },
              { key: 'aov', label: 'Order value', value: (r) => r.average_order_value, numeric: true },
              { key: 'margin', label: 'Margin %', value: (r) => r.profit_margin, numeric: true },
              { key: 'profit', label: 'Monthly profit', value: (r) => r.results.monthlyProfit ?? '', numeric: true },
              { key: 'match', label: 'Server check', value: (r) => (r.results_match ? 'matched' : 'differs') },
              { key: 'source', label: 'Source', value: (r) => [r.source, r.utm_source, r.utm_medium, r.utm_campaign].filter(Boolean).join(' / ') },
              { key: 'landing', label: 'Landing page', value: (r) => r.landing_page },
            ]}
          />
        )}
      </Box>
    </Box>
  )
}
