// What staff do to posts (issue 11), shared by the admin routes and the scheduling job: publish
// (now, or at publishAt through the job runner), unpublish (410 or a redirect), apply a pending
// draft, and the impact preview. Each change runs in one transaction with its incremental
// publish: a failed check rolls the change back and leaves the live site as it was.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { internalLinks, postReadiness, type PostFields } from '../../shared/posts.ts'
import type { Db } from '../db/knex.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { insertReturningId, nowIso, type Queryable } from '../db/rows.ts'
import { projectRoot, type Env } from '../env.ts'
import { defineJob, enqueueJob } from '../jobs/define.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { createSlugRedirect } from '../redirects/automatic.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { bumpVersion, redirectStore } from '../redirects/store.ts'
import { setDbPosts } from '../../data/dbPosts.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { enqueueWebSubPing } from '../feeds/websub.ts'
import { feedsOf, Publisher, type Receipt } from './publisher.ts'
import { readSnapshot } from './snapshot.ts'
import { fieldsOf, getPost, getPostBySlug, updatePost, type Post } from './store.ts'
import { socialAutoDraftJob } from '../social/service.ts'

const postUrl = (slug: string) => `/blog/${slug}`

const publishers = new Map<string, Publisher>()
/** The publisher of the served site, or null when this checkout has no build to update. */
export function publisherFor(env: Pick<Env, 'STATIC_DIR'>): Publisher | null {
  const built = fs.existsSync(path.join(env.STATIC_DIR, 'sitemap.xml')) && fs.existsSync(path.join(projectRoot, 'dist', 'server'))
  if (!built) return null
  let p = publishers.get(env.STATIC_DIR)
  if (!p) publishers.set(env.STATIC_DIR, (p = new Publisher({ root: projectRoot, outDir: env.STATIC_DIR })))
  return p
}

/** webSubPing: the job that pings the hub with the feeds written (null: no hub configured, or
 * nothing published; the receipt of the ping itself is on /admin/syndication). */
export type PublishReceipt = Receipt & { siteBuilt: boolean; receiptId: number | null; webSubPing: number | null }

/** The catalog learns the database's published posts (at server start, before any publish). */
export async function loadPublishedPosts(db: Db) {
  setDbPosts(await readSnapshot(db))
}

const ROLLBACK = Symbol('rollback')

/**
 * Runs `change` and the incremental publish in one transaction. Dry run: always rolled back.
 * A failed check: rolled back, the receipt says why. No build here: the change is kept and the
 * receipt says the next full build will show it.
 */
export async function withPublish(
  db: Db,
  env: Pick<Env, 'STATIC_DIR'>,
  meta: { postId: number; action: string; userId: number | null },
  change: (trx: Queryable) => Promise<void>,
  { dryRun = false } = {},
): Promise<PublishReceipt> {
  const publisher = publisherFor(env)
  // Before the transaction: with SQLite's single connection, a read on `db` inside it would wait
  // for the transaction to end.
  if (publisher) await publisher.init(db)
  let receipt: PublishReceipt | undefined
  try {
    await db.transaction(async (trx) => {
      await change(trx)
      if (publisher) {
        receipt = { ...(await publisher.sync(trx, { dryRun })), siteBuilt: true, receiptId: null, webSubPing: null }
      } else {
        receipt = {
          ok: true,
          impact: { added: [], changed: [], removed: [] },
          written: [],
          failures: [],
          durationMs: 0,
          siteBuilt: false,
          receiptId: null,
          webSubPing: null,
        }
      }
      if (dryRun || !receipt.ok) throw ROLLBACK
      receipt.receiptId = await saveReceipt(trx, meta, receipt)
    })
  } catch (error) {
    if (error !== ROLLBACK) throw error
  }
  if (!dryRun && receipt && !receipt.ok) receipt.receiptId = await saveReceipt(db, meta, receipt)
  if (!dryRun && receipt?.ok) {
    // Without a build to update, the catalog still learns the published posts (slug and link checks).
    if (!publisher) setDbPosts(await readSnapshot(db))
    await redirectStore(db).refresh()
    // The feeds changed: ping the WebSub hub through the job runner (nothing when none is configured).
    const feeds = feedsOf(receipt.written)
    if (feeds.length) receipt.webSubPing = await enqueueWebSubPing(db, getSiteContext().siteUrl, feeds)
  }
  return receipt!
}

async function saveReceipt(db: Queryable, meta: { postId: number; action: string; userId: number | null }, r: Receipt) {
  return insertReturningId(db('publish_receipts'), {
    post_id: meta.postId || null,
    action: meta.action,
    ok: r.ok,
    impact: JSON.stringify(r.impact),
    written: JSON.stringify(r.written),
    failures: JSON.stringify(r.failures),
    duration_ms: r.durationMs,
    created_by: meta.userId,
    created_at: nowIso(),
  })
}

