// The editor's SEO panel: the draft scored in the browser as it is typed (shared/seo.ts), with
// the keyphrases other pages target loaded once from the server. Each check says what to do;
// its state is written out (not shown by colour alone).
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { scoreSeo, type SeoStatus, type UsedKeyphrase } from '../../shared/seo.ts'
import { postsApi, type PostFields } from './api.ts'

const LABEL: Record<SeoStatus, string> = { good: 'Good', ok: 'Improve', bad: 'Problem' }
const COLOR: Record<SeoStatus, string> = { good: '#1b5e20', ok: '#7a4f01', bad: '#b71c1c' }
const MARK: Record<SeoStatus, string> = { good: '✓', ok: '!', bad: '✗' }

export function SeoPanel({ fields, postId }: { fields: PostFields; postId: number }) {
  const catalog = useQuery({ queryKey: ['admin', 'post-seo-catalog'], queryFn: () => postsApi.seoCatalog(), staleTime: 5 * 60_000 })
  const used = useMemo<UsedKeyphrase[]>(
    () => (catalog.data ? [...catalog.data.posts.filter((p) => p.id !== postId), ...catalog.data.pages] : []),
    [catalog.data, postId],
  )
  const report = useMemo(() => scoreSeo(fields, { used }), [fields, used])
  const r = report.readability
  return (
    <Box aria-labelledby="seo-panel-title">
      <Typography id="seo-panel-title" component="h2" variant="h6">
        SEO
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ my: 1 }}>
        <Typography component="p" aria-live="polite">
          Score: <strong data-testid="seo-score">{report.score}</strong>/100
        </Typography>
        <Box sx={{ flex: 1 }}>
          <LinearProgress
            variant="determinate"
            value={report.score}
            aria-label="SEO score"
            color={report.score >= 80 ? 'success' : report.score >= 50 ? 'warning' : 'error'}
          />
        </Box>
      </Stack>
      {catalog.error && <Alert severity="warning">The keyphrases of other pages could not be loaded: the “not used elsewhere” check is incomplete.</Alert>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="seo-checks">
        {report.checks.map((c) => (
          <Box component="li" key={c.id} data-check={c.id} data-status={c.status} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
            <Box component="span" aria-hidden="true" sx={{ color: COLOR[c.status], fontWeight: 700, width: '1.2em' }}>
              {MARK[c.status]}
            </Box>
            <Typography variant="body2">
              <strong>{c.label}</strong> <span style={{ color: COLOR[c.status] }}>({LABEL[c.status]})</span>: {c.message}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {r.words} words in {r.sentences} sentences · {r.avgSentenceLength} words per sentence on average · Flesch reading ease {r.fleschReadingEase}
        {catalog.data ? ` · keyphrase compared with ${used.length} other pages (${catalog.data.from})` : ''}
      </Typography>
    </Box>
  )
}
