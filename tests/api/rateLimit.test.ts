// Per-IP, per-endpoint rate limits: 429 with Retry-After (seconds) and a JSON message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, postJson, request, samples, startTestServer, useTestDb, type TestServer } from './helpers.ts'

describe.each(databases)('rate limit ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target, { RATE_LIMIT_PER_MINUTE: '3' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 429 with Retry-After once an IP passes the limit of an endpoint', async () => {
    // With DATABASE_URL the windows are aligned to the clock's minutes (shared by N processes): start
    // early in a minute, so the five requests below cannot straddle two windows.
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100))
    for (let i = 0; i < 3; i++) {
      const ok = await postJson(server.base, '/api/leads', samples.lead())
      expect(ok.status).toBe(201)
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(2 - i))
    }
    const limited = await postJson(server.base, '/api/leads', samples.lead())
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.body).toEqual({ message: `Too many requests. Please try again in ${retryAfter} seconds.` })
    // Bad input counts too and is limited before it is parsed.
    expect((await request(server.base, 'POST', '/api/leads', { body: '{', type: 'application/json' })).status).toBe(429)
  })

  it('counts each endpoint separately', async () => {
    expect((await postJson(server.base, '/api/contact', samples.contact())).status).toBe(201)
    expect((await postJson(server.base, '/api/quotes', samples.quote())).status).toBe(201)
  })

  it('gives /api/events a much higher limit (50 times the form limit by default)', async () => {
    expect(server.env.EVENTS_RATE_LIMIT_PER_MINUTE).toBe(150)
    const replies = await Promise.all(Array.from({ length: 20 }, () => postJson(server.base, '/api/events', { events: [samples.event()] })))
    expect(replies.every((r) => r.status === 202)).toBe(true)
  })
})

describe('rateLimit middleware window', () => {
  it('opens again when the window ends', async () => {
    const { rateLimit } = await import('../../server/middleware/rateLimit.ts')
    let now = 1_000_000
    const limiter = rateLimit({ limit: 2, windowMs: 60_000, now: () => now })
    const headers: Record<string, string> = {}
    const ctx = { ip: '203.0.113.9', set: (k: string, v: string) => (headers[k] = v) } as never
    const next = async () => {}
    await limiter(ctx, next)
    await limiter(ctx, next)
    now += 59_500
    await expect(limiter(ctx, next)).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '1' } })
    now += 600
    await expect(limiter(ctx, next)).resolves.toBeUndefined()
    const other = { ip: '203.0.113.10', set: () => {} } as never
    await expect(limiter(other, next)).resolves.toBeUndefined()
  })
})

describe.each(databases)('rateLimit with shared counters in the database ($name)', (target) => {
  const t = useTestDb(target)

  it('counts requests of every process together, per address, in clock-aligned windows', async () => {
    const { rateLimit } = await import('../../server/middleware/rateLimit.ts')
    let now = 1_800_000_000_000 + 10_000
    // Three limiters stand for three server processes on one database.
    const limiters = [0, 1, 2].map(() => rateLimit({ limit: 5, windowMs: 60_000, now: () => now, db: t.db, name: 'POST /api/leads' }))
    const ctx = (ip: string) => ({ ip, set: () => {} }) as never
    const next = async () => {}
    const outcomes = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        limiters[i % 3](ctx('198.51.100.7'), next).then(
          () => 'ok',
          (e: { status: number }) => e.status,
        ),
      ),
    )
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5)
    expect(outcomes.filter((o) => o === 429)).toHaveLength(4)
    // Another address has its own counter.
    await expect(limiters[1](ctx('198.51.100.8'), next)).resolves.toBeUndefined()
    // The window ends at the next minute boundary for every process.
    now += 50_000
    await expect(limiters[2](ctx('198.51.100.7'), next)).resolves.toBeUndefined()
  })
})
