// POST /api/events: a batch of analytics events. Accepts text/plain JSON too (navigator.sendBeacon
// sends text/plain without a CORS preflight). The server derives visitor, session, channel,
// device and goal (server/analytics/ingest.ts) and appends the rows through the event buffer
// (server/analytics/eventBuffer.ts): one transaction every few milliseconds for every request
// received meanwhile; the answer waits for that commit. A request with Global Privacy Control or Do Not Track is answered 202 with
// nothing stored (`accepted: 0`); its 404 page views still reach the 404 log, which holds paths
// only.
import type { Middleware } from 'koa'
import { EventBatchSchema } from '../../shared/contract.ts'
import { optedOut } from '../analytics/derive.ts'
import { ingestorFor } from '../analytics/ingest.ts'
import { eventBufferFor } from '../analytics/eventBuffer.ts'
import { insertEventBatches } from '../db/queries/events.ts'
import { recordTrackedNotFound } from '../redirects/notFoundLog.ts'
import { commitResponse, type JobResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postEvents(deps: HandlerDeps): Middleware {
  return async function postEventsHandler(ctx) {
    const { events } = parseInput(EventBatchSchema, apiState(ctx).body)
    recordTrackedNotFound(deps.db, events, ctx.get('User-Agent'))
    if (optedOut({ gpc: ctx.get('Sec-GPC'), dnt: ctx.get('DNT') })) {
      ctx.status = 202
      ctx.body = { accepted: 0 }
      return
    }
    const batch = await ingestorFor(deps.db).derive(events, {
      ip: ctx.ip,
      userAgent: ctx.get('User-Agent').slice(0, 512),
      siteHost: ctx.hostname.toLowerCase(),
      receivedAt: Date.now(),
    })
    if (apiState(ctx).idempotency) {
      await commitResponse(ctx, deps.writer, async (trx): Promise<JobResponse> => ({
        status: 202,
        body: { accepted: (await insertEventBatches(trx, [batch]))[0] },
      }))
      return
    }
    ctx.status = 202
    ctx.body = { accepted: batch.events.length ? await eventBufferFor(deps.db).add(batch) : 0 }
  }
}
