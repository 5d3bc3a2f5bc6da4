// /admin/web-analytics and /admin/google-analytics API (issue 13): per-page figures with scroll,
// engagement and web vitals at p75 against Google's thresholds; a 4-step funnel with drop-off and
// the paths to a conversion on seeded sessions, identical before and after the rollup job;
// compare-to-previous on web traffic and attribution; the GA4 setting, its queue (never "sent"
// without a 2xx receipt), the CSV import with line-numbered errors and the side-by-side; roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliver, queueCounts, queueEvents, readGa4Settings, type Ga4Provider } from '../../server/analytics/ga4.ts'
import { runRollups } from '../../server/analytics/rollup.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const today = () => new Date().toISOString().slice(0, 10)
const range = () => `from=${today()}&to=${today()}&tz=UTC`

type Step = { type: string; path: string; name?: string; value?: number; goal?: string; props?: Record<string, unknown> }

/** Writes sessions and their events the way ingestion stores them. */
export async function seedSessions(db: AdminServer['db'], sessions: { id: string; landing: string; channel?: string; steps: Step[] }[], at: number) {
  let t = at
  for (const s of sessions) {
    await db('analytics_sessions').insert({
      id: s.id,
      visitor_id: `v-${s.id}`,
      first_of_day: true,
      started_at: t,
      channel: s.channel ?? 'organic-search',
      landing_page: s.landing,
      device: 'desktop',
    })
    for (const e of s.steps) {
      t += 1000
      await db('events').insert({
        type: e.type,
        path: e.path,
        visitor_id: `v-${s.id}`,
        session_id: s.id,
        occurred_at: t,
        ts: t,
        value: e.value ?? null,
        name: e.name ?? '',
        props: e.props ? JSON.stringify(e.props) : null,
        channel: s.channel ?? 'organic-search',
        device: 'desktop',
        goal: e.goal ?? '',
        received_at: new Date(t).toISOString(),
      })
    }
  }
}

const austin = '/seo-services-austin'
export const SEEDED = [
  {
    id: 's1',
    landing: austin,
    steps: [
      { type: 'page_view', path: austin },
      { type: 'scroll_depth', path: austin, value: 25 },
      { type: 'scroll_depth', path: austin, value: 50 },
      { type: 'form_view', path: austin, name: 'quote' },
      { type: 'form_start', path: austin, name: 'quote' },
      { type: 'form_submit', path: austin, name: 'quote', goal: 'form:quote' },
      { type: 'engagement', path: austin, value: 60, props: { seconds: 40 } },
      { type: 'web_vital', path: austin, name: 'LCP', value: 1200 },
      { type: 'web_vital', path: austin, name: 'INP', value: 100 },
      { type: 'web_vital', path: austin, name: 'CLS', value: 0.3 },
    ],
  },
  {
    id: 's2',
    landing: austin,
    steps: [
      { type: 'page_view', path: austin },
      { type: 'scroll_depth', path: austin, value: 25 },
      { type: 'form_view', path: austin, name: 'quote' },
      { type: 'form_start', path: austin, name: 'quote' },
      { type: 'engagement', path: austin, value: 80, props: { seconds: 20 } },
      { type: 'web_vital', path: austin, name: 'LCP', value: 1800 },
    ],
  },
  {
    id: 's3',
    landing: '/seo-services-dallas',
    steps: [
      { type: 'page_view', path: '/seo-services-dallas' },
      { type: 'form_view', path: '/seo-services-dallas', name: 'quote' },
      { type: 'web_vital', path: austin, name: 'LCP', value: 3000 },
    ],
  },
  {
    id: 's4',
    landing: '/about',
    channel: 'referral',
    steps: [
      { type: 'page_view', path: '/about' },
      { type: 'page_view', path: '/contact' },
      { type: 'click', path: '/contact', name: 'call', goal: 'call' },
      { type: 'web_vital', path: austin, name: 'LCP', value: 5000 },
    ],
  },
]

export const QUOTE_FUNNEL = [
  { kind: 'page', value: '/seo-services-*' },
  { kind: 'form_view', value: 'quote' },
  { kind: 'form_start', value: 'quote' },
  { kind: 'form_submit', value: 'quote' },
]

