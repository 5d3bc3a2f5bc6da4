// /admin/blog-generator (issue 12): briefs ranked by demand and commercial value, each with its
// evidence; "Create draft" turns one into a draft post and opens it in /admin/posts (nothing is
// published). The language-model provider's honest state, and its settings for admins.
import { useMemo, useState } from 'react'
import { Title, useNotify } from 'react-admin'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom'
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
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
import { downloadCsv, toCsv, type Column } from '../analytics/csv.ts'
import { errorMessage, useCan } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { useJson } from '../monitoring/useJson.ts'

const POST_TYPES = [
  { id: 'how-to', name: 'How-to' },
  { id: 'comparison', name: 'Comparison' },
  { id: 'local-guide', name: 'Local guide' },
  { id: 'case-study', name: 'Case-study write-up' },
  { id: 'faq-roundup', name: 'FAQ round-up' },
]
const SOURCE_LABEL: Record<string, string> = {
  chatbot: 'Chatbot question',
  qa: 'Most-read Q&A',
  'thin-page': 'Thin page with traffic',
  'quote-service': 'Service in quote requests',
}

type Brief = {
  key: string
  source: string
  topic: string
  postType: string
  entities: string[]
  demand: number
  demandLabel: string
  leads: number
  dealValue: number
  score: number
  evidence: Array<{ label: string; text: string; link: string | null }>
  draftPostId: number | null
}
type Briefs = { briefs: Brief[]; provider: { state: string; detail: string }; computedMs: number }
type Provider = {
  state: string
  detail: string
  endpointUrl: string | null
  model: string | null
  keySet: boolean
  keyHint: string | null
  lastTest: { at: string; ok: boolean; message: string } | null
}

const send = async (method: string, path: string, body: unknown) =>
  (await httpClient(`${apiUrl}${path}`, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })).json

const columns: Column<Brief>[] = [
  { key: 'score', label: 'Score', value: (b) => b.score },
  { key: 'topic', label: 'Topic', value: (b) => b.topic },
  { key: 'source', label: 'Source', value: (b) => SOURCE_LABEL[b.source] ?? b.source },
  { key: 'postType', label: 'Post type', value: (b) => b.postType },
  { key: 'demand', label: 'Demand', value: (b) => b.demandLabel },
  { key: 'leads', label: 'Leads', value: (b) => b.leads },
  { key: 'dealValue', label: 'Deal value', value: (b) => b.dealValue },
  { key: 'evidence', label: 'Evidence', value: (b) => b.evidence.map((e) => `${e.label}: ${e.text}`).join(' | ') },
]

