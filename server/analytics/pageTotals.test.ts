// Running totals per page and landing page (decision 184), on visits spread over 19 UTC days across
// a block boundary (day 20,475 = 2026-01-22 starts a 91-day block): every running row equals the
// sums of its key's daily rows from the block's first day through its day, with every key seen so
// far in the block carried; reports read through them (per page sorted in SQL, top pages and
// landing pages) equal the full reads of daily and weekly rows and the raw counts, on ranges inside
// one block, across the boundary, starting on it and in New York days. Late events re-rolled into
// past days (both blocks) update every later running row of their block; a page seen only before a
// range is not in it although its running row is carried; the retention purge leaves the totals.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { pagesReport, pagesReportFull } from '../admin/webAnalytics.ts'
import { METRICS, PAGE_COLUMNS } from './columns.ts'
import { familyLookupOf } from './families.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'
import { blockStart, TOTALS_BLOCK_DAYS, TOTALS_DIMS, totalsBounds } from './pageTotals.ts'
import { dayRange, plan, readBreakdown, readTopKeys, type Range } from './queries.ts'
import { purgeAnalytics, rolledThrough, rollupDay, rollupHour, runRollups } from './rollup.ts'
import { insertTestEvents, type TestDb, type TestEvent } from './testEvents.ts'

const BOUNDARY = Date.parse('2026-01-22T00:00:00.000Z')
const START = Date.parse('2026-01-12T21:00:00.000Z')
const NOW = Date.parse('2026-02-01T02:40:00.000Z') // rolled up through 01:00; 02:00 is read raw
const PATHS = ['/seo-services/austin', '/seo-services/dallas', '/ppc/austin', '/blog/local-seo', '/old-page', '/a', '/b', '/c']
const BUILD = familyLookupOf(
  [
    { url: '/seo-services/austin', family: 'seo-city' },
    { url: '/seo-services/dallas', family: 'seo-city' },
    { url: '/ppc/austin', family: 'ppc-city' },
  ],
  'build-1',
)

type Db = TestDb
type Row = TestEvent

const insert = insertTestEvents

/** A visit: landing page, scroll, a vital, maybe engagement, a second page, maybe a form view. */
function visit(n: number, t: number, landing: string, second: string, events: Row[], sessions: Record<string, unknown>[]) {
  const id = `s${n}`
  sessions.push({ id, visitor_id: `v${n % 29}`, first_of_day: n % 3 === 0, started_at: t, channel: 'organic-search', landing_page: landing, device: 'desktop' })
  const add = (type: string, path: string, dt: number, value: number | null = null, name = '') =>
    events.push({ type, path, ts: t + dt, value, name, session: id })
  add('page_view', landing, 0)
  add('scroll_depth', landing, 5_000, [25, 50, 75, 90, 100][n % 5])
  add('web_vital', landing, 6_000, 300 + ((n * 389) % 5200), 'LCP')
  if (n % 3) add('engagement', landing, 20_000, (n * 17) % 100)
  add('page_view', second, 30_000)
  if (n % 4 === 0) add('form_view', second, 35_000, null, 'quote')
}

async function seed(db: Db) {
  const events: Row[] = []
  const sessions: Record<string, unknown>[] = []
  let n = 0
  // A visit every ~3 h 7 min; page /c only in the first block, /b only in the second.
  for (let t = START; t < NOW; t += 187 * 60_000 + (n % 7) * 1000) {
    n++
    const pool = PATHS.filter((p) => (t < BOUNDARY ? p !== '/b' : p !== '/c'))
    visit(n, t, pool[n % pool.length], pool[(n * 5 + (n >> 2)) % pool.length], events, sessions)
  }
  await insert(db, events, sessions)
  return events
}

const num = (v: unknown) => Number(v ?? 0)