describe.each(databases)('web analytics and Google Analytics API ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    // No job runner timer: the rollup (cron and at start) and the GA4 forwarding run only when the
    // test calls them, never beside its inserts (see savedFunnels.test.ts).
    server = await startAdminServer(target, {}, { jobs: { autoStart: false } })
    // A few minutes ago, within the current hour (so today, UTC): events written into an hour
    // already rolled up are only seen after the next rollup. When the server still rolled up at
    // start, seeding an earlier hour made this test fail in the first 10 minutes of an hour.
    const now = Date.now()
    const start = Math.max(now - 10 * 60_000, Math.floor(now / 3600_000) * 3600_000)
    await seedSessions(server.db, SEEDED, start)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const funnelUrl = (steps: unknown, extra = '') => `/api/admin/analytics/funnel?${range()}&steps=${encodeURIComponent(JSON.stringify(steps))}${extra}`

  async function expectFigures() {
    const pages = await server.admin.get(`/api/admin/analytics/pages?${range()}`)
    expect(pages.status, JSON.stringify(pages.body)).toBe(200)
    const a = pages.body.rows.find((r: { key: string }) => r.key === austin)
    expect(a).toMatchObject({
      views: 2,
      entries: 2,
      scroll: { 25: 2, 50: 1, 75: 0 },
      forms: { views: 2, starts: 2, submits: 1 },
      engagement: 70,
      avgSeconds: 30,
    })
    // LCP samples 1200, 1800, 3000, 5000: p75 is 3000 ms, "needs improvement" (2.5–4 s).
    expect(a.vitals.LCP).toEqual({ p75: 3000, rating: 'needs improvement', samples: 4 })
    expect(a.vitals.INP).toEqual({ p75: 100, rating: 'good', samples: 1 })
    expect(a.vitals.CLS).toEqual({ p75: 0.3, rating: 'poor', samples: 1 })
    expect(a.vitals.TTFB).toEqual({ p75: null, rating: null, samples: 0 })
    expect(pages.body.rows.find((r: { key: string }) => r.key === '/contact')).toMatchObject({ views: 1, exits: 1, entries: 0 })

    const funnel = await server.admin.get(funnelUrl(QUOTE_FUNNEL))
    expect(funnel.status, JSON.stringify(funnel.body)).toBe(200)
    expect(funnel.body.steps.map((s: { sessions: number; dropOff: number }) => [s.sessions, s.dropOff])).toEqual([
      [3, 0],
      [3, 0],
      [2, 1],
      [1, 1],
    ])
    expect(funnel.body.steps[3]).toMatchObject({ fromStart: 33.3, dropOffRate: 50 })

    const paths = await server.admin.get(`/api/admin/analytics/conversion-paths?${range()}`)
    expect(paths.status).toBe(200)
    expect(paths.body.converting).toBe(2)
    expect(paths.body.rows.map((r: { path: string }) => r.path).sort()).toEqual(['/about → /contact → ✓ call', '/seo-services-austin → ✓ form:quote'])
    const calls = await server.admin.get(`/api/admin/analytics/conversion-paths?${range()}&goal=call`)
    expect(calls.body).toMatchObject({ converting: 1, rows: [{ pages: ['/about', '/contact'], conversion: 'call', sessions: 1, share: 100 }] })
    return { pages: pages.body, funnel: funnel.body, paths: paths.body }
  }

  it('per page: views, entries, exits, scroll, engagement, form events and vitals at p75; funnels and paths; the same after the rollup', async () => {
    const before = await expectFigures()
    await runRollups(server.db, Date.now() + 2 * 3600_000)
    expect(Number((await server.db('analytics_session_paths').count({ n: '*' }).first())?.n)).toBe(SEEDED.length)
    const after = await expectFigures()
    expect(after).toEqual(before)
  })

  it('groups pages by template family, filters, sorts, and compares with the previous period', async () => {
    const fam = await server.admin.get(`/api/admin/analytics/pages?${range()}&group=family`)
    expect(fam.status).toBe(200)
    expect(fam.body.rows.reduce((n: number, r: { views: number }) => n + r.views, 0)).toBe(5)
    const filtered = await server.admin.get(`/api/admin/analytics/pages?${range()}&q=${encodeURIComponent('/seo-services-*')}&sort=key&order=asc&compare=1`)
    expect(filtered.body.rows.map((r: { key: string }) => r.key)).toEqual(['/seo-services-austin', '/seo-services-dallas'])
    expect(filtered.body.previous).toMatchObject({ from: expect.any(String) })
    expect(filtered.body.before).toEqual({})
    const funnel = await server.admin.get(funnelUrl(QUOTE_FUNNEL, '&compare=1'))
    expect(funnel.body.previous.steps.map((s: { sessions: number }) => s.sessions)).toEqual([0, 0, 0, 0])
    const traffic = await server.admin.get(`/api/admin/analytics/traffic?${range()}&compare=1`)
    expect(traffic.body.previous).toMatchObject({ sessions: 0, byKey: {} })
    const filteredTraffic = await server.admin.get(`/api/admin/analytics/traffic?${range()}&compare=1&channel=referral`)
    expect(filteredTraffic.body).toMatchObject({ filtered: true, rows: [{ key: 'referral', sessions: 1 }], previous: { sessions: 0 } })
    const attribution = await server.admin.get(`/api/admin/analytics/attribution?${range()}&compare=1`)
    expect(attribution.body.previous).toMatchObject({ leads: 0, byModel: { first: { channel: {} } } })
  })

  it('answers a bad funnel with 400 and the step at fault', async () => {
    expect(await server.admin.get(funnelUrl([{ kind: 'page', value: '/' }]))).toMatchObject({
      status: 400,
      body: { errors: { steps: 'A funnel has 2 to 5 steps.' } },
    })
    expect(
      await server.admin.get(
        funnelUrl([
          { kind: 'page', value: '/' },
          { kind: 'nope', value: 'x' },
        ]),
      ),
    ).toMatchObject({
      status: 400,
      body: { errors: { 'steps.1.kind': expect.stringContaining('Choose') } },
    })
    expect((await server.admin.get(`/api/admin/analytics/funnel?${range()}&steps=not-json`)).status).toBe(400)
    expect((await server.admin.get(`/api/admin/analytics/pages?${range()}&sort=bogus`)).status).toBe(400)
  })

  it('GA4: not connected; the setting is validated and audited; queued events are never counted as sent without a 2xx receipt', async () => {
    const state = await server.admin.get('/api/admin/google-analytics/state')
    expect(state.status).toBe(200)
    expect(state.body.provider.state).toBe('not-connected')
    expect(state.body.dataApi.state).toBe('not-connected')
    expect(state.body.queue).toMatchObject({ queued: 0, sent: 0, failed: 0 })
    const bad = await server.admin.put('/api/admin/google-analytics/settings', { enabled: true, measurementId: 'UA-123', events: [] })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.measurementId).toContain('G-')
    const ok = await server.admin.put('/api/admin/google-analytics/settings', { enabled: true, measurementId: 'g-abc123def4', events: ['page_view', 'call'] })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.settings.measurementId).toBe('G-ABC123DEF4')
    const log = await server.db('audit_logs').where({ resource: 'ga4-settings' }).first()
    expect(log).toBeTruthy()

    // Events after switching on are queued; the seeded ones before it are not (no backfill).
    await seedSessions(
      server.db,
      [
        {
          id: 's9',
          landing: '/pricing',
          steps: [
            { type: 'page_view', path: '/pricing' },
            { type: 'click', path: '/pricing', name: 'call', goal: 'call' },
            { type: 'scroll_depth', path: '/pricing', value: 25 },
          ],
        },
      ],
      Date.now() - 1000,
    )
    const settings = await readGa4Settings(server.db)
    expect(await queueEvents(server.db, settings)).toBe(2)
    const notConnected: Ga4Provider = { state: 'not-connected', description: '', send: async () => ({ status: 200, body: '' }) }
    expect(await deliver(server.db, notConnected, settings)).toMatchObject({ sent: 0, waiting: 2 })
    const refusing: Ga4Provider = { state: 'test', description: '', send: async () => ({ status: 400, body: 'bad' }) }
    expect(await deliver(server.db, refusing, settings)).toMatchObject({ sent: 0, failed: 2 })
    expect(await queueCounts(server.db)).toMatchObject({ queued: 0, sent: 0, failed: 2, lastError: expect.stringContaining('400') })
    await server.db('ga4_forward_queue').update({ status: 'queued', attempts: 0 })
    const sent: unknown[] = []
    const accepting: Ga4Provider = { state: 'test', description: '', send: async (_id, payload) => (sent.push(payload), { status: 204, body: '' }) }
    expect(await deliver(server.db, accepting, settings)).toMatchObject({ sent: 2 })
    expect(sent).toEqual([
      expect.objectContaining({ client_id: 'v-s9', events: [expect.objectContaining({ name: 'page_view' }), expect.objectContaining({ name: 'phone_call' })] }),
    ])
    expect((await server.admin.get('/api/admin/google-analytics/state')).body.queue).toMatchObject({ sent: 2, failed: 0, lastSentAt: expect.any(String) })
  })

  it('GA4 CSV import: line-numbered errors import nothing; a good file is kept apart and shown beside first-party totals', async () => {
    const upload = (text: string, filename = 'ga4.csv') =>
      server.admin.request('POST', `/api/admin/google-analytics/imports?filename=${filename}`, { body: text, type: 'text/csv' })
    const bad = await upload(['# GA4 export', 'Date,Total users,Sessions', '20261101,10,12', 'yesterday,3,4', '20261103,x,5', '20261101,1,1'].join('\n'))
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['line 4', 'line 5', 'line 6'])
    expect(bad.body.errors['line 6']).toContain('twice')
    expect(Number((await server.db('ga4_imports').count({ n: '*' }).first())?.n)).toBe(0)
    expect((await upload('Date,Sessions\n20261101,1', 'ga4.exe')).status).toBe(415)
    expect((await upload('Day,Sessions\n20261101,1')).body.errors).toEqual({ 'line 1': expect.stringContaining('Date') })

    const good = await upload(
      ['# Start date: 20261101', '', 'Date,Total users,Sessions,Views,Event count,Key events', `${today().replace(/-/g, '')},"1,234",1500,4000,9000,12`].join(
        '\r\n',
      ),
    )
    expect(good.status, JSON.stringify(good.body)).toBe(201)
    expect(good.body).toMatchObject({ days: 1, firstDay: today() })
    const cmp = await server.admin.get(`/api/admin/google-analytics/comparison?${range()}`)
    expect(cmp.status).toBe(200)
    // First-party totals are the overview's; imported figures never enter them.
    const overview = (await server.admin.get(`/api/admin/analytics/overview?${range()}`)).body.current
    expect(overview.sessions).toBeLessThan(10)
    expect(cmp.body.days).toEqual([
      {
        day: today(),
        native: expect.objectContaining({ sessions: overview.sessions, pageViews: overview.pageViews }),
        ga4: { users: 1234, sessions: 1500, pageViews: 4000, events: 9000, conversions: 12 },
      },
    ])
    expect((await server.admin.request('DELETE', `/api/admin/google-analytics/imports/${good.body.id}`)).status).toBe(200)
    expect((await server.admin.get(`/api/admin/google-analytics/comparison?${range()}`)).body.import).toBeNull()
  })

  it('roles: sales sees none of these screens (attribution only), marketing sees and changes them', async () => {
    const sales = await userWithRole(server, 'sales')
    for (const path of [
      `analytics/pages?${range()}`,
      funnelUrl(QUOTE_FUNNEL).replace('/api/admin/', ''),
      `analytics/conversion-paths?${range()}`,
      'google-analytics/state',
    ])
      expect((await sales.get(`/api/admin/${path}`)).status, path).toBe(403)
    expect((await sales.put('/api/admin/google-analytics/settings', { enabled: false, measurementId: '', events: [] })).status).toBe(403)
    expect((await sales.get(`/api/admin/analytics/attribution?${range()}&compare=1`)).status).toBe(200)
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.get(`/api/admin/analytics/pages?${range()}`)).status).toBe(200)
    expect((await marketing.put('/api/admin/google-analytics/settings', { enabled: false, measurementId: '', events: [] })).status).toBe(200)
  })
})
