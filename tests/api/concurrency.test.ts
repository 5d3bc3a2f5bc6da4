// 1,000 concurrent submissions give exactly 1,000 leads (and 1,000 notifications); 200
// concurrent copies of one submission give exactly one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('concurrent submissions ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('1,000 concurrent distinct leads become exactly 1,000 rows', async () => {
    const endpoints = [
      ['/api/leads', samples.lead],
      ['/api/quotes', samples.quote],
      ['/api/contact', samples.contact],
    ] as const
    const replies = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const [endpoint, sample] = endpoints[i % endpoints.length]
        return postJson(server.base, endpoint, sample({ email: `concurrent-${i}@example.com` }))
      }),
    )
    expect(replies.filter((r) => r.status !== 201)).toEqual([])
    const ids = new Set(replies.map((r) => r.body.id))
    expect(ids.size).toBe(1000)
    const rows = await server.db('leads').where('email', 'like', 'concurrent-%')
    expect(rows).toHaveLength(1000)
    expect(new Set(rows.map((r) => Number(r.id)))).toEqual(ids)
    const notifications = await server.db('outbox').whereIn('lead_id', [...ids])
    expect(notifications).toHaveLength(1000)
  })

  it('300 submissions each sent twice at once with its Idempotency-Key become 300 rows', async () => {
    const bodies = Array.from({ length: 300 }, (_, i) => samples.lead({ email: `keyed-${i}@example.com` }))
    const replies = await Promise.all(
      bodies.flatMap((body, i) => [0, 1].map(() => postJson(server.base, '/api/leads', body, { 'Idempotency-Key': `pair-${i}` }))),
    )
    expect(replies.every((r) => r.status === 201)).toBe(true)
    for (let i = 0; i < 300; i++) expect(replies[2 * i].body).toEqual(replies[2 * i + 1].body)
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(300)
    expect(await server.db('leads').where('email', 'like', 'keyed-%')).toHaveLength(300)
    expect(await server.db('idempotency_keys').where('key', 'like', 'pair-%')).toHaveLength(300)
  })

  it('200 concurrent copies of one submission become one row', async () => {
    const body = samples.contact({ email: 'same-everywhere@example.com' })
    const replies = await Promise.all(Array.from({ length: 200 }, () => postJson(server.base, '/api/contact', body)))
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 200 && r.body.duplicate === true)).toHaveLength(199)
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1)
    expect(await server.db('leads').where({ email: 'same-everywhere@example.com' })).toHaveLength(1)
  })
})
