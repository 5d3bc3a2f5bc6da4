// /admin/error-groups/:id/show: the error (type, message, status), its counts and dates, release,
// sample stack and request path, the pages and browsers it hit, occurrences per day (chart and
// table), the latest events, Resolve / Ignore / Reopen (audited), and the audit log.
import { lazy, Suspense, useEffect, useState } from 'react'
import {
  Button,
  DateField,
  FunctionField,
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin'
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { errorMessage, useCan } from '../common/hooks.ts'
import { errorDetails, setErrorStatus, type ErrorDetails, type ErrorStatus } from './api.ts'
import { ErrorStatusChip } from './ErrorStatusChip.tsx'
import { ScrollArea } from '../common/ScrollArea.tsx'

const CountBars = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.CountBars })))

function StatusButtons() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  const [pending, setPending] = useState(false)
  if (!record || !can('error-groups', 'edit')) return null
  const set = async (status: ErrorStatus) => {
    setPending(true)
    try {
      await setErrorStatus(record.id, status)
      notify(
        status === 'resolved'
          ? 'Marked resolved. If this error happens again, the group reopens and the on-call staff are alerted.'
          : status === 'ignored'
            ? 'Ignored: new events are still counted, but this group no longer alerts anyone.'
            : 'Reopened.',
        { type: 'success' },
      )
      refresh()
    } catch (error) {
      notify(errorMessage(error, 'The status could not be changed. Reload the page and try again.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  return (
    <>
      {record.status !== 'resolved' && <Button label="Resolve" onClick={() => void set('resolved')} disabled={pending} />}
      {record.status !== 'ignored' && <Button label="Ignore" onClick={() => void set('ignored')} disabled={pending} />}
      {record.status !== 'open' && <Button label="Reopen" onClick={() => void set('open')} disabled={pending} />}
    </>
  )
}

/** The sample stack trace: a long one scrolls, in a box a keyboard can scroll too. */
function Pre({ text, label }: { text: string; label: string }) {
  return (
    <ScrollArea label={label} maxHeight={360} sx={{ bgcolor: 'action.hover', borderRadius: 1 }}>
      <Box component="pre" sx={{ m: 0, p: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.8125rem' }}>
        {text || '—'}
      </Box>
    </ScrollArea>
  )
}

function CountsTable({ caption, counts }: { caption: string; counts: unknown }) {
  const rows = Object.entries((counts ?? {}) as Record<string, number>).sort((a, b) => b[1] - a[1])
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>{caption}</TableCell>
          <TableCell align="right">Events</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={2}>—</TableCell>
          </TableRow>
        )}
        {rows.map(([k, n]) => (
          <TableRow key={k}>
            <TableCell sx={{ wordBreak: 'break-all' }}>{k}</TableCell>
            <TableCell align="right">{n}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function Occurrences() {
  const record = useRecordContext()
  const [details, setDetails] = useState<ErrorDetails | null>(null)
  const [failed, setFailed] = useState('')
  const id = record?.id
  const count = record?.count
  useEffect(() => {
    if (id == null) return
    errorDetails(id).then(setDetails, (e: unknown) => setFailed(errorMessage(e, 'The occurrences could not be loaded. Reload the page.')))
  }, [id, count])
  if (failed) return <Typography color="error">{failed}</Typography>
  if (!details) return <Typography>Loading occurrences…</Typography>
  const days = details.daily.filter((d) => d.count > 0)
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Occurrences in the last 30 days
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box sx={{ flex: 2, height: 220 }}>
          <Suspense fallback={null}>
            <CountBars data={details.daily} x="day" y="count" name="Events" />
          </Suspense>
        </Box>
        <Box sx={{ flex: 1 }}>
          <CountsTable caption="Day" counts={Object.fromEntries(days.map((d) => [d.day, d.count]))} />
        </Box>
      </Stack>
      <Typography variant="h6" component="h2">
        Latest events
      </Typography>
      <Table size="small" aria-label="Latest events">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Page or request</TableCell>
            <TableCell>Browser</TableCell>
            <TableCell>Release</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {details.recent.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{new Date(e.at).toLocaleString()}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{e.path || '—'}</TableCell>
              <TableCell>{e.browser}</TableCell>
              <TableCell>{e.release || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  )
}

export const ErrorGroupShow = () => (
  <Show
    actions={
      <TopToolbar>
        <StatusButtons />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <FunctionField label="Error" render={(r) => `${r.error_type}: ${r.message}`} />
      <Labeled label="Status">
        <ErrorStatusChip />
      </Labeled>
      <TextField source="source" />
      <NumberField source="count" label="Events" />
      <DateField source="first_seen_at" label="First seen" showTime />
      <DateField source="last_seen_at" label="Last seen" showTime />
      <DateField source="resolved_at" label="Resolved" showTime emptyText="—" />
      <NumberField source="reopened" label="Times reopened" />
      <TextField source="release" label="Release (build id)" emptyText="—" />
      <TextField source="sample_path" label="Request path" emptyText="—" />
      <FunctionField label="Sample stack" render={(r) => <Pre label="Sample stack" text={String(r.sample_stack ?? '')} />} />
      <Labeled label="Pages and browsers">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FunctionField render={(r) => <CountsTable caption="Page or request" counts={r.pages} />} />
          <FunctionField render={(r) => <CountsTable caption="Browser" counts={r.browsers} />} />
        </Stack>
      </Labeled>
      <Occurrences />
      <AuditLogPanel resource="error-groups" />
    </SimpleShowLayout>
  </Show>
)
