// Performance: the last builds (duration, pages, pages/s, broken links) and web vitals at p75
// per template family, device and day against Google's thresholds.
import { lazy, Suspense, useMemo, useState } from 'react'
import { Alert, Box, Chip, FormControl, InputLabel, MenuItem, Select, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { formatTime, useJson } from './useJson.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'

const MultiLine = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.MultiLine })))

type Build = {
  id: string
  startedAt: string
  finishedAt: string
  ok: boolean
  seconds: number
  pages: number
  pagesPerSecond: number
  brokenLinks: number
  problems: number
}
type VitalRow = { day: string; family: string; device: string; vital: string; p75: number; samples: number; rating: string }
type Performance = { builds: Build[]; vitals: { rows: VitalRow[]; since: string; truncated: boolean } }

const GOOD: Record<string, string> = { lcp: '≤ 2,500 ms', inp: '≤ 200 ms', cls: '≤ 0.1', ttfb: '≤ 800 ms', fcp: '≤ 1,800 ms' }
const ratingColor = (r: string) => (r === 'good' ? 'success' : r === 'poor' ? 'error' : 'warning')

export function PerformancePanel() {
  const { data, error } = useJson<Performance>('/monitoring/performance')
  const [vital, setVital] = useState('lcp')
  const vitals = useMemo(() => data?.vitals.rows.filter((r) => r.vital === vital) ?? [], [data, vital])
  const daily = useMemo(() => {
    const byDay = new Map<string, Record<string, number | string>>()
    for (const r of vitals) {
      const row = byDay.get(r.day) ?? { day: r.day }
      // The worst family's p75 per device and day: what the chart shows.
      row[r.device] = Math.max(Number(row[r.device] ?? 0), r.p75)
      byDay.set(r.day, row)
    }
    return [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)))
  }, [vitals])
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    )
  if (!data) return <Typography>Loading…</Typography>
  const available = [...new Set(data.vitals.rows.map((r) => r.vital))]
  return (
    <Stack spacing={3}>
      <section aria-labelledby="perf-builds">
        <Typography id="perf-builds" variant="h6" component="h2" gutterBottom>
          Last builds
        </Typography>
        {data.builds.length === 0 ? (
          <Alert severity="info">No build report yet: `npm run build` writes one line per build to var/build-history.jsonl.</Alert>
        ) : (
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
            <Box sx={{ flex: 2, height: 240 }}>
              <Suspense fallback={null}>
                <MultiLine
                  data={[...data.builds].reverse().map((b) => ({
                    build: b.startedAt.slice(5, 16).replace('T', ' '),
                    pagesPerSecond: Math.round(b.pagesPerSecond),
                    seconds: Math.round(b.seconds),
                  }))}
                  x="build"
                  series={[
                    { key: 'pagesPerSecond', name: 'Pages/s', color: '#15803d' },
                    { key: 'seconds', name: 'Duration (s)', color: '#9333ea' },
                  ]}
                />
              </Suspense>
            </Box>
            <ScrollArea flex={3} maxHeight={320} label="Last builds (scrolls)">
              <Table size="small" stickyHeader aria-label="Last builds">
                <TableHead>
                  <TableRow>
                    <TableCell>Build</TableCell>
                    <TableCell>Result</TableCell>
                    <TableCell align="right">Duration</TableCell>
                    <TableCell align="right">Pages</TableCell>
                    <TableCell align="right">Pages/s</TableCell>
                    <TableCell align="right">Broken links</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.builds.map((b) => (
                    <TableRow key={b.id}>
                      <TableCell title={b.id}>{formatTime(b.startedAt)}</TableCell>
                      <TableCell>
                        <Chip size="small" label={b.ok ? 'ok' : `failed (${b.problems} problems)`} color={b.ok ? 'success' : 'error'} />
                      </TableCell>
                      <TableCell align="right">{b.seconds.toFixed(1)} s</TableCell>
                      <TableCell align="right">{b.pages}</TableCell>
                      <TableCell align="right">{b.pagesPerSecond.toFixed(0)}</TableCell>
                      <TableCell align="right">{b.brokenLinks}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollArea>
          </Stack>
        )}
      </section>
      <section aria-labelledby="perf-vitals">
        <Typography id="perf-vitals" variant="h6" component="h2" gutterBottom>
          Web vitals (p75, since {data.vitals.since.slice(0, 10)})
        </Typography>
        {data.vitals.truncated && <Alert severity="warning">Only the first 200,000 measurements were read; figures are approximate.</Alert>}
        {data.vitals.rows.length === 0 ? (
          <Alert severity="info">No web-vital measurements from visitors in the last 14 days yet (the tracker sends them after consent).</Alert>
        ) : (
          <>
            <FormControl size="small" sx={{ minWidth: 160, mb: 2 }}>
              <InputLabel id="vital-label">Vital</InputLabel>
              <Select labelId="vital-label" label="Vital" value={vital} onChange={(e) => setVital(e.target.value)}>
                {available.map((v) => (
                  <MenuItem key={v} value={v}>
                    {v.toUpperCase()} (good {GOOD[v] ?? ''})
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
              <Box sx={{ flex: 2, height: 240 }}>
                <Suspense fallback={null}>
                  <MultiLine
                    data={daily}
                    x="day"
                    series={[
                      { key: 'mobile', name: 'Mobile (worst family)', color: '#c2410c' },
                      { key: 'desktop', name: 'Desktop (worst family)', color: '#1d4ed8' },
                      { key: 'tablet', name: 'Tablet (worst family)', color: '#15803d' },
                    ]}
                  />
                </Suspense>
              </Box>
              <ScrollArea flex={3} maxHeight={360} label={`${vital.toUpperCase()} at p75 per family, device and day (scrolls)`}>
                <Table size="small" stickyHeader aria-label={`${vital.toUpperCase()} at p75 per family, device and day`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Day</TableCell>
                      <TableCell>Family</TableCell>
                      <TableCell>Device</TableCell>
                      <TableCell align="right">p75</TableCell>
                      <TableCell align="right">Samples</TableCell>
                      <TableCell>Rating</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {vitals.map((r) => (
                      <TableRow key={`${r.day}-${r.family}-${r.device}`}>
                        <TableCell>{r.day}</TableCell>
                        <TableCell>{r.family}</TableCell>
                        <TableCell>{r.device}</TableCell>
                        <TableCell align="right">{r.vital === 'cls' ? r.p75.toFixed(2) : `${Math.round(r.p75)} ms`}</TableCell>
                        <TableCell align="right">{r.samples}</TableCell>
                        <TableCell>
                          <Chip size="small" label={r.rating} color={ratingColor(r.rating)} variant="outlined" />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollArea>
            </Stack>
          </>
        )}
      </section>
    </Stack>
  )
}
