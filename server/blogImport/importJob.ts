// The import itself, as a job of the runner ('blog.import'): plan (the same dry run the screen
// shows), then write each post that is new or changed into `posts` (source 'import') together with
// its row in blog_import_items, in batches of one transaction each (up to 200 posts, committed at
// least every second with the progress in the same transaction); then
// the redirects for every old URL, and the reconciliation report. An interrupted run (a killed
// server, a timeout) leaves whole posts only; the next run plans them as unchanged and goes on
// with the rest, so resuming and importing twice both create nothing new.
import { z } from 'zod'
import { PostCreateSchema, type PostFields } from '../../shared/posts.ts'
import { normalizeSource } from '../../shared/redirects.ts'
import type { Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { chunk, fromJson, nowIso, type Queryable } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { publisherFor, withPublish } from '../posts/service.ts'
import { insertPosts, updatePost, type NewPost } from '../posts/store.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { bumpVersion, redirectStore } from '../redirects/store.ts'
import { walk, type DryRun, type SourceKind } from './dryRun.ts'
import { postHash, type Stored } from './plan.ts'
import type { Reconciliation } from './reconcile.ts'
import type { ImportedPost } from './types.ts'
import { excerptOf } from './toMarkdown.ts'
import { REDIRECT_GROUP } from './constants.ts'
import { convertFound, zipEntryNames, type ImagesState } from './images.ts'
import { checkOldUrls } from './urlCheck.ts'

export { REDIRECT_GROUP }
/** Posts per transaction at most. */
const BATCH = 200
/** A batch is committed (with the progress) at least this often, so the progress bar moves at any speed. */
const COMMIT_MS = 1000

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
    excerpt: excerptOf(post.excerpt, markdown),
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

/** The images state an import leaves: found in the zip (converted by the image step) and missing. */
function imagesState(plan: DryRun, kind: SourceKind, previous: ImagesState | null): ImagesState {
  const provided = (previous?.found ?? []).filter((f) => f.from === 'provided')
  const providedUrls = new Set(provided.map((f) => f.url))
  return {
    found: [
      ...[...plan.images].map(([url, { entry, path }]) => ({ url, entry, path, from: kind === 'markdown' ? ('export zip' as const) : ('media zip' as const) })),
      ...provided,
    ],
    missing: plan.missingImages.filter((m) => !providedUrls.has(m.url)),
    failed: (previous?.failed ?? []).filter((f) => !plan.images.has(f.url)),
    converted: previous?.converted ?? 0,
  }
}

/**
 * Plans and writes in the same two streaming passes as the dry run (dryRun.ts walk): each post
 * is converted once, validated, and written with the others of its batch in one transaction
 * (a multi-row insert of revisions and item rows); then the redirects in chunks of 500.
 */
export async function runImport(db: Db, importId: number, opts: RunOptions = {}): Promise<Reconciliation> {
  const row = await getImport(db, importId)
  if (!row) throw new Error(`blog import ${importId} does not exist`)
  const input = { kind: row.kind, file: row.filePath, name: row.fileName }
  const { stored, owners } = await storedState(db)
  // An old address that is a page of this site keeps that page: no redirect over it.
  const isSitePath = opts.isSitePath ?? ((p: string) => catalogUrls().has(p.toLowerCase()))
  const mediaEntries = row.mediaPath ? await zipEntryNames(row.mediaPath) : []
  const previousImages = fromJson<ImagesState>((await db('blog_imports').where({ id: importId }).first('images'))?.images)
  const providedImages = new Map((previousImages?.found ?? []).filter((f) => f.from === 'provided').map((f) => [f.url, f.path]))
  await db('blog_imports').where({ id: importId }).update({ status: 'running', phase: 'posts', items_done: 0, error: null, updated_at: nowIso() })

  const batchSize = opts.batchSize ?? BATCH
  let written = 0
  let planned = 0
  let index = 0
  let progressed = 0
  let lastCommit = performance.now()
  // Posts are written in batches, one transaction each, with the progress row in the same
  // transaction: a killed run leaves whole posts only, and a commit (an fsync on SQLite) is paid
  // once per batch, not once per post or progress update. docs/decisions/153-import-batching.md
  let batch: Array<{ post: ImportedPost; fields: NewPost }> = []
  const progress = (q: Queryable) => {
    progressed = index
    return q('blog_imports').where({ id: importId }).update({ items_done: index, updated_at: nowIso() })
  }
  const flush = async () => {
    lastCommit = performance.now()
    if (!batch.length) {
      if (index !== progressed) await progress(db)
      return
    }
    const current = batch
    batch = []
    await db.transaction(async (trx) => {
      const keys = current.map((b) => b.post.sourceKey)
      const existing = new Map<string, { id: number; post_id: number }>()
      for (const part of chunk(keys, 500))
        for (const r of await trx('blog_import_items').whereIn('source_key', part).select('id', 'post_id', 'source_key'))
          existing.set(String(r.source_key), { id: Number(r.id), post_id: Number(r.post_id) })
      const fresh = current.filter((b) => !existing.has(b.post.sourceKey))
      const at = nowIso()
      for (const { post, fields } of current) {
        const known = existing.get(post.sourceKey)
        if (!known) continue
        const state = { status: fields.status, date: fields.date, publishedAt: fields.publishedAt }
        await updatePost(trx, known.post_id, { fields, state }, row.createdBy, 'import')
        await trx('blog_import_items')
          .where({ id: known.id })
          .update({ hash: postHash(post), import_id: importId, imported_at: at })
      }
      if (fresh.length) {
        const ids = await insertPosts(
          trx,
          fresh.map((b) => b.fields),
          row.createdBy,
          'import',
        )
        const items = fresh.map((b, i) => ({ source_key: b.post.sourceKey, post_id: ids[i], hash: postHash(b.post), import_id: importId, imported_at: at }))
        for (const part of chunk(items, 200)) await trx('blog_import_items').insert(part)
      }
      await progress(trx)
    })
    written += current.length
    opts.onWritten?.(written)
  }

  const plan = await walk({
    ...input,
    keepEntries: false,
    stored: (k) => stored.get(k),
    slugOwner: (s) => owners.get(s),
    isSitePath,
    mediaEntries,
    providedImages,
    onCounted: async (items) => {
      await db('blog_imports').where({ id: importId }).update({ items_total: items, updated_at: nowIso() })
    },
    onItem: async (item, entry, rewritten, at) => {
      opts.signal?.throwIfAborted()
      index = at
      let failure: string | undefined
      if (item.kind === 'post' && (entry.action === 'create' || entry.action === 'update')) {
        planned++
        const fields = toPostFields(item.post, entry.slug!, rewritten!.markdown, rewritten!.featureImage, opts.fallbackAuthor ?? 'Editorial team')
        const checked = PostCreateSchema.safeParse(fields)
        if (!checked.success) failure = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
        else batch.push({ post: item.post, fields: { ...fields, ...checked.data } })
      }
      if (batch.length >= batchSize || performance.now() - lastCommit >= COMMIT_MS) await flush()
      return failure
    },
  })
  await flush()

  // Redirects for every old URL of a published post, replacing an earlier import's rule for the same address.
  const rules = plan.redirects.map((r) => {
    const query = r.from.includes('?')
    return { source: normalizeSource(r.from, 'exact', query ? 'exact' : 'ignore'), query, r }
  })
  for (const part of chunk(rules, 500)) {
    await db.transaction(async (trx) => {
      const existing = new Map<string, { id: number; target: string }>()
      for (const e of await trx('redirects')
        .where({ match_type: 'exact' })
        .whereIn(
          'source',
          part.map((p) => p.source),
        )
        .select('id', 'source', 'target'))
        existing.set(String(e.source), { id: Number(e.id), target: String(e.target) })
      const at = nowIso()
      const inserts: Record<string, unknown>[] = []
      const seen = new Set<string>()
      for (const { source, query, r } of part) {
        if (seen.has(source)) continue
        seen.add(source)
        const known = existing.get(source)
        if (known) {
          if (known.target !== r.to) await trx('redirects').where({ id: known.id }).update({ target: r.to, updated_at: at })
          continue
        }
        inserts.push({
          source,
          target: r.to,
          status_code: 301,
          match_type: 'exact',
          query_mode: query ? 'exact' : 'ignore',
          enabled: true,
          group: REDIRECT_GROUP,
          note: `Imported: ${r.sourceKey}`,
          created_by: row.createdBy,
          created_at: at,
          updated_at: at,
        })
      }
      for (const ins of chunk(inserts, 50)) await trx('redirects').insert(ins)
    })
  }
  if (plan.redirects.length) {
    await bumpVersion(db)
    // This instance serves the new rules at once (others within their refresh interval).
    await redirectStore(db).refresh()
  }

  const report = plan.reconciliation
  await db('blog_imports')
    .where({ id: importId })
    .update({
      status: 'done',
      phase: 'posts written',
      items_done: report.fileItems,
      images: JSON.stringify(imagesState(plan, row.kind, previousImages)),
      report: JSON.stringify({ ...report, written, planned, redirects: plan.redirects.length, redirectsSkipped: plan.redirectsSkipped.length }),
      updated_at: nowIso(),
    })
  return report
}

/**
 * One incremental publish for everything an import changed (the imported posts are already
 * committed; the publisher diffs the database against what the site was built with). The
 * publisher reads its first snapshot outside the publish transaction: inside it, SQLite's single
 * connection is held by the transaction and the read would wait for ever.
 */
export async function publishImported(db: Db, env: Env, action: string, userId: number | null) {
  await publisherFor(env)?.init(db)
  return withPublish(db, env, { postId: 0, action, userId }, async () => {})
}

/**
 * What follows the posts in the job: the image step (found images converted to WebP), the
 * publish of the imported posts (the incremental publisher renders them when the site is built;
 * without a build they are in the catalog and the next build renders them), and the check of
 * every old URL through this server (when the runner knows the server's address).
 */
export async function afterImport(deps: { db: Db; env: Env; origin?: string }, importId: number, signal?: AbortSignal) {
  const { db, env } = deps
  const row = await getImport(db, importId)
  if (!row) return
  const setPhase = (phase: string, extra: Record<string, unknown> = {}) =>
    db('blog_imports')
      .where({ id: importId })
      .update({ phase, ...extra, updated_at: nowIso() })
  await setPhase('images')
  const state = fromJson<ImagesState>((await db('blog_imports').where({ id: importId }).first('images'))?.images)
  if (state) {
    const next = await convertFound(env.VAR_DIR, state, row.kind === 'markdown' ? { 'export zip': row.filePath } : { 'media zip': row.mediaPath ?? undefined })
    await setPhase('images', { images: JSON.stringify(next) })
  }
  signal?.throwIfAborted()
  await setPhase('publish')
  const receipt = await publishImported(db, env, 'import', row.createdBy)
  const report = fromJson<Record<string, unknown>>((await db('blog_imports').where({ id: importId }).first('report'))?.report) ?? {}
  report.publish = { ok: receipt.ok, siteBuilt: receipt.siteBuilt, added: receipt.impact.added.length, failures: receipt.failures.slice(0, 50) }
  await setPhase('publish', { report: JSON.stringify(report) })
  signal?.throwIfAborted()
  if (deps.origin) {
    await setPhase('check')
    const check = await checkOldUrls(db, deps.origin, { signal })
    check.notPublished = Number(report.redirectsSkipped ?? 0)
    await setPhase('done', { url_check: JSON.stringify(check) })
  } else await setPhase('done')
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
      await setStatus(ctx.deps.db, importId, 'running')
      await afterImport(ctx.deps, importId, ctx.signal)
      await setStatus(ctx.deps.db, importId, 'done')
    } catch (error) {
      await ctx.deps
        .db('blog_imports')
        .where({ id: importId })
        .update({ status: ctx.lastAttempt ? 'failed' : 'queued', error: String((error as Error).message ?? error).slice(0, 2000), updated_at: nowIso() })
      throw error
    }
  },
})

const setStatus = (db: Db, id: number, status: string) => db('blog_imports').where({ id }).update({ status, updated_at: nowIso() })
