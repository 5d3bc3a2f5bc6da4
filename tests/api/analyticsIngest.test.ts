// Ingestion over HTTP (issue 13): the server derives session, channel and device; GPC and DNT
// store nothing; no raw IP and no user agent is stored; a visitor who becomes a lead gets a
// persistent id and their events the lead id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe.each(databases)('analytics ingestion ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })
  const send = (events: unknown[], headers: Record<string, string> = {}) =>
    postJson(server.base, '/api/events', { events }, { 'User-Agent': CHROME, ...headers })

  it('derives the session, channel and device on the server; a new campaign starts a new session', async () => {
    const visitorId = `browser-${crypto.randomUUID()}`
    const ev = (over: Record<string, unknown>) => samples.event({ visitorId, sessionId: 'tab-aaaaaaaa', ...over })
    expect(
      (
        await send([
          ev({ path: '/seo-services?utm_source=google&utm_medium=cpc&utm_campaign=brand' }),
          ev({ type: 'scroll_depth', path: '/seo-services', value: 50 }),
        ])
      ).status,
    ).toBe(202)
    expect((await send([ev({ type: 'click', path: '/seo-services', name: 'call', props: { href: 'tel:+15125550100' } })])).status).toBe(202)
    await send([ev({ path: '/blog', referrer: 'https://www.linkedin.com/feed/' })])
    const sessions = await server.db('analytics_sessions').orderBy('started_at').select()
    const mine = sessions.slice(-2)
    expect(mine[0]).toMatchObject({
      channel: 'paid-search',
      source: 'google',
      medium: 'cpc',
      campaign: 'brand',
      landing_page: '/seo-services',
      device: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
    })
    expect(mine[1]).toMatchObject({ channel: 'social-media', source: 'linkedin.com', landing_page: '/blog' })
    const events = await server.db('events').whereIn('session_id', [mine[0].id, mine[1].id]).orderBy('id').select()
    expect(events.map((e) => [e.type, e.session_id === mine[0].id ? 1 : 2, e.goal, e.channel])).toEqual([
      ['page_view', 1, '', 'paid-search'],
      ['scroll_depth', 1, '', 'paid-search'],
      ['click', 1, 'call', 'paid-search'],
      ['page_view', 2, '', 'social-media'],
    ])
    // The query string of the landing is not kept in the page path.
    expect(events[0].path).toBe('/seo-services')
  })

  it('stores nothing with Global Privacy Control or Do Not Track', async () => {
    const before = Number((await server.db('events').count({ n: '*' }).first())!.n)
    expect(await send([samples.event()], { 'Sec-GPC': '1' })).toMatchObject({ status: 202, body: { accepted: 0 } })
    expect(await send([samples.event()], { DNT: '1' })).toMatchObject({ status: 202, body: { accepted: 0 } })
    expect(Number((await server.db('events').count({ n: '*' }).first())!.n)).toBe(before)
  })

  it('never stores the IP, the user agent or an anonymous browser id', async () => {
    const visitorId = `browser-${crypto.randomUUID()}`
    await send([samples.event({ visitorId })], { 'X-Forwarded-For': '198.51.100.77' })
    const rows = await server.db('events').select()
    const text = JSON.stringify(rows) + JSON.stringify(await server.db('analytics_sessions').select())
    expect(text).not.toContain('127.0.0.1')
    expect(text).not.toContain('198.51.100.77')
    expect(text).not.toContain(visitorId)
    expect(text).not.toContain('Chrome/131')
    for (const r of rows) expect(r.ip_hash).toBe('')
  })

  it('keeps a persistent id only once the visitor becomes a lead, and ties the visit to the lead', async () => {
    // Another browser on the same address: a visitor is (address, user agent) for the day.
    const ua = `${CHROME} Edg/131.0.0.0`
    const visitorId = `browser-${crypto.randomUUID()}`
    const ev = (over: Record<string, unknown> = {}) => samples.event({ visitorId, ...over })
    const sendAs = (events: unknown[]) => postJson(server.base, '/api/events', { events }, { 'User-Agent': ua })
    await sendAs([ev({ path: '/ppc-management?gclid=abc' })])
    const lead = await postJson(server.base, '/api/leads', samples.lead(), { 'User-Agent': ua })
    expect(lead.status).toBe(201)
    const leadId = lead.body.id
    const linked = await server.db('events').where({ lead_id: leadId }).select()
    expect(linked.map((e) => e.path)).toEqual(['/ppc-management'])
    await sendAs([ev({ type: 'form_submit', path: '/ppc-management', name: 'lead' })])
    expect(await server.db('analytics_visitors').where({ visitor_id: visitorId }).first()).toMatchObject({ lead_id: leadId })
    const after = await server.db('events').where({ lead_id: leadId }).orderBy('id').select()
    expect(after.at(-1)).toMatchObject({ visitor_id: visitorId, goal: 'form:lead' })
    expect(await server.db('analytics_sessions').where({ lead_id: leadId }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() })
  })
})
