// Idempotency-Key: a key seen before on this endpoint replays its first response (same status and
// body), or answers 422 when the body differs. The key is checked and stored by the write itself
// (server/api/commit.ts, server/api/saveLead.ts) inside the transaction that commits the
// request, so concurrent requests with one key write once, a replay never disagrees with the
// database, and a valid request costs no extra query. This middleware validates the header and,
// when the request turns out invalid, still answers a reused key with 422 rather than 400.
import { isHttpError } from 'http-errors'
import type { Context, Middleware } from 'koa'
import { ZodError } from 'zod'
import type { Db } from '../db/knex.ts'
import { findIdempotencyKey, type StoredResponse } from '../db/queries/idempotencyKeys.ts'
import { sha256 } from '../lib/signing.ts'
import { apiState } from '../api/state.ts'

const validKey = /^[\x21-\x7e]{1,255}$/

export function replayStoredResponse(ctx: Context, stored: StoredResponse, bodyHash: string) {
  if (stored.bodyHash !== bodyHash) {
    ctx.throw(422, 'This Idempotency-Key was already used with a different request body.', {
      errors: { 'Idempotency-Key': 'Use a new key for a different request.' },
    })
  }
  ctx.status = stored.status
  ctx.body = stored.body
  ctx.set('Idempotent-Replayed', 'true')
}

export function idempotency(opts: { db: Db; endpoint: string }): Middleware {
  return async function idempotencyMiddleware(ctx, next) {
    const key = ctx.get('Idempotency-Key')
    if (!key) return next()
    if (!validKey.test(key)) ctx.throw(400, 'Invalid Idempotency-Key header.', { errors: { 'Idempotency-Key': 'Use 1 to 255 visible ASCII characters.' } })
    const state = apiState(ctx)
    const bodyHash = state.bodyHash ?? sha256('')
    state.idempotency = { endpoint: opts.endpoint, key, bodyHash }
    try {
      await next()
    } catch (error) {
      const invalid = error instanceof ZodError || (isHttpError(error) && error.status === 400)
      const stored = invalid ? await findIdempotencyKey(opts.db, opts.endpoint, key) : undefined
      if (!stored) throw error
      replayStoredResponse(ctx, stored, bodyHash)
    }
  }
}
