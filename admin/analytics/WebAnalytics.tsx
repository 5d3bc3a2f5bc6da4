// /admin/web-analytics: per page or per template family (views, entries, exits, scroll depth,
// time, engagement score, web vitals at p75 against Google's thresholds), a funnel of 2–5 steps
// with drop-off, and the most common paths to a conversion. Date range with compare-to-previous;
// every chart has its table and CSV export (docs/decisions/122).
import { lazy, useState } from 'react'
import { Title } from 'react-admin'
import { Box, Button, Chip, Grid, IconButton, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import { change, number, useAnalytics, useDateRange } from './api.ts'
import { DataCard, LoadError, Loading, RangePicker } from './parts.tsx'
import { SavedFunnels } from './SavedFunnels.tsx'

const BarsChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.BarsChart })))

const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const
type VitalName = (typeof VITALS)[number]
type VitalFigure = { p75: number | null; rating: 'good' | 'needs improvement' | 'poor' | null; samples: number }
type PageRow = {
  key: string
  family: string | null
  pages: number
  views: number
  sessions: number
  entries: number
  exits: number
  exitRate: number
  scroll: Record<string, number>
  scrollShare: Record<string, number>
  time: Record<string, number>
  avgSeconds: number | null
  engagement: number | null
  forms: { views: number; starts: number; submits: number }
  vitals: Record<VitalName, VitalFigure>
}
type Pages = {
  rows: PageRow[]
  total: number
  families: string[]
  vitals: Record<VitalName, VitalFigure>
  before: Record<string, { views: number; entries: number; exits: number }> | null
}
type FunnelStepResult = { kind: string; value: string; sessions: number; dropOff: number; dropOffRate: number; fromStart: number }
type Funnel = { steps: FunnelStepResult[]; previous: { steps: FunnelStepResult[] } | null }
type Paths = {
  converting: number
  rows: { path: string; sessions: number; share: number }[]
  previous: { converting: number; sessionsByPath: Record<string, number> } | null
}

const STEP_KINDS = [
  ['page', 'Page view (* = any text)'],
  ['form_view', 'Form view'],
  ['form_start', 'Form start'],
  ['form_submit', 'Form submit'],
  ['goal', 'Conversion (goal)'],
] as const
type Step = { kind: (typeof STEP_KINDS)[number][0]; value: string }
const DEFAULT_FUNNEL: Step[] = [
  { kind: 'page', value: '/seo-services-*' },
  { kind: 'form_view', value: '*' },
  { kind: 'form_start', value: '*' },
  { kind: 'form_submit', value: '*' },
]

const THRESHOLDS: Record<VitalName, string> = {
  LCP: '≤ 2.5 s good, > 4 s poor',
  INP: '≤ 200 ms good, > 500 ms poor',
  CLS: '≤ 0.1 good, > 0.25 poor',
  TTFB: '≤ 0.8 s good, > 1.8 s poor',
}
const fmtVital = (name: VitalName, v: number | null) => (v === null ? '–' : name === 'CLS' ? v.toFixed(2) : `${number.format(v)} ms`)
const ratingColor = (r: VitalFigure['rating']) => (r === 'good' ? 'success' : r === 'poor' ? 'error' : r ? 'warning' : 'default')

function VitalChip({ name, v }: { name: VitalName; v: VitalFigure }) {
  if (v.p75 === null) return <span aria-label={`${name}: no samples`}>–</span>
  return <Chip size="small" variant="outlined" color={ratingColor(v.rating)} label={`${fmtVital(name, v.p75)} · ${v.rating}`} />
}

const delta = (now: number, before: number | undefined) => {
  if (before === undefined) return ''
  const c = change(now, before)
  return c === null ? ' (new)' : ` (${c >= 0 ? '+' : ''}${c} %)`
}

function parseFunnel(raw: string | null): Step[] {
  try {
    const steps = JSON.parse(raw ?? '') as Step[]
    return Array.isArray(steps) && steps.length >= 2 ? steps : DEFAULT_FUNNEL
  } catch {
    return DEFAULT_FUNNEL
  }
}

