// Per-family daily rollups and the SQL-sorted page report (decision 114): on visits spread over
// three UTC days, each day's family rows equal the counts taken straight from the raw events of the
// family's pages; a new build that moves a page to another family rewrites the past days; and the
// report sorted and limited in SQL answers exactly what reading every page answers, for each sort.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { pagesReport, pagesReportFull } from '../admin/webAnalytics.ts'
import { familyLookupOf, OUTSIDE_BUILD } from './families.ts'
import { DAY_MS } from './ingest.ts'
import { dayRange } from './queries.ts'
import { runRollups } from './rollup.ts'
import { insertTestEvents, type TestDb, type TestEvent } from './testEvents.ts'

const START = Date.parse('2026-11-20T21:00:00.000Z')
const NOW = Date.parse('2026-11-23T02:40:00.000Z') // rolled up through 01:00; 02:00 is read raw
const PATHS = ['/seo-services/austin', '/seo-services/dallas', '/ppc/austin', '/blog/local-seo', '/old-page', '/Seo-Services/Austin/']
const BUILD = familyLookupOf(
  [
    { url: '/seo-services/austin', family: 'seo-city' },
    { url: '/seo-services/dallas', family: 'seo-city' },
    { url: '/ppc/austin', family: 'ppc-city' },
    { url: '/blog/local-seo', family: 'blog' },
  ],
  'build-1',
)

type Row = TestEvent & { goal: string }

async function seed(db: TestDb) {
  const events: Row[] = []
  const sessions: Record<string, unknown>[] = []
  let n = 0
  for (let t = START; t < NOW; t += 13 * 60_000 + (n % 7) * 1000) {
    n++
    const id = `s${n}`
    const landing = PATHS[n % PATHS.length]
    sessions.push({
      id,
      visitor_id: `v${n % 41}`,
      first_of_day: n % 3 === 0,
      started_at: t,
      channel: n % 2 ? 'organic-search' : 'paid-search',
      landing_page: landing,
      device: 'desktop',
    })
    const second = PATHS[(n * 5) % PATHS.length]
    const add = (type: string, path: string, dt: number, value: number | null = null, name = '', goal = '') =>
      events.push({ type, path, ts: t + dt, value, name, goal, session: id })
    add('page_view', landing, 0)
    add('scroll_depth', landing, 5_000, [25, 50, 75, 90, 100][n % 5])
    add('web_vital', landing, 6_000, 400 + ((n * 389) % 5000), n % 4 ? 'LCP' : 'INP')
    if (n % 3) add('engagement', landing, 20_000, (n * 17) % 100)
    add('page_view', second, 30_000)
    if (n % 4 === 0) add('form_view', second, 35_000, null, 'quote')
    if (n % 8 === 0) add('form_submit', second, 50_000, null, 'quote', 'form:quote')
    if (n % 5 === 0) add('time_on_page', second, 60_000, 60)
  }
  await insertTestEvents(db, events, sessions)
  return events
}

