// Privacy checks of issue 13 (decisions 120 and 127): a request's IP address appears in no table
// after events, a lead, a contact message, an ROI calculation and a newsletter signup; Global
// Privacy Control and Do Not Track store no events and do not tie a lead to its visit; raw events
// older than ANALYTICS_RETENTION_DAYS are purged by the job runner's `analytics.purge`.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../server/analytics/ingest.ts'
import { analyticsPurgeJob } from '../../server/analytics/rollup.ts'
import { enqueueJob } from '../../server/jobs/define.ts'
import { schedules } from '../../server/jobs/registry.ts'
import { waitFor } from './mimeMessage.ts'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

const IP = '203.0.113.45'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function allTables(server: TestServer): Promise<string[]> {
  if (server.db.client.config.client === 'pg')
    return (await server.db.raw(`select tablename from pg_tables where schemaname = current_schema()`)).rows.map((r: { tablename: string }) => r.tablename)
  return (await server.db.raw(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)).map((r: { name: string }) => r.name)
}

describe.each(databases)('privacy checks ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    // Behind a trusted proxy, so the address in X-Forwarded-For is the visitor's IP (ctx.ip).
    server = await startTestServer(target, { TRUST_PROXY: 'true', ANALYTICS_RETENTION_DAYS: '30' })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const headers = { 'User-Agent': CHROME, 'X-Forwarded-For': IP }

  it('stores the IP address in no table, raw or in any readable form', async () => {
    const visitorId = `browser-${crypto.randomUUID()}`
    expect(
      (await postJson(server.base, '/api/events', { events: [samples.event({ visitorId, path: '/seo-services?utm_source=google' })] }, headers)).status,
    ).toBe(202)
    expect((await postJson(server.base, '/api/leads', samples.lead(), headers)).status).toBe(201)
    await postJson(server.base, '/api/events', { events: [samples.event({ visitorId, type: 'form_submit', name: 'lead', path: '/seo-services' })] }, headers)
    expect((await postJson(server.base, '/api/contact', samples.contact(), headers)).status).toBe(201)
    expect((await postJson(server.base, '/api/roi-calculation', samples.roi(), headers)).status).toBe(201)
    expect((await postJson(server.base, '/api/newsletter', samples.newsletter(), headers)).status).toBeLessThan(300)
    expect(Number((await server.db('events').count({ n: '*' }).first())!.n)).toBeGreaterThanOrEqual(2)
    for (const table of await allTables(server)) {
      const text = JSON.stringify(await server.db(table).select())
      expect(text, `table ${table}`).not.toContain(IP)
      // Nor the address without its dots, nor reversed (as some hashing helpers do).
      expect(text, `table ${table}`).not.toContain(IP.replace(/\./g, ''))
      expect(text, `table ${table}`).not.toContain(IP.split('.').reverse().join('.'))
    }
  })

  it('with GPC or DNT: no events, and the lead is not tied to its visit', async () => {
    for (const optOut of [{ 'Sec-GPC': '1' }, { DNT: '1' }] as Record<string, string>[]) {
      const visitorId = `browser-${crypto.randomUUID()}`
      const h = { 'User-Agent': `${CHROME} ${crypto.randomUUID()}`, 'X-Forwarded-For': '198.51.100.9', ...optOut }
      const before = Number((await server.db('events').count({ n: '*' }).first())!.n)
      expect(await postJson(server.base, '/api/events', { events: [samples.event({ visitorId })] }, h)).toMatchObject({ status: 202, body: { accepted: 0 } })
      const lead = await postJson(server.base, '/api/leads', samples.lead(), h)
      expect(lead.status).toBe(201)
      expect(Number((await server.db('events').count({ n: '*' }).first())!.n)).toBe(before)
      expect(await server.db('analytics_visitors').where({ lead_id: lead.body.id }).first()).toBeUndefined()
    }
  })

  it('purges raw events and sessions older than ANALYTICS_RETENTION_DAYS through the job runner', async () => {
    const now = Date.now()
    const row = (age: number, id: string) => ({
      type: 'page_view',
      path: `/retention-${id}`,
      visitor_id: `v-${id}`,
      session_id: `s-${id}`,
      occurred_at: now - age * DAY_MS,
      ts: now - age * DAY_MS,
      received_at: new Date(now - age * DAY_MS).toISOString(),
    })
    await server.db('events').insert([row(31, 'old'), row(29, 'kept')])
    await server.db('analytics_sessions').insert([
      { id: 's-old', visitor_id: 'v-old', started_at: now - 31 * DAY_MS, channel: 'direct-traffic' },
      { id: 's-kept', visitor_id: 'v-kept', started_at: now - 29 * DAY_MS, channel: 'direct-traffic' },
    ])
    expect(schedules.find((s) => s.job === analyticsPurgeJob)).toMatchObject({ cron: '23 4 * * *', runAtStart: true })
    // The server's own runner (it ran the purge at start already) runs the next one.
    const id = (await enqueueJob(server.db, analyticsPurgeJob, {}))!
    server.runner.wake()
    await waitFor(async () => ((await server.db('jobs').where({ id }).first('state'))?.state === 'done' ? true : null), 'the purge job', 20_000)
    expect(await server.db('events').where('path', 'like', '/retention-%').pluck('path')).toEqual(['/retention-kept'])
    expect(await server.db('analytics_sessions').whereIn('id', ['s-old', 's-kept']).pluck('id')).toEqual(['s-kept'])
  })
})
