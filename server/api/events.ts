// POST /api/events: a batch of analytics events, appended as one multi-row insert. Accepts
// text/plain JSON too (navigator.sendBeacon sends text/plain without a CORS preflight).
import type { Middleware } from 'koa'
import { EventBatchSchema } from '../../shared/contract.ts'
import type { BulkHandler } from '../db/groupCommit.ts'
import { insertEventBatches, type EventBatch } from '../db/queries/events.ts'
import { hashIp } from '../lib/signing.ts'
import { recordTrackedNotFound } from '../redirects/notFoundLog.ts'
import { commitResponse, type JobResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

// Batches from concurrent requests share one multi-row insert per group commit.
const eventWriter: BulkHandler<EventBatch, number> = { name: 'events', write: insertEventBatches }

export function postEvents(deps: HandlerDeps): Middleware {
  return async function postEventsHandler(ctx) {
    const { events } = parseInput(EventBatchSchema, apiState(ctx).body)
    recordTrackedNotFound(deps.db, events, ctx.get('User-Agent'))
    const batch: EventBatch = { events, userAgent: ctx.get('User-Agent').slice(0, 512), ipHash: hashIp(ctx.ip, deps.env.APP_SECRET), receivedAt: Date.now() }
    if (apiState(ctx).idempotency) {
      await commitResponse(ctx, deps.writer, async (trx): Promise<JobResponse> => ({
        status: 202,
        body: { accepted: (await insertEventBatches(trx, [batch]))[0] },
      }))
      return
    }
    ctx.status = 202
    ctx.body = { accepted: await deps.writer.runBulk(eventWriter, batch) }
  }
}
