// /admin/syndication: feed settings and WebSub, feed analytics (chart with its table), the
// cross-posting targets with their honest states, and every blog post with its syndication links.
import DownloadIcon from '@mui/icons-material/Download'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import {
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  Title,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin'
import { FEED_ITEM_LIMIT_MAX, feedPath, type FeedSettings } from '../../shared/feeds.ts'
import { errorMessage, useCan } from '../common/hooks.ts'
import {
  syndicationApi,
  type FeedDay,
  type FeedReader,
  type ProviderStatus,
  type SyndicationCopy,
  type SyndicationLink,
  type SyndicationSettings,
} from './api.ts'
import { HiddenLabel } from '../common/HiddenLabel.tsx'

const FeedChart = lazy(() => import('./FeedChart.tsx'))

const stateColor = (state: string) => (state === 'live' ? 'success' : state === 'test' ? 'info' : 'default')

function FeedSettingsCard({ settings, onSaved }: { settings: SyndicationSettings; onSaved: () => void }) {
  const notify = useNotify()
  const { can } = useCan()
  const [form, setForm] = useState<FeedSettings>(settings.feeds)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const editable = can('syndication', 'edit')
  const save = async () => {
    try {
      const saved = await syndicationApi.saveSettings({ ...form, hubUrl: form.hubUrl?.trim() ? form.hubUrl.trim() : null })
      setErrors({})
      notify(`Feed settings saved; ${saved.written.length} feeds rewritten.${saved.pingJob ? ` Hub ping queued (job #${saved.pingJob}).` : ''}`, {
        type: 'success',
      })
      onSaved()
    } catch (error) {
      setErrors((error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {})
      notify(errorMessage(error), { type: 'error' })
    }
  }
  const ping = async () => {
    try {
      const { pingJob } = await syndicationApi.ping()
      notify(`Ping queued as job #${pingJob}; the state below changes when the hub answers.`, { type: 'info' })
      setTimeout(onSaved, 3000)
    } catch (error) {
      notify(errorMessage(error), { type: 'error' })
    }
  }
  const { websub } = settings
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Feeds
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          RSS <Link href={feedPath({ kind: 'blog' }, 'rss')}>{feedPath({ kind: 'blog' }, 'rss')}</Link>, Atom{' '}
          <Link href={feedPath({ kind: 'blog' }, 'atom')}>{feedPath({ kind: 'blog' }, 'atom')}</Link> and JSON Feed{' '}
          <Link href={feedPath({ kind: 'blog' }, 'json')}>{feedPath({ kind: 'blog' }, 'json')}</Link>, and the same three for every tag
          (/tag/&lt;tag&gt;/feed.xml…).
        </Typography>
        {/* Wraps: the hub's URL takes a line of its own where the card is too narrow for all three. */}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 200, width: { md: 200 } }} disabled={!editable}>
            <InputLabel id="feed-content-label">Item content</InputLabel>
            <Select
              labelId="feed-content-label"
              label="Item content"
              value={form.content}
              onChange={(e) => setForm({ ...form, content: e.target.value as FeedSettings['content'] })}
            >
              <MenuItem value="full">Full post</MenuItem>
              <MenuItem value="excerpt">Excerpt only</MenuItem>
            </Select>
          </FormControl>
          <TextField
            size="small"
            type="number"
            label="Items per feed"
            disabled={!editable}
            value={form.itemLimit}
            onChange={(e) => setForm({ ...form, itemLimit: Number(e.target.value) })}
            error={Boolean(errors.itemLimit)}
            helperText={errors.itemLimit ?? `1 to ${FEED_ITEM_LIMIT_MAX}`}
            slotProps={{ htmlInput: { min: 1, max: FEED_ITEM_LIMIT_MAX } }}
            sx={{ width: { md: 160 } }}
          />
          <TextField
            size="small"
            label="WebSub hub URL"
            disabled={!editable}
            value={form.hubUrl ?? ''}
            onChange={(e) => setForm({ ...form, hubUrl: e.target.value })}
            error={Boolean(errors.hubUrl)}
            helperText={errors.hubUrl ?? 'Empty: no hub'}
            sx={{ flex: { md: '1 1 280px' } }}
          />
        </Stack>
        {editable && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={save}>
              Save feed settings
            </Button>
            <Button onClick={ping} disabled={!settings.feeds.hubUrl}>
              Ping the hub now
            </Button>
          </Stack>
        )}
        <Alert severity={websub.state === 'live' ? 'success' : 'warning'} sx={{ mt: 2 }}>
          <strong>WebSub: {websub.state}.</strong> {websub.reason}
          {websub.last && (
            <>
              {' '}
              Last attempt {new Date(websub.last.at).toLocaleString()} to {websub.last.hub} for {websub.last.feeds.length} feeds.
            </>
          )}
        </Alert>
      </CardContent>
    </Card>
  )
}

