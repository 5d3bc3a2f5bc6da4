// Weekly rollups and the vital sort in SQL (decision 119): on visits spread over 24 UTC days (three
// whole weeks, a daylight-saving change in New York), each week's rows equal the sums of its daily
// rows; the per-page report, sorted in SQL (figures and web-vital p75s) and read in full, answers
// the same, and both equal the counts and p75s taken straight from the raw events, on UTC days
// (whole weeks and edge days), New York days (edge hours) and with the current hour read raw.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { pagesReport, pagesReportFull } from '../admin/webAnalytics.ts'
import { daySpans, WEEK_DAYS } from './coarse.ts'
import { METRICS, PAGE_COLUMNS } from './columns.ts'
import { familyLookupOf } from './families.ts'
import { HOUR_MS } from './ingest.ts'
import { bucketOf, p75, type Vital } from './pageDetails.ts'
import { dayRange, plan, readBreakdown, readTopKeys } from './queries.ts'
import { rolledThrough, runRollups } from './rollup.ts'
import { insertTestEvents, type TestDb, type TestEvent } from './testEvents.ts'

const START = Date.parse('2026-10-29T21:00:00.000Z')
const NOW = Date.parse('2026-11-22T02:40:00.000Z') // rolled up through 01:00; 02:00 is read raw
const PATHS = ['/seo-services/austin', '/seo-services/dallas', '/ppc/austin', '/blog/local-seo', '/old-page', '/Seo-Services/Austin/', '/a', '/b']
const BUILD = familyLookupOf(
  [
    { url: '/seo-services/austin', family: 'seo-city' },
    { url: '/seo-services/dallas', family: 'seo-city' },
    { url: '/ppc/austin', family: 'ppc-city' },
    { url: '/blog/local-seo', family: 'blog' },
  ],
  'build-1',
)

type Row = TestEvent

async function seed(db: TestDb) {
  const events: Row[] = []
  const sessions: Record<string, unknown>[] = []
  let n = 0
  // A visit every ~2 h 17 min, so hours, days and weeks all get different pages.
  for (let t = START; t < NOW; t += 137 * 60_000 + (n % 11) * 1000) {
    n++
    const id = `s${n}`
    const landing = PATHS[n % PATHS.length]
    sessions.push({
      id,
      visitor_id: `v${n % 37}`,
      first_of_day: n % 3 === 0,
      started_at: t,
      channel: n % 2 ? 'organic-search' : 'email',
      landing_page: landing,
      device: 'desktop',
    })
    const second = PATHS[(n * 5 + (n >> 3)) % PATHS.length]
    const add = (type: string, path: string, dt: number, value: number | null = null, name = '') =>
      events.push({ type, path, ts: t + dt, value, name, session: id })
    add('page_view', landing, 0)
    add('scroll_depth', landing, 5_000, [25, 50, 75, 90, 100][n % 5])
    add('web_vital', landing, 6_000, 300 + ((n * 389) % 5200), n % 4 ? 'LCP' : 'INP')
    if (n % 3) add('engagement', landing, 20_000, (n * 17) % 100)
    add('page_view', second, 30_000)
    add('web_vital', second, 31_000, 200 + ((n * 211) % 4000), 'LCP')
    if (n % 4 === 0) add('form_view', second, 35_000, null, 'quote')
  }
  await insertTestEvents(db, events, sessions)
  return events
}

const num = (v: unknown) => Number(v ?? 0)