describe.each(databases)('family rollups and the SQL-sorted page report ($name)', (target) => {
  const t = useTestDb(target)

  it('family rows of each day equal the raw counts of their pages, and follow a new build', async () => {
    const db = t.db
    const events = await seed(db)
    await runRollups(db, NOW, BUILD)
    const days = [Math.floor(START / DAY_MS), Math.floor(START / DAY_MS) + 1]
    const check = async (familyOf: (p: string) => string) => {
      for (const day of days) {
        const rows = (await db('analytics_family_daily').where({ day }).select()) as Record<string, unknown>[]
        const vitals = (await db('analytics_family_vitals_daily').where({ day }).select()) as Record<string, unknown>[]
        const ofDay = events.filter((e) => Math.floor(e.ts / DAY_MS) === day)
        const families = [...new Set(ofDay.map((e) => familyOf(e.path)))].sort()
        expect(rows.map((r) => r.family).sort()).toEqual(families)
        for (const fam of families) {
          const mine = ofDay.filter((e) => familyOf(e.path) === fam)
          const row = rows.find((r) => r.family === fam)!
          const count = (f: (e: Row) => boolean) => mine.filter(f).length
          expect(
            {
              page_views: Number(row.page_views),
              events: Number(row.events),
              scroll_50: Number(row.scroll_50),
              engagement_n: Number(row.engagement_n),
              engagement_sum: Number(row.engagement_sum),
              form_views: Number(row.form_views),
              form_submits: Number(row.form_submits),
              conversions: Number(row.conversions),
              time_60: Number(row.time_60),
              vitals: vitals.filter((v) => v.family === fam).reduce((a, v) => a + Number(v.n), 0),
            },
            `${fam} on day ${day}`,
          ).toEqual({
            page_views: count((e) => e.type === 'page_view'),
            events: mine.length,
            scroll_50: count((e) => e.type === 'scroll_depth' && e.value === 50),
            engagement_n: count((e) => e.type === 'engagement'),
            engagement_sum: mine.filter((e) => e.type === 'engagement').reduce((a, e) => a + Number(e.value), 0),
            form_views: count((e) => e.type === 'form_view'),
            form_submits: count((e) => e.type === 'form_submit'),
            conversions: count((e) => e.goal !== ''),
            time_60: count((e) => e.type === 'time_on_page' && e.value === 60),
            vitals: count((e) => e.type === 'web_vital'),
          })
        }
      }
    }
    await check(BUILD.familyOf)
    expect(BUILD.familyOf('/Seo-Services/Austin/')).toBe('seo-city')
    expect(BUILD.familyOf('/old-page')).toBe(OUTSIDE_BUILD)

    // The next build moves /ppc/austin into the city family: every past day follows it.
    const next = familyLookupOf(
      [
        { url: '/seo-services/austin', family: 'seo-city' },
        { url: '/seo-services/dallas', family: 'seo-city' },
        { url: '/ppc/austin', family: 'seo-city' },
        { url: '/blog/local-seo', family: 'blog' },
      ],
      'build-2',
    )
    await runRollups(db, NOW, next)
    await check(next.familyOf)
  })

  it('sorting and limiting in SQL answers what reading every page answers', async () => {
    const db = t.db
    // The first test's visits (the database is the file's), rolled up again under the first build.
    if (!Number((await db('events').count({ n: '*' }).first())?.n)) await seed(db)
    await runRollups(db, NOW, BUILD)
    const base = { group: 'page', sort: 'views', order: 'desc' } as const
    // A range of whole days, edge hours (New York) and the current hour read raw.
    for (const range of [dayRange('2026-11-20', '2026-11-23', 'UTC'), dayRange('2026-11-21', '2026-11-22', 'America/New_York')]) {
      for (const q of [
        base,
        { ...base, order: 'asc' as const },
        { ...base, sort: 'exitRate' as const, order: 'asc' as const },
        { ...base, sort: 'engagement' as const },
        { ...base, sort: 'seconds' as const, order: 'asc' as const },
        { ...base, sort: 'key' as const, order: 'asc' as const },
        { ...base, q: 'austin' },
        { ...base, group: 'family' as const },
        { ...base, group: 'family' as const, family: 'seo-city', sort: 'key' as const },
      ]) {
        const fast = await pagesReport(db, range, q, BUILD, NOW)
        const full = await pagesReportFull(db, range, q, BUILD.familyOf, NOW)
        // Per family, "pages" is the family's pages in the build (the full read counts pages seen).
        const strip = (r: typeof fast) => ({ ...r, rows: r.rows.map((row) => ({ ...row, pages: 0 })) })
        expect(strip(fast), JSON.stringify(q)).toEqual(strip(full))
        expect(fast.rows.length).toBeGreaterThan(0)
      }
    }
    const fam = await pagesReport(db, dayRange('2026-11-20', '2026-11-23', 'UTC'), { ...base, group: 'family' }, BUILD, NOW)
    expect(fam.rows.find((r) => r.key === 'seo-city')?.pages).toBe(2)
    expect(fam.rows.find((r) => r.key === OUTSIDE_BUILD)?.pages).toBeGreaterThanOrEqual(1)
  })
})
