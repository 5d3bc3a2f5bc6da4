// Operations: the job queue (retry and discard are on the jobs screens), the notification
// outbox, the database and its largest tables, the uploads folder against its quota, and what
// the spam checks flagged (reviewed in Spam review).
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Alert, Box, Card, CardContent, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { formatBytes, formatTime, useJson } from './useJson.ts'

const CountBars = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.CountBars })))

type Operations = {
  jobs: { queued: number; running: number; done: number; failed: number; overdue: number; failedByType: Record<string, number> }
  outbox: { pending: number; sent: number; failed: number; lastError: { id: number; message: string; at: string; status: string } | null }
  database: { engine: string; rowsEstimated: boolean; bytes: number; tables: Array<{ name: string; bytes: number | null; rows: number }> }
  uploads: { bytes: number; files: number; quotaBytes: number; share: number }
}
type SpamSummary = { since: string; leads: Record<string, number>; newsletter: Record<string, number>; rateLimited: string }

function Figure({ label, value, to }: { label: string; value: number | string; to?: string }) {
  const body = (
    <>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </>
  )
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 120 }}>
      <CardContent>
        {to ? (
          <Link component={RouterLink} to={to} underline="hover" color="inherit">
            {body}
          </Link>
        ) : (
          body
        )}
      </CardContent>
    </Card>
  )
}

const jobsLink = (state: string) => `/jobs?${new URLSearchParams({ filter: JSON.stringify({ state }) })}`

export function OperationsPanel() {
  const { data, error } = useJson<Operations>('/monitoring/operations', 60_000)
  const spam = useJson<SpamSummary>('/spam-review/summary')
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    )
  if (!data) return <Typography>Loading…</Typography>
  const { jobs, outbox, database, uploads } = data
  return (
    <Stack spacing={3}>
      <section aria-labelledby="ops-jobs">
        <Typography id="ops-jobs" variant="h6" component="h2" gutterBottom>
          Job queue
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <Figure label="Queued" value={jobs.queued} to={jobsLink('queued')} />
          <Figure label="Running" value={jobs.running} to={jobsLink('running')} />
          <Figure label="Failed (dead)" value={jobs.failed} to={jobsLink('failed')} />
          <Figure label="Done (kept 7 days)" value={jobs.done} />
          <Figure label="Overdue by 5+ minutes" value={jobs.overdue} />
        </Stack>
        {jobs.overdue > 0 && (
          <Alert severity="warning">Some queued jobs are overdue: check that a server with the job runner is up (and SMTP for mail jobs).</Alert>
        )}
        {Object.keys(jobs.failedByType).length > 0 && (
          <Table size="small" aria-label="Failed jobs by type" sx={{ mt: 1, maxWidth: 480 }}>
            <TableHead>
              <TableRow>
                <TableCell>Failed job type</TableCell>
                <TableCell align="right">Jobs</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {Object.entries(jobs.failedByType).map(([type, n]) => (
                <TableRow key={type}>
                  <TableCell>
                    <Link component={RouterLink} to={`/jobs?${new URLSearchParams({ filter: JSON.stringify({ state: 'failed', type }) })}`}>
                      {type}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{n}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          Open a failed job to Retry or Discard it (both audited).
        </Typography>
      </section>

      <section aria-labelledby="ops-outbox">
        <Typography id="ops-outbox" variant="h6" component="h2" gutterBottom>
          Notification outbox
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <Figure label="Sent" value={outbox.sent} />
          <Figure label="Waiting" value={outbox.pending} />
          <Figure label="Failed" value={outbox.failed} />
        </Stack>
        {outbox.lastError && (
          <Alert severity={outbox.lastError.status === 'failed' ? 'error' : 'warning'} sx={{ mt: 1 }}>
            Last error (message #{outbox.lastError.id}, {formatTime(outbox.lastError.at)}): {outbox.lastError.message}
          </Alert>
        )}
      </section>

      <section aria-labelledby="ops-db">
        <Typography id="ops-db" variant="h6" component="h2" gutterBottom>
          Database ({database.engine}, {formatBytes(database.bytes)})
        </Typography>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
          <Box sx={{ flex: 1, height: 260 }}>
            <Suspense fallback={null}>
              <CountBars data={database.tables.map((t) => ({ name: t.name, rows: t.rows }))} x="name" y="rows" name="Rows" color="#1d4ed8" />
            </Suspense>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Table size="small" aria-label="Largest tables">
              <TableHead>
                <TableRow>
                  <TableCell>Table</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell align="right">{database.rowsEstimated ? 'Rows (estimate)' : 'Rows'}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {database.tables.map((t) => (
                  <TableRow key={t.name}>
                    <TableCell>{t.name}</TableCell>
                    <TableCell align="right">{formatBytes(t.bytes)}</TableCell>
                    <TableCell align="right">{t.rows.toLocaleString()}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Stack>
      </section>

      <section aria-labelledby="ops-uploads">
        <Typography id="ops-uploads" variant="h6" component="h2" gutterBottom>
          Uploads folder
        </Typography>
        <Typography>
          {formatBytes(uploads.bytes)} in {uploads.files} files, of a {formatBytes(uploads.quotaBytes)} quota ({(uploads.share * 100).toFixed(1)} %).
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, uploads.share * 100)}
          color={uploads.share > 0.9 ? 'error' : uploads.share > 0.7 ? 'warning' : 'primary'}
          aria-label="Uploads folder use of its quota"
          sx={{ height: 10, borderRadius: 1, maxWidth: 480, mt: 1 }}
        />
        {uploads.share > 0.9 && (
          <Alert severity="error" role="alert">
            The uploads folder is almost full: new résumés will be refused. Raise UPLOADS_MAX_TOTAL_BYTES or delete old applications.
          </Alert>
        )}
      </section>

      <section aria-labelledby="ops-spam">
        <Typography id="ops-spam" variant="h6" component="h2" gutterBottom>
          Spam flagged in the last 30 days
        </Typography>
        {spam.error && (
          <Alert severity="error" role="alert">
            {spam.error}
          </Alert>
        )}
        {spam.data && (
          <>
            <Table size="small" aria-label="Flagged submissions by reason" sx={{ maxWidth: 480 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Form</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell align="right">Submissions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[
                  ...Object.entries(spam.data.leads).map(([r, n]) => ['Lead forms', r, n] as const),
                  ...Object.entries(spam.data.newsletter).map(([r, n]) => ['Newsletter', r, n] as const),
                ].map(([form, reason, n]) => (
                  <TableRow key={`${form}-${reason}`}>
                    <TableCell>{form}</TableCell>
                    <TableCell>{reason}</TableCell>
                    <TableCell align="right">{n}</TableCell>
                  </TableRow>
                ))}
                {Object.keys(spam.data.leads).length + Object.keys(spam.data.newsletter).length === 0 && (
                  <TableRow>
                    <TableCell colSpan={3}>Nothing flagged.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {spam.data.rateLimited}{' '}
              <Link component={RouterLink} to="/spam-review">
                Review flagged lead submissions
              </Link>
            </Typography>
          </>
        )}
      </section>
    </Stack>
  )
}
