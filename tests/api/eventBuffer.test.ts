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

  it('stores every value of a flush exactly: quotes, NUL, non-ASCII text, fractions, JSON props, booleans', async () => {
    const buffer = new EventBuffer(server.db, { everyMs: 60_000 })
    const ingestor = new Ingestor(server.db)
    // (PostgreSQL text cannot hold a NUL at all; SQLite keeps it)
    const name = `O'Brien's ''quote''${target.name === 'sqlite' ? ' \u0000 after a NUL;' : ''} ünïcödé 🙂 -- drop table events;`
    const batch = await ingestor.derive(
      [
        samples.event({ path: '/buffer-exact', name, value: 12.375, props: { label: "it's", n: 3, yes: true }, visitorId: `browser-${crypto.randomUUID()}` }),
        samples.event({ type: 'scroll_depth', path: '/buffer-exact', value: 50, visitorId: `browser-${crypto.randomUUID()}` }),
      ] as AnalyticsEvent[],
      { ip: '198.51.100.25', userAgent: CHROME, siteHost: 'example.com', receivedAt: Date.now() },
    )
    const pending = buffer.add(batch)
    await buffer.stop()
    expect(await pending).toBe(2)
    const rows = await server.db('events').where({ path: '/buffer-exact' }).orderBy('id')
    expect(rows).toHaveLength(2)
    for (const [i, row] of rows.entries()) {
      const sent = batch.events[i]
      expect(row).toMatchObject({
        type: sent.type,
        name: sent.name,
        visitor_id: sent.visitor_id,
        session_id: sent.session_id,
        channel: sent.channel,
        goal: sent.goal,
      })
      expect(Number(row.value)).toBe(sent.value)
      expect(Number(row.ts)).toBe(sent.ts)
      expect(row.lead_id).toBeNull()
    }
    expect(rows[0].name).toBe(name)
    const props = typeof rows[0].props === 'string' ? JSON.parse(rows[0].props) : rows[0].props
    expect(props).toEqual({ label: "it's", n: 3, yes: true })
    expect(rows[1].props).toBeNull()
    const session = await server.db('analytics_sessions').where({ id: batch.sessions[0].id }).first()
    expect(session).toMatchObject({ landing_page: '/buffer-exact', visitor_id: batch.sessions[0].visitor_id, channel: batch.sessions[0].channel })
    expect(Boolean(session.first_of_day)).toBe(batch.sessions[0].first_of_day)
    expect(Number(session.started_at)).toBe(batch.sessions[0].started_at)
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
