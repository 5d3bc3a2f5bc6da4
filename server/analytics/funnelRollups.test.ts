// Funnels and journeys from rollups (decision 117): on sessions spread over three UTC days, the
// funnel read from kept hourly counts and the journeys summed in SQL answer exactly what the scan
// of the range's session paths answers (funnel() / journeys() on readSessionPaths), for UTC, New
// York and Kolkata (half-hour) days, with the current hour read raw; a re-rolled hour drops its
// kept counts; saved funnels are backfilled by the job; unread funnels' rows are purged.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { realtime } from '../admin/analytics.ts'
import { funnel, journeys, type FunnelStep } from './funnels.ts'
import { readFunnel, readJourneys } from './funnelReads.ts'
import { FUNNEL_CACHE_DAYS, funnelKey, maintainFunnels } from './funnelRollups.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'
import { readSessionPaths } from './pageReads.ts'
import { dayRange } from './queries.ts'
import { rollupDay, rollupHour, runRollups } from './rollup.ts'
import { countRows } from './testEvents.ts'

const START = Date.parse('2026-11-20T21:00:00.000Z')
const NOW = Date.parse('2026-11-23T02:40:00.000Z') // rolled up through 01:00; 02:00 is read raw
const PAGES = ['/seo-services/austin', '/seo-services/dallas', '/ppc/austin', '/blog/local-seo', '/contact', '/Seo-Services/Austin']

type Db = ReturnType<typeof useTestDb>['db']

async function seed(db: Db, from = START, to = NOW, prefix = 's') {
  const sessions: Record<string, unknown>[] = []
  const events: Record<string, unknown>[] = []
  let n = 0
  for (let t = from; t < to; t += 7 * 60_000 + (n % 5) * 1000) {
    n++
    const id = `${prefix}${n}`
    const landing = PAGES[n % PAGES.length]
    sessions.push({ id, visitor_id: `v${n}`, first_of_day: true, started_at: t, channel: 'organic-search', landing_page: landing, device: 'desktop' })
    let dt = 0
    const add = (type: string, path: string, name = '', goal = '') =>
      events.push({
        type,
        path,
        visitor_id: `v${n}`,
        session_id: id,
        occurred_at: t + dt,
        ts: t + (dt += 4_000),
        name,
        goal,
        channel: 'organic-search',
        device: 'desktop',
        received_at: new Date(t + dt).toISOString(),
      })
    add('page_view', landing)
    // A mix: some skip steps, some do them out of order, some convert twice, some call first.
    for (let k = 0; k < 1 + (n % 7); k++) add('page_view', PAGES[(n * (k + 3)) % PAGES.length])
    if (n % 3 === 0) add('form_view', '/contact', 'quote')
    if (n % 5 === 0) add('click', '/contact', 'call', 'call')
    if (n % 3 === 0 && n % 2 === 0) add('form_start', '/contact', 'quote')
    if (n % 4 === 0) add('form_view', '/contact', 'quote')
    if (n % 6 === 0) add('form_submit', '/contact', 'quote', 'form:quote')
    if (n % 7 === 0) add('form_submit', '/contact', 'newsletter', 'form:newsletter')
    if (n % 10 === 0) add('click', '/contact', 'call', 'call')
  }
  for (let i = 0; i < sessions.length; i += 100) await db('analytics_sessions').insert(sessions.slice(i, i + 100))
  for (let i = 0; i < events.length; i += 100) await db('events').insert(events.slice(i, i + 100))
}

const FUNNELS: FunnelStep[][] = [
  [
    { kind: 'page', value: '/seo-services/*' },
    { kind: 'form_view', value: '*' },
    { kind: 'form_start', value: 'quote' },
    { kind: 'form_submit', value: '*' },
  ],
  [
    { kind: 'page', value: '*' },
    { kind: 'goal', value: 'call' },
  ],
  [
    { kind: 'page', value: '/contact' },
    { kind: 'page', value: '/ppc/*' },
    { kind: 'form_view', value: 'quote' },
    { kind: 'goal', value: 'form:*' },
    { kind: 'page', value: '/blog/*' },
  ],
]
const RANGES = () => [
  dayRange('2026-11-20', '2026-11-23', 'UTC'),
  dayRange('2026-11-21', '2026-11-22', 'America/New_York'),
  dayRange('2026-11-21', '2026-11-23', 'Asia/Kolkata'),
  dayRange('2026-11-22', '2026-11-23', 'UTC'),
]

