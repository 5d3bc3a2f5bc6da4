// A per-IP fixed-window rate limit for one endpoint. Over the limit: 429 with Retry-After
// (seconds) and a JSON message.
// - In memory by default (one server process: SQLite).
// - With `db` (startServer passes it when DATABASE_URL is set), the counters live in the
//   rate_limits table, so N server processes share one limit: 20 a minute across 3 instances is
//   20 in total. Windows are aligned to the clock (floor(now / window)), so every process agrees
//   on which window a request falls in.
// With `secret`, the bucket holds a keyed hash of the address, never the address itself (no
// table keeps a visitor's IP: docs/decisions/127-privacy-export-and-erasure.md).
import type { Middleware } from 'koa'
import type { Db } from '../db/knex.ts'
import { hitRateLimit } from '../db/queries/rateLimits.ts'
import { hashIp } from '../lib/signing.ts'
import { httpError } from './errorHandler.ts'

export type RateLimitOptions = {
  limit: number
  windowMs?: number
  now?: () => number
  /** Shared counters in the database. */
  db?: Db
  /** The bucket's name (default: the method and matched route). */
  name?: string
  /** Key for hashing the address in the bucket (APP_SECRET). */
  secret?: string
}

function memoryCounter(windowMs: number) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let nextSweep = 0
  return async (key: string, t: number) => {
    if (t >= nextSweep) {
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k)
      nextSweep = t + windowMs
    }
    let w = windows.get(key)
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs }
      windows.set(key, w)
    }
    w.count += 1
    return { count: w.count, resetAt: w.resetAt }
  }
}

function databaseCounter(db: Db, windowMs: number) {
  return async (key: string, t: number) => {
    const windowStart = t - (t % windowMs)
    return { count: await hitRateLimit(db, key, windowStart), resetAt: windowStart + windowMs }
  }
}

export function rateLimit(opts: RateLimitOptions): Middleware {
  const windowMs = opts.windowMs ?? 60_000
  const now = opts.now ?? Date.now
  const count = opts.db ? databaseCounter(opts.db, windowMs) : memoryCounter(windowMs)
  return async function rateLimitMiddleware(ctx, next) {
    const t = now()
    const name = opts.name ?? `${ctx.method} ${(ctx as { _matchedRoute?: string })._matchedRoute ?? ctx.path}`
    const w = await count(`${name}|${opts.secret ? hashIp(ctx.ip, opts.secret) : ctx.ip}`, t)
    const resetSeconds = Math.max(1, Math.ceil((w.resetAt - t) / 1000))
    ctx.set('RateLimit-Limit', String(opts.limit))
    ctx.set('RateLimit-Remaining', String(Math.max(0, opts.limit - w.count)))
    ctx.set('RateLimit-Reset', String(resetSeconds))
    if (w.count > opts.limit) {
      throw httpError(429, `Too many requests. Please try again in ${resetSeconds} seconds.`, undefined, { 'Retry-After': String(resetSeconds) })
    }
    await next()
  }
}
