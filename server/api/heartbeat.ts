// GET or POST /api/heartbeat/<token>: an external pinger (a cron job elsewhere, an uptime service)
// reports that it reached the site. The token comes from APP_SECRET (shown in /admin/monitoring);
// a wrong one is a 404, like any unknown API address.
import crypto from 'node:crypto'
import type { Middleware } from 'koa'
import { heartbeatToken, recordHeartbeat } from '../monitoring/uptime.ts'
import type { HandlerDeps } from './deps.ts'

export function heartbeat(deps: HandlerDeps): Middleware {
  const expected = Buffer.from(heartbeatToken(deps.env.APP_SECRET))
  return async function heartbeatHandler(ctx) {
    const given = Buffer.from(String(ctx.params.token ?? ''))
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      ctx.status = 404
      ctx.body = { message: 'There is no API endpoint at this address.' }
      return
    }
    await recordHeartbeat(deps.db)
    ctx.body = { ok: true, at: new Date().toISOString() }
  }
}
