// Behind a proxy (finding 4): a client that rotates or forges the left-most X-Forwarded-For
// value is still one address for the per-address rate limit.
import { afterAll, describe, expect, it } from 'vitest'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('client address behind a proxy ($name)', (target) => {
  const servers: TestServer[] = []
  afterAll(async () => {
    for (const s of servers) await s.stop()
  })

  it('TRUST_PROXY=true (one hop): rotating the left-most X-Forwarded-For value does not escape the rate limit', async () => {
    const server = await startTestServer(target, { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' })
    servers.push(server)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      // What the proxy forwards: whatever the client sent, then the address the proxy saw.
      const r = await postJson(server.base, '/api/leads', samples.lead(), { 'X-Forwarded-For': `198.51.100.${i + 1}, 203.0.113.50` })
      statuses.push(r.status)
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429])
    // Another real client behind the same proxy has its own budget.
    expect((await postJson(server.base, '/api/leads', samples.lead(), { 'X-Forwarded-For': '203.0.113.51' })).status).toBe(201)
  })

  it('TRUST_PROXY_HOPS=2 and TRUSTED_PROXIES read the address our outermost proxy saw', async () => {
    const byHops = await startTestServer(target, { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY_HOPS: '2' })
    const byList = await startTestServer(target, { RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: '127.0.0.1, ::1, 10.0.0.0/8' })
    servers.push(byHops, byList)
    for (const server of [byHops, byList]) {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const r = await postJson(server.base, '/api/leads', samples.lead(), { 'X-Forwarded-For': `10.9.${i}.1, 203.0.113.60, 10.0.0.7` })
        statuses.push(r.status)
      }
      expect(statuses).toEqual([201, 201, 429, 429])
    }
  })

  it('without proxy trust, X-Forwarded-For is ignored entirely', async () => {
    const server = await startTestServer(target, { RATE_LIMIT_PER_MINUTE: '2' })
    servers.push(server)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await postJson(server.base, '/api/leads', samples.lead(), { 'X-Forwarded-For': `198.51.100.${i + 1}` })).status)
    expect(statuses).toEqual([201, 201, 429])
  })
})