function BriefRow({ brief, canCreate, onCreated }: { brief: Brief; canCreate: boolean; onCreated: () => void }) {
  const [open, setOpen] = useState(false)
  const [type, setType] = useState(brief.postType)
  const [busy, setBusy] = useState(false)
  const notify = useNotify()
  const navigate = useNavigate()
  const create = async () => {
    setBusy(true)
    try {
      const draft = (await send('POST', '/blog-generator/drafts', { key: brief.key, postType: type })) as {
        postId: number
        title: string
        seo: { score: number }
      }
      notify(`Draft “${draft.title}” created (SEO score ${draft.seo.score}/100). Nothing is published.`, { type: 'success' })
      onCreated()
      navigate(`/posts/${draft.postId}`)
    } catch (e) {
      notify(errorMessage(e, 'The draft could not be created. Reload the briefs and try again.'), { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const id = `brief-${brief.key.replace(/[^a-z0-9]+/gi, '-')}`
  return (
    <>
      <TableRow>
        <TableCell align="right">{brief.score}</TableCell>
        <TableCell>
          <Link component="button" type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
            {brief.topic}
          </Link>
        </TableCell>
        <TableCell>{SOURCE_LABEL[brief.source] ?? brief.source}</TableCell>
        <TableCell>{brief.demandLabel}</TableCell>
        <TableCell align="right">{brief.leads}</TableCell>
        <TableCell align="right">{brief.dealValue.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })}</TableCell>
        <TableCell>
          {brief.draftPostId ? (
            <Button component={RouterLink} to={`/posts/${brief.draftPostId}`}>
              Open draft
            </Button>
          ) : canCreate ? (
            <Stack direction="row" spacing={1} alignItems="center">
              <FormControl size="small" sx={{ minWidth: 150 }}>
                <InputLabel id={`${id}-type`}>Post type</InputLabel>
                <Select labelId={`${id}-type`} label="Post type" value={type} onChange={(e) => setType(e.target.value)}>
                  {POST_TYPES.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Button variant="contained" disabled={busy} onClick={() => void create()} aria-label={`Create draft: ${brief.topic}`}>
                Create draft
              </Button>
            </Stack>
          ) : (
            POST_TYPES.find((t) => t.id === brief.postType)?.name
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box id={id} component="ul" sx={{ my: 1 }} aria-label={`Evidence for ${brief.topic}`}>
              {brief.evidence.map((e, i) => (
                <li key={i}>
                  <strong>{e.label}:</strong> {e.text}{' '}
                  {e.link && (
                    <Link href={e.link} target={e.link.startsWith('/admin/') ? undefined : '_blank'} rel="noreferrer">
                      {e.link}
                    </Link>
                  )}
                </li>
              ))}
              {brief.entities.length > 0 && <li>About: {brief.entities.join(', ')}</li>}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  )
}

function ProviderPanel() {
  const { can } = useCan()
  const admin = can('blog-generator', 'edit')
  const { data, reload } = useJson<Provider>('/blog-generator/provider')
  const [form, setForm] = useState<{ endpointUrl: string; apiKey: string; model: string } | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const notify = useNotify()
  if (!data) return null
  const values = form ?? { endpointUrl: data.endpointUrl ?? '', apiKey: '', model: data.model ?? '' }
  const save = async () => {
    try {
      await send('PUT', '/blog-generator/provider', {
        endpointUrl: values.endpointUrl,
        model: values.model,
        ...(values.apiKey ? { apiKey: values.apiKey } : {}),
      })
      setErrors({})
      setForm(null)
      notify('Provider settings saved. Run the connection test.', { type: 'success' })
      reload()
    } catch (e) {
      setErrors(((e as { body?: { errors?: Record<string, string> } }).body?.errors ?? {}) as Record<string, string>)
      notify(errorMessage(e, 'The settings could not be saved.'), { type: 'error' })
    }
  }
  const test = async () => {
    try {
      const result = (await send('POST', '/blog-generator/provider/test', {})) as { ok: boolean; message: string }
      notify(result.ok ? `Connected: ${result.message}` : `Connection test failed: ${result.message}`, { type: result.ok ? 'success' : 'warning' })
      reload()
    } catch (e) {
      notify(errorMessage(e, 'The test could not run.'), { type: 'error' })
    }
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="llm-provider">
      <Typography id="llm-provider" variant="h6" component="h2">
        Writing assistant (language model): <Chip size="small" label={data.state} color={data.state === 'live' ? 'success' : 'default'} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {data.detail}
        {data.lastTest && ` Last test ${new Date(data.lastTest.at).toLocaleString()}: ${data.lastTest.ok ? 'reached the endpoint' : data.lastTest.message}.`}
      </Typography>
      {admin && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems="flex-start">
          <TextField
            size="small"
            label="OpenAI-compatible endpoint URL"
            placeholder="https://api.example.com/v1"
            value={values.endpointUrl}
            error={Boolean(errors.endpointUrl)}
            helperText={errors.endpointUrl}
            onChange={(e) => setForm({ ...values, endpointUrl: e.target.value })}
            sx={{ minWidth: 320 }}
          />
          <TextField
            size="small"
            type="password"
            label={data.keySet ? `API key (set, ${data.keyHint}; type to replace)` : 'API key'}
            value={values.apiKey}
            error={Boolean(errors.apiKey)}
            helperText={errors.apiKey}
            autoComplete="off"
            onChange={(e) => setForm({ ...values, apiKey: e.target.value })}
          />
          <TextField size="small" label="Model" value={values.model} onChange={(e) => setForm({ ...values, model: e.target.value })} />
          <Button onClick={() => void save()}>Save</Button>
          <Button onClick={() => void test()}>Test connection</Button>
        </Stack>
      )}
    </Paper>
  )
}

export function BlogGeneratorPage() {
  const [params] = useSearchParams()
  const [filter, setFilter] = useState(params.get('q') ?? '')
  const { data, error, reload } = useJson<Briefs>('/blog-generator/briefs')
  const { can } = useCan()
  const briefs = useMemo(() => {
    const q = filter.trim().toLowerCase()
    return (data?.briefs ?? []).filter((b) => !q || b.topic.toLowerCase().includes(q) || b.entities.some((e) => e.toLowerCase().includes(q)))
  }, [data, filter])
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    )
  if (!data) return <Typography>Ranking briefs…</Typography>
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Title title="Blog generator" />
      <Alert severity="info">
        Briefs from the last 90 days of the site’s own data: chatbot questions it could not answer well, the most-read Q&A pages, pages with traffic but thin
        copy, and the services named in quote requests. Ranked by demand (distinct people) and commercial value (leads and deal value naming the topic). Drafts
        are assembled from the site’s data, never published automatically; computed in {data.computedMs} ms.
      </Alert>
      <ProviderPanel />
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField label="Filter briefs" size="small" value={filter} onChange={(e) => setFilter(e.target.value)} sx={{ maxWidth: 320 }} />
        <Button onClick={() => downloadCsv('blog-briefs.csv', toCsv(columns, briefs))}>Export CSV</Button>
      </Stack>
      {briefs.length === 0 ? (
        <Typography>No brief yet: briefs appear once visitors ask the chatbot questions it cannot answer, read Q&A pages or request quotes.</Typography>
      ) : (
        <Table size="small" aria-label="Blog briefs">
          <TableHead>
            <TableRow>
              <TableCell align="right">Score</TableCell>
              <TableCell>Topic (click for evidence)</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Demand</TableCell>
              <TableCell align="right">Leads</TableCell>
              <TableCell align="right">Deal value</TableCell>
              <TableCell>Draft</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {briefs.map((b) => (
              <BriefRow key={b.key} brief={b} canCreate={can('blog-generator', 'create')} onCreated={reload} />
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  )
}
