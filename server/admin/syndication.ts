// /api/admin/syndication*: feed settings (saved, audited, feeds rewritten at once and the WebSub
// hub pinged through the job runner), the WebSub state, feed analytics from the daily rollup, and
// cross-posting: each blog post (from the build's inventory, so file and database posts alike,
// keyed by URL) with its syndication links; the manual copy, the URL pasted back, API publishing
// when a provider is connected. Every write is audited.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { FeedSettingsSchema, type FeedSettings } from '../../shared/feeds.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { readFeedSettings, writeSetting } from '../db/queries/siteSettings.ts'
import { fromJson, nowIso, type Queryable } from '../db/rows.ts'
import type { Env } from '../env.ts'
import { feedFetchStats, flushFeedFetches } from '../feeds/fetchLog.ts'
import { enqueueWebSubPing, webSubState } from '../feeds/websub.ts'
import { writeFeeds } from '../feeds/writeFeeds.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { refreshStaticFiles } from '../middleware/staticSite.ts'
import { checkArticleUrl, prepareCopy, PROVIDERS, providerOf } from '../syndication/providers.ts'
import type { CmsStore } from '../cms/store.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { writeWith } from './resourceRouter.ts'

type LinkRow = {
  id: number
  post_url: string
  provider: string
  state: 'prepared' | 'posted'
  url: string | null
  receipt: Record<string, unknown> | null
  updated_at: string
}
export type SyndicationPost = { id: string; url: string; title: string; lastModified: string; links: LinkRow[]; posted: number }

const toLink = (row: Record<string, unknown>): LinkRow => ({
  id: Number(row.id),
  post_url: String(row.post_url),
  provider: String(row.provider),
  state: row.state as LinkRow['state'],
  url: (row.url as string | null) ?? null,
  receipt: fromJson(row.receipt),
  updated_at: new Date(row.updated_at as string).toISOString(),
})

async function linksOf(db: Queryable, postUrl?: string): Promise<LinkRow[]> {
  const q = db('syndication_links').select('*').orderBy('id')
  if (postUrl) q.where({ post_url: postUrl })
  return (await q).map(toLink)
}

function postsOf(store: CmsStore): { url: string; title: string; lastModified: string }[] {
  const inv = store.inventory()
  if (!inv) throw httpError(409, 'The site has not been built yet: run `npm run build`, then reload this page.')
  return inv.pages.filter((p) => p.family === 'blog-post' && !p.isAlias).map((p) => ({ url: p.url, title: p.head.title, lastModified: p.lastmod }))
}

async function postRows(db: Db, store: CmsStore): Promise<SyndicationPost[]> {
  const byPost = new Map<string, LinkRow[]>()
  for (const link of await linksOf(db)) byPost.set(link.post_url, [...(byPost.get(link.post_url) ?? []), link])
  return postsOf(store).map((p) => {
    const links = byPost.get(p.url) ?? []
    return { id: p.url, ...p, links, posted: links.filter((l) => l.state === 'posted').length }
  })
}

const SORTS = ['url', 'title', 'lastModified', 'posted'] as const

function listed(ctx: Context, rows: SyndicationPost[]) {
  const { sort, filter } = parseListParams(ctx.query)
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : ''
  const provider = typeof filter.provider === 'string' ? filter.provider : ''
  if (provider && !providerOf(provider)) throw httpError(400, `provider is one of ${PROVIDERS.map((p) => p.id).join(', ')}.`, { provider: 'Unknown provider.' })
  const out = rows.filter(
    (r) =>
      (!q || r.url.includes(q) || r.title.toLowerCase().includes(q)) &&
      (!provider || r.links.some((l) => l.provider === provider && l.state === 'posted')) &&
      (filter.syndicated === undefined || filter.syndicated === null || filter.syndicated === r.posted > 0),
  )
  const [field, order] = sort ?? ['lastModified', 'DESC']
  if (!(SORTS as readonly string[]).includes(field)) throw httpError(400, `Cannot sort by ${field}.`)
  const k = field as (typeof SORTS)[number]
  const dir = order === 'DESC' ? -1 : 1
  return out.sort((a, b) => (a[k] < b[k] ? -1 : a[k] > b[k] ? 1 : a.url < b.url ? -1 : 1) * dir)
}

const postUrlOf = (ctx: Context, store: CmsStore) => {
  const url = String(ctx.params.id ?? '')
  const post = postsOf(store).find((p) => p.url === url)
  if (!post) throw httpError(404, 'There is no such blog post in the last build.')
  return post
}

