// The import itself, as a job of the runner ('blog.import'): plan (the same dry run the screen
// shows), then write each post that is new or changed into `posts` (source 'import') together with
// its row in blog_import_items, one transaction per post, updating the progress as it goes; then
// the redirects for every old URL, and the reconciliation report. An interrupted run (a killed
// server, a timeout) leaves whole posts only; the next run plans them as unchanged and goes on
// with the rest, so resuming and importing twice both create nothing new.
import { z } from 'zod'
import { PostCreateSchema, type PostFields } from '../../shared/posts.ts'
import { normalizeSource } from '../../shared/redirects.ts'
import type { Db } from '../db/knex.ts'
import { fromJson, nowIso } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { insertPost, updatePost, type NewPost } from '../posts/store.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { bumpVersion } from '../redirects/store.ts'
import { dryRun, readSource, type SourceKind } from './dryRun.ts'
import { createLinkMapper, rewritePost } from './links.ts'
import { postHash, type Stored } from './plan.ts'
import type { Reconciliation } from './reconcile.ts'
import type { ImportedPost } from './types.ts'

export const REDIRECT_GROUP = 'blog import'
/** How often the progress row is written. */
const PROGRESS_EVERY = 25
/** Posts per transaction. */
const BATCH = 25

export type ImportRow = { id: number; kind: SourceKind; fileName: string; filePath: string; mediaPath: string | null; status: string; createdBy: number | null }

export async function getImport(
  db: Db,
  id: number,
): Promise<(ImportRow & { itemsTotal: number; itemsDone: number; report: Reconciliation | null; error: string | null }) | null> {
  const row = await db('blog_imports').where({ id }).first()
  if (!row) return null
  return {
    id: Number(row.id),
    kind: row.kind as SourceKind,
    fileName: String(row.file_name),
    filePath: String(row.file_path),
    mediaPath: row.media_path ? String(row.media_path) : null,
    status: String(row.status),
    createdBy: row.created_by == null ? null : Number(row.created_by),
    itemsTotal: Number(row.items_total),
    itemsDone: Number(row.items_done),
    report: fromJson<Reconciliation>(row.report),
    error: row.error ? String(row.error) : null,
  }
}

/** What an earlier import stored, and who holds each slug (the source key of an imported post, null for any other). */
export async function storedState(db: Db) {
  const stored = new Map<string, Stored>()
  for (const r of await db('blog_import_items as i').join('posts as p', 'p.id', 'i.post_id').select('i.source_key', 'i.hash', 'p.slug'))
    stored.set(String(r.source_key), { sourceKey: String(r.source_key), slug: String(r.slug), hash: String(r.hash) })
  const owners = new Map<string, string | null>()
  for (const r of await db('posts').select('slug', 'source', 'source_path')) owners.set(String(r.slug), r.source === 'import' ? String(r.source_path) : null)
  return { stored, owners }
}

/** The post fields of an imported post, after link and image rewriting. */
export function toPostFields(post: ImportedPost, slug: string, markdown: string, featureImage: string | null, fallbackAuthor: string): NewPost {
  const fields: Record<string, unknown> = {
    title: post.title,
    slug,
    body: markdown,
    excerpt: post.excerpt,
    tags: [...new Set([...post.tags, ...post.categories])].slice(0, 10),
    author: post.author || fallbackAuthor,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    featuredImage: featureImage,
    featuredImageAlt: featureImage ? post.title : null,
    publishAt: post.status === 'scheduled' ? post.publishedAt : null,
  }
  return {
    ...(fields as PostFields),
    status: post.status,
    date: post.publishedAt ? post.publishedAt.slice(0, 10) : null,
    publishedAt: post.status === 'published' ? post.publishedAt : null,
    source: 'import',
    sourcePath: post.sourceKey,
  }
}

export type RunOptions = {
  signal?: AbortSignal
  isSitePath?: (path: string) => boolean
  fallbackAuthor?: string
  /** Posts per transaction (default BATCH). */
  batchSize?: number
  /** Called after each committed batch with the number of posts written so far. */
  onWritten?: (written: number) => void
}

