// Writes through the group-commit writer and answers only after the commit. When the request
// carries an Idempotency-Key, the key is checked again and stored inside the same transaction,
// so two concurrent requests with one key write once and both get the same answer.
import type { Context } from 'koa'
import type { Knex } from 'knex'
import type { Writer } from '../db/groupCommit.ts'
import { findIdempotencyKey, insertIdempotencyKey, type StoredResponse } from '../db/queries/idempotencyKeys.ts'
import { replayStoredResponse } from '../middleware/idempotency.ts'
import { apiState } from './state.ts'

export type JobResponse = { status: number; body: unknown }

export async function commitResponse(
  ctx: Context,
  writer: Writer,
  job: (trx: Knex.Transaction) => Promise<JobResponse>,
): Promise<JobResponse & { replayed: boolean }> {
  const idem = apiState(ctx).idempotency
  const outcome = await writer.run<{ stored: StoredResponse } | { response: JobResponse }>(async (trx) => {
    if (idem) {
      const stored = await findIdempotencyKey(trx, idem.endpoint, idem.key)
      if (stored) return { stored }
    }
    const response = await job(trx)
    if (idem && response.status >= 200 && response.status < 300) await insertIdempotencyKey(trx, { ...idem, ...response })
    return { response }
  })
  if ('stored' in outcome) {
    replayStoredResponse(ctx, outcome.stored, idem?.bodyHash ?? '')
    return { status: outcome.stored.status, body: outcome.stored.body, replayed: true }
  }
  ctx.status = outcome.response.status
  ctx.body = outcome.response.body
  return { ...outcome.response, replayed: false }
}
