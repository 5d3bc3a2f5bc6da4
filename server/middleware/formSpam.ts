// Spam signals of a public form, without a CAPTCHA: the `fax` honeypot (hidden from people) and
// the signed form token (a form sent sooner than FORM_MIN_FILL_MS after it was rendered, or with a
// missing, forged or day-old token, was not filled in by a person). The verdict goes on ctx.state;
// the handler stores the submission flagged and still answers 2xx, so a bot learns nothing.
// A valid token goes on ctx.state too: the first accepted submission with it spends it, and a
// later one with the same token is flagged `reused-token` (server/db/queries/spentFormTokens.ts).
import type { Middleware } from 'koa'
import { hashFormToken } from '../db/queries/spentFormTokens.ts'
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS } from '../lib/signing.ts'
import { apiState } from '../api/state.ts'

export function formSpamCheck(opts: { secret: string; minFillMs: number; now?: () => number }): Middleware {
  const now = opts.now ?? Date.now
  return async function formSpamCheckMiddleware(ctx, next) {
    const state = apiState(ctx)
    const body = state.body ?? {}
    const fax = body.fax
    const token = typeof body.formToken === 'string' ? body.formToken.trim() : ''
    if (typeof fax === 'string' ? fax.trim() !== '' : fax != null && fax !== false) {
      state.spam = { isSpam: true, reason: 'honeypot' }
    } else {
      const t = now()
      const check = checkFormToken(opts.secret, token, opts.minFillMs, t)
      state.spam = check.ok ? { isSpam: false, reason: null } : { isSpam: true, reason: check.reason }
      if (check.ok) state.formToken = { tokenHash: hashFormToken(token), expiresAt: t - check.ageMs + FORM_TOKEN_MAX_AGE_MS }
    }
    await next()
  }
}