export async function runImport(db: Db, importId: number, opts: RunOptions = {}): Promise<Reconciliation> {
  const row = await getImport(db, importId)
  if (!row) throw new Error(`blog import ${importId} does not exist`)
  const input = { kind: row.kind, file: row.filePath, name: row.fileName }
  const { stored, owners } = await storedState(db)
  // An old address that is a page of this site keeps that page: no redirect over it.
  const isSitePath = opts.isSitePath ?? ((p: string) => catalogUrls().has(p.toLowerCase()))
  const plan = await dryRun({ ...input, stored: (k) => stored.get(k), slugOwner: (s) => owners.get(s), isSitePath, countLinks: false })
  const bySource = new Map(plan.entries.map((e) => [e.sourceKey, e]))
  const toWrite = plan.entries.filter((e) => e.action === 'create' || e.action === 'update').length
  await db('blog_imports')
    .where({ id: importId })
    .update({ status: 'running', items_total: plan.reconciliation.fileItems, items_done: 0, error: null, updated_at: nowIso() })

  const oldToNew = new Map(plan.redirects.map((r) => [r.from, r.to]))
  for (const s of plan.redirectsSkipped)
    if (!oldToNew.has(s.from) && bySource.get(s.sourceKey)?.slug) oldToNew.set(s.from, `/blog/${bySource.get(s.sourceKey)!.slug}`)
  const hosts = new Set<string>()
  const failures = new Map<string, string>()
  let done = 0
  let written = 0
  // Posts are written in small batches, one transaction each: a killed run leaves whole posts only.
  let batch: Array<{ post: ImportedPost; fields: NewPost }> = []
  const flush = async () => {
    if (!batch.length) return
    const current = batch
    batch = []
    await db.transaction(async (trx) => {
      for (const { post, fields } of current) {
        const hash = postHash(post)
        const existing = await trx('blog_import_items').where({ source_key: post.sourceKey }).first()
        if (existing) {
          const state = { status: fields.status, date: fields.date, publishedAt: fields.publishedAt }
          await updatePost(trx, Number(existing.post_id), { fields, state }, row.createdBy, 'import')
          await trx('blog_import_items').where({ id: existing.id }).update({ hash, import_id: importId, imported_at: nowIso() })
        } else {
          const created = await insertPost(trx, fields, row.createdBy, 'import')
          await trx('blog_import_items').insert({ source_key: post.sourceKey, post_id: created.id, hash, import_id: importId, imported_at: nowIso() })
        }
      }
    })
    written += current.length
    opts.onWritten?.(written)
  }
  for await (const item of readSource(input)) {
    opts.signal?.throwIfAborted()
    done++
    if (item.kind === 'post') {
      const entry = bySource.get(item.post.sourceKey)!
      if (item.post.oldLink) hosts.add(new URL(item.post.oldLink).host)
      if (entry.action === 'create' || entry.action === 'update') {
        const mapLink = createLinkMapper([...hosts], oldToNew)
        const out = rewritePost(item.post, mapLink, (url) => plan.images.get(url)?.path)
        const fields = toPostFields(item.post, entry.slug!, out.markdown, out.featureImage, opts.fallbackAuthor ?? 'Editorial team')
        const checked = PostCreateSchema.safeParse(fields)
        if (!checked.success) {
          failures.set(item.post.sourceKey, checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
        } else {
          batch.push({ post: item.post, fields: { ...fields, ...checked.data } })
          if (batch.length >= (opts.batchSize ?? BATCH)) await flush()
        }
      }
    }
    if (done % PROGRESS_EVERY === 0) {
      await flush()
      await db('blog_imports').where({ id: importId }).update({ items_done: done, updated_at: nowIso() })
    }
  }
  await flush()

  // Redirects for every old URL of a published post, replacing an earlier import's rule for the same address.
  for (const r of plan.redirects) {
    const query = r.from.includes('?')
    const source = normalizeSource(r.from, 'exact', query ? 'exact' : 'ignore')
    const rule = {
      source,
      target: r.to,
      status_code: 301,
      match_type: 'exact',
      query_mode: query ? 'exact' : 'ignore',
      enabled: true,
      group: REDIRECT_GROUP,
      note: `Imported: ${r.sourceKey}`,
    }
    const existing = await db('redirects').where({ match_type: 'exact', source }).first()
    if (existing) await db('redirects').where({ id: existing.id }).update({ target: r.to, updated_at: nowIso() })
    else await db('redirects').insert({ ...rule, created_by: row.createdBy, created_at: nowIso(), updated_at: nowIso() })
  }
  if (plan.redirects.length) await bumpVersion(db)

  const report = rebuildReport(plan.reconciliation, plan.entries, failures)
  await db('blog_imports')
    .where({ id: importId })
    .update({ status: 'done', items_done: done, report: JSON.stringify({ ...report, written, planned: toWrite }), updated_at: nowIso() })
  return report
}

/** The dry run's report with the posts that failed validation moved from created/updated to failed. */
function rebuildReport(
  r: Reconciliation,
  entries: Array<{ sourceKey: string; itemType: string; action: string; title: string; location: string }>,
  failures: Map<string, string>,
): Reconciliation {
  const out: Reconciliation = structuredClone(r)
  for (const e of entries) {
    const reason = failures.get(e.sourceKey)
    if (!reason) continue
    const from = e.action === 'create' ? 'created' : 'updated'
    out.byType[e.itemType][from]--
    out.byType[e.itemType].failed++
    out.byOutcome[from]--
    out.byOutcome.failed++
    out.failed.push({ location: e.location, title: e.title, reason })
  }
  return out
}

export const blogImportJob = defineJob({
  type: 'blog.import',
  payload: z.object({ importId: z.number().int().positive() }),
  maxAttempts: 3,
  backoff: { baseMs: 30_000, maxMs: 10 * 60_000 },
  timeoutMs: 30 * 60_000,
  async handler({ importId }, ctx) {
    try {
      await runImport(ctx.deps.db, importId, { signal: ctx.signal })
    } catch (error) {
      await ctx.deps
        .db('blog_imports')
        .where({ id: importId })
        .update({ status: ctx.lastAttempt ? 'failed' : 'queued', error: String((error as Error).message ?? error).slice(0, 2000), updated_at: nowIso() })
      throw error
    }
  },
})
