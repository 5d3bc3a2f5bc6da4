// /admin/social-media (issue 15): social posts (list with filters, sort and CSV export; compose
// with per-network variants checked as you type; one post's page: schedule, approve, the manual
// provider's packs, mark posted with the post's URL or failed with the reason, results) and the
// accounts with their provider state. Every network provider is "not connected" here: the screen
// says so and the manual path does the posting.
import { useEffect, useState } from 'react'
import {
  Create,
  CreateButton,
  EditButton,
  DataTable,
  DateField,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin'
import { Link } from 'react-router-dom'
import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material'
import { NETWORK_LIMITS, NETWORKS, SOCIAL_STATUSES, type Network } from '../../shared/social.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { errorMessage, useCan } from '../common/hooks.ts'
import { EDITABLE_STATUSES } from './SocialPostForm.tsx'

export { SocialPostCreate, SocialPostEdit } from './SocialPostForm.tsx'

const call = async <T,>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (
    await httpClient(
      `${apiUrl}${path}`,
      body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } },
    )
  ).json as T

const networkChoices = NETWORKS.map((n) => ({ id: n, name: NETWORK_LIMITS[n].label }))
const STATUS_LABEL: Record<string, string> = {
  draft: 'Draft',
  pending_approval: 'Waiting for approval',
  scheduled: 'Scheduled',
  due: 'Due: post it by hand',
  posted: 'Posted',
  failed: 'Failed',
}

type ProviderState = {
  manual: { message: string }
  networks: Array<{ network: Network; state: string; message: string }>
  accounts: Array<{ id: number; network: Network; name: string; state: string; message: string; tokenDaysLeft: number | null }>
}

function ProviderNotice() {
  const [state, setState] = useState<ProviderState | null>(null)
  useEffect(() => {
    call<ProviderState>('/social-media/providers').then(setState, () => setState(null))
  }, [])
  if (!state) return null
  const connected = state.networks.filter((n) => n.state !== 'not-connected')
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {connected.length === 0 ? 'No network is connected (LinkedIn, X, Facebook, Instagram, Google Business Profile): nothing is posted automatically. ' : ''}
      Manual provider: {state.manual.message}
    </Alert>
  )
}

const postFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search titles and text" />,
  <SelectInput key="status" source="status" choices={SOCIAL_STATUSES.map((s) => ({ id: s, name: STATUS_LABEL[s] }))} />,
  <SelectInput key="network" source="network" choices={networkChoices} />,
]

const PostListActions = () => {
  const { can } = useCan()
  return (
    <TopToolbar>
      {can('social-media', 'create') && <CreateButton label="Compose" />}
      <Button component={Link} to="/social-media/calendar" size="small">
        Calendar
      </Button>
      <Button component={Link} to="/social-media/queue" size="small">
        Queue
      </Button>
      <ExportButton />
    </TopToolbar>
  )
}

export const SocialPostList = () => (
  <>
    <ProviderNotice />
    <List filters={postFilters} actions={<PostListActions />} empty={false} sort={{ field: 'scheduled_at', order: 'DESC' }} title="Social media">
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="status" render={(r: RaRecord) => STATUS_LABEL[String(r.status)] ?? String(r.status)} />
        <DataTable.Col source="scheduled_at" label="Scheduled for">
          <DateField source="scheduled_at" showTime emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="recurrence" />
        <DataTable.NumberCol source="clicks" label="Short-link clicks" />
        <DataTable.Col source="created_at" label="Created">
          <DateField source="created_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  </>
)

type Variant = {
  id: number
  network: Network
  account_name: string
  status: string
  short_code: string
  posted_url: string
  failed_reason: string
  clicks: number
  pack: { text: string; firstComment: string; link: string | null; linkNote: string | null; image: { url: string; alt: string } | null } | null
}

