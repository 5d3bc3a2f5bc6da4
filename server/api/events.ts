// POST /api/events: a batch of analytics events, appended as one multi-row insert. Accepts
// text/plain JSON too (navigator.sendBeacon sends text/plain without a CORS preflight).
import type { Middleware } from 'koa'
import { EventBatchSchema } from '../../shared/contract.ts'
import { insertEvents } from '../db/queries/events.ts'
import { hashIp } from '../lib/signing.ts'
import { commitResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postEvents(deps: HandlerDeps): Middleware {
  return async function postEventsHandler(ctx) {
    const { events } = parseInput(EventBatchSchema, apiState(ctx).body)
    const meta = { userAgent: ctx.get('User-Agent').slice(0, 512), ipHash: hashIp(ctx.ip, deps.env.APP_SECRET) }
    await commitResponse(ctx, deps.writer, async (trx) => ({ status: 202, body: { accepted: await insertEvents(trx, events, meta) } }))
  }
}
