// The post editor: Markdown with a live preview (the draft rendered by the site's own templates
// and styles, through its signed preview link), image upload (webp variants, alt text required),
// the SEO panel, autosave of drafts, the impact preview before publishing and the receipt after,
// scheduling, unpublishing (410 or a redirect), and the revisions with a diff between any two and
// a restore. A live post's edits are its pending draft: saving never touches the live page.
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Grid, MenuItem, Select, Stack, TextField, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Confirm, Title, useNotify } from 'react-admin'
import { useParams } from 'react-router-dom'
import { errorMessage, useCan } from '../common/hooks.ts'
import { postsApi, type FieldChange, type Impact, type PostFields, type PostRecord, type Receipt, type Revision } from './api.ts'
import { PublishReceipts } from './PublishReceipts.tsx'
import { ImageUpload } from './ImageUpload.tsx'
import { SeoPanel } from './SeoPanel.tsx'
import { ScrollArea } from '../common/ScrollArea.tsx'

const hhmm = (d = new Date()) => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

const TEXT_FIELDS: { key: keyof PostFields; label: string; max?: number; multiline?: boolean; help?: string }[] = [
  { key: 'title', label: 'Title', max: 60 },
  { key: 'slug', label: 'Slug', help: 'Changing the slug of a live post redirects its old URL.' },
  { key: 'author', label: 'Author' },
  { key: 'excerpt', label: 'Excerpt', max: 160, multiline: true },
  { key: 'seoTitle', label: 'SEO title (optional)', max: 60 },
  { key: 'seoDescription', label: 'SEO description (optional)', max: 160, multiline: true },
  { key: 'focusKeyphrase', label: 'Focus keyphrase' },
  { key: 'canonicalUrl', label: 'Canonical URL (optional)' },
  { key: 'featuredImage', label: 'Featured image path' },
  { key: 'featuredImageAlt', label: 'Featured image alt text', help: 'Required with an image.' },
]