/** Slug free across the catalog (file posts, pages, other database posts); its own live URL is fine. */
export async function checkSlug(db: Queryable, slug: string, self: Post | null) {
  const other = await getPostBySlug(db, slug)
  if (other && other.id !== self?.id)
    throw httpError(400, 'Please correct the highlighted fields.', { slug: `Another post ("${other.title}") already uses this slug.` })
  const url = postUrl(slug)
  const live = self?.status === 'published' && self.slug === slug
  if (!live && !other && catalogUrls().has(url))
    throw httpError(400, 'Please correct the highlighted fields.', {
      slug: `${url} is already a page of the site; pick another slug (or import that file post).`,
    })
}

/** Internal links of the body that are not pages of the site or files it serves. */
export function brokenLinks(body: string, slug: string, env: Pick<Env, 'STATIC_DIR'>): string[] {
  const urls = catalogUrls()
  return internalLinks(body).filter((href) => {
    const p = href.toLowerCase()
    if (p === postUrl(slug) || urls.has(p) || p.startsWith('/media/posts/')) return false
    const file = path.join(env.STATIC_DIR, href.slice(1))
    return !(file.startsWith(env.STATIC_DIR) && fs.existsSync(file) && fs.statSync(file).isFile())
  })
}

/** The fields that will go live: the pending draft over the live fields. */
export const goingLive = (post: Post): PostFields => ({ ...fieldsOf(post), ...(post.pending ?? {}) }) as PostFields

/** Everything a post must satisfy to go live; throws a 422 naming the fields. */
export async function checkPublishable(db: Queryable, post: Post, env: Pick<Env, 'STATIC_DIR'>) {
  const fields = goingLive(post)
  const errors = postReadiness(fields)
  const broken = brokenLinks(fields.body, fields.slug, env)
  if (broken.length)
    errors.body = [errors.body, `These links do not lead to a page of the site: ${broken.join(', ')}. Fix or remove them.`].filter(Boolean).join(' ')
  if (fields.featuredImage && !fields.featuredImageAlt) errors.featuredImageAlt = 'Describe the featured image (alt text) before publishing.'
  // A canonical site path must be a page of the site (as a /admin/cms override's must).
  const canonical = fields.canonicalUrl
  if (canonical?.startsWith('/') && canonical.toLowerCase() !== postUrl(fields.slug) && !catalogUrls().has(canonical.toLowerCase()))
    errors.canonicalUrl = `${canonical} is not a page of the site; pick one of its URLs, a full https:// URL, or leave it empty.`
  if (Object.keys(errors).length) throw httpError(422, 'This post is not ready to publish: see the highlighted fields.', errors)
  await checkSlug(db, fields.slug, post)
}

/** Removes redirect rules whose source is `url` (the post is live there again). */
async function clearRulesFor(trx: Queryable, url: string, userId: number | null) {
  const rules = await trx('redirects').where({ match_type: 'exact', source: url.toLowerCase() })
  for (const rule of rules) {
    await trx('redirects').where({ id: rule.id }).delete()
    await insertAuditLogs(trx, [
      {
        userId,
        action: 'delete',
        resource: 'redirects',
        recordId: Number(rule.id),
        changes: { source: [rule.source, null], status_code: [rule.status_code, null] },
      },
    ])
  }
  if (rules.length) await bumpVersion(trx)
}

/** The change that puts a post (and its pending draft) live now. */
export function publishChange(post: Post, userId: number | null, now = Date.now()) {
  return async (trx: Queryable) => {
    const fields = goingLive(post)
    const today = new Date(now).toISOString().slice(0, 10)
    const wasLive = post.status === 'published'
    await updatePost(
      trx,
      post.id,
      {
        fields,
        state: {
          status: 'published',
          pending: null,
          date: post.date ?? today,
          updated: wasLive && post.date && post.date !== today ? today : post.updated,
          publishedAt: post.publishedAt ?? new Date(now).toISOString(),
          goneTarget: null,
          approvalRequestedAt: null,
          approvalRequestedBy: null,
        },
      },
      userId,
      'publish',
    )
    await clearRulesFor(trx, postUrl(fields.slug), userId)
    if (wasLive && fields.slug !== post.slug) {
      const catalog = new Set(catalogUrls())
      catalog.delete(postUrl(post.slug))
      catalog.add(postUrl(fields.slug))
      const made = await createSlugRedirect(trx as never, postUrl(post.slug), postUrl(fields.slug), userId, catalog)
      if (!made.ok) throw httpError(422, 'The old URL cannot redirect to the new one.', { slug: Object.values(made.errors).join(' ') })
    }
    await insertAuditLogs(trx, [{ userId, action: 'update', resource: 'posts', recordId: post.id, changes: { status: [post.status, 'published'] } }])
    // A social draft for the post, when that setting is on (the job checks it; once per post).
    if (!wasLive) await enqueueJob(trx, socialAutoDraftJob, { postId: post.id }, { key: `social-auto-draft:${post.id}` })
  }
}

