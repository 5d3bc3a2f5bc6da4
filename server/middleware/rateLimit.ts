// A per-IP fixed-window rate limit for one endpoint, kept in memory (one server process).
// Over the limit: 429 with Retry-After (seconds) and a JSON message.
import type { Middleware } from 'koa'
import { httpError } from './errorHandler.ts'

export function rateLimit(opts: { limit: number; windowMs?: number; now?: () => number }): Middleware {
  const windowMs = opts.windowMs ?? 60_000
  const now = opts.now ?? Date.now
  const windows = new Map<string, { count: number; resetAt: number }>()
  let nextSweep = 0
  return async function rateLimitMiddleware(ctx, next) {
    const t = now()
    if (t >= nextSweep) {
      for (const [ip, w] of windows) if (w.resetAt <= t) windows.delete(ip)
      nextSweep = t + windowMs
    }
    let w = windows.get(ctx.ip)
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs }
      windows.set(ctx.ip, w)
    }
    w.count += 1
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
