// The first-party short links of social posts: GET /s/<code> → 302 to the post's link with
// utm_source=<network>, utm_medium=social, utm_campaign=social-<post id> (existing parameters
// kept). The landing page's tracker then records the session with that campaign, and a lead's
// attribution carries it: the post's results (closed loop) read those. The click counts on the
// variant and the post. The target comes from the database, never from the URL.
import type { Middleware } from 'koa'
import type { Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { publicSiteUrl } from '../newsletter/site.ts'

export function socialTarget(linkUrl: string, network: string, campaign: string, siteOrigin: string): string | null {
  let u: URL
  try {
    u = new URL(linkUrl, siteOrigin)
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  if (!u.searchParams.has('utm_source')) u.searchParams.set('utm_source', network)
  if (!u.searchParams.has('utm_medium')) u.searchParams.set('utm_medium', 'social')
  if (!u.searchParams.has('utm_campaign')) u.searchParams.set('utm_campaign', campaign)
  return u.toString()
}

export function socialShortLinks(db: Db, env: Env): Middleware {
  return async function shortLink(ctx, next) {
    const m = /^\/s\/([A-Za-z0-9_-]{4,16})$/.exec(ctx.path)
    if (!m || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    const row = await db('social_post_variants as v')
      .join('social_posts as p', 'p.id', 'v.post_id')
      .join('social_accounts as a', 'a.id', 'v.account_id')
      .select('v.id', 'v.post_id', 'p.link_url', 'p.campaign', 'a.network')
      .where('v.short_code', m[1])
      .first()
    const target = row?.link_url ? socialTarget(String(row.link_url), String(row.network), String(row.campaign), publicSiteUrl(env)) : null
    if (!row || !target) {
      ctx.status = 404
      ctx.type = 'text/plain'
      ctx.body = 'This short link does not exist. Check the address, or start from the home page.'
      return
    }
    if (ctx.method === 'GET') {
      await db.transaction(async (trx) => {
        await trx('social_post_variants').where({ id: row.id }).increment('clicks', 1)
        await trx('social_posts').where({ id: row.post_id }).increment('clicks', 1)
      })
    }
    ctx.set('Cache-Control', 'no-store')
    ctx.status = 302
    ctx.redirect(target)
  }
}