export const UnpublishSchema = z.object({
  target: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v == null || /^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(v), 'Enter a path like /blog or a full https:// URL, or leave empty for 410 Gone.'),
})

/** The change that takes a post down: archived, its URL answers 410 Gone or redirects to `target`. */
export function unpublishChange(post: Post, userId: number | null, target: string | null) {
  return async (trx: Queryable) => {
    const url = postUrl(post.slug)
    await updatePost(trx, post.id, { state: { status: 'archived', goneTarget: target } }, userId)
    await clearRulesFor(trx, url, userId)
    if (target) {
      const catalog = new Set(catalogUrls())
      catalog.delete(url)
      const made = await createSlugRedirect(trx as never, url, target, userId, catalog)
      if (!made.ok) throw httpError(400, 'Please correct the highlighted fields.', { target: Object.values(made.errors).join(' ') })
    } else {
      const at = nowIso()
      const row = {
        source: url,
        target: null,
        status_code: 410,
        match_type: 'exact',
        query_mode: 'pass',
        enabled: true,
        group: 'automatic',
        note: `Post "${post.title}" unpublished`,
        hits: 0,
        created_by: userId,
        created_at: at,
        updated_at: at,
      }
      const id = await insertReturningId(trx('redirects'), row)
      await insertAuditLogs(trx, [
        { userId, action: 'create', resource: 'redirects', recordId: id, changes: { source: [null, url], status_code: [null, 410] } },
      ])
      await bumpVersion(trx)
    }
    await insertAuditLogs(trx, [
      { userId, action: 'update', resource: 'posts', recordId: post.id, changes: { status: [post.status, 'archived'], gone_target: [null, target] } },
    ])
  }
}

// ---- scheduling ---------------------------------------------------------------------------

/** publishAt / unpublishAt reached: the job runner applies it (one job per post and time). */
export const postScheduleJob = defineJob({
  type: 'posts.schedule',
  payload: z.object({ postId: z.number().int(), action: z.enum(['publish', 'unpublish']), at: z.string() }),
  maxAttempts: 5,
  backoff: { baseMs: 10_000, maxMs: 600_000 },
  async handler(payload, { deps: { db, env } }) {
    const post = await getPost(db, payload.postId)
    if (!post) return { skipped: 'the post is gone' }
    if (payload.action === 'publish') {
      if (post.status !== 'scheduled' || post.publishAt !== payload.at) return { skipped: 'the schedule changed' }
      const receipt = await withPublish(db, env, { postId: post.id, action: 'publish', userId: null }, publishChange(post, post.updatedBy))
      if (!receipt.ok) throw new Error(`publish of post ${post.id} failed its checks: ${receipt.failures.join('; ')}`)
      return { written: receipt.written.length }
    }
    if (post.status !== 'published' || post.unpublishAt !== payload.at) return { skipped: 'the schedule changed' }
    const receipt = await withPublish(db, env, { postId: post.id, action: 'unpublish', userId: null }, unpublishChange(post, post.updatedBy, post.goneTarget))
    if (!receipt.ok) throw new Error(`unpublish of post ${post.id} failed its checks: ${receipt.failures.join('; ')}`)
    return { written: receipt.written.length }
  },
})

/** Enqueues the jobs of a post's publishAt / unpublishAt (keys make each time enqueue once). */
export async function scheduleJobs(trx: Queryable, post: { id: number; publishAt: string | null; unpublishAt: string | null }) {
  if (post.publishAt)
    await enqueueJob(
      trx,
      postScheduleJob,
      { postId: post.id, action: 'publish', at: post.publishAt },
      { runAt: Date.parse(post.publishAt), key: `post:${post.id}:publish:${post.publishAt}` },
    )
  if (post.unpublishAt)
    await enqueueJob(
      trx,
      postScheduleJob,
      { postId: post.id, action: 'unpublish', at: post.unpublishAt },
      { runAt: Date.parse(post.unpublishAt), key: `post:${post.id}:unpublish:${post.unpublishAt}` },
    )
}

// ---- settings ------------------------------------------------------------------------------

export async function approvalRequired(db: Queryable): Promise<boolean> {
  const row = await db('publishing_settings').where({ key: 'approvalRequired' }).first()
  if (!row) return false
  const v = typeof row.value === 'string' ? JSON.parse(row.value) : row.value
  return v === true
}

export async function setApprovalRequired(db: Queryable, value: boolean) {
  const at = nowIso()
  const updated = await db('publishing_settings')
    .where({ key: 'approvalRequired' })
    .update({ value: JSON.stringify(value), updated_at: at })
  if (!updated) await db('publishing_settings').insert({ key: 'approvalRequired', value: JSON.stringify(value), updated_at: at })
}
