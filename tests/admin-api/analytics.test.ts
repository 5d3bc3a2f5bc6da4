// The analytics API of the admin (issue 13): a visit with UTM tags that calls and becomes a lead
// shows in realtime, in the overview's totals and channels, in web traffic (with combined
// filters), in attribution with the lead linked, and as that lead's journey; roles and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runRollups } from '../../server/analytics/rollup.ts'
import { postJson, samples } from '../api/helpers.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const today = () => new Date().toISOString().slice(0, 10)
const range = () => `from=${today()}&to=${today()}&tz=UTC`

describe.each(databases)('admin analytics API ($name)', (target) => {
  let server: AdminServer
  let leadId: number
  beforeAll(async () => {
    // No job runner timer: the rollup (cron and at start) and the GA4 forwarding run only when the
    // test calls them, never beside its inserts (see savedFunnels.test.ts).
    server = await startAdminServer(target, {}, { jobs: { autoStart: false } })
    const visitorId = `browser-${crypto.randomUUID()}`
    const ev = (over: Record<string, unknown>) => samples.event({ visitorId, ...over })
    const send = (events: unknown[]) => postJson(server.base, '/api/events', { events }, { 'User-Agent': UA })
    await send([
      ev({ path: '/seo-services-austin?utm_source=google&utm_medium=cpc&utm_campaign=austin-seo' }),
      ev({ type: 'scroll_depth', path: '/seo-services-austin', value: 75 }),
    ])
    await send([ev({ type: 'click', path: '/seo-services-austin', name: 'call', props: { href: 'tel:+15125550100' } })])
    const lead = await postJson(
      server.base,
      '/api/leads',
      samples.lead({
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'austin-seo',
        landingPage: '/seo-services-austin?utm_source=google',
        firstTouch: `google / cpc / austin-seo @ ${new Date(Date.now() - 60_000).toISOString()}`,
        lastTouch: `google / cpc / austin-seo @ ${new Date().toISOString()}`,
      }),
      { 'User-Agent': UA },
    )
    expect(lead.status, JSON.stringify(lead.body)).toBe(201)
    leadId = lead.body.id
    await send([ev({ type: 'form_submit', path: '/seo-services-austin', name: 'lead' })])
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('shows the visit in the overview: totals, channels, goals and realtime', async () => {
    const reply = await server.admin.get(`/api/admin/analytics/overview?${range()}`)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const body = reply.body
    expect(body.current).toMatchObject({ visitors: 1, sessions: 1, pageViews: 1, engagedSessions: 1 })
    expect(body.current.conversionsBy).toMatchObject({ calls: 1, leads: 1 })
    expect(body.channels).toEqual([expect.objectContaining({ channel: 'paid-search', sessions: 1 })])
    expect(body.topPages[0]).toMatchObject({ path: '/seo-services-austin', pageViews: 1, entries: 1 })
    expect(body.realtime.visitors).toBe(1)
    expect(body.realtime.channels).toEqual([{ channel: 'paid-search', sessions: 1 }])
    // One day: hourly buckets, 24 of them, holding the visit once.
    expect(body.series).toHaveLength(24)
    expect(body.series.reduce((n: number, p: { sessions: number }) => n + p.sessions, 0)).toBe(1)
  })

  it('reads the same after the rollup job as before it', async () => {
    const before = (await server.admin.get(`/api/admin/analytics/overview?${range()}`)).body
    await runRollups(server.db, Date.now() + 2 * 3600_000)
    const after = (await server.admin.get(`/api/admin/analytics/overview?${range()}`)).body
    expect(after.current).toEqual(before.current)
    expect(after.channels).toEqual(before.channels)
  })

  it('web traffic by campaign, and with combined filters (channel and landing-page pattern)', async () => {
    const all = await server.admin.get(`/api/admin/analytics/traffic?${range()}&by=campaign`)
    expect(all.body.rows).toEqual([expect.objectContaining({ key: 'google / cpc / austin-seo', sessions: 1 })])
    const hit = await server.admin.get(
      `/api/admin/analytics/traffic?${range()}&by=landing&channel=paid-search&landing=${encodeURIComponent('/seo-services-*')}`,
    )
    expect(hit.body).toMatchObject({ filtered: true, rows: [{ key: '/seo-services-austin', sessions: 1 }] })
    const miss = await server.admin.get(`/api/admin/analytics/traffic?${range()}&by=landing&channel=email&landing=${encodeURIComponent('/seo-services-*')}`)
    expect(miss.body.rows).toEqual([])
  })

  it('attribution by channel under first, last and linear touch links the lead; the journey shows the call and the form', async () => {
    const reply = await server.admin.get(`/api/admin/analytics/attribution?${range()}`)
    expect(reply.status).toBe(200)
    for (const model of ['first', 'last', 'linear'])
      expect(reply.body.byModel[model].channel, model).toEqual([expect.objectContaining({ key: 'paid-search', leads: 1, leadIds: [leadId] })])
    expect(reply.body.byModel.first.campaign[0]).toMatchObject({ key: 'austin-seo', leads: 1 })
    const journey = await server.admin.get(`/api/admin/analytics/journeys/${leadId}`)
    expect(journey.status).toBe(200)
    expect(journey.body.sessions).toHaveLength(1)
    expect(journey.body.sessions[0]).toMatchObject({ channel: 'paid-search', campaign: 'austin-seo' })
    expect(journey.body.sessions[0].steps.map((s: { type: string; name: string }) => `${s.type}:${s.name}`)).toEqual([
      'page_view:',
      'click:call',
      'form_submit:lead',
    ])
  })

  it('sales sees attribution and journeys only; marketing sees everything', async () => {
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get(`/api/admin/analytics/overview?${range()}`)).status).toBe(403)
    expect((await sales.get(`/api/admin/analytics/traffic?${range()}`)).status).toBe(403)
    expect((await sales.get(`/api/admin/analytics/sessions?${range()}`)).status).toBe(403)
    expect((await sales.get(`/api/admin/analytics/attribution?${range()}`)).status).toBe(200)
    expect((await sales.get(`/api/admin/analytics/journeys/${leadId}`)).status).toBe(200)
    const marketing = await userWithRole(server, 'marketing')
    for (const path of ['overview', 'traffic', 'sessions', 'attribution', 'roi-calculations'])
      expect((await marketing.get(`/api/admin/analytics/${path}?${range()}`)).status, path).toBe(200)
  })

  it('pages through sessions newest first with a cursor, ties on the start time included', async () => {
    // 250 sessions a minute apart, the first 30 of them at one instant (ids break the tie).
    const base = Date.now() - 60 * 60_000
    const rows = Array.from({ length: 250 }, (_, i) => ({
      id: `page-test-${String(i).padStart(3, '0')}`,
      visitor_id: `v-${i}`,
      started_at: i < 30 ? base : base - i * 10_000,
      channel: 'referral',
      source: 'paging.example.org',
      medium: 'referral',
      landing_page: `/page-${i}`,
    }))
    for (let i = 0; i < rows.length; i += 50) await server.db('analytics_sessions').insert(rows.slice(i, i + 50))
    // From yesterday: the sessions span 102 minutes back, across midnight when run just after it.
    const days = `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${today()}&tz=UTC`
    const seen: string[] = []
    let before: string | null = null
    let pages = 0
    do {
      const reply = await server.admin.get(`/api/admin/analytics/sessions?${days}&channel=referral${before ? `&before=${encodeURIComponent(before)}` : ''}`)
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      const page = reply.body as { sessions: { id: string; startedAt: string }[]; next: string | null }
      expect(page.sessions.length).toBeLessThanOrEqual(100)
      seen.push(...page.sessions.map((r) => r.id))
      before = page.next
      pages++
    } while (before && pages < 10)
    expect(pages).toBeGreaterThanOrEqual(3)
    const ours = seen.filter((id) => id.startsWith('page-test-'))
    expect(new Set(ours).size).toBe(250)
    const expected = [...rows].sort((a, b) => b.started_at - a.started_at || (a.id < b.id ? 1 : -1)).map((r) => r.id)
    expect(ours).toEqual(expected)
    // A cursor this screen did not make is a 400 that says what to do, not a 5xx.
    for (const bad of ['yesterday', '12:', ':abc', `${'9'.repeat(20)}:x`])
      expect(await server.admin.get(`/api/admin/analytics/sessions?${range()}&before=${encodeURIComponent(bad)}`)).toMatchObject({
        status: 400,
        body: { errors: { before: expect.stringContaining('open the first page again') } },
      })
  })

  it('answers bad ranges with 400 and the field at fault', async () => {
    expect(await server.admin.get('/api/admin/analytics/overview?from=2026-13-01&to=2026-11-01')).toMatchObject({
      status: 400,
      body: { errors: { from: 'Use a date as YYYY-MM-DD.' } },
    })
    expect(await server.admin.get('/api/admin/analytics/overview?from=2026-11-02&to=2026-11-01')).toMatchObject({
      status: 400,
      body: { errors: { to: expect.stringContaining('on or after') } },
    })
    expect(await server.admin.get('/api/admin/analytics/overview?from=2026-11-01&to=2026-11-02&tz=Mars/Base')).toMatchObject({
      status: 400,
      body: { errors: { tz: expect.stringContaining('IANA') } },
    })
    expect((await server.admin.get('/api/admin/analytics/journeys/999999')).status).toBe(404)
  })
})