/** Every running row equals its key's daily sums from the block's start through its day; every key seen so far is carried. */
async function expectTotalsMatchDaily(db: Db) {
  const tables: [string, string, (r: Record<string, unknown>) => string, readonly string[], (r: Record<string, unknown>) => boolean][] = [
    ['analytics_daily', 'analytics_key_totals', (r) => `${r.dim}|${r.key}`, METRICS, (r) => TOTALS_DIMS.includes(String(r.dim))],
    ['analytics_page_daily', 'analytics_page_totals', (r) => String(r.path), PAGE_COLUMNS, () => true],
    ['analytics_family_vitals_daily', 'analytics_family_vitals_totals', (r) => `${r.family}|${r.metric}|${num(r.bucket)}`, ['n'], () => true],
  ]
  for (const [daily, totals, keyOf, columns, kept] of tables) {
    const days = ((await db(daily).select()) as Record<string, unknown>[]).filter(kept)
    const written = (await db(totals).select()) as Record<string, unknown>[]
    const writtenDays = [...new Set(written.map((r) => num(r.day)))].sort((a, b) => a - b)
    // Every day with daily rows has running rows.
    for (const d of new Set(days.map((r) => num(r.day)))) expect(writtenDays, `${totals} day ${d}`).toContain(d)
    const expected: Record<string, Record<string, number>> = {}
    for (const d of writtenDays)
      for (const r of days) {
        const day = num(r.day)
        if (day < blockStart(d) || day > d) continue
        const k = `${d}|${keyOf(r)}`
        expected[k] ??= Object.fromEntries(['n_days', ...columns].map((c) => [c, 0]))
        expected[k].n_days++
        for (const c of columns) expected[k][c] += num(r[c])
      }
    const actual = Object.fromEntries(written.map((r) => [`${num(r.day)}|${keyOf(r)}`, Object.fromEntries(['n_days', ...columns].map((c) => [c, num(r[c])]))]))
    expect(actual, totals).toEqual(expected)
  }
}

const base = { group: 'page', sort: 'views', order: 'desc' } as const
const SORTS = [
  base,
  { ...base, sort: 'exitRate' as const, order: 'asc' as const },
  { ...base, sort: 'engagement' as const },
  { ...base, sort: 'seconds' as const, order: 'asc' as const },
  { ...base, sort: 'entries' as const },
  { ...base, sort: 'LCP' as const },
  { ...base, sort: 'key' as const, order: 'asc' as const },
  { ...base, q: 'seo' },
  { ...base, group: 'family' as const },
  { ...base, group: 'family' as const, family: 'seo-city' },
]

/** Reports through the running totals equal the full reads (daily and weekly rows) and the raw page views. */
async function expectReportsRight(db: Db, range: Range, events: Row[], label: string) {
  const strip = (r: Awaited<ReturnType<typeof pagesReport>>) => ({ ...r, rows: r.rows.map((row) => ({ ...row, pages: 0 })) })
  for (const q of SORTS) {
    const fast = await pagesReport(db, range, q, BUILD, NOW)
    const full = await pagesReportFull(db, range, q, BUILD.familyOf, NOW)
    expect(strip(fast), `${label} ${JSON.stringify(q)}`).toEqual(strip(full))
  }
  const mine = events.filter((e) => e.ts >= range.from && e.ts < range.to)
  const report = await pagesReport(db, range, { ...base, sort: 'key', order: 'asc' }, BUILD, NOW)
  const expected = [...new Set(mine.map((e) => e.path))].sort().map((path) => ({
    key: path,
    views: mine.filter((e) => e.path === path && e.type === 'page_view').length,
    formViews: mine.filter((e) => e.path === path && e.type === 'form_view').length,
  }))
  expect(
    report.rows.map((r) => ({ key: r.key, views: r.views, formViews: r.forms.views })),
    label,
  ).toEqual(expected)
  // Top pages and top landing pages (overview, web traffic) against the breakdown of every key.
  const breakdown = await readBreakdown(db, range, ['page', 'landing'], NOW)
  for (const [dim, metric] of [
    ['page', 'page_views'],
    ['landing', 'sessions'],
  ] as const) {
    const all = [...(breakdown.get(dim) ?? [])].sort((a, b) => b[1][metric] - a[1][metric] || (a[0] < b[0] ? -1 : 1))
    const top = await readTopKeys(db, range, dim, metric, 5, NOW)
    expect([...top], `${label} top ${dim}`).toEqual(all.slice(0, 5))
  }
}

