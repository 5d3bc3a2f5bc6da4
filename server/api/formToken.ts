// GET /api/form-token: a signed token holding the time the form was rendered (see formSpam).
import type { Middleware } from 'koa'
import { signFormToken } from '../lib/signing.ts'
import type { HandlerDeps } from './deps.ts'

export function getFormToken(deps: HandlerDeps): Middleware {
  return async function getFormTokenHandler(ctx) {
    ctx.body = { token: signFormToken(deps.env.APP_SECRET) }
  }
}
