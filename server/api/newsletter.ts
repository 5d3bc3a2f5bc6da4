// POST /api/newsletter subscribes; GET /api/newsletter/unsubscribe?email=&sig= unsubscribes from
// the signed link in every newsletter (no login) and redirects to /unsubscribed.
import type { Context, Middleware } from 'koa'
import { EmailSchema, NewsletterSchema } from '../../shared/contract.ts'
import { subscribe, unsubscribe } from '../db/queries/newsletterSubscribers.ts'
import { insertSpamSubmission } from '../db/queries/spamSubmissions.ts'
import { spendFormTokens } from '../db/queries/spentFormTokens.ts'
import { checkUnsubscribeSignature, hashIp, sha256 } from '../lib/signing.ts'
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
      const { id, created } = await subscribe(trx, { email: data.email, source: data.source || 'Newsletter', landingPage: data.landingPage, userAgent, ipHash })
      return created ? { status: 201, body: { id } } : { status: 200, body: { id, duplicate: true } }
    })
  }
}

export function getUnsubscribe(deps: HandlerDeps): Middleware {
  return async function getUnsubscribeHandler(ctx: Context) {
    const { email, sig } = ctx.query
    const parsed = EmailSchema.safeParse(typeof email === 'string' ? email : '')
    if (!parsed.success) ctx.throw(400, 'This unsubscribe link is not valid.', { errors: { email: 'The link has no valid email address.' } })
    if (typeof sig !== 'string' || !checkUnsubscribeSignature(deps.env.APP_SECRET, parsed.data, sig)) {
      ctx.throw(400, 'This unsubscribe link is not valid.', { errors: { sig: 'The signature does not match the email address.' } })
    }
    await deps.writer.run((trx) => unsubscribe(trx, parsed.data))
    ctx.redirect('/unsubscribed')
    ctx.status = 303
  }
}