/** The post's Markdown: file posts of data/blog/ and published database posts (the catalog merges both). */
function postSource(url: string) {
  const slug = url.replace(/^\/blog\//, '')
  return getSiteContext().data.posts.find((p) => p.slug === slug) ?? null
}

/** Rewrites every feed with these settings into the served site, at once. */
export function rewriteFeedsNow(staticDir: string, settings: FeedSettings): { written: string[]; siteUrl: string } {
  const ctx = getSiteContext()
  const site = { siteUrl: ctx.siteUrl, brand: ctx.data.site.brand.name, tagline: ctx.data.site.brand.tagline }
  const { written, removed } = writeFeeds(staticDir, ctx.data.posts, settings, site)
  refreshStaticFiles(staticDir, [...written, ...removed])
  return { written, siteUrl: ctx.siteUrl }
}

async function upsertLink(trx: Queryable, userId: number, postUrl: string, provider: string, values: Pick<LinkRow, 'state' | 'url' | 'receipt'>) {
  const before = await trx('syndication_links').where({ post_url: postUrl, provider }).first()
  const now = nowIso()
  const row = { state: values.state, url: values.url, receipt: values.receipt ? JSON.stringify(values.receipt) : null, updated_at: now }
  let id: number
  if (before) {
    await trx('syndication_links').where({ id: before.id }).update(row)
    id = Number(before.id)
  } else {
    const [inserted] = await trx('syndication_links')
      .insert({ post_url: postUrl, provider, ...row, created_by: userId, created_at: now })
      .returning('id')
    id = Number(typeof inserted === 'object' ? inserted.id : inserted)
  }
  const strip = (r: Record<string, unknown> | null) => (r ? { post_url: postUrl, provider, state: r.state, url: r.url ?? null } : null)
  await audit(trx, userId, before ? 'update' : 'create', 'syndication', id, strip(before), strip({ ...row }))
  return id
}

export function registerSyndicationRoutes(router: Router, { db, env }: { db: Db; env: Env }, guard: Middleware[], store: CmsStore) {
  const json = adminJsonBody()
  const can = (action: 'list' | 'show' | 'edit' | 'export') => requirePermission('syndication', action)

  router.get('/syndication-settings', ...guard, can('show'), async function getSettings(ctx) {
    const [feeds, websub] = await Promise.all([readFeedSettings(db), webSubState(db)])
    ctx.body = { feeds, websub, providers: PROVIDERS.map((p) => ({ id: p.id, name: p.name, ...p.status(env) })) }
  })
  router.put('/syndication-settings', ...guard, can('edit'), json, async function saveSettings(ctx) {
    const body = bodyOf(ctx) as Record<string, unknown>
    const settings = FeedSettingsSchema.parse({
      content: body.content,
      itemLimit: body.itemLimit,
      hubUrl: body.hubUrl === '' || body.hubUrl === undefined ? null : body.hubUrl,
    })
    const before = await readFeedSettings(db)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await writeSetting(w.trx, 'feeds', settings, w.userId)
      await insertAuditLogs(w.trx, [
        {
          userId: w.userId,
          action: 'update',
          resource: 'syndication',
          recordId: null,
          changes: Object.fromEntries(
            (Object.keys(settings) as (keyof FeedSettings)[]).filter((k) => before[k] !== settings[k]).map((k) => [`feeds.${k}`, [before[k], settings[k]]]),
          ),
        },
      ])
    })
    const { written, siteUrl } = rewriteFeedsNow(env.STATIC_DIR, settings)
    const pingJob = await enqueueWebSubPing(db, siteUrl, written)
    ctx.body = { feeds: settings, written, pingJob, websub: await webSubState(db) }
  })
  router.post('/syndication-settings/ping', ...guard, can('edit'), async function pingHub(ctx) {
    const settings = await readFeedSettings(db)
    if (!settings.hubUrl) throw httpError(409, 'No WebSub hub is configured: enter the hub URL in the feed settings first.')
    const { written, siteUrl } = rewriteFeedsNow(env.STATIC_DIR, settings)
    const pingJob = await enqueueWebSubPing(db, siteUrl, written)
    await insertAuditLogs(db, [
      { userId: adminState(ctx).user.id, action: 'create', resource: 'syndication', recordId: pingJob, changes: { 'websub.ping': [null, settings.hubUrl] } },
    ])
    ctx.status = 202
    ctx.body = { pingJob, feeds: written.length }
  })
  router.get('/syndication-analytics', ...guard, can('show'), async function analytics(ctx) {
    const days = Number(ctx.query.days ?? 30)
    if (!Number.isInteger(days) || days < 1 || days > 400) throw httpError(400, 'days is a whole number from 1 to 400.', { days: 'From 1 to 400.' })
    const feed = typeof ctx.query.feed === 'string' && ctx.query.feed ? ctx.query.feed : undefined
    await flushFeedFetches(db)
    ctx.body = await feedFetchStats(db, { days, feed })
  })

  router.get('/syndication', ...guard, can('list'), async function listPosts(ctx) {
    const { range } = parseListParams(ctx.query)
    const rows = listed(ctx, await postRows(db, store))
    ctx.set('Content-Range', `syndication ${range[0]}-${Math.min(range[1], Math.max(rows.length - 1, 0))}/${rows.length}`)
    ctx.body = rows.slice(range[0], range[1] + 1)
  })
  router.get('/syndication/export.csv', ...guard, can('export'), async function exportLinks(ctx) {
    const rows = listed(ctx, await postRows(db, store))
    let out = `\uFEFF${csvLine(['post_url', 'title', 'provider', 'state', 'url', 'updated_at'])}`
    for (const post of rows) for (const l of post.links) out += csvLine([post.url, post.title, l.provider, l.state, l.url ?? '', l.updated_at])
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="syndication-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = out
  })
  router.get('/syndication/:id', ...guard, can('show'), async function showPost(ctx) {
    const post = postUrlOf(ctx, store)
    const links = await linksOf(db, post.url)
    ctx.body = { id: post.url, ...post, links, posted: links.filter((l) => l.state === 'posted').length }
  })
  /** The canonical-linked copy for a target; records that it was prepared (not posted). */
  router.post('/syndication/:id/copy', ...guard, can('edit'), json, async function copyFor(ctx) {
    const post = postUrlOf(ctx, store)
    const provider = providerOf(String((bodyOf(ctx) as Record<string, unknown>).provider ?? ''))
    if (!provider) throw httpError(400, 'Choose a target.', { provider: `One of ${PROVIDERS.map((p) => p.id).join(', ')}.` })
    const source = postSource(post.url)
    if (!source) throw httpError(409, 'This post’s Markdown is not available to the server; open the post’s source to copy it.')
    const site = getSiteContext()
    const copy = prepareCopy(source, `${site.siteUrl}${post.url}`, site.siteUrl, site.data.site.brand.name)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const existing = await w.trx('syndication_links').where({ post_url: post.url, provider: provider.id }).first()
      // A posted link stays posted: preparing the copy again changes nothing.
      if (!existing || existing.state !== 'posted') await upsertLink(w.trx, w.userId, post.url, provider.id, { state: 'prepared', url: null, receipt: null })
    })
    ctx.body = { copy, links: await linksOf(db, post.url) }
  })
  /** The article URL staff paste back after posting by hand. */
  router.post('/syndication/:id/links', ...guard, can('edit'), json, async function pasteUrl(ctx) {
    const post = postUrlOf(ctx, store)
    const body = bodyOf(ctx) as Record<string, unknown>
    const provider = providerOf(String(body.provider ?? ''))
    if (!provider) throw httpError(400, 'Choose a target.', { provider: `One of ${PROVIDERS.map((p) => p.id).join(', ')}.` })
    const url = checkArticleUrl(provider, body.url)
    if (!url)
      throw httpError(400, 'Please correct the highlighted fields.', {
        url: `The article's full URL on ${provider.hosts.join(' or ')}, e.g. https://${provider.hosts[0]}/…`,
      })
    await writeWith(
      db,
      ctx,
    )((w) => upsertLink(w.trx, w.userId, post.url, provider.id, { state: 'posted', url, receipt: { method: 'manual', pastedAt: nowIso() } }))
    ctx.body = { links: await linksOf(db, post.url) }
  })
  /** Publishes through the target's API when it is connected (test or live). */
  router.post('/syndication/:id/publish', ...guard, can('edit'), json, async function publish(ctx) {
    const post = postUrlOf(ctx, store)
    const provider = providerOf(String((bodyOf(ctx) as Record<string, unknown>).provider ?? ''))
    if (!provider) throw httpError(400, 'Choose a target.', { provider: `One of ${PROVIDERS.map((p) => p.id).join(', ')}.` })
    const status = provider.status(env)
    if (status.state === 'not connected' || !provider.publish) throw httpError(409, `${provider.name} is not connected. ${status.reason}`)
    const source = postSource(post.url)
    if (!source) throw httpError(409, 'This post’s Markdown is not available to the server; use the manual copy.')
    const site = getSiteContext()
    let result
    try {
      result = await provider.publish(prepareCopy(source, `${site.siteUrl}${post.url}`, site.siteUrl, site.data.site.brand.name), env)
    } catch (error) {
      throw httpError(502, `${(error as Error).message} Try again, or use the manual copy.`)
    }
    await writeWith(
      db,
      ctx,
    )((w) =>
      upsertLink(w.trx, w.userId, post.url, provider.id, {
        state: 'posted',
        url: result.url,
        receipt: { method: 'api', mode: status.state, ...result.receipt },
      }),
    )
    ctx.body = { links: await linksOf(db, post.url) }
  })
  router.delete('/syndication/:id/links/:provider', ...guard, can('edit'), async function removeLink(ctx) {
    const post = postUrlOf(ctx, store)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await w.trx('syndication_links').where({ post_url: post.url, provider: ctx.params.provider }).first()
      if (!before) throw httpError(404, 'This post has no link on that target.')
      await w.trx('syndication_links').where({ id: before.id }).delete()
      await audit(
        w.trx,
        w.userId,
        'delete',
        'syndication',
        Number(before.id),
        { post_url: post.url, provider: before.provider, state: before.state, url: before.url ?? null },
        null,
      )
    })
    ctx.body = { links: await linksOf(db, post.url) }
  })
}
