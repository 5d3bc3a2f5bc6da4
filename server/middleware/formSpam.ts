// Spam signals of a public form, without a CAPTCHA: the `fax` honeypot (hidden from people) and
// the signed form token (a form sent sooner than FORM_MIN_FILL_MS after it was rendered, or with a
// missing, forged or day-old token, was not filled in by a person). The verdict goes on ctx.state;
// the handler stores the submission flagged and still answers 2xx, so a bot learns nothing.
import type { Middleware } from 'koa'
import { checkFormToken } from '../lib/signing.ts'
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
      const check = checkFormToken(opts.secret, token, opts.minFillMs, now())
      state.spam = check.ok ? { isSpam: false, reason: null } : { isSpam: true, reason: check.reason }
    }
    await next()
  }
}