function ImpactList({ impact }: { impact: Impact }) {
  const rows: [string, string[]][] = [
    ['Added', impact.added],
    ['Changed', impact.changed],
    ['Removed', impact.removed],
  ]
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {rows.map(([label, urls]) => (
        <Box key={label}>
          <Typography component="dt" fontWeight={600}>
            {label} ({urls.length})
          </Typography>
          <Box component="dd" sx={{ ml: 2 }}>
            {urls.length ? urls.map((u) => <div key={u}>{u}</div>) : 'none'}
          </Box>
        </Box>
      ))}
    </Box>
  )
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  if (!receipt.siteBuilt) return <Alert severity="info">Saved. This server has no pre-rendered site to update; the next full build includes the change.</Alert>
  return (
    <Alert severity={receipt.ok ? 'success' : 'error'} role="status">
      {receipt.ok ? `Live: ${receipt.written.length} file(s) written in ${receipt.durationMs} ms.` : 'A check failed: nothing was changed on the live site.'}
      {receipt.failures.length > 0 && (
        <ul>
          {receipt.failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <ImpactList impact={receipt.impact} />
      {receipt.ok && receipt.webSubPing != null && <Typography>The WebSub hub is pinged with the new feeds (job #{receipt.webSubPing}).</Typography>}
    </Alert>
  )
}

export function PostEdit() {
  const { id = '' } = useParams()
  const post = useQuery({ queryKey: ['admin', 'post', id], queryFn: () => postsApi.get(id) })
  const revisions = useQuery({ queryKey: ['admin', 'post-revisions', id], queryFn: () => postsApi.revisions(id) })
  // Here, not in the editor: the editor remounts when the post reloads after publishing.
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  if (post.error)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(post.error, 'This post could not be loaded.')}
      </Alert>
    )
  if (!post.data) return <Typography sx={{ p: 2 }}>Loading…</Typography>
  const reload = async () => {
    await Promise.all([post.refetch(), revisions.refetch()])
  }
  return (
    <Editor
      key={post.dataUpdatedAt}
      id={id}
      post={post.data}
      revisions={revisions.data ?? []}
      reload={reload}
      reloadRevisions={() => void revisions.refetch()}
      receipt={receipt}
      setReceipt={setReceipt}
    />
  )
}

function Editor({
  id,
  post,
  revisions,
  reload,
  reloadRevisions,
  receipt,
  setReceipt,
}: {
  id: string
  post: PostRecord
  revisions: Revision[]
  reload: () => Promise<void>
  reloadRevisions: () => void
  receipt: Receipt | null
  setReceipt: (receipt: Receipt | null) => void
}) {
  const notify = useNotify()
  const { can, role } = useCan()
  const [fields, setFields] = useState<PostFields>(post.draft)
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState('')
  const [impact, setImpact] = useState<Impact | null>(null)
  const [publishAt, setPublishAt] = useState('')
  const [goneTarget, setGoneTarget] = useState('')
  const [chosenPair, setPair] = useState<[number, number] | null>(null)
  const pair = chosenPair ?? (revisions.length > 1 ? ([revisions[1].number, revisions[0].number] as [number, number]) : null)
  const [diff, setDiff] = useState<FieldChange[] | null>(null)
  const [brokenLinks, setBrokenLinks] = useState(post.brokenLinks ?? [])
  const saving = useRef(false)
  // Where the caret was when the body was last left: an uploaded image goes there.
  const bodyCaret = useRef<number | null>(null)
  const [previewUrl, setPreviewUrl] = useState<string | null>(null)
  const [previewVersion, setPreviewVersion] = useState(0)
  const [shared, setShared] = useState<{ url: string; expiresAt: string } | null>(null)
  // Bumped by "Revoke preview links": the live preview asks for a link of the new generation.
  const [linkEpoch, setLinkEpoch] = useState(0)
  const [confirmRevoke, setConfirmRevoke] = useState(false)
  const load = reload

  // The live preview: the signed preview page of this draft, reloaded after each save.
  useEffect(() => {
    let gone = false
    postsApi.previewLink(id, 24).then(
      (link) => !gone && setPreviewUrl(link.url),
      () => !gone && setPreviewUrl(null),
    )
    return () => {
      gone = true
    }
  }, [id, linkEpoch])

  const fail = (e: unknown, fallback: string) => {
    const body = (e as { body?: { errors?: Record<string, string>; receipt?: Receipt } }).body
    if (body?.errors) setErrors(body.errors)
    if (body?.receipt) setReceipt({ ...body.receipt, siteBuilt: true })
    notify(errorMessage(e, fallback), { type: 'error' })
  }

  const save = useCallback(
    async (autosave: boolean) => {
      if (!fields || saving.current) return
      saving.current = true
      try {
        const record = await postsApi.save(id, fields, autosave)
        setBrokenLinks(record.brokenLinks ?? [])
        setDirty(false)
        setErrors({})
        setStatus(`Saved at ${hhmm()}${record.status === 'published' ? ' (as the pending draft: the live page is unchanged)' : ''}`)
        setPreviewVersion((v) => v + 1)
        reloadRevisions()
      } catch (e) {
        if (!autosave) fail(e, 'The post was not saved.')
        else setStatus(`Autosave failed: ${errorMessage(e)}`)
      } finally {
        saving.current = false
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fields, id, reloadRevisions],
  )

  // Autosave a changed draft after 3 s without typing.
  useEffect(() => {
    if (!dirty) return
    const timer = setTimeout(() => void save(true), 3000)
    return () => clearTimeout(timer)
  }, [dirty, fields, save])

  const set = (key: keyof PostFields, value: unknown) => {
    setFields((f) => ({ ...f, [key]: value }))
    setDirty(true)
  }
  /** Puts the uploaded image's Markdown at the cursor of the body (or at its end). */
  const insertImage = (markdown: string) => {
    setFields((f) => {
      const at = Math.min(bodyCaret.current ?? f.body.length, f.body.length)
      const before = f.body.slice(0, at)
      const after = f.body.slice(at)
      const sep = (text: string) => (text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n')
      return { ...f, body: `${before}${sep(before)}${markdown}\n\n${after.replace(/^\n+/, '')}` }
    })
    setDirty(true)
  }
  const copyPreviewLink = async () => {
    try {
      const link = await postsApi.previewLink(id)
      const url = new URL(link.url, window.location.origin).toString()
      setShared({ url, expiresAt: link.expiresAt })
      try {
        await navigator.clipboard.writeText(url)
        notify(`Preview link copied. It works until ${new Date(link.expiresAt).toLocaleString()}.`, { type: 'success' })
      } catch {
        notify('Copy the preview link from the field below the button.', { type: 'info' })
      }
    } catch (e) {
      fail(e, 'The preview link could not be made.')
    }
  }
  const revokePreviewLinks = async () => {
    setConfirmRevoke(false)
    try {
      await postsApi.revokePreviewLinks(id)
      setShared(null)
      setLinkEpoch((n) => n + 1)
      notify('Preview links revoked: every link made before now answers “revoked”. Copy a new one to share the draft again.', { type: 'success' })
    } catch (e) {
      fail(e, 'The preview links could not be revoked.')
    }
  }
  const canPublish = can('posts', 'publish')
  const act = async (fn: () => Promise<void>, fallback: string) => {
    try {
      if (dirty) await postsApi.save(id, fields)
      await fn()
    } catch (e) {
      fail(e, fallback)
    }
  }

  return (
    <Box sx={{ p: 2 }}>
      <Title title={`Post: ${post.title}`} />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap">
        <Typography component="h2" variant="h5">
          {post.title}
        </Typography>
        <Typography>
          Status: <strong data-testid="post-status">{post.status}</strong>
          {post.hasPendingDraft && ' (with unpublished changes)'}
          {post.approvalRequestedBy !== null && ' (waiting for approval)'}
        </Typography>
        {post.status === 'published' && <a href={post.url}>View live page</a>}
        <Typography role="status" color="text.secondary">
          {status}
        </Typography>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <Stack spacing={2}>
                {TEXT_FIELDS.map((f) => {
                  const value = String(fields[f.key] ?? '')
                  const over = f.max !== undefined && value.length > f.max
                  return (
                    <TextField
                      key={f.key}
                      id={`post-${f.key}`}
                      label={f.label}
                      value={value}
                      multiline={f.multiline}
                      onChange={(e) => set(f.key, e.target.value)}
                      error={Boolean(errors[f.key]) || over}
                      helperText={errors[f.key] ?? (f.max ? `${value.length}/${f.max}${f.help ? ` · ${f.help}` : ''}` : f.help)}
                      fullWidth
                    />
                  )
                })}
                <TextField
                  id="post-tags"
                  label="Tags (comma separated slugs)"
                  value={fields.tags.join(', ')}
                  onChange={(e) =>
                    set(
                      'tags',
                      e.target.value
                        .split(',')
                        .map((t) => t.trim())
                        .filter(Boolean),
                    )
                  }
                  error={Boolean(errors.tags)}
                  helperText={errors.tags}
                />
                <FormControlLabel
                  control={<Checkbox checked={fields.noindex} onChange={(e) => set('noindex', e.target.checked)} />}
                  label="Hide from search engines (noindex)"
                />
                <ImageUpload label="Insert an image into the body" testId="body-image-upload" onUploaded={(image) => insertImage(image.markdown)} />
                <TextField
                  id="post-body"
                  label="Body (Markdown)"
                  onBlur={(e) => {
                    bodyCaret.current = (e.target as HTMLTextAreaElement).selectionStart
                  }}
                  value={fields.body}
                  onChange={(e) => set('body', e.target.value)}
                  multiline
                  minRows={14}
                  error={Boolean(errors.body)}
                  helperText={errors.body ?? `${fields.body.trim().split(/\s+/).filter(Boolean).length} words`}
                  fullWidth
                />
                <ImageUpload
                  label="Featured image"
                  testId="featured-image-upload"
                  onUploaded={(image) => {
                    setFields((f) => ({ ...f, featuredImage: image.url, featuredImageAlt: image.alt }))
                    setDirty(true)
                  }}
                />
                {brokenLinks.length > 0 && <Alert severity="warning">Links that lead nowhere on the site: {brokenLinks.join(', ')}</Alert>}
                <Stack direction="row" spacing={1} flexWrap="wrap">
                  {can('posts', 'edit') && (
                    <Button variant="contained" onClick={() => void save(false)}>
                      Save {post.status === 'published' ? 'draft' : ''}
                    </Button>
                  )}
                  <Button onClick={() => void copyPreviewLink()}>Copy preview link</Button>
                  {can('posts', 'edit') && <Button onClick={() => setConfirmRevoke(true)}>Revoke preview links</Button>}
                  {canPublish && (
                    <Button onClick={() => void act(async () => setImpact((await postsApi.impact(id, 'publish')).impact), 'The impact preview failed.')}>
                      Preview impact
                    </Button>
                  )}
                  {canPublish && (
                    <Button
                      variant="contained"
                      color="success"
                      onClick={() =>
                        void act(async () => {
                          const r = await postsApi.publish(id)
                          if (r.requested) notify(r.message ?? 'Publish request sent.', { type: 'info' })
                          if (r.receipt) setReceipt(r.receipt)
                          setImpact(null)
                          await load()
                        }, 'Publishing failed.')
                      }
                    >
                      {post.status === 'published' ? 'Publish changes' : 'Publish now'}
                    </Button>
                  )}
                  {role === 'admin' && post.approvalRequestedBy !== null && (
                    <Button
                      color="success"
                      onClick={() =>
                        void act(async () => {
                          setReceipt((await postsApi.approve(id)).receipt)
                          await load()
                        }, 'Approval failed.')
                      }
                    >
                      Approve and publish
                    </Button>
                  )}
                  {post.hasPendingDraft && can('posts', 'edit') && (
                    <Button
                      onClick={() =>
                        void act(async () => {
                          await postsApi.discardDraft(id)
                          await load()
                        }, 'Discarding failed.')
                      }
                    >
                      Discard unpublished changes
                    </Button>
                  )}
                </Stack>
                <Confirm
                  isOpen={confirmRevoke}
                  title="Revoke every preview link of this post?"
                  content="Links already shared (with a client, a colleague) stop working at once and answer “revoked”. The editor's preview and new links keep working."
                  confirm="Revoke links"
                  onConfirm={() => void revokePreviewLinks()}
                  onClose={() => setConfirmRevoke(false)}
                />
                {shared && (
                  <TextField
                    id="post-preview-link"
                    label={`Preview link (noindex, works until ${new Date(shared.expiresAt).toLocaleString()})`}
                    value={shared.url}
                    slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'preview-link' } }}
                    onFocus={(e) => e.target.select()}
                    fullWidth
                  />
                )}
                {canPublish && post.status !== 'published' && (
                  <Stack direction="row" spacing={1} alignItems="center">
                    <TextField
                      id="post-publish-at"
                      type="datetime-local"
                      label="Publish at"
                      value={publishAt}
                      onChange={(e) => setPublishAt(e.target.value)}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <Button
                      onClick={() =>
                        void act(async () => {
                          await postsApi.schedule(id, new Date(publishAt).toISOString())
                          notify('Scheduled: the job runner publishes it at that time.', { type: 'success' })
                          await load()
                        }, 'Scheduling failed.')
                      }
                      disabled={!publishAt}
                    >
                      Schedule
                    </Button>
                  </Stack>
                )}
                {canPublish && post.status === 'published' && (
                  <Stack direction="row" spacing={1} alignItems="center">
                    <TextField
                      id="post-gone-target"
                      label="Redirect to (empty: 410 Gone)"
                      value={goneTarget}
                      onChange={(e) => setGoneTarget(e.target.value)}
                      error={Boolean(errors.target)}
                      helperText={errors.target}
                    />
                    <Button
                      color="error"
                      onClick={() =>
                        void act(async () => {
                          const r = await postsApi.unpublish(id, goneTarget || null)
                          if (r.receipt) setReceipt(r.receipt)
                          await load()
                        }, 'Unpublishing failed.')
                      }
                    >
                      Unpublish
                    </Button>
                  </Stack>
                )}
                {impact && (
                  <Alert severity="info">
                    <Typography fontWeight={600}>If you publish now:</Typography>
                    <ImpactList impact={impact} />
                  </Alert>
                )}
                {receipt && <ReceiptView receipt={receipt} />}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardContent>
              <SeoPanel fields={fields} postId={post.id} />
            </CardContent>
          </Card>
          <Card sx={{ mt: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6">
                Preview
              </Typography>
              <Typography variant="body2" color="text.secondary">
                The last saved draft as it will be published: the site&apos;s own page template and styles. It refreshes after each save (autosave runs 3
                seconds after you stop typing).
              </Typography>
              {previewUrl ? (
                <Box
                  component="iframe"
                  key={previewVersion}
                  title="Preview of the draft as it will be published"
                  src={`${previewUrl}?v=${previewVersion}`}
                  sx={{ width: '100%', height: 640, border: '1px solid', borderColor: 'divider', borderRadius: 1, mt: 1, bgcolor: '#fff' }}
                />
              ) : (
                <Typography sx={{ mt: 1 }}>Loading the preview…</Typography>
              )}
            </CardContent>
          </Card>
          <Card sx={{ mt: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6">
                Revisions
              </Typography>
              {revisions.length > 1 && pair && (
                <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
                  <Select
                    size="small"
                    value={pair[0]}
                    onChange={(e) => setPair([Number(e.target.value), pair[1]])}
                    inputProps={{ 'aria-label': 'Compare from revision' }}
                  >
                    {revisions.map((r) => (
                      <MenuItem key={r.number} value={r.number}>
                        #{r.number} {r.kind}
                      </MenuItem>
                    ))}
                  </Select>
                  <Select
                    size="small"
                    value={pair[1]}
                    onChange={(e) => setPair([pair[0], Number(e.target.value)])}
                    inputProps={{ 'aria-label': 'Compare to revision' }}
                  >
                    {revisions.map((r) => (
                      <MenuItem key={r.number} value={r.number}>
                        #{r.number} {r.kind}
                      </MenuItem>
                    ))}
                  </Select>
                  <Button
                    onClick={() =>
                      void postsApi.diff(id, pair[0], pair[1]).then(
                        (d) => setDiff(d.changes),
                        (e) => fail(e, 'The diff failed.'),
                      )
                    }
                  >
                    Compare
                  </Button>
                </Stack>
              )}
              {diff && (
                <ScrollArea label="Differences" maxHeight={300} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                  {diff.length === 0 && 'No differences.'}
                  {diff.map((c) =>
                    c.lines ? (
                      <Box key={c.field}>
                        <strong>{c.field}</strong>
                        {c.lines
                          .filter((l) => l.op !== 'same')
                          .map((l, i) => (
                            <Box key={i} sx={{ bgcolor: l.op === 'add' ? '#e6f4ea' : '#fde7e9', color: '#1b1b1b' }}>
                              {l.op === 'add' ? '+ ' : '− '}
                              {l.text}
                            </Box>
                          ))}
                      </Box>
                    ) : (
                      <Box key={c.field}>
                        <strong>{c.field}</strong>: {JSON.stringify(c.from)} → {JSON.stringify(c.to)}
                      </Box>
                    ),
                  )}
                </ScrollArea>
              )}
              <Box component="ul" sx={{ pl: 2 }}>
                {revisions.map((r) => (
                  <li key={r.number}>
                    #{r.number} {r.kind} · {new Date(r.createdAt).toLocaleString()} · {r.title}{' '}
                    {can('posts', 'edit') && (
                      <Button
                        size="small"
                        onClick={() =>
                          void postsApi.restore(id, r.number).then(
                            () => load(),
                            (e) => fail(e, 'The restore failed.'),
                          )
                        }
                      >
                        Restore
                      </Button>
                    )}
                  </li>
                ))}
              </Box>
            </CardContent>
          </Card>
          <PublishReceipts receipts={post.receipts ?? []} />
        </Grid>
      </Grid>
    </Box>
  )
}
