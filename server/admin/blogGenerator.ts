// /api/admin/blog-generator (issue 12): briefs ranked by demand and commercial value, each with
// its evidence (server/blogGenerator/briefs.ts); "Create draft" turns one into a draft post
// (nothing is published); the language-model provider settings and their connection test (admins).
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { canAccess } from '../../shared/permissions.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { buildBriefs, POST_TYPES, type Brief } from '../blogGenerator/briefs.ts'
import { buildDraft } from '../blogGenerator/draft.ts'
import { loadProvider, ProviderSettingsSchema, providerView, testProvider } from '../blogGenerator/llmProvider.ts'
import { collectSignals, siteData } from '../blogGenerator/signals.ts'
import { getPostBySlug, insertPost, fieldsOf } from '../posts/store.ts'
import { checkSlug } from '../posts/service.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

const DraftSchema = z.object({
  key: z.string({ error: 'Choose a brief.' }).trim().min(1, 'Choose a brief.').max(400, 'At most 400 characters.'),
  postType: z.enum(POST_TYPES, { error: `Pick a post type: ${POST_TYPES.join(', ')}.` }).optional(),
})

export async function currentBriefs(
  db: Db,
  { q = '', now = Date.now(), limit = 60 }: { q?: string; now?: number; limit?: number } = {},
): Promise<Array<Brief & { draftPostId: number | null }>> {
  const { index } = siteData()
  let briefs = buildBriefs(await collectSignals(db, now), index, { limit: Infinity })
  if (q) briefs = briefs.filter((b) => b.topic.toLowerCase().includes(q) || b.terms.includes(q) || b.entities.some((e) => e.toLowerCase() === q))
  briefs = briefs.slice(0, limit)
  // One row per draft made from a brief: small, read whole.
  const drafts = new Map(
    (await db('blog_brief_drafts').select('brief_key', 'post_id')).map((r: { brief_key: string; post_id: number }) => [r.brief_key, Number(r.post_id)]),
  )
  return briefs.map((b) => ({ ...b, draftPostId: drafts.get(b.key) ?? null }))
}

/** A slug no post or page uses: the title's, then -2, -3… */
async function freeSlug(db: Db, slug: string): Promise<string> {
  const pages = catalogUrls()
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? slug : `${slug.slice(0, 95)}-${n}`
    if (!(await getPostBySlug(db, candidate)) && !pages.has(`/blog/${candidate}`)) return candidate
  }
  throw httpError(409, 'Every slug for this title is taken: rename one of the existing drafts first.')
}

export function registerBlogGeneratorRoutes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()
  router.get('/blog-generator/briefs', ...guard, requirePermission('blog-generator', 'list'), async function briefsHandler(ctx) {
    const started = performance.now()
    const q = typeof ctx.query.q === 'string' ? ctx.query.q.trim().toLowerCase().slice(0, 200) : ''
    const briefs = await currentBriefs(db, { q })
    const provider = providerView(await loadProvider(db), false)
    ctx.body = { briefs, provider: { state: provider.state, detail: provider.detail }, computedMs: Math.round(performance.now() - started) }
  })

  router.post('/blog-generator/drafts', ...guard, requirePermission('blog-generator', 'create'), json, async function createDraftHandler(ctx) {
    const input = DraftSchema.parse(bodyOf(ctx))
    const brief = (await currentBriefs(db, { limit: Infinity })).find((b) => b.key === input.key)
    if (!brief) throw httpError(404, 'This brief is no longer in the list (its demand may have aged out): reload the briefs.')
    if (brief.draftPostId)
      throw httpError(409, `A draft already exists for this brief: open post ${brief.draftPostId} in Posts.`, { postId: String(brief.draftPostId) })
    const { index } = siteData()
    const knownTags = [...new Set([...(await db('tags').select('slug')).map((t: { slug: string }) => t.slug), ...index.data.posts.flatMap((p) => p.tags)])]
    const draft = buildDraft(brief, index, { postType: input.postType, knownTags, date: nowIso().slice(0, 10) })
    const user = adminState(ctx).user
    const slug = await freeSlug(db, draft.slug)
    const post = await writeWith(
      db,
      ctx,
    )(async (w) => {
      await checkSlug(w.trx, slug, null)
      const created = await insertPost(
        w.trx,
        {
          title: draft.title,
          slug,
          body: draft.body,
          excerpt: draft.excerpt,
          tags: draft.tags,
          author: user.name || user.email,
          publishAt: null,
          unpublishAt: null,
          seoTitle: null,
          seoDescription: null,
          canonicalUrl: null,
          noindex: false,
          focusKeyphrase: draft.focusKeyphrase,
          featuredImage: null,
          featuredImageAlt: null,
          status: 'draft',
        },
        w.userId,
      )
      await w.trx('blog_brief_drafts').insert({ brief_key: brief.key, post_id: created.id, created_by: w.userId, created_at: nowIso() })
      await audit(w.trx, w.userId, 'create', 'posts', created.id, null, { ...fieldsOf(created), fromBrief: brief.key, postType: draft.postType })
      return created
    })
    ctx.status = 201
    ctx.body = { ...draft, postId: post.id, slug: post.slug, title: post.title, status: post.status, slugTaken: slug !== draft.slug }
  })

  router.get('/blog-generator/provider', ...guard, requirePermission('blog-generator', 'list'), async function providerHandler(ctx) {
    const admin = canAccess(adminState(ctx).user.role, { resource: 'blog-generator', action: 'edit' })
    ctx.body = providerView(await loadProvider(db), admin)
  })

  router.put('/blog-generator/provider', ...guard, requirePermission('blog-generator', 'edit'), json, async function putProviderHandler(ctx) {
    const input = ProviderSettingsSchema.parse(bodyOf(ctx))
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await loadProvider(w.trx)
      const apiKey = input.apiKey === undefined ? before.api_key : input.apiKey || null
      const changed = before.endpoint_url !== input.endpointUrl || before.api_key !== apiKey
      await w
        .trx('llm_provider_settings')
        .where({ id: 1 })
        .update({
          endpoint_url: input.endpointUrl,
          api_key: apiKey,
          model: input.model,
          updated_at: nowIso(),
          // A new endpoint or key has not been tested.
          ...(changed ? { last_test_at: null, last_test_ok: null, last_test_message: null } : {}),
        })
      // The key itself never goes in the audit log: only whether one is set.
      const redact = (r: { endpoint_url: string | null; api_key: string | null; model: string | null }) => ({
        endpoint_url: r.endpoint_url,
        model: r.model,
        key: r.api_key ? `set (…${r.api_key.slice(-4)})` : 'not set',
      })
      await audit(
        w.trx,
        w.userId,
        'update',
        'llm-provider',
        1,
        redact(before),
        redact({ endpoint_url: input.endpointUrl, api_key: apiKey, model: input.model }),
      )
    })
    ctx.body = providerView(await loadProvider(db), true)
  })

  router.post('/blog-generator/provider/test', ...guard, requirePermission('blog-generator', 'edit'), json, async function testProviderHandler(ctx) {
    const result = await testProvider(db)
    await audit(db, adminState(ctx).user.id, 'update', 'llm-provider-test', 1, null, result)
    ctx.body = { ...result, provider: providerView(await loadProvider(db), true) }
  })
}
