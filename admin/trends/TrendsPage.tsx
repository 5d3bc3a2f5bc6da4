// /admin/trends (issue 14): what visitors ask for, from the site's own data. Every term shows its
// label and parts (distinct visitors today, weekday baseline, z-score, visitors over 29 days);
// up to 5 terms compared on a 0–100 chart (each scaled to the largest value among them) beside
// their table; a term's evidence (questions, leads, landing pages); Hide / Unhide (audited); an
// optional Search Console import in its own section, labelled "imported, as of <date>".
import { lazy, Suspense, useMemo, useState } from 'react'
import { Title, useNotify } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { errorMessage, useCan } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { getJson } from '../monitoring/api.ts'
import { useJson } from '../monitoring/useJson.ts'
import { SearchConsoleSection, type SearchConsole } from './SearchConsoleSection.tsx'
import { HiddenLabel } from '../common/HiddenLabel.tsx'
import { ScrollArea } from '../common/ScrollArea.tsx'

const MultiLine = lazy(() => import('../monitoring/Charts.tsx').then((m) => ({ default: m.MultiLine })))

type Term = {
  term: string
  count: number
  baseline: number
  z: number
  visitors: number
  label: string
  series: number[]
  covered: boolean
  leads: number
  dealValue: number
}
type Trends = { day: string; terms: Term[]; hidden: string[]; computedMs: number; searchConsole: SearchConsole }
type Evidence = { term: string; items: Array<{ source: string; text: string; at: string; link: string | null }> }