function ProvidersCard({ providers }: { providers: ProviderStatus[] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Cross-posting targets
        </Typography>
        <Table size="small" aria-label="Cross-posting targets">
          <TableHead>
            <TableRow>
              <TableCell>Target</TableCell>
              <TableCell>API</TableCell>
              <TableCell>What to do</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {providers.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{p.name}</TableCell>
                <TableCell>
                  <Chip size="small" label={p.state} color={stateColor(p.state)} />
                </TableCell>
                <TableCell>{p.reason} The manual copy always works.</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

function AnalyticsCard() {
  const notify = useNotify()
  const [days, setDays] = useState(30)
  const [feed, setFeed] = useState('')
  const [data, setData] = useState<{ series: FeedDay[]; readers: FeedReader[] } | null>(null)
  useEffect(() => {
    syndicationApi
      .analytics(days, feed)
      .then(setData)
      .catch((error) => notify(errorMessage(error), { type: 'error' }))
  }, [days, feed, notify])
  const rows = data ? [...data.series].reverse().filter((d) => d.hits > 0) : []
  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Feed readers
          </Typography>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="feed-filter-label">Feed</InputLabel>
            <Select labelId="feed-filter-label" label="Feed" value={feed} onChange={(e) => setFeed(e.target.value)}>
              <MenuItem value="">All feeds</MenuItem>
              <MenuItem value="/blog/feed.xml">Blog RSS</MenuItem>
              <MenuItem value="/blog/atom.xml">Blog Atom</MenuItem>
              <MenuItem value="/blog/feed.json">Blog JSON Feed</MenuItem>
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="feed-days-label">Period</InputLabel>
            <Select labelId="feed-days-label" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              <MenuItem value={7}>7 days</MenuItem>
              <MenuItem value={30}>30 days</MenuItem>
              <MenuItem value={90}>90 days</MenuItem>
            </Select>
          </FormControl>
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Subscribers add the counts that aggregators report in their user agent (Feedly, Inoreader…) and one for each reader that reports none.
        </Typography>
        <Box sx={{ height: 260 }} role="img" aria-label="Subscribers and distinct fetchers per day; the same figures are in the table below">
          {data && (
            <Suspense fallback={null}>
              <FeedChart series={data.series} />
            </Suspense>
          )}
        </Box>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Table size="small" aria-label="Feed fetches per day" sx={{ flex: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Day</TableCell>
                <TableCell align="right">Distinct fetchers</TableCell>
                <TableCell align="right">Subscribers</TableCell>
                <TableCell align="right">Fetches</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>No feed was fetched in this period.</TableCell>
                </TableRow>
              )}
              {rows.map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{d.day}</TableCell>
                  <TableCell align="right">{d.fetchers}</TableCell>
                  <TableCell align="right">{d.subscribers}</TableCell>
                  <TableCell align="right">{d.hits}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Table size="small" aria-label="Feed readers" sx={{ flex: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Reader</TableCell>
                <TableCell align="right">Subscribers (last day seen)</TableCell>
                <TableCell align="right">Fetchers</TableCell>
                <TableCell align="right">Fetches</TableCell>
                <TableCell>Last seen</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.readers.map((r) => (
                <TableRow key={r.agent}>
                  <TableCell>{r.agent}</TableCell>
                  <TableCell align="right">{r.subscribers}</TableCell>
                  <TableCell align="right">{r.fetchers}</TableCell>
                  <TableCell align="right">{r.hits}</TableCell>
                  <TableCell>{r.lastDay}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      </CardContent>
    </Card>
  )
}

type PostRecord = { id: string; url: string; title: string; lastModified: string; links: SyndicationLink[]; posted: number }

function Links() {
  const record = useRecordContext<PostRecord>()
  if (!record?.links.length) return <span>none</span>
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {record.links.map((l) =>
        l.state === 'posted' && l.url ? (
          <Chip key={l.id} size="small" color="success" component="a" href={l.url} target="_blank" rel="noreferrer" clickable label={`${l.provider}: posted`} />
        ) : (
          <Chip key={l.id} size="small" label={`${l.provider}: copy prepared, no URL yet`} />
        ),
      )}
    </Stack>
  )
}

function CrossPostDialog({ post, providers, onClose }: { post: PostRecord; providers: ProviderStatus[]; onClose: () => void }) {
  const notify = useNotify()
  const refresh = useRefresh()
  const [provider, setProvider] = useState<ProviderStatus['id']>(providers[0]?.id ?? 'devto')
  const [copy, setCopy] = useState<SyndicationCopy | null>(null)
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState('')
  const [links, setLinks] = useState(post.links)
  const status = providers.find((p) => p.id === provider)
  const run = useCallback(
    async (action: () => Promise<{ links: SyndicationLink[] }>, done: string) => {
      try {
        const result = await action()
        setLinks(result.links)
        notify(done, { type: 'success' })
        refresh()
      } catch (error) {
        setUrlError((error as { body?: { errors?: Record<string, string> } }).body?.errors?.url ?? '')
        notify(errorMessage(error), { type: 'error' })
      }
    },
    [notify, refresh],
  )
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="crosspost-title">
      <DialogTitle id="crosspost-title">Cross-post “{post.title}”</DialogTitle>
      <DialogContent>
        <FormControl size="small" sx={{ minWidth: 240, mt: 1 }}>
          <InputLabel id="target-label">Target</InputLabel>
          <Select
            labelId="target-label"
            label="Target"
            value={provider}
            onChange={(e) => {
              setProvider(e.target.value as ProviderStatus['id'])
              setCopy(null)
              setUrlError('')
            }}
          >
            {providers.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name} ({p.state})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {status && (
          <Alert severity={status.state === 'not connected' ? 'info' : 'success'} sx={{ my: 2 }}>
            {status.reason}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            onClick={() =>
              run(async () => {
                const result = await syndicationApi.copy(post.id, provider)
                setCopy(result.copy)
                return result
              }, 'Copy prepared: paste it on the target, then paste the article URL below.')
            }
          >
            Prepare the copy
          </Button>
          {status && status.state !== 'not connected' && (
            <Button
              variant="contained"
              onClick={() => run(() => syndicationApi.publish(post.id, provider), `Posted on ${status.name} (${status.state}); the receipt is stored.`)}
            >
              Publish through the API ({status.state})
            </Button>
          )}
        </Stack>
        {copy && (
          <Box sx={{ mt: 2 }}>
            <TextField label="Title" value={copy.title} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true } }} sx={{ mb: 1 }} />
            <TextField
              label="Canonical URL (set it on the target when it asks)"
              value={copy.canonicalUrl}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true } }}
              sx={{ mb: 1 }}
            />
            <TextField
              label="Body (Markdown)"
              value={copy.markdown}
              fullWidth
              multiline
              minRows={6}
              maxRows={14}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Button sx={{ mt: 1 }} onClick={() => navigator.clipboard?.writeText(copy.markdown).then(() => notify('Body copied.', { type: 'info' }))}>
              Copy the body
            </Button>
          </Box>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { md: 'flex-start' } }}>
          <TextField
            size="small"
            label="Article URL on the target"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={Boolean(urlError)}
            helperText={urlError || 'Paste it once the article is up; only then is it listed as posted.'}
            sx={{ flex: 1 }}
          />
          <Button variant="contained" onClick={() => run(() => syndicationApi.paste(post.id, provider, url), 'Article URL saved: listed as posted.')}>
            Save the URL
          </Button>
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 3 }}>
          Syndication links of this post
        </Typography>
        <Table size="small" aria-label="Syndication links of this post">
          <TableHead>
            <TableRow>
              <TableCell>Target</TableCell>
              <TableCell>State</TableCell>
              <TableCell>URL</TableCell>
              <TableCell>Updated</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {links.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>Not syndicated anywhere yet.</TableCell>
              </TableRow>
            )}
            {links.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.provider}</TableCell>
                <TableCell>{l.state === 'posted' ? `posted (${String(l.receipt?.method ?? '')})` : 'copy prepared, not posted'}</TableCell>
                <TableCell>
                  {l.url ? (
                    <Link href={l.url} target="_blank" rel="noreferrer">
                      {l.url}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>{new Date(l.updated_at).toLocaleString()}</TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => run(() => syndicationApi.remove(post.id, l.provider), 'Link removed.')}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}

