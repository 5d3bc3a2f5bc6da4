// The public newsletter endpoints:
// - POST /api/newsletter signs up for double opt-in (a confirmation email is queued);
// - GET /api/newsletter/confirm?id=&sig= confirms from the email's signed link (the welcome email
//   is queued) and redirects to /subscribed;
// - GET /api/newsletter/unsubscribe?email=&c=&sig= unsubscribes from the signed link (no login)
//   and redirects to /unsubscribed; POST to the same URL is RFC 8058's one-click unsubscribe.
import { timingSafeEqual } from 'node:crypto'
import type { Context, Middleware } from 'koa'
import { EmailSchema, NewsletterSchema } from '../../shared/contract.ts'
import { confirmSubscriber, getSubscriber, subscribe, unsubscribe } from '../db/queries/newsletterSubscribers.ts'
import { nowIso } from '../db/rows.ts'
import { insertSpamSubmission } from '../db/queries/spamSubmissions.ts'
import { spendFormTokens } from '../db/queries/spentFormTokens.ts'
import { enqueueJob } from '../jobs/define.ts'
import { hashIp, sha256 } from '../lib/signing.ts'
import { checkCampaignUnsubscribe, checkConfirmSignature } from '../newsletter/links.ts'
import { newsletterEmailJob } from '../newsletter/emailJob.ts'
import { BounceSchema, recordBounce } from '../newsletter/bounces.ts'
import { DUPLICATE_WINDOW_MS } from './leadDeduplication.ts'
import { commitResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postNewsletter(deps: HandlerDeps): Middleware {
  return async function postNewsletterHandler(ctx) {
    const data = parseInput(NewsletterSchema, apiState(ctx).body)
    const detected = apiState(ctx).spam ?? { isSpam: false, reason: null }
    const formToken = apiState(ctx).formToken
    const userAgent = ctx.get('User-Agent').slice(0, 512)
    const ipHash = hashIp(ctx.ip, deps.env.APP_SECRET)
    let queued = false
    await commitResponse(ctx, deps.writer, async (trx) => {
      let spam = detected
      if (!spam.isSpam && formToken) {
        // The token is spent by this signup; one spent by another signup flags this one.
        const [verdict] = await spendFormTokens(
          trx,
          [{ ...formToken, payloadHash: sha256(`newsletter\n${data.email.toLowerCase()}`) }],
          Date.now(),
          DUPLICATE_WINDOW_MS,
        )
        if (verdict === 'reused') spam = { isSpam: true, reason: 'reused-token' }
      }
      if (spam.isSpam) {
        const { formToken: _token, ...payload } = data
        const id = await insertSpamSubmission(trx, { endpoint: 'newsletter', reason: spam.reason ?? 'spam', email: data.email, payload, userAgent, ipHash })
        return { status: 201, body: { id } }
      }
      const outcome = await subscribe(trx, {
        email: data.email,
        source: data.source || 'Newsletter',
        landingPage: data.landingPage,
        userAgent,
        ipHash,
        utmSource: data.utmSource,
        utmMedium: data.utmMedium,
        utmCampaign: data.utmCampaign,
        referrer: data.referrer,
        firstTouch: data.firstTouch,
      })
      if (outcome.sendConfirmation) {
        await trx('newsletter_subscribers').where({ id: outcome.id }).update({ confirmation_sent_at: nowIso() })
        await enqueueJob(trx, newsletterEmailJob, { subscriberId: outcome.id, kind: 'confirm' })
        queued = true
      }
      return outcome.created ? { status: 201, body: { id: outcome.id } } : { status: 200, body: { id: outcome.id, duplicate: true } }
    })
    if (queued) deps.notifyOutbox()
  }
}

const badLink = (ctx: Context, errors: Record<string, string>) =>
  ctx.throw(400, 'This link is not valid. Copy the whole link from the email, or sign up again from the form at the bottom of any page.', { errors })

export function getConfirm(deps: HandlerDeps): Middleware {
  return async function confirmHandler(ctx) {
    const { id, sig } = ctx.query
    const n = Number(id)
    if (typeof id !== 'string' || !Number.isSafeInteger(n) || n <= 0) return badLink(ctx, { id: 'The link has no subscriber number.' })
    const row = await getSubscriber(deps.db, n)
    if (typeof sig !== 'string' || !row || !checkConfirmSignature(deps.env.APP_SECRET, n, row.email, sig))
      return badLink(ctx, { sig: 'The signature does not match this subscription.' })
    if (row.status === 'blocklisted' || row.status === 'unsubscribed')
      return badLink(ctx, { id: 'This address is no longer subscribed: sign up again from the form.' })
    const confirmed = await deps.writer.run(async (trx) => {
      const changed = await confirmSubscriber(trx, n)
      if (changed) await enqueueJob(trx, newsletterEmailJob, { subscriberId: n, kind: 'welcome' }, { key: `newsletter-welcome:${n}` })
      return changed
    })
    if (confirmed) deps.notifyOutbox()
    ctx.redirect('/subscribed')
    ctx.status = 303
  }
}

function unsubscribeHandler(deps: HandlerDeps, oneClick: boolean): Middleware {
  return async function handler(ctx: Context) {
    const { email, sig, c } = ctx.query
    const parsed = EmailSchema.safeParse(typeof email === 'string' ? email : '')
    if (!parsed.success) ctx.throw(400, 'This unsubscribe link is not valid.', { errors: { email: 'The link has no valid email address.' } })
    const campaignId = c === undefined ? null : Number(c)
    if (campaignId !== null && (typeof c !== 'string' || !Number.isSafeInteger(campaignId) || campaignId <= 0))
      ctx.throw(400, 'This unsubscribe link is not valid.', { errors: { c: 'The campaign number is not valid.' } })
    if (typeof sig !== 'string' || !checkCampaignUnsubscribe(deps.env.APP_SECRET, parsed.data, campaignId, sig)) {
      ctx.throw(400, 'This unsubscribe link is not valid.', { errors: { sig: 'The signature does not match the email address.' } })
    }
    await deps.writer.run(async (trx) => {
      const changed = await unsubscribe(trx, parsed.data)
      if (changed && campaignId) await trx('newsletter_campaigns').where({ id: campaignId }).increment('unsubscribes', 1)
    })
    if (oneClick) {
      ctx.status = 200
      ctx.body = { unsubscribed: true }
      return
    }
    ctx.redirect('/unsubscribed')
    ctx.status = 303
  }
}

export const getUnsubscribe = (deps: HandlerDeps) => unsubscribeHandler(deps, false)
/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL. */
export const postUnsubscribe = (deps: HandlerDeps) => unsubscribeHandler(deps, true)

/**
 * POST /api/newsletter/webhooks/bounce: the mail provider reports a bounce or complaint
 * ({ email, type: hard|soft|complaint, messageId?, campaignId? }), authenticated with
 * `Authorization: Bearer NEWSLETTER_WEBHOOK_TOKEN`. Without the token set the endpoint is off.
 */
export function postBounceWebhook(deps: HandlerDeps): Middleware {
  return async function bounceWebhook(ctx) {
    const token = deps.env.NEWSLETTER_WEBHOOK_TOKEN
    if (!token) ctx.throw(404, 'The bounce webhook is off: set NEWSLETTER_WEBHOOK_TOKEN to turn it on.')
    const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? ''
    if (!safeEqualText(given, token as string)) ctx.throw(401, 'Send the webhook token as "Authorization: Bearer <token>".')
    const input = parseInput(BounceSchema, apiState(ctx).body)
    ctx.body = await deps.writer.run((trx) => recordBounce(trx, input, 'webhook', null))
  }
}

function safeEqualText(a: string, b: string) {
  const x = Buffer.from(sha256(a))
  const y = Buffer.from(sha256(b))
  return timingSafeEqual(x, y)
}
