// /admin/blog-migration (issue 12): upload a WordPress, Ghost or Markdown export (and the media
// zip), run the dry run (each item: created, changed, unchanged or skipped, and why; filter and
// CSV), import as a job with a progress bar, then the reconciliation report (counts by type and
// outcome that add up to the file's items, image coverage), the missing images with their
// "provide this file" step, the unknown shortcodes and blocks, and the check of every old URL.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { Title } from 'react-admin'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControl,
  InputLabel,
  LinearProgress,
  Link as MuiLink,
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
import { Link, useNavigate, useParams } from 'react-router-dom'
import { errorMessage, useCan } from '../common/hooks.ts'
import { download } from '../monitoring/api.ts'
import { formatBytes, formatTime } from '../monitoring/useJson.ts'
import {
  checkUrls,
  getImport,
  getProgress,
  listImports,
  planCsvUrl,
  planEntries,
  provideImages,
  runDryRun,
  startImport,
  UploadError,
  uploadExport,
  type ImportDetail,
  type ImportSummary,
  type Outcome,
  type PlanEntry,
  type PlanFilter,
  type Reconciliation,
} from './api.ts'
import { FileButton } from '../common/FileButton.tsx'

/** Card titles are h2 headings (the page title is the app bar's). */
const HEADING = { title: { component: 'h2' } } as const
const OUTCOMES: Outcome[] = ['created', 'updated', 'unchanged', 'skipped', 'failed', 'asset']
const ACTION_LABEL: Record<string, string> = { create: 'Create', update: 'Change', unchanged: 'Unchanged', skip: 'Skip', asset: 'Image (asset)' }
const STATUS_COLOR: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  uploaded: 'default',
  queued: 'info',
  running: 'warning',
  done: 'success',
  failed: 'error',
}
/** The dry-run job is under way in these states (server/blogImport/dryRunJob.ts DRY_RUN_ACTIVE). */
const DRY_RUN_ACTIVE: readonly string[] = ['queued', 'reading', 'planning']
const PHASE_LABEL: Record<string, string> = {
  uploaded: 'Uploaded',
  planned: 'Dry run done',
  queued: 'Waiting for the job runner',
  posts: 'Writing posts',
  'posts written': 'Posts written',
  images: 'Converting images to WebP',
  publish: 'Publishing the imported posts',
  check: 'Checking every old URL',
  done: 'Finished',
}

export function BlogMigrationPage() {
  const { id } = useParams()
  return (
    <Stack spacing={2} sx={{ mt: 1, mb: 4 }}>
      <Title title="Blog migration" />
      {id ? <ImportDetailView id={Number(id)} /> : <ImportStart />}
    </Stack>
  )
}

