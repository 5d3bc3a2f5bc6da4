// /admin/social-media/calendar (issue 15): the social posts that have a time (scheduled, waiting
// for approval, due, posted, failed) in a month or a week, in the browser's local time. Each post
// says its state in words (the colour only repeats it) and whether it repeats. Drag a post to
// another day to reschedule it (month: same time of day; week: that day and hour, same minutes),
// or use its "Move to…" button and a date-time field: both call the one schedule endpoint, which
// checks, audits and re-queues it. See docs/decisions/182-social-calendar.md.
import { useEffect, useState, type DragEvent } from 'react'
import { Link, Title, useNotify } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { errorMessage, useCan } from '../common/hooks.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'

type CalendarPost = { id: number; title: string; status: string; scheduled_at: string; recurrence: string }
type View = 'month' | 'week'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
/** States a post can still be moved from (the schedule endpoint's own rule). */
const MOVABLE = new Set(['scheduled', 'pending_approval', 'failed'])
const STATE: Record<string, { label: string; bg: string; border: string }> = {
  scheduled: { label: 'Scheduled', bg: '#e3f2fd', border: '#1565c0' },
  pending_approval: { label: 'Waiting for approval', bg: '#fff8e1', border: '#8d6e00' },
  due: { label: 'Due: post it by hand', bg: '#fce4ec', border: '#ad1457' },
  posted: { label: 'Posted', bg: '#e8f5e9', border: '#2e7d32' },
  failed: { label: 'Failed', bg: '#ffebee', border: '#c62828' },
  draft: { label: 'Draft', bg: '#f5f5f5', border: '#616161' },
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate())
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n)
/** Monday on or before `d`. */
const startOfWeek = (d: Date) => addDays(startOfDay(d), -((d.getDay() + 6) % 7))
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`
const pad = (n: number) => String(n).padStart(2, '0')
/** A datetime-local value in the browser's local time. */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
const timeOf = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
const longDay = (d: Date) => d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/** The days shown: six weeks around the month (at most 42 days, within the API's 45), or one week. */
function rangeOf(view: View, anchor: Date): { from: Date; days: Date[] } {
  const from = view === 'month' ? startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1)) : startOfWeek(anchor)
  const count = view === 'month' ? 42 : 7
  return { from, days: Array.from({ length: count }, (_, i) => addDays(from, i)) }
}

/** The month's days in rows of 7 (its weeks, Monday first). */
const weeksOf = (days: Date[]) => Array.from({ length: Math.ceil(days.length / 7) }, (_, i) => days.slice(i * 7, i * 7 + 7))

/** The new time when a post is dropped on a day (same time of day) or on a day's hour (same minutes). */
export function droppedAt(original: Date, day: Date, hour?: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour ?? original.getHours(), original.getMinutes(), original.getSeconds())
}

/** A day's or an hour's posts, as a list (nothing when there are none). */
function PostItems({ posts, canMove, onMove }: { posts: CalendarPost[]; canMove: boolean; onMove: (p: CalendarPost) => void }) {
  if (!posts.length) return null
  return (
    <Box component="ul" sx={{ p: 0, m: 0 }}>
      {posts.map((p) => (
        <PostItem key={p.id} post={p} canMove={canMove} onMove={onMove} />
      ))}
    </Box>
  )
}

function PostItem({ post, canMove, onMove }: { post: CalendarPost; canMove: boolean; onMove: (p: CalendarPost) => void }) {
  const state = STATE[post.status] ?? { label: post.status, bg: '#f5f5f5', border: '#616161' }
  const at = new Date(post.scheduled_at)
  const movable = canMove && MOVABLE.has(post.status)
  return (
    <Box
      component="li"
      draggable={movable}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData('text/plain', String(post.id))
        e.dataTransfer.effectAllowed = 'move'
      }}
      aria-label={`${post.title}, ${state.label}, ${timeOf(at)}${post.recurrence !== 'none' ? `, repeats ${post.recurrence}` : ''}`}
      sx={{
        listStyle: 'none',
        bgcolor: state.bg,
        color: '#1a1a1a',
        borderLeft: `4px solid ${state.border}`,
        borderRadius: 1,
        p: 0.5,
        mb: 0.5,
        fontSize: '0.8rem',
        cursor: movable ? 'grab' : 'default',
      }}
    >
      <Link to={`/social-media/${post.id}/show`} sx={{ fontWeight: 600, color: '#0d3c73' }}>
        {post.title}
      </Link>
      <Box>
        {timeOf(at)} · {state.label}
        {post.recurrence !== 'none' && <> · ↻ repeats {post.recurrence}</>}
      </Box>
      {movable && (
        <Button size="small" sx={{ p: 0, minWidth: 0, textTransform: 'none' }} onClick={() => onMove(post)} aria-label={`Move “${post.title}” to…`}>
          Move to…
        </Button>
      )}
    </Box>
  )
}

/** A drop target: a day (month view) or one hour of a day (week view). */
function DropCell({
  day,
  hour,
  label,
  onDropPost,
  children,
  sx,
}: {
  day: Date
  hour?: number
  /** The cell's name: its day (and hour in the week view). */
  label: string
  onDropPost: (id: number, day: Date, hour?: number) => void
  children: React.ReactNode
  sx?: object
}) {
  const [over, setOver] = useState(false)
  return (
    <Box
      role="gridcell"
      aria-label={label}
      onDragOver={(e: DragEvent) => {
        e.preventDefault()
        e.dataTransfer.dropEffect = 'move'
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault()
        setOver(false)
        const id = Number(e.dataTransfer.getData('text/plain'))
        if (id) onDropPost(id, day, hour)
      }}
      sx={{ outline: over ? '2px dashed #1565c0' : 'none', outlineOffset: -2, ...sx }}
    >
      {children}
    </Box>
  )
}

export function SocialCalendar() {
  const notify = useNotify()
  const { can } = useCan()
  const canMove = can('social-media', 'publish')
  const [view, setView] = useState<View>('month')
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()))
  const [posts, setPosts] = useState<CalendarPost[]>([])
  const [loadError, setLoadError] = useState<string | null>(null)
  const [moving, setMoving] = useState<CalendarPost | null>(null)
  const [moveAt, setMoveAt] = useState('')
  const [moveError, setMoveError] = useState<string | null>(null)
  const { from, days } = rangeOf(view, anchor)
  const fromMs = from.getTime()
  const count = days.length

  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    const to = addDays(new Date(fromMs), count)
    httpClient(`${apiUrl}/social-media/calendar?from=${encodeURIComponent(new Date(fromMs).toISOString())}&to=${encodeURIComponent(to.toISOString())}`).then(
      (r) => {
        if (!live) return
        setPosts(r.json as CalendarPost[])
        setLoadError(null)
      },
      (e: unknown) => {
        if (live) setLoadError(`${errorMessage(e, 'The calendar could not be loaded.')} Reload the page; if it keeps failing, use the list of posts.`)
      },
    )
    return () => {
      live = false
    }
  }, [fromMs, count, version])

  /** Reschedule through the schedule endpoint; null when it worked, else the message shown. */
  const reschedule = async (post: CalendarPost, at: Date): Promise<string | null> => {
    try {
      const r = await httpClient(`${apiUrl}/social-media/${post.id}/schedule`, {
        method: 'POST',
        body: JSON.stringify({ at: at.toISOString() }),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      })
      const status = String((r.json as { status?: string }).status ?? '')
      notify(
        `Moved “${post.title}” to ${longDay(at)}, ${timeOf(at)}.${status === 'pending_approval' ? ' It waits for an approver again before it goes out.' : ''}`,
        { type: 'success' },
      )
      setVersion((v) => v + 1)
      return null
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } } | null)?.body
      const field = body?.errors?.at ? ` ${body.errors.at}` : ''
      const message = `Could not move “${post.title}”: ${errorMessage(e)}${field} Pick another time, or open the post to fix it.`
      notify(message, { type: 'error' })
      return message
    }
  }

  const onDropPost = (id: number, day: Date, hour?: number) => {
    const post = posts.find((p) => p.id === id)
    if (!post || !MOVABLE.has(post.status) || !canMove) return
    const original = new Date(post.scheduled_at)
    const at = droppedAt(original, day, hour)
    if (at.getTime() === original.getTime()) return
    void reschedule(post, at)
  }

  const openMove = (post: CalendarPost) => {
    setMoving(post)
    setMoveAt(localInput(new Date(post.scheduled_at)))
    setMoveError(null)
  }
  const saveMove = async () => {
    if (!moving) return
    const at = new Date(moveAt)
    if (!moveAt || Number.isNaN(at.getTime())) {
      setMoveError('Enter a date and time.')
      return
    }
    const error = await reschedule(moving, at)
    if (error) setMoveError(error)
    else setMoving(null)
  }

  const byDay = new Map<string, CalendarPost[]>()
  for (const p of posts) {
    const k = dayKey(new Date(p.scheduled_at))
    byDay.set(k, [...(byDay.get(k) ?? []), p])
  }
  const today = new Date()
  const step = (n: number) => setAnchor(view === 'month' ? new Date(anchor.getFullYear(), anchor.getMonth() + n, 1) : addDays(anchor, 7 * n))
  const heading =
    view === 'month'
      ? anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
      : `Week of ${days[0]!.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}`
  const hours = Array.from({ length: 24 }, (_, h) => h)

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Social media calendar" />
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }} sx={{ mb: 2 }}>
          <Typography component="h2" variant="h5" sx={{ flexGrow: 1 }} aria-live="polite">
            {heading}
          </Typography>
          <Button component={RouterLink} to="/social-media">
            List of posts
          </Button>
          <ToggleButtonGroup value={view} exclusive size="small" aria-label="Calendar view" onChange={(_, v: View | null) => v && setView(v)}>
            <ToggleButton value="month">Month</ToggleButton>
            <ToggleButton value="week">Week</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="outlined" size="small" onClick={() => step(-1)}>
            Previous {view}
          </Button>
          <Button variant="outlined" size="small" onClick={() => setAnchor(startOfDay(new Date()))}>
            Today
          </Button>
          <Button variant="outlined" size="small" onClick={() => step(1)}>
            Next {view}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Times are in your local time.{' '}
          {canMove ? 'Drag a post to another day (it keeps its time of day) or use “Move to…”.' : 'Your role can view the calendar but not reschedule.'} Posted
          and due posts stay where they are.
        </Typography>
        {loadError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {loadError}
          </Alert>
        )}
        {view === 'month' ? (
          <Box
            role="grid"
            aria-label={heading}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '1px', bgcolor: '#ccc', border: '1px solid #ccc' }}
          >
            {/* Rows as the grid role requires (display: contents keeps the CSS grid's cells). */}
            <Box role="row" sx={{ display: 'contents' }}>
              {WEEKDAYS.map((w) => (
                <Box key={w} role="columnheader" sx={{ bgcolor: '#fafafa', p: 0.5, fontWeight: 600, textAlign: 'center' }}>
                  {w}
                </Box>
              ))}
            </Box>
            {weeksOf(days).map((week) => (
              <Box key={dayKey(week[0])} role="row" sx={{ display: 'contents' }}>
                {week.map((d) => {
                  const list = byDay.get(dayKey(d)) ?? []
                  const outside = d.getMonth() !== anchor.getMonth()
                  return (
                    <DropCell
                      key={dayKey(d)}
                      day={d}
                      label={longDay(d)}
                      onDropPost={onDropPost}
                      sx={{ bgcolor: outside ? '#f3f3f3' : '#fff', minHeight: 96, p: 0.5 }}
                    >
                      <Typography
                        variant="caption"
                        component="div"
                        sx={{
                          fontWeight: sameDay(d, today) ? 700 : 400,
                          color: outside ? '#555' : '#1a1a1a',
                          textDecoration: sameDay(d, today) ? 'underline' : 'none',
                        }}
                      >
                        {d.getDate()}
                        {sameDay(d, today) ? ' (today)' : ''}
                      </Typography>
                      <PostItems posts={list} canMove={canMove} onMove={openMove} />
                    </DropCell>
                  )
                })}
              </Box>
            ))}
          </Box>
        ) : (
          <ScrollArea label={`${heading} (scrolls)`}>
            <Box
              role="grid"
              aria-label={heading}
              sx={{
                display: 'grid',
                gridTemplateColumns: '4rem repeat(7, minmax(8rem, 1fr))',
                gap: '1px',
                bgcolor: '#ccc',
                border: '1px solid #ccc',
                minWidth: 900,
              }}
            >
              <Box role="row" sx={{ display: 'contents' }}>
                <Box role="columnheader" aria-label="Hour" sx={{ bgcolor: '#fafafa' }} />
                {days.map((d) => (
                  <Box key={dayKey(d)} role="columnheader" sx={{ bgcolor: '#fafafa', p: 0.5, fontWeight: sameDay(d, today) ? 700 : 600, textAlign: 'center' }}>
                    {d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}
                    {sameDay(d, today) ? ' (today)' : ''}
                  </Box>
                ))}
              </Box>
              {hours.map((h) => (
                <Box key={h} role="row" sx={{ display: 'contents' }}>
                  <Box role="rowheader" sx={{ bgcolor: '#fafafa', p: 0.5, fontSize: '0.75rem' }}>
                    {pad(h)}:00
                  </Box>
                  {days.map((d) => {
                    const list = (byDay.get(dayKey(d)) ?? []).filter((p) => new Date(p.scheduled_at).getHours() === h)
                    return (
                      <DropCell
                        key={dayKey(d)}
                        day={d}
                        hour={h}
                        label={`${longDay(d)}, ${pad(h)}:00`}
                        onDropPost={onDropPost}
                        sx={{ bgcolor: '#fff', minHeight: 28, p: 0.25 }}
                      >
                        <PostItems posts={list} canMove={canMove} onMove={openMove} />
                      </DropCell>
                    )
                  })}
                </Box>
              ))}
            </Box>
          </ScrollArea>
        )}
        {posts.length === 0 && !loadError && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            No post has a time in this {view}. Schedule one from its page in the list of posts.
          </Typography>
        )}
      </CardContent>
      <Dialog open={moving !== null} onClose={() => setMoving(null)} aria-labelledby="move-post-title">
        <DialogTitle id="move-post-title">Move “{moving?.title}”</DialogTitle>
        <DialogContent>
          <TextField
            label="New date and time (your local time)"
            type="datetime-local"
            value={moveAt}
            onChange={(e) => setMoveAt(e.target.value)}
            error={moveError !== null}
            helperText={moveError ?? 'The post is checked and queued again at this time.'}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMoving(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void saveMove()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  )
}
