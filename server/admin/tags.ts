// Tags (issue 11): name, slug, description and their own SEO fields, through the generic
// resource (list, filters, sort, CSV-ready records, create, edit, audited); and merge: every post
// of the merged tag moves to the other one, the merged tag goes, and its /tag/ URL redirects to
// the target's (server/redirects/automatic.ts). Live posts are re-rendered at once.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { TagCreateSchema, TagMergeSchema, TagUpdateSchema } from '../../shared/posts.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { fromJson } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { createSlugRedirect } from '../redirects/automatic.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { withPublish } from '../posts/service.ts'
import { tagsTable, updatePost } from '../posts/store.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { filteredQuery, mustLoad, parseId, updateRecord, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

type Row = Record<string, unknown>

/** Contract names (camelCase) → columns. */
const toColumns = (data: Row): Row => {
  const map: Record<string, string> = { seoTitle: 'seo_title', seoDescription: 'seo_description' }
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [map[k] ?? k, v]))
}

const config: ResourceConfig = {
  name: 'tags',
  spec: tagsTable,
  defaultSort: ['slug', 'ASC'],
  createSchema: TagCreateSchema.transform(toColumns) as never,
  // Only the fields sent (zod fills defaults of absent keys even in .partial()).
  updateSchema: z.record(z.string(), z.unknown()).transform((raw, c) => {
    const parsed = TagUpdateSchema.safeParse(raw)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) c.addIssue({ ...issue, code: 'custom', message: issue.message })
      return z.NEVER
    }
    return toColumns(Object.fromEntries(Object.entries(parsed.data).filter(([k]) => Object.hasOwn(raw, k))))
  }) as never,
  filters: () => (key, value, query) => {
    if (key !== 'q') return false
    if (typeof value !== 'string') throw httpError(400, 'q must be text.')
    if (value.trim()) query.whereRaw(`lower(tags.name || ' ' || tags.slug) like ?`, [`%${value.trim().toLowerCase().replace(/[%_]/g, '')}%`])
    return true
  },
  async beforeCreate(data, w) {
    if (await w.trx('tags').where({ slug: data.slug }).first())
      throw httpError(400, 'Please correct the highlighted fields.', { slug: 'Another tag already uses this slug.' })
    return data
  },
  async beforeUpdate(before, patch, w) {
    if (patch.slug && patch.slug !== before.slug) {
      if (await w.trx('tags').where({ slug: patch.slug }).first())
        throw httpError(400, 'Please correct the highlighted fields.', { slug: 'Another tag already uses this slug.' })
      const used = await w
        .trx('posts')
        .whereRaw(`${w.trx.client.config.client === 'pg' ? 'tags::text' : 'tags'} like ?`, [`%"${String(before.slug)}"%`])
        .first()
      if (used) throw httpError(409, 'Posts use this tag: merge it into a tag with the new slug instead, so its URL redirects.')
    }
    return patch
  },
}

const TAG_EXPORT_COLUMNS = ['id', 'slug', 'name', 'description', 'seo_title', 'seo_description', 'noindex', 'updated_at'] as const

export const tags: AdminResourceModule = {
  config,
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    router.get('/tags/export.csv', ...guard, requirePermission('tags', 'export'), async function exportTags(ctx) {
      const { filter } = parseListParams(ctx.query)
      const rows: Row[] = await filteredQuery(db, config, filter, adminState(ctx).user.id)
        .select(TAG_EXPORT_COLUMNS.map((c) => `tags.${c}`))
        .orderBy('tags.slug')
      let out = `\uFEFF${csvLine([...TAG_EXPORT_COLUMNS])}`
      for (const row of rows)
        out += csvLine(TAG_EXPORT_COLUMNS.map((c) => (row[c] == null ? '' : c === 'noindex' ? String(row[c] === true || row[c] === 1) : String(row[c]))))
      ctx.set('Content-Type', 'text/csv; charset=utf-8')
      ctx.set('Content-Disposition', `attachment; filename="tags-${new Date().toISOString().slice(0, 10)}.csv"`)
      ctx.body = out
    })

    /** Save a tag: its name, description and SEO fields are the head of /tag/<slug>, re-rendered at once. */
    router.put('/tags/:id', ...guard, requirePermission('tags', 'edit'), json, async function saveTag(ctx) {
      const id = parseId(ctx.params.id)
      const patch = config.updateSchema!.parse(bodyOf(ctx))
      let after: Row | undefined
      const receipt = await withPublish(db, env, { postId: 0, action: 'tag', userId: adminState(ctx).user.id }, async (trx) => {
        after = await updateRecord(config, { trx: trx as never, userId: adminState(ctx).user.id, ctx }, id, patch)
      })
      if (!receipt.ok) {
        ctx.status = 422
        ctx.body = { message: 'A check failed, so the tag was not saved and the live site is unchanged. Fix the problems listed and save again.', receipt }
        return
      }
      ctx.body = after
    })

    router.post('/tags/:id/merge', ...guard, requirePermission('tags', 'edit'), json, async function mergeTag(ctx) {
      const id = parseId(ctx.params.id)
      const { into } = TagMergeSchema.parse(bodyOf(ctx))
      const from = await mustLoad(db, tagsTable, id)
      const fromSlug = String(from.slug)
      if (into === fromSlug) throw httpError(400, 'Please correct the highlighted fields.', { into: 'Pick another tag to merge into.' })
      const target = await db('tags').where({ slug: into }).first()
      if (!target) throw httpError(400, 'Please correct the highlighted fields.', { into: 'Pick an existing tag.' })
      const userId = adminState(ctx).user.id
      let moved = 0
      const receipt = await withPublish(db, env, { postId: 0, action: 'merge-tag', userId }, async (trx) => {
        const all = await trx('posts').select('id', 'tags', 'status')
        let live = false
        for (const row of all) {
          const list = fromJson<string[]>(row.tags) ?? []
          if (!list.includes(fromSlug)) continue
          const next = [...new Set(list.map((t) => (t === fromSlug ? into : t)))]
          await updatePost(trx, Number(row.id), { fields: { tags: next } }, userId)
          await audit(trx, userId, 'update', 'posts', Number(row.id), { tags: list }, { tags: next })
          live ||= row.status === 'published'
          moved++
        }
        await trx('tags').where({ id }).delete()
        await audit(trx, userId, 'delete', 'tags', id, from, null)
        // The old tag page redirects to the merged one when it was live.
        const oldUrl = `/tag/${fromSlug}`
        if (live && catalogUrls().has(oldUrl)) {
          const catalog = new Set(catalogUrls())
          catalog.delete(oldUrl)
          catalog.add(`/tag/${into}`)
          const made = await createSlugRedirect(trx as never, oldUrl, `/tag/${into}`, userId, catalog)
          if (!made.ok) throw httpError(422, 'The old tag URL cannot redirect to the merged tag.', { into: Object.values(made.errors).join(' ') })
        }
      })
      if (!receipt.ok) {
        ctx.status = 422
        ctx.body = { message: 'A check failed, so the tags were not merged and the live site is unchanged.', receipt }
        return
      }
      ctx.body = { merged: fromSlug, into, posts: moved, receipt }
    })
  },
}
