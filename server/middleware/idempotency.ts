// Idempotency-Key: a key seen before on this endpoint replays its first response (same status and
// body), or answers 422 when the body differs. New keys are stored by commitResponse
// (server/api/commit.ts) in the same transaction as the write, so a replay never disagrees with
// the database, even after a crash or a restart.
import type { Context, Middleware } from 'koa'
import type { Db } from '../db/knex.ts'
import { findIdempotencyKey, type StoredResponse } from '../db/queries/idempotencyKeys.ts'
import { sha256 } from '../lib/signing.ts'
import { apiState } from '../api/state.ts'
import { HttpError } from './errorHandler.ts'

const validKey = /^[\x21-\x7e]{1,255}$/

export function replayStoredResponse(ctx: Context, stored: StoredResponse, bodyHash: string) {
  if (stored.bodyHash !== bodyHash) {
    throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.', { 'Idempotency-Key': 'Use a new key for a different request.' })
  }
  ctx.status = stored.status
  ctx.body = stored.body
  ctx.set('Idempotent-Replayed', 'true')
}

export function idempotency(opts: { db: Db; endpoint: string }): Middleware {
  return async function idempotencyMiddleware(ctx, next) {
    const key = ctx.get('Idempotency-Key')
    if (!key) return next()
    if (!validKey.test(key)) throw new HttpError(400, 'Invalid Idempotency-Key header.', { 'Idempotency-Key': 'Use 1 to 255 visible ASCII characters.' })
    const state = apiState(ctx)
    const bodyHash = state.bodyHash ?? sha256('')
    const stored = await findIdempotencyKey(opts.db, opts.endpoint, key)
    if (stored) return replayStoredResponse(ctx, stored, bodyHash)
    state.idempotency = { endpoint: opts.endpoint, key, bodyHash }
    await next()
  }
}
