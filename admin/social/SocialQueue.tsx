// /admin/social-media/queue (issue 15, "a queue with time slots per account"; decision 183): one
// account at a time: its posting slots (weekday + time, UTC, stored on the account and audited
// like any account change), then the next two weeks in time order, each slot with the post that
// fills it or "free", the posts scheduled at a time of their own, and the account's drafts.
// "Share next" puts a post in the account's next free slot through the one schedule endpoint
// (checks, approval, audit, the job runner), as Buffer's button does.
import { useCallback, useEffect, useState } from 'react'
import { Link, Title, useNotify } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material'
import { NETWORK_LIMITS, WEEKDAYS, type Network, type Slot } from '../../shared/social.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { errorMessage, useCan } from '../common/hooks.ts'

type Account = { id: number; network: Network; name: string }
type QueuePost = { id: number; title: string; status: string; scheduled_at: string; recurrence: string }
type Queue = {
  account: Account & { message: string }
  slots: Slot[]
  days: number
  next_free: string | null
  entries: Array<{ at: string; slot: boolean; post: QueuePost | null }>
  drafts: Array<{ id: number; title: string; status: string }>
}

const STATE: Record<string, string> = {
  draft: 'Draft',
  failed: 'Failed',
  scheduled: 'Scheduled',
  pending_approval: 'Waiting for approval',
}
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' })
const accountLabel = (a: Account) => `${NETWORK_LIMITS[a.network]?.label ?? a.network}: ${a.name}`

