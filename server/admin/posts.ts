// Blog posts in the admin (issue 11): list/filter/sort/export through the generic resource,
// and the post's own routes: create and save (a published post's edits go to a pending draft),
// autosave, publish (now, scheduled, or as a request when approval is required), approve,
// unpublish (410 or a redirect), impact preview, receipts, revisions with diff and restore, and
// the file posts of data/blog/ (read-only, importable in one action). Every write is audited.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import type { Knex } from 'knex'
import { z } from 'zod'
import { loadData } from '../../data/loadData.ts'
import { PostCreateSchema, PostUpdateSchema, type PostFields } from '../../shared/posts.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { isSqlite, type Queryable } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import {
  approvalRequired,
  brokenLinks,
  checkPublishable,
  checkSlug,
  goingLive,
  publishChange,
  scheduleJobs,
  setApprovalRequired,
  unpublishChange,
  UnpublishSchema,
  withPublish,
} from '../posts/service.ts'
import { addRevision, fieldsOf, getPost, getRevision, insertPost, listRevisions, postsTable, updatePost, type Post } from '../posts/store.ts'
import { diffFields } from '../posts/diff.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { filteredQuery, parseId, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

type Row = Record<string, unknown>

const likeOf = (value: string) =>
  `%${value
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const config: ResourceConfig = {
  name: 'posts',
  spec: postsTable,
  defaultSort: ['updated_at', 'DESC'],
  filters: (db) => (key, value, query) => {
    if (key === 'q') {
      if (typeof value !== 'string') throw httpError(400, 'q must be text.')
      if (value.trim())
        query.where((q: Knex.QueryBuilder) =>
          q.whereRaw(`lower(posts.title) like ? escape '\\'`, [likeOf(value)]).orWhereRaw(`lower(posts.slug) like ? escape '\\'`, [likeOf(value)]),
        )
      return true
    }
    if (key === 'tag') {
      if (typeof value !== 'string' || !/^[a-z0-9-]+$/.test(value)) throw httpError(400, 'tag must be a tag slug.')
      query.whereRaw(isSqlite(db) ? 'posts.tags like ?' : 'posts.tags::text like ?', [`%"${value}"%`])
      return true
    }
    return false
  },
}

export const POST_EXPORT_COLUMNS = [
  'id',
  'title',
  'slug',
  'status',
  'author',
  'tags',
  'publish_at',
  'unpublish_at',
  'date',
  'updated',
  'seo_title',
  'seo_description',
  'noindex',
  'source',
  'source_path',
  'updated_at',
] as const

const userOf = (ctx: Context) => adminState(ctx).user

async function mustPost(db: Queryable, id: number): Promise<Post> {
  const post = await getPost(db, id)
  if (!post) throw httpError(404, 'There is no such post.')
  return post
}

/** The record the editor shows: the post, the fields it edits (pending draft over live), its URL. */
function view(post: Post, extra: Row = {}) {
  return { ...post, draft: goingLive(post), hasPendingDraft: post.pending !== null, url: `/blog/${post.slug}`, ...extra }
}

/** The file posts of data/blog/ that the database does not hold (read-only in the admin). */
async function filePosts(db: Queryable) {
  const claimed = new Set((await db('posts').select('slug')).map((r: { slug: string }) => r.slug))
  return loadData(process.env.DATA_DIR || undefined)
    .posts.filter((p) => !claimed.has(p.slug))
    .map((p) => ({
      id: `file:${p.slug}`,
      slug: p.slug,
      title: p.title,
      description: p.description,
      date: p.date,
      author: p.author,
      tags: p.tags,
      sourcePath: `data/blog/${p.slug}.md`,
      url: `/blog/${p.slug}`,
      readOnly: true,
    }))
}

const ScheduleSchema = z.object({ publishAt: z.string().trim().min(1, 'Pick a date and time.') })
const SettingsSchema = z.object({ approvalRequired: z.boolean({ error: 'approvalRequired is true or false.' }) })
const ImportFileSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/, 'Give the slug of a file post.') })

export const posts: AdminResourceModule = {
  config,
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    const can = (action: 'list' | 'show' | 'create' | 'edit' | 'export' | 'import' | 'publish' | 'approve' | 'delete') => requirePermission('posts', action)

    router.get('/posts/export.csv', ...guard, can('export'), async function exportPosts(ctx) {
      const { filter } = parseListParams(ctx.query)
      const rows: Row[] = await filteredQuery(db, config, filter, userOf(ctx).id)
        .select(POST_EXPORT_COLUMNS.map((c) => `posts.${c}`))
        .orderBy('posts.id')
      let out = `\uFEFF${csvLine([...POST_EXPORT_COLUMNS])}`
      for (const row of rows)
        out += csvLine(
          POST_EXPORT_COLUMNS.map((c) => {
            const v = row[c]
            if (c === 'tags') return (typeof v === 'string' ? (JSON.parse(v) as string[]) : ((v as string[]) ?? [])).join(' ')
            if (c === 'noindex') return String(v === true || v === 1)
            return v == null ? '' : v instanceof Date ? v.toISOString() : String(v)
          }),
        )
      ctx.set('Content-Type', 'text/csv; charset=utf-8')
      ctx.set('Content-Disposition', `attachment; filename="posts-${new Date().toISOString().slice(0, 10)}.csv"`)
      ctx.body = out
    })

    router.get('/posts/files', ...guard, can('list'), async function listFilePosts(ctx) {
      ctx.body = await filePosts(db)
    })

    router.get('/posts/settings', ...guard, can('list'), async function readSettings(ctx) {
      ctx.body = { approvalRequired: await approvalRequired(db) }
    })
    router.put('/posts/settings', ...guard, can('approve'), json, async function saveSettings(ctx) {
      const { approvalRequired: value } = SettingsSchema.parse(bodyOf(ctx))
      const before = await approvalRequired(db)
      await db.transaction(async (trx) => {
        await setApprovalRequired(trx, value)
        await audit(trx, userOf(ctx).id, 'update', 'posts', 0, { approvalRequired: before }, { approvalRequired: value })
      })
      ctx.body = { approvalRequired: value }
    })

    /** One action: a file post becomes a database post (published, same date and content). */
    router.post('/posts/import-file', ...guard, can('import'), json, async function importFilePost(ctx) {
      const { slug } = ImportFileSchema.parse(bodyOf(ctx))
      const file = (await filePosts(db)).find((p) => p.slug === slug)
      if (!file) throw httpError(404, `There is no file post data/blog/${slug}.md left to import (it may be imported already).`)
      const source = loadData(process.env.DATA_DIR || undefined).posts.find((p) => p.slug === slug)!
      const user = userOf(ctx)
      let created: Post | undefined
      const receipt = await withPublish(db, env, { postId: 0, action: 'import', userId: user.id }, async (trx) => {
        created = await insertPost(
          trx,
          {
            ...PostCreateSchema.parse({
              title: source.title,
              slug,
              body: source.markdown,
              excerpt: source.description,
              tags: source.tags,
              author: source.author,
            }),
            status: 'published',
            date: source.date,
            updated: source.updated ?? null,
            publishedAt: new Date(`${source.date}T00:00:00Z`).toISOString(),
            source: 'file',
            sourcePath: file.sourcePath,
          },
          user.id,
          'import',
        )
        await audit(trx, user.id, 'create', 'posts', created.id, null, { slug, source: 'file', source_path: file.sourcePath })
      })
      if (!receipt.ok) throw httpError(422, `The import failed the site checks: ${receipt.failures.join('; ')}`)
      ctx.status = 201
      ctx.body = { ...view(created!), receipt }
    })

    router.get('/posts/:id', ...guard, can('show'), async function showPost(ctx, next) {
      if (!/^\d+$/.test(ctx.params.id)) return next()
      const post = await mustPost(db, parseId(ctx.params.id))
      const receipts = await db('publish_receipts').where({ post_id: post.id }).orderBy('id', 'desc').limit(10)
      ctx.body = view(post, {
        approvalRequired: await approvalRequired(db),
        brokenLinks: brokenLinks(goingLive(post).body, goingLive(post).slug, env),
        receipts: receipts.map((r: Row) => ({
          id: Number(r.id),
          action: r.action,
          ok: r.ok === true || r.ok === 1,
          impact: typeof r.impact === 'string' ? JSON.parse(r.impact) : r.impact,
          written: typeof r.written === 'string' ? JSON.parse(r.written) : r.written,
          failures: typeof r.failures === 'string' ? JSON.parse(r.failures) : r.failures,
          durationMs: Number(r.duration_ms),
          createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
        })),
      })
    })

    router.post('/posts', ...guard, can('create'), json, async function createPost(ctx) {
      const fields = PostCreateSchema.parse(bodyOf(ctx))
      const user = userOf(ctx)
      const post = await db.transaction(async (trx) => {
        await checkSlug(trx, fields.slug, null)
        const created = await insertPost(trx, { ...fields, status: 'draft' }, user.id)
        await audit(trx, user.id, 'create', 'posts', created.id, null, fieldsOf(created))
        return created
      })
      ctx.status = 201
      ctx.body = view(post, { brokenLinks: brokenLinks(post.body, post.slug, env) })
    })

    /** Save (or ?autosave=1). A live post's edits become its pending draft; the page is unchanged. */
    router.put('/posts/:id', ...guard, can('edit'), json, async function savePost(ctx, next) {
      if (!/^\d+$/.test(ctx.params.id)) return next()
      const id = parseId(ctx.params.id)
      const autosave = ctx.query.autosave === '1'
      const raw = bodyOf(ctx) as Row
      // zod applies defaults to absent keys even in .partial(): keep only the fields sent.
      const parsed = PostUpdateSchema.parse(raw) as Partial<PostFields>
      const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => Object.hasOwn(raw, k))) as Partial<PostFields>
      const user = userOf(ctx)
      const post = await db.transaction(async (trx) => {
        const before = await mustPost(trx, id)
        if (before.status === 'archived' && !autosave && Object.keys(patch).length === 0) return before
        const merged = { ...goingLive(before), ...patch } as PostFields
        PostCreateSchema.parse(merged)
        if (patch.slug) await checkSlug(trx, patch.slug, before)
        let after: Post
        if (before.status === 'published') {
          const pending = Object.fromEntries(
            Object.entries(merged).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify((fieldsOf(before) as Row)[k])),
          ) as Partial<PostFields>
          after = await updatePost(trx, id, { state: { pending: Object.keys(pending).length ? pending : null } }, user.id)
          await addRevision(trx, id, merged, autosave ? 'autosave' : 'draft', user.id)
        } else {
          after = await updatePost(trx, id, { fields: patch }, user.id, autosave ? 'autosave' : 'save')
          if (after.status === 'scheduled' && (patch.publishAt !== undefined || patch.unpublishAt !== undefined)) await scheduleJobs(trx, after)
        }
        await audit(trx, user.id, 'update', 'posts', id, fieldsOf(before) as Row, {
          ...(fieldsOf(after) as Row),
          ...(after.pending ? { pending: after.pending } : {}),
        })
        return after
      })
      const fields = goingLive(post)
      ctx.body = view(post, { brokenLinks: brokenLinks(fields.body, fields.slug, env), autosaved: autosave })
    })

    router.get('/posts/:id/impact', ...guard, can('show'), async function impactPreview(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      const action = ctx.query.action === 'unpublish' ? 'unpublish' : 'publish'
      if (action === 'publish') await checkPublishable(db, post, env)
      const change = action === 'publish' ? publishChange(post, userOf(ctx).id) : unpublishChange(post, userOf(ctx).id, null)
      ctx.body = await withPublish(db, env, { postId: post.id, action, userId: userOf(ctx).id }, change, { dryRun: true })
    })

    /** Publish now; or, when approval is required and the user is not an admin, request it. */
    router.post('/posts/:id/publish', ...guard, can('publish'), json, async function publishPost(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      const user = userOf(ctx)
      await checkPublishable(db, post, env)
      if (user.role !== 'admin' && (await approvalRequired(db))) {
        await db.transaction(async (trx) => {
          await updatePost(trx, post.id, { state: { approvalRequestedBy: user.id, approvalRequestedAt: new Date().toISOString() } }, user.id)
          await audit(trx, user.id, 'update', 'posts', post.id, { approval_requested_by: post.approvalRequestedBy }, { approval_requested_by: user.id })
        })
        ctx.status = 202
        ctx.body = {
          requested: true,
          message: 'Publishing needs an admin’s approval: your request is waiting for one.',
          post: view((await getPost(db, post.id))!),
        }
        return
      }
      const receipt = await withPublish(db, env, { postId: post.id, action: 'publish', userId: user.id }, publishChange(post, user.id))
      if (!receipt.ok) {
        ctx.status = 422
        ctx.body = { message: 'A check failed, so nothing was published and the live site is unchanged. Fix the problems listed and publish again.', receipt }
        return
      }
      ctx.body = { receipt, post: view((await getPost(db, post.id))!) }
    })

    router.post('/posts/:id/approve', ...guard, can('approve'), async function approvePost(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      if (!post.approvalRequestedAt) throw httpError(409, 'Nobody asked to publish this post; use Publish instead.')
      await checkPublishable(db, post, env)
      const receipt = await withPublish(db, env, { postId: post.id, action: 'approve', userId: userOf(ctx).id }, publishChange(post, userOf(ctx).id))
      if (!receipt.ok) {
        ctx.status = 422
        ctx.body = { message: 'A check failed, so nothing was published and the live site is unchanged.', receipt }
        return
      }
      ctx.body = { receipt, post: view((await getPost(db, post.id))!) }
    })

    router.post('/posts/:id/reject', ...guard, can('approve'), async function rejectRequest(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      await db.transaction(async (trx) => {
        await updatePost(trx, post.id, { state: { approvalRequestedBy: null, approvalRequestedAt: null } }, userOf(ctx).id)
        await audit(trx, userOf(ctx).id, 'update', 'posts', post.id, { approval_requested_by: post.approvalRequestedBy }, { approval_requested_by: null })
      })
      ctx.body = view((await getPost(db, post.id))!)
    })

    router.post('/posts/:id/schedule', ...guard, can('publish'), json, async function schedulePost(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      const { publishAt } = ScheduleSchema.parse(bodyOf(ctx))
      const at = Date.parse(publishAt)
      if (Number.isNaN(at)) throw httpError(400, 'Please correct the highlighted fields.', { publishAt: 'Enter a date and time, like 2026-12-01T09:00.' })
      if (at <= Date.now()) throw httpError(400, 'Please correct the highlighted fields.', { publishAt: 'Pick a time in the future, or use Publish now.' })
      if (post.status === 'published') throw httpError(409, 'This post is live already; unpublish it first to schedule it again.')
      await checkPublishable(db, post, env)
      if (userOf(ctx).role !== 'admin' && (await approvalRequired(db)))
        throw httpError(403, 'Publishing needs an admin’s approval: use Publish to send a request.')
      const iso = new Date(at).toISOString()
      const after = await db.transaction(async (trx) => {
        const updated = await updatePost(trx, post.id, { fields: { publishAt: iso }, state: { status: 'scheduled' } }, userOf(ctx).id)
        await scheduleJobs(trx, updated)
        await audit(
          trx,
          userOf(ctx).id,
          'update',
          'posts',
          post.id,
          { status: post.status, publish_at: post.publishAt },
          { status: 'scheduled', publish_at: iso },
        )
        return updated
      })
      ctx.body = view(after)
    })

    router.post('/posts/:id/unpublish', ...guard, can('publish'), json, async function unpublishPost(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      const { target } = UnpublishSchema.parse(bodyOf(ctx))
      if (post.status !== 'published') {
        if (post.status === 'scheduled') {
          const after = await db.transaction(async (trx) => {
            const updated = await updatePost(trx, post.id, { state: { status: 'draft' } }, userOf(ctx).id)
            await audit(trx, userOf(ctx).id, 'update', 'posts', post.id, { status: 'scheduled' }, { status: 'draft' })
            return updated
          })
          ctx.body = { post: view(after), receipt: null }
          return
        }
        throw httpError(409, 'This post is not live.')
      }
      const receipt = await withPublish(
        db,
        env,
        { postId: post.id, action: 'unpublish', userId: userOf(ctx).id },
        unpublishChange(post, userOf(ctx).id, target),
      )
      if (!receipt.ok) {
        ctx.status = 422
        ctx.body = { message: 'A check failed, so the post stays live and the site is unchanged.', receipt }
        return
      }
      ctx.body = { receipt, post: view((await getPost(db, post.id))!) }
    })

    router.post('/posts/:id/discard-draft', ...guard, can('edit'), async function discardDraft(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      const after = await db.transaction(async (trx) => {
        const updated = await updatePost(trx, post.id, { state: { pending: null } }, userOf(ctx).id)
        await audit(trx, userOf(ctx).id, 'update', 'posts', post.id, { pending: post.pending }, { pending: null })
        return updated
      })
      ctx.body = view(after)
    })

    router.get('/posts/:id/revisions', ...guard, can('show'), async function revisions(ctx) {
      const id = parseId(ctx.params.id)
      await mustPost(db, id)
      ctx.body = (await listRevisions(db, id)).map((r) => ({
        number: r.number,
        kind: r.kind,
        createdBy: r.createdBy,
        createdAt: r.createdAt,
        title: r.snapshot.title,
      }))
    })

    router.get('/posts/:id/diff', ...guard, can('show'), async function diff(ctx) {
      const id = parseId(ctx.params.id)
      const from = Number(ctx.query.from)
      const to = Number(ctx.query.to)
      const a = Number.isInteger(from) ? await getRevision(db, id, from) : null
      const b = Number.isInteger(to) ? await getRevision(db, id, to) : null
      if (!a || !b) throw httpError(400, 'Give two revision numbers of this post: ?from=1&to=2.')
      ctx.body = { from: a.number, to: b.number, changes: diffFields(a.snapshot, b.snapshot) }
    })

    router.post('/posts/:id/revisions/:number/restore', ...guard, can('edit'), async function restore(ctx) {
      const id = parseId(ctx.params.id)
      const revision = await getRevision(db, id, Number(ctx.params.number))
      if (!revision) throw httpError(404, 'There is no such revision.')
      const user = userOf(ctx)
      const after = await db.transaction(async (trx) => {
        const before = await mustPost(trx, id)
        if (revision.snapshot.slug !== goingLive(before).slug) await checkSlug(trx, revision.snapshot.slug, before)
        let updated: Post
        if (before.status === 'published') {
          updated = await updatePost(trx, id, { state: { pending: revision.snapshot } }, user.id)
          await addRevision(trx, id, revision.snapshot, 'restore', user.id)
        } else updated = await updatePost(trx, id, { fields: revision.snapshot }, user.id, 'restore')
        await audit(trx, user.id, 'update', 'posts', id, fieldsOf(before) as Row, { restored_revision: revision.number, ...(fieldsOf(updated) as Row) })
        return updated
      })
      ctx.body = view(after)
    })

    router.delete('/posts/:id', ...guard, can('delete'), async function deletePost(ctx) {
      const post = await mustPost(db, parseId(ctx.params.id))
      if (post.status === 'published') throw httpError(409, 'This post is live: unpublish it before deleting it.')
      await db.transaction(async (trx) => {
        await trx('posts').where({ id: post.id }).delete()
        await audit(trx, userOf(ctx).id, 'delete', 'posts', post.id, fieldsOf(post) as Row, null)
      })
      ctx.body = { id: post.id }
    })
  },
}