async function expectSameAsScan(db: Db, label: string) {
  for (const range of RANGES()) {
    const paths = await readSessionPaths(db, range, {}, NOW)
    for (const steps of FUNNELS) {
      const fast = await readFunnel(db, range, steps, NOW)
      expect(fast, `${label} ${range.tz} ${JSON.stringify(steps)}`).toEqual(funnel(paths, steps))
      // Read again: now from kept hours only (and the same).
      expect(await readFunnel(db, range, steps, NOW)).toEqual(fast)
    }
    for (const goal of ['*', 'call', 'form:*', 'form:quote', 'none']) {
      for (const limit of [3, 20]) {
        const fast = await readJourneys(db, range, goal, limit, NOW)
        expect(fast, `${label} ${range.tz} journeys ${goal}`).toEqual(journeys(paths, goal, limit))
      }
    }
    const top = await readJourneys(db, range, '*', 5, NOW)
    if (top.rows.length) {
      const keys = top.rows.map((r) => [...r.pages, r.conversion].join('\n'))
      const some = await readJourneys(db, range, '*', 5, NOW, keys)
      expect(some.rows.map((r) => r.sessions)).toEqual(top.rows.map((r) => r.sessions))
    }
  }
}

describe.each(databases)('funnels and journeys from rollups ($name)', (target) => {
  const t = useTestDb(target)

  it('answer what the scan of session paths answers, across days, zones and the raw current hour', async () => {
    const db = t.db
    await seed(db)
    await runRollups(db, NOW)
    const journeyRows = await countRows(db, 'analytics_journey_hourly')
    expect(journeyRows).toBeGreaterThan(0)
    await expectSameAsScan(db, 'first read')
    // Kept hours exist for every read funnel, only up to the re-roll window.
    const kept = (await db('analytics_funnel_hourly')
      .where({ funnel_key: funnelKey(FUNNELS[0]) })
      .max({ h: 'hour' })
      .first()) as { h: number }
    const through = Math.floor(NOW / HOUR_MS) - 1
    expect(Number(kept.h)).toBeLessThanOrEqual(through - 3)
    expect(Number(kept.h)).toBeGreaterThan(through - 10)
    expect(await readFunnel(db, RANGES()[0], FUNNELS[1], NOW)).toMatchObject({ steps: [{ sessions: expect.any(Number) }, { sessions: expect.any(Number) }] })
    expect((await readFunnel(db, RANGES()[0], FUNNELS[1], NOW)).steps[1].sessions).toBeGreaterThan(0)
  })

  it('drops kept counts of a re-rolled hour, so a late event changes the funnel', async () => {
    const db = t.db
    if (!(await countRows(db, 'events'))) {
      await seed(db)
      await runRollups(db, NOW)
    }
    const range = dayRange('2026-11-20', '2026-11-23', 'UTC')
    await readFunnel(db, range, FUNNELS[0], NOW)
    // A session of a kept hour gets a late submit (as a re-roll would find), then its hour is rolled up again.
    const hour = Math.floor(Date.parse('2026-11-21T10:00:00.000Z') / HOUR_MS)
    const s = (await db('analytics_sessions')
      .where('started_at', '>=', hour * HOUR_MS)
      .andWhere('started_at', '<', (hour + 1) * HOUR_MS)
      .andWhere('landing_page', 'like', '/seo-services/%')
      .first('id', 'started_at')) as { id: string; started_at: number | string }
    const at = Number(s.started_at) + 60_000
    for (const [type, name, goal] of [
      ['form_view', 'late', ''],
      ['form_start', 'quote', ''],
      ['form_submit', 'late', 'form:late'],
    ])
      await db('events').insert({
        type,
        path: '/contact',
        visitor_id: 'v',
        session_id: s.id,
        occurred_at: at,
        ts: at + (type === 'form_view' ? 0 : type === 'form_start' ? 1 : 2),
        name,
        goal,
        channel: 'organic-search',
        device: 'desktop',
        received_at: new Date(at).toISOString(),
      })
    // The job re-sums the touched day after its hours, as runRollups does.
    await rollupHour(db, hour)
    await rollupDay(db, Math.floor((hour * HOUR_MS) / DAY_MS))
    await expectSameAsScan(db, 'after a re-roll')
  })

  it('keeps saved funnels up to date from the job, and purges funnels nobody reads', async () => {
    const db = t.db
    if (!(await countRows(db, 'events'))) {
      await seed(db)
      await runRollups(db, NOW)
    }
    const steps: FunnelStep[] = [
      { kind: 'page', value: '/blog/*' },
      { kind: 'goal', value: 'call' },
    ]
    const key = funnelKey(steps)
    await db('analytics_funnels').insert({ name: 'Blog to call', steps: JSON.stringify(steps), funnel_key: key, created_at: new Date(NOW).toISOString() })
    expect(await countRows(db, 'analytics_funnel_hourly', { funnel_key: key })).toBe(0)
    await maintainFunnels(db, NOW)
    const hours = await countRows(db, 'analytics_funnel_hourly', { funnel_key: key })
    const first = Math.floor(START / HOUR_MS)
    const stable = Math.floor(NOW / HOUR_MS) - 1 - 3
    expect(hours).toBe(stable - first + 1)
    // The job's hourly rows equal the scan.
    const range = dayRange('2026-11-20', '2026-11-23', 'UTC')
    expect(await readFunnel(db, range, steps, NOW)).toEqual(funnel(await readSessionPaths(db, range, {}, NOW), steps))
    // A new hour rolled up writes the saved funnel's row at once.
    await db('analytics_funnel_hourly').where({ funnel_key: key, hour: stable }).delete()
    await rollupHour(db, stable)
    expect(await db('analytics_funnel_hourly').where({ funnel_key: key, hour: stable }).first('hour')).toBeTruthy()

    // An unsaved funnel read long ago loses its rows; a saved one keeps them.
    const adHoc = FUNNELS[2]
    await readFunnel(db, range, adHoc, NOW)
    expect(await countRows(db, 'analytics_funnel_hourly', { funnel_key: funnelKey(adHoc) })).toBeGreaterThan(0)
    const later = NOW + (FUNNEL_CACHE_DAYS + 1) * DAY_MS
    await maintainFunnels(db, later)
    expect(await countRows(db, 'analytics_funnel_hourly', { funnel_key: funnelKey(adHoc) })).toBe(0)
    expect(await countRows(db, 'analytics_funnel_hourly', { funnel_key: key })).toBeGreaterThan(0)
  })

  it('realtime counts the last 30 minutes of raw events as distinct sessions, pages and channels', async () => {
    const db = t.db
    if (!(await countRows(db, 'events'))) await seed(db)
    const now = NOW - 5 * 60_000
    const since = now - 30 * 60_000
    const raw = (await db('events').select('session_id', 'type', 'path', 'channel', 'ts')) as {
      session_id: string
      type: string
      path: string
      channel: string
      ts: number | string
    }[]
    const inWindow = raw.filter((e) => Number(e.ts) >= since && Number(e.ts) <= now)
    expect(inWindow.length).toBeGreaterThan(10)
    const views = new Map<string, number>()
    for (const e of inWindow.filter((x) => x.type === 'page_view')) views.set(e.path, (views.get(e.path) ?? 0) + 1)
    const rt = await realtime(db, now)
    expect(rt.visitors).toBe(new Set(inWindow.map((e) => e.session_id)).size)
    expect(rt.pages).toEqual(
      [...views]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 10)
        .map(([path, n]) => ({ path, views: n })),
    )
    expect(rt.channels).toEqual([{ channel: 'organic-search', sessions: new Set(inWindow.map((e) => e.session_id)).size }])
  })
})
