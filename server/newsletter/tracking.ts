// Open pixel and click redirect of campaigns, on the public API:
//   GET /api/newsletter/o/:campaign/:subscriber/:sig.gif → a 1×1 GIF, the open recorded;
//   GET /api/newsletter/c/:campaign/:link/:subscriber/:sig → 302 to the link with
//       utm_source=newsletter&utm_medium=email&utm_campaign=<slug>, the click recorded.
// Subscriber 0 is an untracked campaign's link: only the campaign's and link's counts move.
// A tampered link is a 400 (never a redirect to somewhere else: the target comes from the database).
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import type { Knex } from 'knex'
import { nowIso } from '../db/rows.ts'
import type { HandlerDeps } from '../api/deps.ts'
import { classifyOpen } from './classifyOpen.ts'
import { checkTrackSignature, withUtm } from './links.ts'
import { publicSiteUrl } from './site.ts'

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const int = (v: string | undefined) => {
  const n = Number(v)
  return v !== undefined && /^\d{1,10}$/.test(v) && Number.isSafeInteger(n) ? n : -1
}

type Recorded = { kind: 'open' | 'click'; campaignId: number; subscriberId: number; linkId: number | null; userAgent: string; now: number }

/** Records one open or click; answers the link row for clicks (or null when the campaign/link is unknown). */
export async function recordEvent(trx: Knex.Transaction, e: Recorded): Promise<{ ok: boolean }> {
  const campaign = await trx('newsletter_campaigns').select('id', 'track').where({ id: e.campaignId }).first()
  if (!campaign) return { ok: false }
  const at = nowIso(e.now)
  const tracked = e.subscriberId > 0
  const send = tracked ? await trx('newsletter_sends').where({ campaign_id: e.campaignId, subscriber_id: e.subscriberId }).first() : undefined
  if (tracked && !send) return { ok: false }
  const sentAt = send?.sent_at ? new Date(send.sent_at).getTime() : null
  const verdict = classifyOpen({ userAgent: e.userAgent, sentAt, now: e.now, kind: e.kind })
  if (e.kind === 'click' && e.linkId) await trx('newsletter_links').where({ id: e.linkId }).increment('clicks', 1)
  if (tracked) {
    await trx('newsletter_events').insert({
      campaign_id: e.campaignId,
      subscriber_id: e.subscriberId,
      type: e.kind,
      machine: verdict.machine,
      reason: verdict.reason,
      link_id: e.linkId,
      created_at: at,
    })
  }
  if (e.kind === 'open') {
    await trx('newsletter_campaigns')
      .where({ id: e.campaignId })
      .increment(verdict.machine ? 'opens_machine' : 'opens_human', 1)
  } else if (!verdict.machine) {
    await trx('newsletter_campaigns').where({ id: e.campaignId }).increment('clicks', 1)
  }
  if (!tracked || verdict.machine || !send) return { ok: true }
  // A human open or click: first ones count as unique (a click implies the email was opened).
  if (!send.opened_at) {
    await trx('newsletter_sends').where({ id: send.id }).update({ opened_at: at })
    await trx('newsletter_campaigns').where({ id: e.campaignId }).increment('unique_opens_human', 1)
    await trx('newsletter_subscribers').where({ id: e.subscriberId }).increment('campaigns_opened', 1)
  }
  if (e.kind === 'click') {
    const before = await trx('newsletter_events')
      .where({ campaign_id: e.campaignId, subscriber_id: e.subscriberId, type: 'click', link_id: e.linkId, machine: false })
      .count({ n: '*' })
      .first()
    if (Number(before?.n ?? 0) === 1) await trx('newsletter_links').where({ id: e.linkId }).increment('unique_clicks', 1)
    if (!send.clicked_at) {
      await trx('newsletter_sends').where({ id: send.id }).update({ clicked_at: at })
      await trx('newsletter_campaigns').where({ id: e.campaignId }).increment('unique_clicks', 1)
      await trx('newsletter_subscribers').where({ id: e.subscriberId }).increment('campaigns_clicked', 1)
    }
  }
  await trx('newsletter_subscribers').where({ id: e.subscriberId }).update({ last_engaged_at: at })
  return { ok: true }
}

const invalid = (ctx: Context) => ctx.throw(400, 'This newsletter link is not valid: it may have been cut or changed. Open the link from the email again.')

function openHandler(deps: HandlerDeps): Middleware {
  return async function openPixel(ctx) {
    const campaignId = int(ctx.params.campaign)
    const subscriberId = int(ctx.params.subscriber)
    const sig = String(ctx.params.sig ?? '').replace(/\.gif$/, '')
    if (campaignId <= 0 || subscriberId < 0 || !checkTrackSignature(deps.env.APP_SECRET, 'o', campaignId, 0, subscriberId, sig)) return invalid(ctx)
    const userAgent = ctx.get('User-Agent').slice(0, 512)
    await deps.writer.run((trx) => recordEvent(trx, { kind: 'open', campaignId, subscriberId, linkId: null, userAgent, now: Date.now() }))
    ctx.set('Cache-Control', 'no-store, private')
    ctx.type = 'image/gif'
    ctx.body = GIF
  }
}

function clickHandler(deps: HandlerDeps): Middleware {
  return async function clickRedirect(ctx) {
    const campaignId = int(ctx.params.campaign)
    const position = int(ctx.params.link)
    const subscriberId = int(ctx.params.subscriber)
    const sig = String(ctx.params.sig ?? '')
    if (campaignId <= 0 || position < 0 || subscriberId < 0 || !checkTrackSignature(deps.env.APP_SECRET, 'c', campaignId, position, subscriberId, sig))
      return invalid(ctx)
    const link = await deps
      .db('newsletter_links as l')
      .join('newsletter_campaigns as c', 'c.id', 'l.campaign_id')
      .select('l.id', 'l.url', 'c.slug')
      .where({ 'l.campaign_id': campaignId, 'l.position': position })
      .first()
    if (!link) ctx.throw(404, 'This newsletter link no longer exists.')
    const userAgent = ctx.get('User-Agent').slice(0, 512)
    await deps.writer.run((trx) => recordEvent(trx, { kind: 'click', campaignId, subscriberId, linkId: Number(link.id), userAgent, now: Date.now() }))
    ctx.status = 302
    ctx.redirect(withUtm(link.url, link.slug, publicSiteUrl(deps.env)))
  }
}

export function newsletterTrackingRoutes(router: Router, deps: HandlerDeps, limit: () => Middleware) {
  router.get('/newsletter/o/:campaign/:subscriber/:sig', limit(), openHandler(deps))
  router.get('/newsletter/c/:campaign/:link/:subscriber/:sig', limit(), clickHandler(deps))
}