function CrossPostButton({ providers }: { providers: ProviderStatus[] }) {
  const record = useRecordContext<PostRecord>()
  const [open, setOpen] = useState(false)
  const { can } = useCan()
  if (!record || !can('syndication', 'edit')) return null
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Cross-post ${record.title}`}>
        Cross-post
      </Button>
      {open && <CrossPostDialog post={record} providers={providers} onClose={() => setOpen(false)} />}
    </>
  )
}

function ExportButton() {
  const { filterValues } = useListContext()
  return (
    <Button size="small" startIcon={<DownloadIcon />} href={syndicationApi.exportUrl(filterValues)} download>
      Export CSV
    </Button>
  )
}

const postFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search posts" />,
  <SelectInput
    key="provider"
    source="provider"
    label="Posted on"
    choices={[
      { id: 'devto', name: 'dev.to' },
      { id: 'medium', name: 'Medium' },
      { id: 'linkedin', name: 'LinkedIn' },
    ]}
  />,
  <NullableBooleanInput key="syndicated" source="syndicated" label="Syndicated" />,
]

export function SyndicationPage() {
  const notify = useNotify()
  const [settings, setSettings] = useState<SyndicationSettings | null>(null)
  const load = useCallback(() => {
    syndicationApi
      .settings()
      .then(setSettings)
      .catch((error) => notify(errorMessage(error), { type: 'error' }))
  }, [notify])
  useEffect(load, [load])
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title="Syndication" />
      <Typography variant="h5" component="h2">
        Syndication
      </Typography>
      {settings && <FeedSettingsCard key={JSON.stringify(settings.feeds)} settings={settings} onSaved={load} />}
      <AnalyticsCard />
      {settings && <ProvidersCard providers={settings.providers} />}
      <List
        resource="syndication"
        filters={postFilters}
        actions={
          <TopToolbar>
            <FilterButton />
            <ExportButton />
          </TopToolbar>
        }
        sort={{ field: 'lastModified', order: 'DESC' }}
        exporter={false}
        title=" "
        disableSyncWithLocation
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="title" label="Post" />
          <DataTable.Col source="url" label="URL" />
          <DataTable.Col source="lastModified" label="Last modified" />
          <DataTable.NumberCol source="posted" label="Posted on" />
          <DataTable.Col label="Syndication links" disableSort>
            <Links />
          </DataTable.Col>
          <DataTable.Col label={<HiddenLabel>Cross-post</HiddenLabel>} disableSort>
            {settings && <CrossPostButton providers={settings.providers} />}
          </DataTable.Col>
        </DataTable>
      </List>
    </Stack>
  )
}