describe.each(databases)('weekly rollups and the vital sort ($name)', (target) => {
  const t = useTestDb(target)

  it('weekly rows are the sums of their days; reports read with them equal the raw counts', async () => {
    const db = t.db
    const events = await seed(db)
    // Several runs: one run rolls up at most a week of hours.
    for (let i = 0; i < 6 && (await rolledThrough(db)) !== Math.floor(NOW / HOUR_MS) - 1; i++) await runRollups(db, NOW, BUILD)
    expect(await rolledThrough(db)).toBe(Math.floor(NOW / HOUR_MS) - 1)

    // 1. Each week's rows equal the sums of its daily rows, for the three weekly tables.
    const weekOf = (day: unknown) => Math.floor(num(day) / WEEK_DAYS)
    const sumBy = (rows: Record<string, unknown>[], key: (r: Record<string, unknown>) => string, columns: readonly string[]) => {
      const out: Record<string, Record<string, number>> = {}
      for (const r of rows) {
        const k = key(r)
        out[k] ??= Object.fromEntries(columns.map((c) => [c, 0]))
        for (const c of columns) out[k][c] += num(r[c])
      }
      return out
    }
    const tables: [string, string, (r: Record<string, unknown>) => string, readonly string[]][] = [
      ['analytics_daily', 'analytics_weekly', (r) => `${r.dim}|${r.key}`, METRICS],
      ['analytics_page_daily', 'analytics_page_weekly', (r) => `${r.path}`, PAGE_COLUMNS],
      ['analytics_vitals_daily', 'analytics_vitals_weekly', (r) => `${r.path}|${r.metric}|${r.bucket}`, ['n']],
    ]
    for (const [daily, weekly, key, columns] of tables) {
      const days = (await db(daily).select()) as Record<string, unknown>[]
      const weeks = (await db(weekly).select()) as Record<string, unknown>[]
      expect(weeks.length, weekly).toBeGreaterThan(0)
      expect(
        sumBy(weeks, (r) => `${r.week}|${key(r)}`, columns),
        weekly,
      ).toEqual(sumBy(days, (r) => `${weekOf(r.day)}|${key(r)}`, columns))
    }

    const base = { group: 'page', sort: 'views', order: 'desc' } as const
    const ranges = [
      dayRange('2026-10-29', '2026-11-22', 'UTC'), // three whole weeks, edge days, edge and raw hours
      dayRange('2026-10-31', '2026-11-20', 'America/New_York'), // edge hours, across the change to EST
      dayRange('2026-11-13', '2026-11-16', 'UTC'), // no whole week
    ]
    const weeks = ranges.map((r) => {
      const p = plan(r, Math.floor(NOW / HOUR_MS) - 1, NOW)
      return daySpans('analytics_daily', p.dailyFrom, p.dailyTo)
        .filter((s) => s.unit === 'week')
        .reduce((n, s) => n + s.to - s.from, 0)
    })
    expect(weeks).toEqual([3, 2, 0])
    for (const range of ranges) {
      // 2. SQL-sorted (figures and vital p75s) against the full read.
      for (const q of [
        base,
        { ...base, sort: 'exitRate' as const, order: 'asc' as const },
        { ...base, sort: 'engagement' as const },
        { ...base, sort: 'LCP' as const },
        { ...base, sort: 'LCP' as const, order: 'asc' as const },
        { ...base, sort: 'INP' as const },
        { ...base, sort: 'INP' as const, order: 'asc' as const },
        { ...base, sort: 'LCP' as const, q: 'austin' },
        { ...base, group: 'family' as const },
      ]) {
        const fast = await pagesReport(db, range, q, BUILD, NOW)
        const full = await pagesReportFull(db, range, q, BUILD.familyOf, NOW)
        const strip = (r: typeof fast) => ({ ...r, rows: r.rows.map((row) => ({ ...row, pages: 0 })) })
        expect(strip(fast), `${JSON.stringify(q)} ${new Date(range.from).toISOString()}`).toEqual(strip(full))
        expect(fast.rows.length).toBeGreaterThan(0)
      }
      // 3. Against the raw events of the range.
      const mine = events.filter((e) => e.ts >= range.from && e.ts < range.to)
      const report = await pagesReport(db, range, { ...base, sort: 'key', order: 'asc' }, BUILD, NOW)
      const expected = [...new Set(mine.map((e) => e.path))].sort().map((path) => {
        const of = mine.filter((e) => e.path === path)
        const p75Of = (metric: Vital) => {
          const h = new Map<number, number>()
          for (const e of of.filter((x) => x.type === 'web_vital' && x.name === metric))
            h.set(bucketOf(metric, e.value!), (h.get(bucketOf(metric, e.value!)) ?? 0) + 1)
          return p75(metric, h)
        }
        return {
          key: path,
          views: of.filter((e) => e.type === 'page_view').length,
          scroll50: of.filter((e) => e.type === 'scroll_depth' && e.value === 50).length,
          formViews: of.filter((e) => e.type === 'form_view').length,
          LCP: p75Of('LCP'),
          INP: p75Of('INP'),
        }
      })
      expect(
        report.rows.map((r) => ({
          key: r.key,
          views: r.views,
          scroll50: r.scroll[50],
          formViews: r.forms.views,
          LCP: r.vitals.LCP.p75,
          INP: r.vitals.INP.p75,
        })),
        new Date(range.from).toISOString(),
      ).toEqual(expected)
      // The overview's reads (breakdown and top pages) over the same range.
      const [breakdown, top] = await Promise.all([readBreakdown(db, range, ['total', 'page'], NOW), readTopKeys(db, range, 'page', 'page_views', 3, NOW)])
      expect(breakdown.get('total')?.get('')?.page_views).toBe(mine.filter((e) => e.type === 'page_view').length)
      expect(breakdown.get('total')?.get('')?.events).toBe(mine.length)
      const byViews = [...expected].sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : 1)).slice(0, 3)
      expect([...top].map(([key, f]) => ({ key, views: f.page_views }))).toEqual(byViews.map((e) => ({ key: e.key, views: e.views })))
    }
  }, 240_000)
})
