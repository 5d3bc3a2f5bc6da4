// Rollup correctness (issue 13): on a seeded set of visits spread over three UTC days, the
// figures read through the rollups (daily + hourly + raw for the hours not rolled up) equal the
// figures counted straight from the raw rows, for totals, per channel and page, and per local day
// in three time zones; the purge keeps the retention window.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import type { AnalyticsEvent } from '../../shared/contract.ts'
import { insertEventBatches } from '../db/queries/events.ts'
import { HOUR_MS, Ingestor } from './ingest.ts'
import { dayRange, localDay, plan, readBreakdown, readSeries } from './queries.ts'
import { purgeAnalytics, runRollups } from './rollup.ts'

const START = Date.parse('2026-11-20T20:00:00.000Z')
const NOW = Date.parse('2026-11-23T02:40:00.000Z') // rollups through 01:00, 02:00 from raw
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
]
const LANDINGS = [
  ['/seo-services?utm_source=google&utm_medium=cpc&utm_campaign=brand', ''],
  ['/blog/local-seo', 'https://www.google.com/'],
  ['/', ''],
  ['/ppc-management', 'https://news.example.org/a'],
]

/** A deterministic visit: a page view, a second page, maybe a call or a form, over a few minutes. */
async function seed(ingestor: Ingestor, db: Parameters<typeof insertEventBatches>[0]) {
  let n = 0
  for (let t = START; t < NOW; t += 7 * 60_000 + (n % 5) * 1000) {
    n++
    const [landing, referrer] = LANDINGS[n % LANDINGS.length]
    const base = { visitorId: `browser-${n % 37}-xxxx`, sessionId: `tab-${n}-xxxx`, name: '', referrer: '' }
    const info = { ip: `203.0.113.${n % 23}`, userAgent: UAS[n % 2], siteHost: 'proofline.example.com' }
    const first: AnalyticsEvent[] = [{ ...base, type: 'page_view', path: landing, referrer, at: t }]
    const second: AnalyticsEvent[] = [
      { ...base, type: 'scroll_depth', path: landing, at: t + 20_000, value: 50 },
      { ...base, type: 'page_view', path: '/contact', referrer: 'https://proofline.example.com/', at: t + 40_000 },
      ...(n % 3 === 0 ? [{ ...base, type: 'click' as const, path: '/contact', name: 'call', at: t + 50_000 }] : []),
      ...(n % 4 === 0 ? [{ ...base, type: 'form_submit' as const, path: '/contact', name: 'quote', at: t + 60_000 }] : []),
    ]
    await insertEventBatches(db, [await ingestor.derive(first, { ...info, receivedAt: t })])
    await insertEventBatches(db, [await ingestor.derive(second, { ...info, receivedAt: t + 60_000 })])
  }
}

describe.each(databases)('analytics rollups ($name)', (target) => {
  const t = useTestDb(target)

  it('totals read through rollups equal the raw totals across day boundaries and time zones', async () => {
    const db = t.db
    await seed(new Ingestor(db), db)
    await runRollups(db, NOW)
    expect(plan({ from: START, to: NOW }, Math.floor(NOW / HOUR_MS) - 1, NOW).raw).toEqual([Math.floor(NOW / HOUR_MS)])

    const events = (await db('events').select('type', 'path', 'ts', 'goal', 'channel', 'session_id')) as {
      type: string
      path: string
      ts: string | number
      goal: string
      channel: string
    }[]
    const sessions = (await db('analytics_sessions').select('id', 'channel', 'started_at', 'first_of_day')) as {
      channel: string
      started_at: number | string
      first_of_day: unknown
    }[]
    const pageViews = events.filter((e) => e.type === 'page_view')
    expect(pageViews.length).toBeGreaterThan(900)

    const all = { from: START - 10 * HOUR_MS, to: NOW + HOUR_MS }
    const b = await readBreakdown(db, all, ['total', 'channel', 'page', 'goal'], NOW)
    const total = b.get('total')!.get('')!
    expect(total.page_views).toBe(pageViews.length)
    expect(total.events).toBe(events.length)
    expect(total.conversions).toBe(events.filter((e) => e.goal).length)
    expect(total.sessions).toBe(sessions.length)
    expect(total.visitors).toBe(sessions.filter((s) => s.first_of_day === true || s.first_of_day === 1).length)
    expect(b.get('goal')!.get('call')!.conversions).toBe(events.filter((e) => e.goal === 'call').length)
    expect(b.get('page')!.get('/contact')!.page_views).toBe(pageViews.filter((e) => e.path === '/contact').length)
    for (const channel of ['paid-search', 'organic-search', 'direct-traffic', 'referral'])
      expect(b.get('channel')!.get(channel)?.sessions, channel).toBe(sessions.filter((s) => s.channel === channel).length)

    // Per local day, in zones west and east of UTC: the series equal the raw counts.
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      const range = dayRange(localDay(START, tz), localDay(NOW, tz), tz)
      const series = await readSeries(db, range, 'total', '', NOW)
      const expected = new Map<string, number>()
      for (const e of pageViews) expected.set(localDay(Number(e.ts), tz), (expected.get(localDay(Number(e.ts), tz)) ?? 0) + 1)
      expect(Object.fromEntries(series.filter((p) => p.page_views).map((p) => [p.bucket, p.page_views])), tz).toEqual(Object.fromEntries(expected))
      // A range that starts mid-way (the second local day only) reads the same as the raw rows.
      const second = [...expected.keys()].sort()[1]
      const one = await readBreakdown(db, dayRange(second, second, tz), ['total'], NOW)
      expect(one.get('total')!.get('')!.page_views, `${tz} ${second}`).toBe(expected.get(second))
    }
  })

  it('re-running the rollups changes nothing, and the purge keeps the retention window', async () => {
    const db = t.db
    await seed(new Ingestor(db), db)
    await runRollups(db, NOW)
    const before = await db('analytics_daily').orderBy(['day', 'dim', 'key']).select()
    await runRollups(db, NOW)
    expect(await db('analytics_daily').orderBy(['day', 'dim', 'key']).select()).toEqual(before)
    const { events } = await purgeAnalytics(db, 1, NOW)
    expect(events).toBeGreaterThan(0)
    const oldest = await db('events').min({ ts: 'ts' }).first()
    expect(Number(oldest!.ts)).toBeGreaterThanOrEqual(NOW - 86_400_000)
    // Rollups stay after the raw rows are gone.
    expect(await db('analytics_daily').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() })
    expect(Number((await db('analytics_daily').count({ n: '*' }).first())!.n)).toBe(before.length)
  })
})