function FunnelEditor({ initial, onRun }: { initial: Step[]; onRun: (steps: Step[]) => void }) {
  const [steps, setSteps] = useState(initial)
  const set = (i: number, next: Partial<Step>) => setSteps(steps.map((s, k) => (k === i ? { ...s, ...next } : s)))
  return (
    <Box
      component="form"
      aria-label="Funnel steps"
      onSubmit={(e) => {
        e.preventDefault()
        onRun(steps.filter((s) => s.value.trim()))
      }}
      sx={{ mb: 2 }}
    >
      {steps.map((s, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography sx={{ width: 24 }}>{i + 1}.</Typography>
          <TextField
            select
            size="small"
            label={`Step ${i + 1} kind`}
            value={s.kind}
            onChange={(e) => set(i, { kind: e.target.value as Step['kind'] })}
            sx={{ minWidth: 220 }}
          >
            {STEP_KINDS.map(([k, l]) => (
              <MenuItem key={k} value={k}>
                {l}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={`Step ${i + 1} page, form or goal`}
            value={s.value}
            onChange={(e) => set(i, { value: e.target.value })}
            sx={{ minWidth: 240 }}
          />
          <IconButton aria-label={`Remove step ${i + 1}`} disabled={steps.length <= 2} onClick={() => setSteps(steps.filter((_s, k) => k !== i))}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button disabled={steps.length >= 5} onClick={() => setSteps([...steps, { kind: 'goal', value: '*' }])}>
          Add a step
        </Button>
        <Button type="submit" variant="contained">
          Show funnel
        </Button>
      </Stack>
    </Box>
  )
}

export function WebAnalytics() {
  const [range, setRange, params] = useDateRange()
  const group = params.get('group') === 'family' ? 'family' : 'page'
  const q = params.get('q') ?? ''
  const family = params.get('family') ?? ''
  const sort = params.get('sort') ?? 'views'
  const goal = params.get('goal') ?? ''
  const steps = parseFunnel(params.get('funnel'))
  const compare = range.compare ? '1' : undefined
  const setParam = (key: string, value: string) => {
    if (value) params.set(key, value)
    else params.delete(key)
    setRange({})
  }
  const pages = useAnalytics<Pages>('pages', range, { group, q, family, sort, compare })
  const funnel = useAnalytics<Funnel>('funnel', range, { steps: JSON.stringify(steps), compare })
  const paths = useAnalytics<Paths>('conversion-paths', range, { goal, compare })
  const label = group === 'family' ? 'Template family' : 'Page'
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Web analytics" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Web analytics: pages, vitals, funnels and journeys
      </Typography>
      <RangePicker range={range} onChange={setRange} />
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }} component="form" aria-label="Page filters" onSubmit={(e) => e.preventDefault()}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group}
          onChange={(_e, v: string | null) => v && setParam('group', v === 'page' ? '' : v)}
          aria-label="Group by"
        >
          <ToggleButton value="page">Per page</ToggleButton>
          <ToggleButton value="family">Per template family</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label="Page (* matches any text)"
          placeholder="/seo-services-*"
          defaultValue={q}
          onBlur={(e) => setParam('q', e.target.value.trim())}
          onKeyDown={(e) => e.key === 'Enter' && setParam('q', (e.target as HTMLInputElement).value.trim())}
          sx={{ minWidth: 240 }}
        />
        <TextField select size="small" label="Template family" value={family} onChange={(e) => setParam('family', e.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">Any family</MenuItem>
          {[...new Set([...(pages.data?.families ?? []), ...(family ? [family] : [])])].map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort}
          onChange={(e) => setParam('sort', e.target.value === 'views' ? '' : e.target.value)}
          sx={{ minWidth: 180 }}
        >
          {[
            ['views', 'Views'],
            ['entries', 'Entries'],
            ['exits', 'Exits'],
            ['exitRate', 'Exit rate'],
            ['engagement', 'Engagement score'],
            ['seconds', 'Time on page'],
            ...VITALS.map((v) => [v, `${v} (p75)`]),
            ['key', 'Name'],
          ].map(([k, l]) => (
            <MenuItem key={k} value={k}>
              {l}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {pages.isPending ? (
        <Loading what="pages" />
      ) : pages.error || !pages.data ? (
        <LoadError error={pages.error} what="page figures" />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 5 }}>
            <DataCard
              title="Web vitals at p75 (all shown pages)"
              filename="web-vitals.csv"
              rows={VITALS.map((name) => ({ name, ...pages.data.vitals[name] }))}
              columns={[
                { key: 'name', label: 'Vital', value: (r) => r.name },
                { key: 'p75', label: 'p75', value: (r) => (r.p75 === null ? '' : r.p75), render: (r) => <VitalChip name={r.name} v={r} />, numeric: true },
                { key: 'samples', label: 'Samples', value: (r) => r.samples, numeric: true },
                { key: 'thresholds', label: "Google's thresholds", value: (r) => THRESHOLDS[r.name] },
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <DataCard
              title={`Scroll depth: share of views reaching each mark (top ${Math.min(10, pages.data.rows.length)})`}
              filename="web-analytics-scroll-depth.csv"
              rows={pages.data.rows
                .slice(0, 10)
                .map((r) => ({ key: r.key, views: r.views, ...Object.fromEntries(Object.entries(r.scrollShare).map(([k, v]) => [`s${k}`, v])) }))}
              chart={
                <BarsChart
                  rows={pages.data.rows
                    .slice(0, 10)
                    .map((r) => ({ key: r.key, ...Object.fromEntries(Object.entries(r.scrollShare).map(([k, v]) => [`s${k}`, v])) }))}
                  category="key"
                  keys={['25', '50', '75', '90', '100'].map((k) => ({ key: `s${k}`, label: `${k} %` }))}
                />
              }
              columns={[
                { key: 'key', label, value: (r) => r.key },
                { key: 'views', label: 'Views', value: (r) => r.views, numeric: true },
                ...['25', '50', '75', '90', '100'].map((k) => ({
                  key: `s${k}`,
                  label: `${k} %`,
                  value: (r: Record<string, string | number>) => `${r[`s${k}`] ?? 0} %`,
                  numeric: true,
                })),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <DataCard
              title={`${group === 'family' ? 'Template families' : 'Pages'} (${pages.data.total})`}
              filename={`web-analytics-${group}.csv`}
              rows={pages.data.rows}
              chart={<BarsChart rows={pages.data.rows.slice(0, 10)} category="key" keys={[{ key: 'views', label: 'Views' }]} />}
              columns={[
                { key: 'key', label, value: (r) => r.key },
                ...(group === 'page'
                  ? [{ key: 'family', label: 'Family', value: (r: PageRow) => r.family ?? '' }]
                  : [{ key: 'pages', label: 'Pages', value: (r: PageRow) => r.pages, numeric: true }]),
                {
                  key: 'views',
                  label: 'Views',
                  value: (r) => `${r.views}${pages.data.before ? delta(r.views, pages.data.before[r.key]?.views ?? 0) : ''}`,
                  numeric: true,
                },
                { key: 'entries', label: 'Entries', value: (r) => r.entries, numeric: true },
                { key: 'exits', label: 'Exits', value: (r) => r.exits, numeric: true },
                { key: 'exitRate', label: 'Exit rate', value: (r) => `${r.exitRate} %`, numeric: true },
                { key: 'seconds', label: 'Avg. time (s)', value: (r) => r.avgSeconds ?? '', numeric: true },
                { key: 'time60', label: 'Stayed 60 s+', value: (r) => r.time['60'], numeric: true },
                { key: 'engagement', label: 'Engagement', value: (r) => r.engagement ?? '', numeric: true },
                { key: 'forms', label: 'Form views / starts / submits', value: (r) => `${r.forms.views} / ${r.forms.starts} / ${r.forms.submits}` },
                ...VITALS.map((name) => ({
                  key: name,
                  label: `${name} p75`,
                  value: (r: PageRow) => (r.vitals[name].p75 === null ? '' : `${r.vitals[name].p75} ${r.vitals[name].rating}`),
                  render: (r: PageRow) => <VitalChip name={name} v={r.vitals[name]} />,
                })),
              ]}
            />
          </Grid>
        </Grid>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Funnel
      </Typography>
      <SavedFunnels steps={steps} onPick={(next) => setParam('funnel', JSON.stringify(next))} />
      <FunnelEditor key={JSON.stringify(steps)} initial={steps} onRun={(next) => setParam('funnel', JSON.stringify(next))} />
      {funnel.isPending ? (
        <Loading what="the funnel" />
      ) : funnel.error || !funnel.data ? (
        <LoadError error={funnel.error} what="funnel" />
      ) : (
        <DataCard
          title="Funnel: sessions reaching each step in order"
          filename="funnel.csv"
          rows={funnel.data.steps.map((s, i) => ({
            ...s,
            step: `${i + 1}. ${s.kind.replace('_', ' ')}: ${s.value}`,
            before: funnel.data.previous?.steps[i]?.sessions,
          }))}
          chart={
            <BarsChart
              rows={funnel.data.steps.map((s, i) => ({ step: `${i + 1}. ${s.value}`, sessions: s.sessions }))}
              category="step"
              keys={[{ key: 'sessions', label: 'Sessions' }]}
            />
          }
          columns={[
            { key: 'step', label: 'Step', value: (r) => r.step },
            { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
            { key: 'dropOff', label: 'Drop-off', value: (r) => r.dropOff, numeric: true },
            { key: 'dropOffRate', label: 'Drop-off rate', value: (r) => `${r.dropOffRate} %`, numeric: true },
            { key: 'fromStart', label: 'Of step 1', value: (r) => `${r.fromStart} %`, numeric: true },
            ...(funnel.data.previous ? [{ key: 'before', label: 'Previous period', value: (r: { before?: number }) => r.before ?? 0, numeric: true }] : []),
          ]}
        />
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Journeys to a conversion
      </Typography>
      <TextField
        size="small"
        label="Conversion (goal, * matches any text)"
        placeholder="call, form:*"
        defaultValue={goal}
        onBlur={(e) => setParam('goal', e.target.value.trim())}
        onKeyDown={(e) => e.key === 'Enter' && setParam('goal', (e.target as HTMLInputElement).value.trim())}
        sx={{ mb: 2, minWidth: 280 }}
      />
      {paths.isPending ? (
        <Loading what="journeys" />
      ) : paths.error || !paths.data ? (
        <LoadError error={paths.error} what="journeys" />
      ) : (
        <DataCard
          title={`Most common paths to a conversion (${paths.data.converting} converting sessions${paths.data.previous ? `, ${paths.data.previous.converting} before` : ''})`}
          filename="conversion-paths.csv"
          rows={paths.data.rows}
          empty="No conversion in this range."
          chart={<BarsChart rows={paths.data.rows.slice(0, 8)} category="path" keys={[{ key: 'sessions', label: 'Sessions' }]} />}
          columns={[
            { key: 'path', label: 'Path (pages → conversion)', value: (r) => r.path },
            { key: 'sessions', label: 'Sessions', value: (r) => r.sessions, numeric: true },
            { key: 'share', label: 'Share', value: (r) => `${r.share} %`, numeric: true },
            ...(paths.data.previous
              ? [{ key: 'before', label: 'Previous period', value: (r: { path: string }) => paths.data.previous?.sessionsByPath[r.path] ?? 0, numeric: true }]
              : []),
          ]}
        />
      )}
    </Box>
  )
}
