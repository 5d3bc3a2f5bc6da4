// /admin/visitors: anonymous sessions (pages, channel, device, duration) and, for a lead, that
// person's journey across sessions: first touch, then each visit's pages, forms and calls
// (/admin/visitors/lead/:id, linked from the lead and contact screens).
import { Title } from 'react-admin'
import { useState } from 'react'
import { Alert, Box, Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { useAnalytics, useDateRange } from './api.ts'
import { DataCard, LoadError, Loading, RangePicker } from './parts.tsx'
import { CHANNEL_CHOICES } from './WebTraffic.tsx'

type SessionRow = {
  id: string
  startedAt: string
  channel: string
  source: string
  medium: string
  campaign: string
  landingPage: string
  device: string
  browser: string
  os: string
  leadId: number | null
  pages: number
  conversions: number
  durationSeconds: number
}

/** Sessions per page (server/admin/analytics.ts SESSIONS_PAGE). */
const PAGE = 100

export function Visitors() {
  const [range, setRange, params] = useDateRange()
  const channel = params.get('channel') ?? ''
  // The cursors of the pages walked through (newest first); a new range or channel starts over.
  const filterKey = `${range.from}|${range.to}|${channel}`
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] })
  const cursors = paging.key === filterKey ? paging.cursors : []
  const before = cursors.at(-1)
  const { data, error, isPending } = useAnalytics<{ sessions: SessionRow[]; next: string | null }>('sessions', range, { channel, before })
  const first = cursors.length * PAGE + 1
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Visitors" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Visitors and sessions
      </Typography>
      <RangePicker range={range} onChange={setRange} compare={false} />
      <TextField
        select
        size="small"
        label="Channel"
        value={channel}
        onChange={(e) => {
          if (e.target.value) params.set('channel', e.target.value)
          else params.delete('channel')
          setRange({})
        }}
        sx={{ minWidth: 180, mb: 2 }}
      >
        <MenuItem value="">Any channel</MenuItem>
        {CHANNEL_CHOICES.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      {isPending ? (
        <Loading what="sessions" />
      ) : error || !data ? (
        <LoadError error={error} what="sessions" />
      ) : (
        <>
          <DataCard
            title={data.sessions.length ? `Sessions ${first}–${first + data.sessions.length - 1}, newest first` : 'Sessions'}
            filename={`visitor-sessions-${first}-${first + data.sessions.length - 1}.csv`}
            rows={data.sessions}
            empty="No session started in this range."
            columns={[
              { key: 'startedAt', label: 'Started', value: (r) => r.startedAt.slice(0, 16).replace('T', ' ') },
              { key: 'channel', label: 'Channel', value: (r) => r.channel },
              { key: 'source', label: 'Source / medium / campaign', value: (r) => [r.source, r.medium, r.campaign].filter(Boolean).join(' / ') },
              { key: 'landing', label: 'Landing page', value: (r) => r.landingPage },
              { key: 'pages', label: 'Pages', value: (r) => r.pages, numeric: true },
              { key: 'duration', label: 'Duration (s)', value: (r) => r.durationSeconds, numeric: true },
              { key: 'device', label: 'Device', value: (r) => `${r.device} · ${r.browser} · ${r.os}` },
              { key: 'conversions', label: 'Conversions', value: (r) => r.conversions, numeric: true },
              {
                key: 'lead',
                label: 'Lead',
                value: (r) => r.leadId ?? '',
                render: (r) => (r.leadId ? <Link to={`/visitors/lead/${r.leadId}`}>Journey of lead #{r.leadId}</Link> : 'anonymous'),
              },
            ]}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }} component="nav" aria-label="Pages of sessions">
            <Button disabled={!cursors.length} onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}>
              Newer sessions
            </Button>
            <Button disabled={!data.next} onClick={() => data.next && setPaging({ key: filterKey, cursors: [...cursors, data.next] })}>
              Older sessions
            </Button>
          </Stack>
        </>
      )}
    </Box>
  )
}

type Journey = {
  lead: { id: number; name: string; email: string; kind: string; createdAt: string; firstTouch: string; lastTouch: string; landingPage: string }
  sessions: {
    id: string
    startedAt: string
    channel: string
    source: string
    medium: string
    campaign: string
    landingPage: string
    device: string
    browser: string
    steps: { at: string; type: string; path: string; name: string; goal: string }[]
  }[]
}

const stepLabel = (s: Journey['sessions'][number]['steps'][number]) =>
  s.type === 'page_view'
    ? `Viewed ${s.path}`
    : s.goal === 'call'
      ? `Clicked the phone number on ${s.path}`
      : s.type === 'click'
        ? `Clicked ${s.name} on ${s.path}`
        : s.type === 'form_view'
          ? `Saw the ${s.name} form on ${s.path}`
          : s.type === 'form_start'
            ? `Started the ${s.name} form on ${s.path}`
            : `Submitted the ${s.name} form on ${s.path}`

export function LeadJourney() {
  const { id } = useParams()
  const url = `${apiUrl}/analytics/journeys/${encodeURIComponent(id ?? '')}`
  const { data, error, isPending } = useQuery({ queryKey: ['analytics', url], queryFn: async () => (await httpClient(url)).json as Journey })
  if (isPending) return <Loading what="the journey" />
  if (error || !data) return <LoadError error={error} what="journey" />
  return (
    <Box sx={{ py: 2 }}>
      <Title title={`Journey of ${data.lead.name || data.lead.email}`} />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Journey of <Link to={`/leads/${data.lead.id}/show`}>{data.lead.name || data.lead.email}</Link>
      </Typography>
      <Typography sx={{ mb: 2 }}>
        First touch: {data.lead.firstTouch || 'not recorded'} · Last touch: {data.lead.lastTouch || 'not recorded'} · Became a {data.lead.kind} on{' '}
        {data.lead.createdAt?.slice(0, 16).replace('T', ' ')}
      </Typography>
      {data.sessions.length === 0 && (
        <Alert severity="info">
          No visit is tied to this lead: it was sent with Global Privacy Control or Do Not Track, from another device, or before visit tracking was recorded.
        </Alert>
      )}
      {data.sessions.map((s, i) => (
        <Card key={s.id} component="section" aria-label={`Visit ${i + 1}`} sx={{ mb: 2 }}>
          <CardHeader
            title={`Visit ${i + 1}: ${s.startedAt.slice(0, 16).replace('T', ' ')}`}
            subheader={`${s.channel} · ${[s.source, s.medium, s.campaign].filter(Boolean).join(' / ')} · landed on ${s.landingPage} · ${s.device} ${s.browser}`}
            slotProps={{ title: { variant: 'h6', component: 'h2' } }}
          />
          <CardContent>
            <List dense>
              {s.steps.map((step, k) => (
                <ListItem key={k}>
                  <ListItemText primary={stepLabel(step)} secondary={step.at.slice(11, 19)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ))}
    </Box>
  )
}