describe.each(databases)('running totals of pages and landing pages ($name)', (target) => {
  const t = useTestDb(target)

  it('equal the daily sums across a block boundary, after late events, and answer what the full reads answer', async () => {
    const db = t.db
    expect(Math.floor(BOUNDARY / DAY_MS) % TOTALS_BLOCK_DAYS).toBe(0)
    const events = await seed(db)
    for (let i = 0; i < 6 && (await rolledThrough(db)) !== Math.floor(NOW / HOUR_MS) - 1; i++) await runRollups(db, NOW, BUILD)
    expect(await rolledThrough(db)).toBe(Math.floor(NOW / HOUR_MS) - 1)
    await expectTotalsMatchDaily(db)

    const ranges: [string, Range][] = [
      ['across the boundary, edge and raw hours', dayRange('2026-01-12', '2026-02-01', 'UTC')],
      ['inside the first block', dayRange('2026-01-14', '2026-01-21', 'UTC')],
      ['from the boundary', dayRange('2026-01-22', '2026-01-30', 'UTC')],
      ['New York days across the boundary', dayRange('2026-01-15', '2026-01-27', 'America/New_York')],
      ['one day before the boundary', dayRange('2026-01-21', '2026-01-21', 'UTC')],
    ]
    // The ranges really read running rows: + and − bounds in the first block, + in the second.
    const p = plan(ranges[3][1], Math.floor(NOW / HOUR_MS) - 1, NOW)
    expect((await totalsBounds(db, 'analytics_key_totals', p.dailyFrom, p.dailyTo)).map((b) => b.sign).sort()).toEqual([-1, 1, 1])
    for (const [label, range] of ranges) await expectReportsRight(db, range, events, label)

    // Late events, re-rolled into a past day of each block: a new page and more views of old ones.
    const late: Row[] = []
    const lateSessions: Record<string, unknown>[] = []
    visit(9001, Date.parse('2026-01-13T10:15:00.000Z'), '/late-page', '/a', late, lateSessions)
    visit(9002, Date.parse('2026-01-23T23:40:00.000Z'), '/seo-services/austin', '/late-page', late, lateSessions)
    await insert(db, late, lateSessions)
    for (const e of [late[0], late[late.length - 1]]) {
      const hour = Math.floor(e.ts / HOUR_MS)
      await rollupHour(db, hour)
      await rollupDay(db, Math.floor(e.ts / DAY_MS), BUILD)
    }
    await expectTotalsMatchDaily(db)
    const all = [...events, ...late]
    for (const [label, range] of ranges) await expectReportsRight(db, range, all, `${label}, after late events`)
    // Carried but not in the range: /late-page (seen 01-13 in the first block) has running rows
    // on 01-13 and 01-21, yet the 01-14 .. 01-21 report (read from those two bounds) leaves it out.
    const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00.000Z`) / DAY_MS)
    for (const d of ['2026-01-13', '2026-01-21'])
      expect(
        await db('analytics_page_totals')
          .where({ day: day(d), path: '/late-page' })
          .first('n_days'),
      ).toBeTruthy()
    const inside = plan(ranges[1][1], Math.floor(NOW / HOUR_MS) - 1, NOW)
    expect(await totalsBounds(db, 'analytics_page_totals', inside.dailyFrom, inside.dailyTo)).toEqual([
      { day: day('2026-01-21'), sign: 1 },
      { day: day('2026-01-13'), sign: -1 },
    ])
    for (const q of [base, { ...base, sort: 'engagement' as const }, { ...base, sort: 'LCP' as const }]) {
      const report = await pagesReport(db, ranges[1][1], q, BUILD, NOW)
      expect(report.rows.map((r) => r.key)).not.toContain('/late-page')
      expect(report.total).toBe(report.rows.length)
    }
    expect([...(await readTopKeys(db, ranges[1][1], 'landing', 'sessions', 50, NOW)).keys()]).not.toContain('/late-page')

    // The retention purge deletes raw rows only: the running totals stay.
    const before = await db('analytics_key_totals').orderBy(['day', 'dim', 'key']).select()
    const purged = await purgeAnalytics(db, 1, NOW)
    expect(purged.events).toBeGreaterThan(0)
    expect(await db('analytics_key_totals').orderBy(['day', 'dim', 'key']).select()).toEqual(before)
  }, 300_000)
})