function SlotsEditor({ queue, onSaved }: { queue: Queue; onSaved: () => void }) {
  const { can } = useCan()
  const notify = useNotify()
  const [slots, setSlots] = useState<Slot[]>(queue.slots)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const editable = can('social-accounts', 'edit')
  const set = (i: number, patch: Partial<Slot>) => setSlots((s) => s.map((x, k) => (k === i ? { ...x, ...patch } : x)))
  const save = async () => {
    setErrors({})
    setBusy(true)
    try {
      await httpClient(`${apiUrl}/social-accounts/${queue.account.id}`, {
        method: 'PUT',
        body: JSON.stringify({ slots }),
        headers: { 'Content-Type': 'application/json' },
      })
      notify(`Saved ${slots.length} time slot${slots.length === 1 ? '' : 's'} for ${queue.account.name}.`, { type: 'success' })
      onSaved()
    } catch (e) {
      setErrors((e as { body?: { errors?: Record<string, string> } }).body?.errors ?? { slots: errorMessage(e) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card variant="outlined" component="section" aria-labelledby="queue-slots-heading" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="queue-slots-heading">
          Time slots (UTC)
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Every week, posts without a time of their own go out in these slots, in order. Times are UTC (now {new Date().toISOString().slice(11, 16)} UTC); the
          queue below shows them in your local time.
        </Typography>
        {!slots.length && <Typography sx={{ mb: 1 }}>No slots yet: “Share next” needs at least one.</Typography>}
        <Stack spacing={1} component="ol" sx={{ pl: 0, listStyle: 'none', m: 0 }}>
          {slots.map((s, i) => (
            <Stack key={i} component="li" direction="row" spacing={1} alignItems="flex-start">
              <TextField
                select
                size="small"
                label={`Slot ${i + 1} weekday`}
                value={s.day}
                disabled={!editable}
                onChange={(e) => set(i, { day: Number(e.target.value) })}
                error={Boolean(errors[`slots.${i}.day`])}
                helperText={errors[`slots.${i}.day`]}
                sx={{ minWidth: 160 }}
              >
                {WEEKDAYS.map((d, k) => (
                  <MenuItem key={d} value={k}>
                    {d}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="time"
                label={`Slot ${i + 1} time (UTC)`}
                value={s.time}
                disabled={!editable}
                onChange={(e) => set(i, { time: e.target.value })}
                error={Boolean(errors[`slots.${i}.time`])}
                helperText={errors[`slots.${i}.time`]}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {editable && (
                <Button onClick={() => setSlots((x) => x.filter((_, k) => k !== i))} aria-label={`Remove slot ${i + 1}`}>
                  Remove
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
        {errors.slots && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {errors.slots}
          </Alert>
        )}
        {editable ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button onClick={() => setSlots((x) => [...x, { day: 1, time: '09:00' }])}>Add a slot</Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              Save slots
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2">Your role can see the slots but not change them.</Typography>
        )}
      </CardContent>
    </Card>
  )
}

export function SocialQueue() {
  const notify = useNotify()
  const { can } = useCan()
  const [accounts, setAccounts] = useState<Account[] | null>(null)
  const [accountId, setAccountId] = useState<number | null>(null)
  const [queue, setQueue] = useState<Queue | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    httpClient(`${apiUrl}/social-accounts?sort=["network","ASC"]&range=[0,99]`).then(
      ({ json }) => {
        const list = json as Account[]
        setAccounts(list)
        setAccountId((id) => id ?? list[0]?.id ?? null)
      },
      (e) => setError(errorMessage(e)),
    )
  }, [])
  const load = useCallback(() => {
    if (accountId === null) return
    httpClient(`${apiUrl}/social-accounts/${accountId}/queue?days=14`).then(
      ({ json }) => {
        setQueue(json as Queue)
        setError(null)
      },
      (e) => setError(errorMessage(e)),
    )
  }, [accountId])
  useEffect(load, [load])

  const shareNext = async (post: { id: number; title: string }) => {
    try {
      const { json } = await httpClient(`${apiUrl}/social-media/${post.id}/schedule`, {
        method: 'POST',
        body: JSON.stringify({ account_id: accountId }),
        headers: { 'Content-Type': 'application/json' },
      })
      const saved = json as { status: string; scheduled_at: string }
      notify(`“${post.title}” goes next: ${when(saved.scheduled_at)}${saved.status === 'pending_approval' ? ', once an admin approves it' : ''}.`, {
        type: 'success',
      })
      load()
    } catch (e) {
      notify(`${errorMessage(e)}`, { type: 'error' })
    }
  }
  const canShare = can('social-media', 'publish')
  const nextFree = queue?.next_free ? new Date(queue.next_free).getTime() : null

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Social media queue" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h2">
          Queue per account
        </Typography>
        <Button component={RouterLink} to="/social-media">
          Back to the posts
        </Button>
        <Button component={RouterLink} to="/social-media/calendar">
          Calendar
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {accounts && !accounts.length && (
        <Alert severity="info">
          No social account yet: add one in <Link to="/social-accounts/create">Social accounts</Link>, then give it time slots here.
        </Alert>
      )}
      {accounts && accounts.length > 0 && (
        <TextField
          select
          label="Account"
          value={accountId ?? ''}
          onChange={(e) => setAccountId(Number(e.target.value))}
          size="small"
          sx={{ minWidth: 320, mb: 2 }}
        >
          {accounts.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {accountLabel(a)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {queue && queue.account.id === accountId && (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {queue.account.message}
          </Alert>
          <SlotsEditor key={`${queue.account.id}:${JSON.stringify(queue.slots)}`} queue={queue} onSaved={load} />
          <Card variant="outlined" component="section" aria-labelledby="queue-upcoming-heading" sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" id="queue-upcoming-heading">
                Next {queue.days} days
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {queue.next_free ? `Next free slot: ${when(queue.next_free)}.` : 'No free slot: add time slots above.'}
              </Typography>
              {queue.entries.length ? (
                <Table size="small" aria-label={`Queue of ${queue.account.name}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>When (your time)</TableCell>
                      <TableCell>Slot</TableCell>
                      <TableCell>Post</TableCell>
                      <TableCell>State</TableCell>
                      <TableCell>Action</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {queue.entries.map((e) => (
                      <TableRow key={`${e.at}-${e.post?.id ?? 'free'}`}>
                        <TableCell>{when(e.at)}</TableCell>
                        <TableCell>{e.slot ? 'Slot' : 'Own time'}</TableCell>
                        <TableCell>{e.post ? <Link to={`/social-media/${e.post.id}/show`}>{e.post.title}</Link> : 'Free'}</TableCell>
                        <TableCell>
                          {e.post ? `${STATE[e.post.status] ?? e.post.status}${e.post.recurrence !== 'none' ? ` (repeats ${e.post.recurrence})` : ''}` : ''}
                        </TableCell>
                        <TableCell>
                          {e.post && canShare && nextFree !== null && new Date(e.at).getTime() > nextFree && (
                            <Button size="small" onClick={() => void shareNext(e.post!)} aria-label={`Share “${e.post.title}” next`}>
                              Share next
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography>Nothing in the next {queue.days} days, and no slot.</Typography>
              )}
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-labelledby="queue-drafts-heading">
            <CardContent>
              <Typography variant="h6" component="h2" id="queue-drafts-heading">
                Drafts and failed posts for this account
              </Typography>
              {queue.drafts.length ? (
                <Box component="ul" sx={{ pl: 2 }}>
                  {queue.drafts.map((d) => (
                    <li key={d.id}>
                      <Link to={`/social-media/${d.id}/show`}>{d.title}</Link> ({STATE[d.status] ?? d.status}){' '}
                      {canShare && queue.next_free && (
                        <Button size="small" onClick={() => void shareNext(d)} aria-label={`Share “${d.title}” next`}>
                          Share next
                        </Button>
                      )}
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography>No drafts for this account.</Typography>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  )
}