const COLORS = ['#c2410c', '#1d4ed8', '#15803d', '#9333ea', '#be123c']
const LABEL_COLOR: Record<string, 'error' | 'warning' | 'success' | 'info' | 'default'> = {
  breakout: 'error',
  new: 'warning',
  rising: 'success',
  declining: 'info',
  steady: 'default',
}
const post = (path: string, body: unknown) =>
  httpClient(`${apiUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })

export function TrendsPage() {
  const [sort, setSort] = useState<'score' | 'value'>('score')
  const [chosenImport, setChosenImport] = useState<number | null>(null)
  const query = new URLSearchParams({ ...(sort === 'value' ? { sort } : {}), ...(chosenImport ? { import: String(chosenImport) } : {}) }).toString()
  const { data, error, reload } = useJson<Trends>(query ? `/trends?${query}` : '/trends')
  const { can } = useCan()
  const notify = useNotify()
  const [compare, setCompare] = useState<string[]>([])
  const [filter, setFilter] = useState('')
  const [evidence, setEvidence] = useState<Evidence | null>(null)
  const terms = useMemo(() => (data?.terms ?? []).filter((t) => t.term.toLowerCase().includes(filter.trim().toLowerCase())), [data, filter])
  const compared = (data?.terms ?? []).filter((t) => compare.includes(t.term))
  const chart = useMemo(() => {
    const max = Math.max(1, ...compared.flatMap((t) => t.series))
    const days = compared[0]?.series.length ?? 0
    const first = data ? Date.parse(`${data.day}T00:00:00Z`) - (days - 1) * 86_400_000 : 0
    return Array.from({ length: days }, (_, i) => ({
      day: new Date(first + i * 86_400_000).toISOString().slice(5, 10),
      ...Object.fromEntries(compared.map((t) => [t.term, Math.round((t.series[i] / max) * 100)])),
    }))
  }, [compared, data])
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    )
  if (!data) return <Typography>Computing trends…</Typography>

  const toggle = (term: string) =>
    setCompare((c) =>
      c.includes(term)
        ? c.filter((x) => x !== term)
        : c.length >= 5
          ? (notify('Compare at most 5 terms: untick one first.', { type: 'warning' }), c)
          : [...c, term],
    )
  const hide = async (term: string, hidden: boolean) => {
    try {
      await post(hidden ? '/trends/unhide' : '/trends/hidden', { term })
      setCompare((c) => c.filter((x) => x !== term))
      reload()
    } catch (e) {
      notify(errorMessage(e, 'The term could not be changed.'), { type: 'error' })
    }
  }
  const showEvidence = async (term: string) => {
    try {
      setEvidence(await getJson<Evidence>(`/trends/evidence?${new URLSearchParams({ term })}`))
    } catch (e) {
      notify(errorMessage(e, 'The evidence could not be loaded.'), { type: 'error' })
    }
  }
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Title title="Trends" />
      <Alert severity="info">
        Terms from chatbot questions, lead messages, UTM terms and campaigns, quote services, newsletter signup sources and landing pages of the last 29 days,
        compared with the same weekday over the previous 4 weeks. Only terms with at least 3 distinct visitors today are shown. Computed in {data.computedMs}{' '}
        ms.
      </Alert>
      {compared.length > 0 && (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
          <Box sx={{ flex: 3, height: 280 }}>
            <Suspense fallback={null}>
              <MultiLine data={chart} x="day" series={compared.map((t, i) => ({ key: t.term, name: t.term, color: COLORS[i] }))} />
            </Suspense>
          </Box>
          <ScrollArea flex={2} maxHeight={280} label="Compared terms (scrolls)">
            <Table size="small" stickyHeader aria-label="Compared terms, 0 to 100">
              <TableHead>
                <TableRow>
                  <TableCell>Day</TableCell>
                  {compared.map((t) => (
                    <TableCell key={t.term} align="right">
                      {t.term}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {[...chart].reverse().map((row) => (
                  <TableRow key={row.day}>
                    <TableCell>{row.day}</TableCell>
                    {compared.map((t) => (
                      <TableCell key={t.term} align="right">
                        {(row as Record<string, number | string>)[t.term]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        </Stack>
      )}
      <Stack direction="row" spacing={2}>
        <TextField label="Filter terms" size="small" value={filter} onChange={(e) => setFilter(e.target.value)} sx={{ maxWidth: 320 }} />
        <TextField select label="Rank by" size="small" value={sort} onChange={(e) => setSort(e.target.value as 'score' | 'value')} sx={{ minWidth: 220 }}>
          <MenuItem value="score">Trend (label, z-score)</MenuItem>
          <MenuItem value="value">Commercial value (deal value, leads)</MenuItem>
        </TextField>
      </Stack>
      {terms.length === 0 ? (
        <Typography>No term has enough distinct visitors today.</Typography>
      ) : (
        <Table size="small" aria-label="Trending terms">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">Compare</TableCell>
              <TableCell>Term</TableCell>
              <TableCell>Label</TableCell>
              <TableCell align="right">Visitors today</TableCell>
              <TableCell align="right">Baseline</TableCell>
              <TableCell align="right">z-score</TableCell>
              <TableCell align="right">Visitors (29 days)</TableCell>
              <TableCell align="right">Leads</TableCell>
              <TableCell align="right">Deal value</TableCell>
              <TableCell>Coverage</TableCell>
              <TableCell>
                <HiddenLabel>Hide</HiddenLabel>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {terms.map((t) => (
              <TableRow key={t.term}>
                <TableCell padding="checkbox">
                  <Checkbox checked={compare.includes(t.term)} onChange={() => toggle(t.term)} slotProps={{ input: { 'aria-label': `Compare ${t.term}` } }} />
                </TableCell>
                <TableCell>
                  <Link component="button" type="button" onClick={() => void showEvidence(t.term)}>
                    {t.term}
                  </Link>
                </TableCell>
                <TableCell>
                  <Chip size="small" label={t.label} color={LABEL_COLOR[t.label] ?? 'default'} />
                </TableCell>
                <TableCell align="right">{t.count}</TableCell>
                <TableCell align="right">{t.baseline}</TableCell>
                <TableCell align="right">{t.z}</TableCell>
                <TableCell align="right">{t.visitors}</TableCell>
                <TableCell align="right">{t.leads}</TableCell>
                <TableCell align="right">{t.dealValue.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })}</TableCell>
                <TableCell>
                  {t.covered ? (
                    'A page covers it'
                  ) : (
                    <Link component={RouterLink} to={`/blog-generator?${new URLSearchParams({ q: t.term.toLowerCase() })}`}>
                      No page covers this: see briefs
                    </Link>
                  )}
                </TableCell>
                <TableCell>{can('trends', 'edit') && <Button onClick={() => void hide(t.term, false)}>Hide</Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {evidence && (
        <Box component="section" aria-labelledby="trend-evidence">
          <Typography id="trend-evidence" variant="h6" component="h2">
            Behind “{evidence.term}”
          </Typography>
          <ul>
            {evidence.items.map((item, i) => (
              <li key={i}>
                {item.source}: {item.text} ({new Date(item.at).toLocaleDateString()}){' '}
                {item.link && (
                  <Link href={item.link} target={item.link.startsWith('/admin/') ? undefined : '_blank'} rel="noreferrer">
                    {item.link}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </Box>
      )}
      {data.hidden.length > 0 && (
        <Typography variant="body2">
          Hidden:{' '}
          {data.hidden.map((term) => (
            <Button key={term} size="small" onClick={() => void hide(term, true)}>
              Unhide {term}
            </Button>
          ))}
        </Typography>
      )}
      <SearchConsoleSection data={data.searchConsole} filter={filter} onChanged={reload} onChoose={setChosenImport} />
    </Stack>
  )
}
