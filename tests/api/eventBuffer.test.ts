// The event buffer behind /api/events (decision 128): batches wait a few milliseconds and are
// written in one transaction; "accepted" means committed; a graceful shutdown writes everything
// waiting, so no accepted event is lost; a lead link reaches rows still waiting; an erasure drops them.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventBuffer } from '../../server/analytics/eventBuffer.ts'
import { Ingestor } from '../../server/analytics/ingest.ts'
import type { AnalyticsEvent } from '../../shared/contract.ts'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const count = async (server: TestServer, where: Record<string, unknown> = {}) => Number((await server.db('events').where(where).count({ n: '*' }).first())!.n)

describe.each(databases)('analytics event buffer ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const derive = (ingestor: Ingestor, path: string, n = 5, ip = '198.51.100.20') =>
    ingestor.derive(
      Array.from({ length: n }, (_, i) => samples.event({ visitorId: `browser-${crypto.randomUUID()}`, path, at: Date.now() + i }) as AnalyticsEvent),
      { ip, userAgent: CHROME, siteHost: 'example.com', receivedAt: Date.now() },
    )

  it('writes everything waiting when stopped, in one transaction, and refuses batches after', async () => {
    const buffer = new EventBuffer(server.db, { everyMs: 60_000 })
    const ingestor = new Ingestor(server.db)
    const batches = await Promise.all(Array.from({ length: 30 }, () => derive(ingestor, '/buffer-stop')))
    const accepted = batches.map((b) => buffer.add(b))
    expect(await count(server, { path: '/buffer-stop' })).toBe(0)
    await buffer.stop()
    expect(await Promise.all(accepted)).toEqual(Array(30).fill(5))
    expect(await count(server, { path: '/buffer-stop' })).toBe(150)
    expect(buffer.stats).toMatchObject({ flushes: 1, largestFlush: 150 })
    await expect(buffer.add(await derive(ingestor, '/buffer-stop'))).rejects.toThrow(/shutting down/)
  })

  it('gives rows still waiting the lead id of a visitor who just converted, and drops an erased visitor', async () => {
    const buffer = new EventBuffer(server.db, { everyMs: 60_000 })
    const ingestor = new Ingestor(server.db)
    const a = await derive(ingestor, '/buffer-lead', 2, '198.51.100.21')
    const b = await derive(ingestor, '/buffer-erased', 3, '198.51.100.22')
    const pending = [buffer.add(a), buffer.add(b)]
    buffer.assignLead(a.events[0].visitor_id, 4242, 0)
    buffer.forget(new Set([b.events[0].visitor_id]), new Set())
    await buffer.stop()
    expect(await Promise.all(pending)).toEqual([2, 0])
    expect(await count(server, { path: '/buffer-lead', lead_id: 4242 })).toBe(2)
    expect(await count(server, { path: '/buffer-erased' })).toBe(0)
  })

  it('retries the batches of a failed flush alone: only the faulty one fails, with none of its rows written', async () => {
    const buffer = new EventBuffer(server.db, { everyMs: 60_000 })
    const ingestor = new Ingestor(server.db)
    const good = await derive(ingestor, '/buffer-good', 4, '198.51.100.23')
    const faulty = await derive(ingestor, '/buffer-faulty', 3, '198.51.100.24')
    // A session id that is already stored: the flush holding it breaks the primary key.
    await server.db('analytics_sessions').insert(faulty.sessions[0])
    const replies = [buffer.add(good), buffer.add(faulty)].map((p) =>
      p.then(
        (n) => ({ n }),
        (error: Error) => ({ error: error.message }),
      ),
    )
    await buffer.stop()
    const [first, second] = await Promise.all(replies)
    expect(first).toEqual({ n: 4 })
    expect(second).toHaveProperty('error')
    expect(buffer.stats).toMatchObject({ retriedAlone: 2 })
    expect(await count(server, { path: '/buffer-good' })).toBe(4)
    // The faulty batch is all or nothing: none of its events, and its other rows are not half written.
    expect(await count(server, { path: '/buffer-faulty' })).toBe(0)
  })

  it('loses no accepted event when the server shuts down with requests in flight', async () => {
    const path = `/shutdown-${crypto.randomUUID().slice(0, 8)}`
    const replies = Array.from({ length: 40 }, (_, i) =>
      postJson(
        server.base,
        '/api/events',
        { events: Array.from({ length: 5 }, () => samples.event({ path, visitorId: `browser-${i}-xxxxxxxx` })) },
        {
          'User-Agent': CHROME,
        },
      ).catch(() => null),
    )
    // Shut down as soon as the first answer arrives: the others are in flight or refused.
    await Promise.race(replies)
    server = await server.restart()
    const settled = await Promise.all(replies)
    const accepted = settled.reduce((n, r) => n + (r?.status === 202 ? Number(r.body.accepted) : 0), 0)
    expect(accepted).toBeGreaterThan(0)
    expect(await count(server, { path })).toBe(accepted)
  })
})
