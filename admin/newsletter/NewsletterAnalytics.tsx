// /admin/newsletter-analytics: list growth by signup source, net growth and churn per day, as a
// chart with the same figures in a table beside it, and a CSV download.
import { lazy, Suspense, useEffect, useState } from 'react'
import { Title, useNotify } from 'react-admin'
import { Box, Button, Card, CardContent, CardHeader, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { errorMessage } from '../common/hooks.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'
import { growth as loadGrowth, growthCsvUrl, type Growth } from './api.ts'

const GrowthChart = lazy(() => import('./GrowthChart.tsx'))

export function NewsletterAnalytics() {
  const notify = useNotify()
  const [days, setDays] = useState(30)
  const [data, setData] = useState<Growth | null>(null)
  useEffect(() => {
    loadGrowth(days).then(setData, (e) => notify(errorMessage(e, 'The growth figures could not be loaded.'), { type: 'error' }))
  }, [days, notify])
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Newsletter analytics" />
      <CardHeader
        title="List growth"
        subheader="Gained: confirmed by double opt-in, or added with stated consent. Lost: unsubscribed, or blocklisted by a hard bounce or complaint. Churn: lost ÷ subscribers at the start of the day."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <TextField select size="small" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 160 }}>
            {[7, 30, 90, 365].map((d) => (
              <MenuItem key={d} value={d}>
                Last {d} days
              </MenuItem>
            ))}
          </TextField>
          <Button size="small" startIcon={<DownloadIcon />} href={growthCsvUrl(days)} download>
            Export CSV
          </Button>
        </Box>
        {data && (
          <>
            <Typography>
              {data.totals.signups} signups · {data.totals.gained} gained · {data.totals.lost} lost · net {data.totals.net >= 0 ? '+' : ''}
              {data.totals.net} · {data.totals.activeAtStart} → {data.totals.activeAtEnd} subscribers
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '3fr 2fr' } }}>
              <Box sx={{ height: 320 }} aria-hidden="true">
                <Suspense fallback={<Typography>Loading chart…</Typography>}>
                  <GrowthChart data={data} />
                </Suspense>
              </Box>
              <ScrollArea maxHeight={420} label="Growth per day">
                <Table size="small" stickyHeader aria-label="Growth per day">
                  <TableHead>
                    <TableRow>
                      <TableCell>Day</TableCell>
                      {data.sources.map((s) => (
                        <TableCell key={s} align="right">
                          {s}
                        </TableCell>
                      ))}
                      <TableCell align="right">Gained</TableCell>
                      <TableCell align="right">Lost</TableCell>
                      <TableCell align="right">Net</TableCell>
                      <TableCell align="right">Churn</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {[...data.days].reverse().map((d) => (
                      <TableRow key={d.date}>
                        <TableCell>{d.date}</TableCell>
                        {data.sources.map((s) => (
                          <TableCell key={s} align="right">
                            {d.signups[s] ?? 0}
                          </TableCell>
                        ))}
                        <TableCell align="right">{d.gained}</TableCell>
                        <TableCell align="right">{d.lost}</TableCell>
                        <TableCell align="right">{d.net}</TableCell>
                        <TableCell align="right">{d.churn === null ? '—' : `${(d.churn * 100).toFixed(2)}%`}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollArea>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  )
}