function VariantCard({ postId, v }: { postId: number; v: Variant }) {
  const [url, setUrl] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const notify = useNotify()
  const refresh = useRefresh()
  const { can } = useCan()
  const act = async (kind: 'posted' | 'failed') => {
    setError(null)
    try {
      await call(`/social-media/${postId}/${kind}`, 'POST', kind === 'posted' ? { variant_id: v.id, url } : { variant_id: v.id, reason })
      notify(kind === 'posted' ? 'Marked posted.' : 'Marked failed.', { type: 'success' })
      refresh()
    } catch (e) {
      setError(errorMessage(e))
    }
  }
  const label = NETWORK_LIMITS[v.network].label
  return (
    <Card variant="outlined" component="article" aria-labelledby={`social-variant-${v.id}`} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h3" id={`social-variant-${v.id}`}>
          {label}: {v.account_name} — {STATUS_LABEL[v.status] ?? v.status}
        </Typography>
        {v.posted_url && (
          <Typography>
            Posted at <a href={v.posted_url}>{v.posted_url}</a>
          </Typography>
        )}
        {v.failed_reason && (
          <Alert severity="error" role="alert">
            Failed: {v.failed_reason}
          </Alert>
        )}
        {v.pack && (
          <Box sx={{ my: 1 }}>
            <Typography variant="subtitle2" component="h4">
              Ready-to-post pack (copy to {label})
            </Typography>
            <TextField label="Text" value={v.pack.text} multiline fullWidth slotProps={{ input: { readOnly: true } }} sx={{ my: 1 }} />
            {v.pack.firstComment && (
              <TextField label="First comment" value={v.pack.firstComment} multiline fullWidth slotProps={{ input: { readOnly: true } }} />
            )}
            {v.pack.linkNote && <Alert severity="warning">{v.pack.linkNote}</Alert>}
            {v.pack.image && (
              <Typography>
                Image: <a href={v.pack.image.url}>download</a> — alt text: “{v.pack.image.alt}”
              </Typography>
            )}
          </Box>
        )}
        <Typography variant="body2">
          Short link: /s/{v.short_code} ({v.clicks} clicks)
        </Typography>
        {(v.status === 'due' || v.status === 'failed') && can('social-media', 'edit') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
            <TextField label={`Address of the post on ${label}`} value={url} onChange={(e) => setUrl(e.target.value)} size="small" sx={{ flex: 1 }} />
            <Button variant="contained" onClick={() => act('posted')} disabled={!url.trim()}>
              Mark posted
            </Button>
            {v.status === 'due' && (
              <>
                <TextField label="Why it failed" value={reason} onChange={(e) => setReason(e.target.value)} size="small" />
                <Button onClick={() => act('failed')} disabled={reason.trim().length < 3}>
                  Mark failed
                </Button>
              </>
            )}
          </Stack>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}

function PostActions() {
  const record = useRecordContext()
  const [at, setAt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const refresh = useRefresh()
  const notify = useNotify()
  const { can } = useCan()
  if (!record) return null
  const run = async (path: string, body?: unknown) => {
    setError(null)
    try {
      const r = await call<{ status: string }>(`/social-media/${record.id}/${path}`, 'POST', body ?? {})
      notify(`Now: ${STATUS_LABEL[r.status] ?? r.status}.`, { type: 'success' })
      refresh()
    } catch (e) {
      setError(errorMessage(e))
    }
  }
  const status = String(record.status)
  return (
    <Box sx={{ mb: 2 }}>
      {['draft', 'failed', 'scheduled', 'pending_approval'].includes(status) && can('social-media', 'publish') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="center">
          <TextField
            label="Post at (your local time)"
            type="datetime-local"
            value={at}
            onChange={(e) => setAt(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="contained" onClick={() => run('schedule', at ? { at: new Date(at).toISOString() } : {})}>
            {at ? 'Schedule' : 'Schedule in the next free slot'}
          </Button>
          {status !== 'draft' && status !== 'failed' && <Button onClick={() => run('unschedule')}>Back to draft</Button>}
          {status === 'pending_approval' && can('social-media', 'approve') && (
            <Button variant="outlined" onClick={() => run('approve')}>
              Approve
            </Button>
          )}
        </Stack>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  )
}

function PostBody() {
  const record = useRecordContext()
  if (!record) return null
  // Right after Compose, the record is the create response (no results yet) until getOne answers.
  const results = (record.results as { sessions: number; leads: number; deals: number; wonDeals: number; wonValue: number } | undefined) ?? {
    sessions: 0,
    leads: 0,
    deals: 0,
    wonDeals: 0,
    wonValue: 0,
  }
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h2">
        {String(record.title)} — {STATUS_LABEL[String(record.status)] ?? String(record.status)}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {record.scheduled_at ? `Scheduled for ${new Date(String(record.scheduled_at)).toLocaleString()}` : 'Not scheduled.'} Recurrence:{' '}
        {String(record.recurrence)}.
      </Typography>
      <PostActions />
      <Typography variant="h6" component="h2">
        Variants
      </Typography>
      {((record.variants as Variant[] | undefined) ?? []).map((v) => (
        <VariantCard key={v.id} postId={Number(record.id)} v={v} />
      ))}
      <Typography variant="h6" component="h2">
        Results through the post’s short links (utm_campaign={String(record.campaign)})
      </Typography>
      <Table size="small" aria-label="Results">
        <TableHead>
          <TableRow>
            <TableCell>Short-link clicks</TableCell>
            <TableCell>Site sessions</TableCell>
            <TableCell>Leads</TableCell>
            <TableCell>Deals</TableCell>
            <TableCell>Won deals</TableCell>
            <TableCell>Won value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{Number(record.clicks ?? 0)}</TableCell>
            <TableCell>{results.sessions}</TableCell>
            <TableCell>{results.leads}</TableCell>
            <TableCell>{results.deals}</TableCell>
            <TableCell>{results.wonDeals}</TableCell>
            <TableCell>{results.wonValue}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  )
}

function PostShowActions() {
  const record = useRecordContext()
  const { can } = useCan()
  if (!record || !EDITABLE_STATUSES.includes(String(record.status)) || !can('social-media', 'edit')) return <TopToolbar />
  return (
    <TopToolbar>
      <EditButton label="Edit text and variants" />
    </TopToolbar>
  )
}

export const SocialPostShow = () => (
  <Show title="Social post" actions={<PostShowActions />}>
    <PostBody />
  </Show>
)

export const SocialAccountList = () => (
  <>
    <ProviderNotice />
    <List
      sort={{ field: 'network', order: 'ASC' }}
      title="Social accounts"
      actions={
        <TopToolbar>
          <CreateButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="network" render={(r: RaRecord) => NETWORK_LIMITS[r.network as Network]?.label ?? String(r.network)} />
        <DataTable.Col source="name" />
        <DataTable.Col label="State" render={() => 'Not connected (manual provider)'} />
        <DataTable.Col source="token_expires_at" label="Token expires">
          <DateField source="token_expires_at" emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  </>
)

export const SocialAccountCreate = () => (
  <Create redirect="list" title="Add a social account">
    <SimpleForm>
      <SelectInput source="network" choices={networkChoices} validate={required()} />
      <TextInput source="name" validate={required()} helperText="The account's handle or page name." />
    </SimpleForm>
  </Create>
)