function ImportStart() {
  const { can } = useCan()
  const [imports, setImports] = useState<ImportSummary[] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    listImports().then(setImports, (e: unknown) => setError(errorMessage(e, 'The imports could not be loaded. Reload the page.')))
  }, [])
  return (
    <>
      {can('blog-migration', 'create') && <UploadCard />}
      <Card>
        <CardHeader slotProps={HEADING} title="Past imports" />
        <CardContent>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {!imports && !error && <LinearProgress aria-label="Loading the imports" />}
          {imports && imports.length === 0 && <Typography>No import yet. Upload an export above to start.</Typography>}
          {imports && imports.length > 0 && (
            <Table size="small" aria-label="Past imports">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>File</TableCell>
                  <TableCell>Source</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Created</TableCell>
                  <TableCell align="right">Changed</TableCell>
                  <TableCell align="right">Skipped</TableCell>
                  <TableCell align="right">Failed</TableCell>
                  <TableCell>Uploaded</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {imports.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.id}</TableCell>
                    <TableCell>
                      <MuiLink component={Link} to={`/blog-migration/${r.id}`}>
                        {r.fileName}
                      </MuiLink>
                    </TableCell>
                    <TableCell>{r.kindLabel}</TableCell>
                    <TableCell>
                      <Chip size="small" label={r.status} color={STATUS_COLOR[r.status] ?? 'default'} />
                    </TableCell>
                    <TableCell align="right">{r.created ?? '—'}</TableCell>
                    <TableCell align="right">{r.updated ?? '—'}</TableCell>
                    <TableCell align="right">{r.skipped ?? '—'}</TableCell>
                    <TableCell align="right">{r.failed ?? '—'}</TableCell>
                    <TableCell>{formatTime(r.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  )
}

function UploadCard() {
  const navigate = useNavigate()
  const exportId = useId()
  const mediaId = useId()
  const [exportFile, setExportFile] = useState<File | null>(null)
  const [mediaFile, setMediaFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<{ message: string; errors: Record<string, string> } | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!exportFile) {
      setError({ message: 'Choose the export file first.', errors: { export: 'Choose the export file.' } })
      return
    }
    const form = new FormData()
    form.append('export', exportFile, exportFile.name)
    if (mediaFile) form.append('media', mediaFile, mediaFile.name)
    setError(null)
    setProgress(0)
    try {
      const created = await uploadExport(form, setProgress)
      navigate(`/blog-migration/${created.id}`)
    } catch (e) {
      setError(e instanceof UploadError ? { message: e.message, errors: e.errors } : { message: errorMessage(e, 'The upload failed.'), errors: {} })
      setProgress(null)
    }
  }
  return (
    <Card component="form" onSubmit={submit} aria-label="Upload an export">
      <CardHeader
        slotProps={HEADING}
        title="1. Upload an export"
        subheader="WordPress: Tools → Export → All content (.xml). Ghost: Settings → Labs → Export your content (.json). Or a .zip of Markdown files with front matter. Add the media zip (your wp-content/uploads folder, zipped) to bring the images: there is no network here to fetch them from the old site."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FileButton
            input={{
              id: exportId,
              accept: '.xml,.json,.zip,application/xml,text/xml,application/json,application/zip',
              'aria-label': 'Export file (WordPress .xml, Ghost .json or Markdown .zip)',
              onChange: (e) => setExportFile(e.target.files?.[0] ?? null),
            }}
          >
            Choose export file
          </FileButton>
          <Typography>{exportFile ? `${exportFile.name} (${formatBytes(exportFile.size)})` : 'No export file chosen'}</Typography>
        </Box>
        {error?.errors.export && (
          <Alert severity="error" role="alert">
            {error.errors.export}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FileButton
            input={{
              id: mediaId,
              accept: '.zip,application/zip',
              'aria-label': 'Media zip (wp-content/uploads), optional',
              onChange: (e) => setMediaFile(e.target.files?.[0] ?? null),
            }}
          >
            Choose media zip (optional)
          </FileButton>
          <Typography>{mediaFile ? `${mediaFile.name} (${formatBytes(mediaFile.size)})` : 'No media zip'}</Typography>
        </Box>
        {error?.errors.media && (
          <Alert severity="error" role="alert">
            {error.errors.media}
          </Alert>
        )}
        {error && !error.errors.export && !error.errors.media && (
          <Alert severity="error" role="alert">
            {error.message}
          </Alert>
        )}
        {progress != null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
        <Box>
          <Button type="submit" variant="contained" disabled={progress != null || !exportFile}>
            Upload
          </Button>
        </Box>
      </CardContent>
    </Card>
  )
}

function ImportDetailView({ id }: { id: number }) {
  const { can } = useCan()
  const [detail, setDetail] = useState<ImportDetail | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState('')
  const load = useCallback(
    () =>
      getImport(id).then(
        (d) => {
          setDetail(d)
          setError('')
        },
        (e: unknown) => setError(errorMessage(e, 'This import could not be loaded. Reload the page.')),
      ),
    [id],
  )
  useEffect(() => {
    void load()
  }, [load])
  const active = detail?.status === 'queued' || detail?.status === 'running'
  const planning = DRY_RUN_ACTIVE.includes(detail?.dryRunStatus ?? '')
  // While a job runs (the dry run or the import): a cheap progress poll every second; the whole
  // import once it ends.
  useEffect(() => {
    if (!active && !planning) return
    const timer = setInterval(() => {
      getProgress(id).then(
        (p) => {
          const stillRunning = p.status === 'queued' || p.status === 'running' || DRY_RUN_ACTIVE.includes(p.dryRunStatus ?? '')
          if (stillRunning) setDetail((d) => (d ? { ...d, ...p } : d))
          else void load()
        },
        (e: unknown) => setError(errorMessage(e, 'The progress could not be read. Reload the page.')),
      )
    }, 1000)
    return () => clearInterval(timer)
  }, [active, planning, id, load])

  const act = async (label: string, fn: () => Promise<unknown>) => {
    setBusy(label)
    setError('')
    try {
      await fn()
      await load()
    } catch (e) {
      setError(errorMessage(e, `${label} failed.`))
    } finally {
      setBusy('')
    }
  }
  if (!detail)
    return error ? (
      <Alert severity="error" role="alert">
        {error}{' '}
        <MuiLink component={Link} to="/blog-migration">
          Back to the imports
        </MuiLink>
      </Alert>
    ) : (
      <LinearProgress aria-label="Loading the import" />
    )
  const dry = detail.dryRun
  const fraction = detail.itemsTotal ? detail.itemsDone / detail.itemsTotal : 0
  return (
    <>
      <Card>
        <CardHeader
          slotProps={HEADING}
          title={`Import #${detail.id}: ${detail.fileName}`}
          subheader={`${detail.kindLabel}, ${formatBytes(detail.fileBytes)}${detail.mediaName ? ` · media: ${detail.mediaName} (${formatBytes(detail.mediaBytes)})` : ' · no media zip'} · uploaded ${formatTime(detail.createdAt)}`}
          action={<Chip label={detail.status} color={STATUS_COLOR[detail.status] ?? 'default'} />}
        />
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <MuiLink component={Link} to="/blog-migration">
            ← All imports
          </MuiLink>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {detail.error && (
            <Alert severity="error" role="alert">
              The import stopped: {detail.error}.{' '}
              {detail.status === 'queued'
                ? 'The job runner will retry it.'
                : 'Fix the cause and start the import again: posts already written are kept and not duplicated.'}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {can('blog-migration', 'create') && (
              <Button
                variant={dry ? 'outlined' : 'contained'}
                disabled={!!busy || active || planning}
                onClick={() => act('Starting the dry run', () => runDryRun(id))}
              >
                {dry ? 'Run the dry run again' : '2. Run the dry run'}
              </Button>
            )}
            {can('blog-migration', 'import') && dry && (
              <Button variant="contained" disabled={!!busy || active || planning} onClick={() => act('Starting the import', () => startImport(id))}>
                {detail.status === 'done' ? 'Import again' : `3. Import ${dry.reconciliation.fileItems} items`}
              </Button>
            )}
          </Box>
          {planning && <DryRunProgress detail={detail} />}
          {detail.dryRunStatus === 'failed' && detail.dryRunError && (
            <Alert severity="error" role="alert">
              The dry run stopped: {detail.dryRunError.replace(/\.$/, '')}. Fix the file (or export it again from the old site), upload it as a new import and
              run its dry run.
            </Alert>
          )}
          {(active || detail.status === 'done') && detail.itemsTotal > 0 && (
            <Box role="status" aria-live="polite">
              <Typography>
                {PHASE_LABEL[detail.phase ?? ''] ?? detail.phase}: {detail.itemsDone} of {detail.itemsTotal} items ({Math.round(fraction * 100)}%)
              </Typography>
              <LinearProgress variant="determinate" value={Math.round(fraction * 100)} aria-label="Import progress" />
            </Box>
          )}
          {active && detail.itemsTotal === 0 && (
            <Box role="status" aria-live="polite">
              <Typography>{PHASE_LABEL[detail.phase ?? ''] ?? 'Starting'}…</Typography>
              <LinearProgress aria-label="Import progress" />
            </Box>
          )}
        </CardContent>
      </Card>
      {detail.report && detail.status === 'done' && <ReportCard detail={detail} />}
      {detail.status === 'done' && detail.images && <MissingImagesCard detail={detail} onChanged={load} canEdit={can('blog-migration', 'edit')} />}
      {detail.status === 'done' && <UrlCheckCard detail={detail} onCheck={() => act('The URL check', () => checkUrls(id))} busy={busy === 'The URL check'} />}
      {dry && <DryRunCard id={id} summary={dry} canExport={can('blog-migration', 'export')} />}
    </>
  )
}

/** The dry-run job's progress: items read (pass one), then items planned of the file's total (pass two). */
function DryRunProgress({ detail }: { detail: ImportDetail }) {
  const percent = detail.dryRunTotal ? Math.round((detail.dryRunDone / detail.dryRunTotal) * 100) : 0
  const text =
    detail.dryRunStatus === 'queued'
      ? 'Dry run: waiting for the job runner…'
      : detail.dryRunStatus === 'reading'
        ? `Dry run: reading the file, ${detail.dryRunDone} items so far…`
        : `Dry run: planning ${detail.dryRunDone} of ${detail.dryRunTotal} items (${percent}%)`
  return (
    <Box role="status" aria-live="polite">
      <Typography>{text}</Typography>
      {detail.dryRunStatus === 'planning' ? (
        <LinearProgress variant="determinate" value={percent} aria-label="Dry run progress" />
      ) : (
        <LinearProgress aria-label="Dry run progress" />
      )}
      <Typography variant="body2" color="text.secondary">
        It runs on the server: you can leave this page and come back.
      </Typography>
    </Box>
  )
}

function CountsTable({ r, label }: { r: Reconciliation; label: string }) {
  const types = Object.keys(r.byType).sort()
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Type</TableCell>
          {OUTCOMES.map((o) => (
            <TableCell key={o} align="right">
              {o}
            </TableCell>
          ))}
          <TableCell align="right">total</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {types.map((t) => (
          <TableRow key={t}>
            <TableCell>{t}</TableCell>
            {OUTCOMES.map((o) => (
              <TableCell key={o} align="right">
                {r.byType[t][o]}
              </TableCell>
            ))}
            <TableCell align="right">{OUTCOMES.reduce((s, o) => s + r.byType[t][o], 0)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell sx={{ fontWeight: 700 }}>All</TableCell>
          {OUTCOMES.map((o) => (
            <TableCell key={o} align="right" sx={{ fontWeight: 700 }}>
              {r.byOutcome[o]}
            </TableCell>
          ))}
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            {r.total}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  )
}

function UnknownMarkup({ r }: { r: Reconciliation }) {
  const names = Object.entries(r.unknownMarkup).sort((a, b) => b[1] - a[1])
  if (!names.length) return <Typography>No unknown shortcode or block: everything became Markdown.</Typography>
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        Unknown shortcodes and blocks, kept as HTML in the posts (check how they look):
      </Typography>
      <Table size="small" aria-label="Unknown shortcodes and blocks">
        <TableHead>
          <TableRow>
            <TableCell>Shortcode or block</TableCell>
            <TableCell align="right">Posts</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {names.map(([name, n]) => (
            <TableRow key={name}>
              <TableCell>{name}</TableCell>
              <TableCell align="right">{n}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

function ReasonList({ rows, label }: { rows: Array<{ location: string; title: string; reason: string }>; label: string }) {
  if (!rows.length) return null
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Where in the file</TableCell>
          <TableCell>Title</TableCell>
          <TableCell>Why</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={`${r.location}-${i}`}>
            <TableCell>{r.location}</TableCell>
            <TableCell>{r.title || '—'}</TableCell>
            <TableCell>{r.reason}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function ReportCard({ detail }: { detail: ImportDetail }) {
  const r = detail.report!
  const images = detail.images
  return (
    <Card>
      <CardHeader
        slotProps={HEADING}
        title="Reconciliation report"
        subheader={`Every item of the file, counted once. Finished ${formatTime(detail.updatedAt)}.`}
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={r.addsUp ? 'success' : 'error'}>
          {r.addsUp
            ? `The totals add up: ${r.total} of the file's ${r.fileItems} items are accounted for.`
            : `The totals do not add up: ${r.total} counted, the file has ${r.fileItems} items. Report this import to the developers.`}
        </Alert>
        <CountsTable r={r} label="Items by type and outcome" />
        <Typography>
          Images: {r.assets.referenced} referenced by the posts; {r.assets.found} found in the media zip (
          {r.assets.referenced ? Math.round((r.assets.found / r.assets.referenced) * 100) : 100}% coverage);{' '}
          {images ? `${images.converted} converted to WebP; ${images.missing.length} still missing` : ''}.
        </Typography>
        {r.publish && (
          <Alert severity={r.publish.ok ? (r.publish.siteBuilt ? 'success' : 'info') : 'error'}>
            {r.publish.ok
              ? r.publish.siteBuilt
                ? `Published posts are live: ${r.publish.added} new pages rendered.`
                : 'Published posts are saved; this server has no site build, so the next build (npm run build) renders them.'
              : `The publish check failed, so the imported posts are saved but not live: ${r.publish.failures.join('; ')}. Fix the posts in Posts, then publish them.`}
          </Alert>
        )}
        <UnknownMarkup r={r} />
        {r.skipped.length > 0 && <Typography variant="subtitle2">Skipped items and why:</Typography>}
        <ReasonList rows={r.skipped} label="Skipped items" />
        {r.failed.length > 0 && <Typography variant="subtitle2">Failed items and why:</Typography>}
        <ReasonList rows={r.failed} label="Failed items" />
      </CardContent>
    </Card>
  )
}

function MissingImagesCard({ detail, onChanged, canEdit }: { detail: ImportDetail; onChanged: () => Promise<void>; canEdit: boolean }) {
  const inputId = useId()
  const [files, setFiles] = useState<File[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const [result, setResult] = useState<{ matched: string[]; unused: string[]; postsChanged: number } | null>(null)
  const [error, setError] = useState('')
  const images = detail.images!
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const form = new FormData()
    for (const f of files) form.append('files', f, f.name)
    setProgress(0)
    setError('')
    try {
      const r = await provideImages(detail.id, form, setProgress)
      setResult(r)
      setFiles([])
      await onChanged()
    } catch (e) {
      setError(e instanceof UploadError ? e.message : errorMessage(e, 'The files could not be used.'))
    } finally {
      setProgress(null)
    }
  }
  return (
    <Card>
      <CardHeader
        slotProps={HEADING}
        title={`Missing images (${images.missing.length})`}
        subheader="Images the posts use that were not in the media zip. The posts still point at the old address; provide each file and the image step converts it and rewrites the posts."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        {images.missing.length === 0 ? (
          <Alert severity="success">Every image the posts use is here, converted to WebP ({images.converted}).</Alert>
        ) : (
          <Table size="small" aria-label="Missing images">
            <TableHead>
              <TableRow>
                <TableCell>Original URL</TableCell>
                <TableCell>File to provide</TableCell>
                <TableCell>Used by</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {images.missing.map((m) => (
                <TableRow key={m.url}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{m.url}</TableCell>
                  <TableCell>{decodeURIComponent(m.url.split('/').pop() ?? m.url)}</TableCell>
                  <TableCell>{m.usedBy.join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {images.failed.length > 0 && <Alert severity="warning">Could not be converted: {images.failed.map((f) => `${f.url} (${f.reason})`).join('; ')}</Alert>}
        {canEdit && images.missing.length > 0 && (
          <Box component="form" onSubmit={submit} aria-label="Provide missing images" sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <FileButton
              input={{
                id: inputId,
                multiple: true,
                accept: 'image/png,image/jpeg,image/gif,image/webp,.zip,application/zip',
                'aria-label': 'Missing image files (or a zip of them)',
                onChange: (e) => setFiles([...(e.target.files ?? [])]),
              }}
            >
              Provide these files
            </FileButton>
            <Typography>{files.length ? files.map((f) => f.name).join(', ') : 'Images with the names above, or a zip of them'}</Typography>
            <Button type="submit" variant="contained" disabled={!files.length || progress != null}>
              Upload and re-run the image step
            </Button>
          </Box>
        )}
        {progress != null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Alert severity={result.matched.length ? 'success' : 'warning'} role="status">
            {result.matched.length} image{result.matched.length === 1 ? '' : 's'} matched and converted; {result.postsChanged} post
            {result.postsChanged === 1 ? '' : 's'} rewritten.
            {result.unused.length ? ` Not used (no missing image has that name): ${result.unused.join(', ')}.` : ''}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}

function UrlCheckCard({ detail, onCheck, busy }: { detail: ImportDetail; onCheck: () => void; busy: boolean }) {
  const { can } = useCan()
  const check = detail.urlCheck
  return (
    <Card>
      <CardHeader
        slotProps={HEADING}
        title="Old URLs"
        subheader="Every old address of the imported posts (its permalink and its ?p=ID form), requested from this server with its redirects followed."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        {!check && <Typography>Not checked yet.</Typography>}
        {check && (
          <Alert severity={check.failures.length ? 'warning' : 'success'}>
            {check.ok} of {check.checked} old URLs land on a 200 page (checked {formatTime(check.at)}).
            {check.notPublished ? ` ${check.notPublished} addresses of drafts and scheduled posts get their redirect when the post is published.` : ''}
          </Alert>
        )}
        {check && check.failures.length > 0 && (
          <Table size="small" aria-label="Old URLs that do not land on a 200 page">
            <TableHead>
              <TableRow>
                <TableCell>Old URL</TableCell>
                <TableCell>Ends at</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Why</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {check.failures.map((f) => (
                <TableRow key={f.from}>
                  <TableCell>{f.from}</TableCell>
                  <TableCell>{f.finalUrl}</TableCell>
                  <TableCell>{f.status ?? '—'}</TableCell>
                  <TableCell>{f.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {can('blog-migration', 'edit') && (
          <Box>
            <Button variant="outlined" onClick={onCheck} disabled={busy}>
              {busy ? 'Checking…' : check ? 'Check again' : 'Check the old URLs'}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  )
}

function DryRunCard({ id, summary, canExport }: { id: number; summary: NonNullable<ImportDetail['dryRun']>; canExport: boolean }) {
  const actionLabel = useId()
  const typeLabel = useId()
  const [filter, setFilter] = useState<PlanFilter>({})
  const [q, setQ] = useState('')
  const [rows, setRows] = useState<PlanEntry[]>([])
  const [total, setTotal] = useState(0)
  const [error, setError] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setFilter((f) => (f.q === q ? f : { ...f, q })), 300)
    return () => clearTimeout(timer)
  }, [q])
  useEffect(() => {
    let live = true
    planEntries(id, filter, 0).then(
      (r) => {
        if (!live) return
        setRows(r.entries)
        setTotal(r.total)
      },
      (e: unknown) => live && setError(errorMessage(e, 'The dry run could not be loaded.')),
    )
    return () => {
      live = false
    }
  }, [id, filter, summary.at])
  const more = async () => {
    try {
      const r = await planEntries(id, filter, rows.length)
      setRows((old) => [...old, ...r.entries])
    } catch (e) {
      setError(errorMessage(e, 'More rows could not be loaded.'))
    }
  }
  const r = summary.reconciliation
  const types = Object.keys(r.byType).sort()
  return (
    <Card>
      <CardHeader
        slotProps={HEADING}
        title="Dry run"
        subheader={`Run ${formatTime(summary.at)}. Nothing was written: this is what the import will do, item by item.`}
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <CountsTable r={r} label="Dry run: items by type and outcome" />
        <Typography>
          {summary.redirects} old URLs will redirect to their new address ({summary.redirectsSkipped} wait for their post to be published or keep a page of this
          site); {summary.linkRewrites} internal links will point at the new URLs; images: {summary.images.found} found in the media zip,{' '}
          {summary.images.missing.length} missing.
        </Typography>
        <UnknownMarkup r={r} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id={actionLabel}>What happens</InputLabel>
            <Select
              labelId={actionLabel}
              label="What happens"
              value={filter.action ?? ''}
              onChange={(e) => setFilter({ ...filter, action: e.target.value || undefined })}
            >
              <MenuItem value="">All</MenuItem>
              {Object.entries(ACTION_LABEL).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id={typeLabel}>Type</InputLabel>
            <Select labelId={typeLabel} label="Type" value={filter.type ?? ''} onChange={(e) => setFilter({ ...filter, type: e.target.value || undefined })}>
              <MenuItem value="">All</MenuItem>
              {types.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField size="small" label="Search title, slug, reason" value={q} onChange={(e) => setQ(e.target.value)} />
          {canExport && (
            <Button variant="outlined" onClick={() => download(planCsvUrl(id, filter), `blog-import-${id}-dry-run.csv`)}>
              Export CSV
            </Button>
          )}
          <Typography aria-live="polite">
            {total} item{total === 1 ? '' : 's'}
          </Typography>
        </Box>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Table size="small" aria-label="Dry run items">
          <TableHead>
            <TableRow>
              <TableCell>What happens</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Title</TableCell>
              <TableCell>New address</TableCell>
              <TableCell>Why</TableCell>
              <TableCell>Where in the file</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={`${e.sourceKey}-${e.location}`}>
                <TableCell>{ACTION_LABEL[e.action] ?? e.action}</TableCell>
                <TableCell>{e.itemType}</TableCell>
                <TableCell>{e.title || '—'}</TableCell>
                <TableCell>{e.slug ? `/blog/${e.slug}` : '—'}</TableCell>
                <TableCell>
                  {e.reason}
                  {e.warnings.length ? ` (${e.warnings.join('; ')})` : ''}
                </TableCell>
                <TableCell>{e.location}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {rows.length < total && (
          <Box>
            <Button onClick={more}>Show more ({total - rows.length} left)</Button>
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
