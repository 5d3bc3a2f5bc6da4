// Running packed web-vital histograms per page and week (decision 185), on synthetic rollup rows
// over 100 UTC days across a 13-week block boundary (day 20,475 = 2026-01-22 starts a block): every
// running row equals the page's weekly rows summed from its block's first week; readTopByVital
// (through those rows) answers exactly the keys and count of the single-query read of decision 119
// (readTopByVitalSql) for every metric, order, LIKE filter and range shape (inside a block, across
// the boundary, edge days and hours, raw hours); after a re-rolled past day in each block; the
// retention purge leaves the rows; rollupDay writes them.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { fillVitalWeekTotals, rollupVitalWeekTotals, VITAL_BLOCK_WEEKS, VITAL_TOTALS_TABLE, vitalWeekBounds, weekBlockStart, addPacked } from './vitalTotals.ts'
import { rollupWeekOfDay } from './coarse.ts'
import { rollupTotalsDay } from './pageTotals.ts'
import { purgeAnalytics } from './rollup.ts'
import { p75Bucket, readTopByVital, readTopByVitalSql, VitalHistograms, vitalPieces, type VitalTopQuery } from './vitalSort.ts'

type Db = ReturnType<typeof useTestDb>['db']

const BOUNDARY_DAY = 20_475
const FIRST_DAY = BOUNDARY_DAY - 60
const LAST_DAY = BOUNDARY_DAY + 39 // rolled up through this day; the next day's hours are hourly
const PATHS = [...Array.from({ length: 40 }, (_, i) => `/p/${i}`), '/SEO-Austin', '/seo-dallas', '/Été', '/ete', '/a_b', '/a%b', '/Z', '/z']

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + t)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const LCP_BUCKETS = [25, 100, 500, 1000, 1200, 2500, 4000, 8000]
const CLS_BUCKETS = [10, 50, 100, 250, 1000, 1_000_000]

/** Rows of one day (or hour) for a page set: page views in analytics_daily/hourly, vital histograms. */
function rowsFor(r: () => number, unit: 'day' | 'hour', at: number, density: number) {
  const keys: Record<string, unknown>[] = []
  const vitals: Record<string, unknown>[] = []
  for (const path of PATHS) {
    if (r() > density) continue
    keys.push({ [unit]: at, dim: 'page', key: path, page_views: 1 + Math.floor(r() * 5) })
    // Some pages have no vital of a metric (they sort as -1); a few have vitals only.
    for (const [metric, buckets] of [
      ['LCP', LCP_BUCKETS],
      ['CLS', CLS_BUCKETS],
    ] as const) {
      if (r() < 0.25) continue
      const seen = new Set<number>()
      for (let i = 0; i < 1 + Math.floor(r() * 3); i++) {
        const bucket = buckets[Math.floor(r() * r() * buckets.length)]
        if (seen.has(bucket)) continue
        seen.add(bucket)
        vitals.push({ [unit]: at, path, metric, bucket, n: 1 + Math.floor(r() * 4) })
      }
    }
  }
  if (r() < 0.3) vitals.push({ [unit]: at, path: '/vitals-only', metric: 'LCP', bucket: 2500, n: 1 })
  return { keys, vitals }
}

async function insertAll(db: Db, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 100) await db(table).insert(rows.slice(i, i + 100))
}

/** What rollupDay does for these tables after a day's daily rows are written. */
async function rollDay(db: Db, day: number) {
  await rollupWeekOfDay(db, day)
  await rollupVitalWeekTotals(db, day)
  await rollupTotalsDay(db, day)
}

async function seed(db: Db) {
  const r = rng(185)
  for (let day = FIRST_DAY; day <= LAST_DAY; day++) {
    // Pages seen only in the first block, only in the second, or throughout.
    const { keys, vitals } = rowsFor(r, 'day', day, day < BOUNDARY_DAY ? 0.5 : 0.35)
    await insertAll(db, 'analytics_daily', keys)
    await insertAll(db, 'analytics_vitals_daily', vitals)
    await rollDay(db, day)
  }
  for (let h = (LAST_DAY + 1) * 24; h < (LAST_DAY + 1) * 24 + 5; h++) {
    const { keys, vitals } = rowsFor(r, 'hour', h, 0.2)
    await insertAll(db, 'analytics_hourly', keys)
    await insertAll(db, 'analytics_vitals_hourly', vitals)
  }
}

const num = (v: unknown) => Number(v ?? 0)

/** Every running row equals its page's weekly rows from the block's first week through its week; every page seen is carried. */
async function expectRowsMatchWeekly(db: Db) {
  const weekly = (await db('analytics_vitals_weekly').select()) as Record<string, unknown>[]
  const written = (await db(VITAL_TOTALS_TABLE).select()) as Record<string, unknown>[]
  const weeks = [...new Set(written.map((x) => num(x.week)))]
  for (const w of new Set(weekly.map((x) => num(x.week)))) expect(weeks).toContain(w)
  const expected = new Map<string, Map<number, number>>()
  for (const w of weeks)
    for (const x of weekly) {
      const wk = num(x.week)
      if (wk < weekBlockStart(w) || wk > w) continue
      const k = `${w}|${x.metric}|${x.path}`
      if (!expected.has(k)) expected.set(k, new Map())
      const h = expected.get(k)!
      h.set(num(x.bucket), (h.get(num(x.bucket)) ?? 0) + num(x.n))
    }
  const actual = new Map<string, Map<number, number>>()
  for (const x of written) {
    const h = new Map<number, number>()
    addPacked(h, String(x.hist))
    actual.set(`${num(x.week)}|${x.metric}|${x.path}`, h)
  }
  expect(actual).toEqual(expected)
}

const DAY_HOURS = 24
/** Range shapes: [dailyFrom, dailyTo, hourly pieces, raw]. */
function shapes(): [string, VitalTopQuery['pieces']][] {
  const h = (d: number) => d * DAY_HOURS
  const edge = LAST_DAY + 1
  return [
    [
      '90 days across the boundary, edge hours',
      {
        dailyFrom: LAST_DAY - 89,
        dailyTo: edge,
        hourly: [
          [h(LAST_DAY - 90) + 7, h(LAST_DAY - 89)],
          [h(edge), h(edge) + 5],
        ],
        raw: [],
      },
    ],
    ['inside the first block, edge days', { dailyFrom: FIRST_DAY + 3, dailyTo: BOUNDARY_DAY - 2, hourly: [], raw: [] }],
    ['from the boundary', { dailyFrom: BOUNDARY_DAY, dailyTo: BOUNDARY_DAY + 30, hourly: [], raw: [] }],
    ['ending on the boundary', { dailyFrom: BOUNDARY_DAY - 35, dailyTo: BOUNDARY_DAY, hourly: [], raw: [] }],
    ['one week across nothing', { dailyFrom: BOUNDARY_DAY + 7, dailyTo: BOUNDARY_DAY + 14, hourly: [], raw: [] }],
    ['days without a whole week', { dailyFrom: BOUNDARY_DAY - 3, dailyTo: BOUNDARY_DAY + 2, hourly: [[h(edge), h(edge) + 3]], raw: [] }],
    // Decision 191: 6 edge days at each end, read as the whole week minus one day (a range
    // starting mid-block, ending mid-week in the next block).
    ['six edge days at each end', { dailyFrom: FIRST_DAY + 5, dailyTo: BOUNDARY_DAY + 27, hourly: [], raw: [] }],
    // The week after the range's end holds a daily row (as today's partial row): subtracted.
    ['four edge days before a rolled day', { dailyFrom: BOUNDARY_DAY + 3, dailyTo: LAST_DAY, hourly: [], raw: [] }],
    ['hours only', { dailyFrom: 0, dailyTo: 0, hourly: [[h(edge), h(edge) + 5]], raw: [] }],
    ['whole range', { dailyFrom: FIRST_DAY, dailyTo: edge, hourly: [[h(edge), h(edge) + 5]], raw: [] }],
  ]
}

const RAW: VitalTopQuery['raw'] = [
  { key: '/p/3', buckets: [[8000, 40]] },
  { key: '/raw-only', buckets: [[500, 2]] },
  { key: '/raw-no-vital', buckets: [] },
]

async function expectSameAnswers(db: Db, label: string) {
  for (const [name, pieces] of shapes())
    for (const metric of ['LCP', 'CLS'] as const)
      for (const order of ['asc', 'desc'] as const)
        for (const like of [undefined, '%seo%', '/p/1%', '%\\_%', '%é%'])
          for (const raw of [[], RAW])
            for (const limit of [5, 100]) {
              const q: VitalTopQuery = { pieces: { ...pieces, raw: raw.length ? [pieces.hourly.at(-1)?.[1] ?? 0] : [] }, metric, order, limit, like, raw }
              const expected = await readTopByVitalSql(db, q)
              const actual = await readTopByVital(db, q)
              expect(actual, `${label}: ${name} ${metric} ${order} ${like} raw=${raw.length} limit=${limit}`).toEqual(expected)
            }
}

describe.each(databases)('running web-vital histograms per page and week ($name)', (target) => {
  const t = useTestDb(target)

  it('equal the weekly sums, answer what the weekly read answers, after re-rolled days and a purge', async () => {
    const db = t.db
    expect(BOUNDARY_DAY % (VITAL_BLOCK_WEEKS * 7)).toBe(0)
    await seed(db)
    await expectRowsMatchWeekly(db)
    // The 90-day range reads + and − bounds in the first block, + in the second (three rows a page at most).
    const bounds = await vitalWeekBounds(db, Math.ceil((LAST_DAY - 89) / 7), Math.floor((LAST_DAY + 1) / 7))
    expect(bounds.map((b) => b.sign).sort()).toEqual([-1, 1, 1])
    const ninety = await readTopByVital(db, { pieces: shapes()[0][1], metric: 'LCP', order: 'desc', limit: 1000, raw: [] })
    expect(ninety.total).toBeGreaterThan(40)
    expect(ninety.keys.length).toBe(ninety.total)
    await expectSameAnswers(db, 'seeded')

    // Re-rolled past days, one in each block: a new page, more samples of old ones.
    for (const day of [FIRST_DAY + 10, BOUNDARY_DAY + 4]) {
      await db('analytics_daily').insert([
        { day, dim: 'page', key: '/late', page_views: 1 },
        { day, dim: 'page', key: '/no-samples', page_views: 1 },
      ])
      await db('analytics_vitals_daily').insert([
        { day, path: '/late', metric: 'LCP', bucket: 4000, n: 3 },
        { day, path: '/p/7', metric: 'LCP', bucket: 8000, n: 50 },
      ])
      await db('analytics_vitals_daily').where({ day, metric: 'CLS' }).delete()
      await rollDay(db, day)
    }
    await expectRowsMatchWeekly(db)
    await expectSameAnswers(db, 're-rolled')

    // The migration's fill writes the same rows.
    const before = await db(VITAL_TOTALS_TABLE).orderBy(['week', 'metric', 'path']).select()
    await fillVitalWeekTotals(db)
    expect(await db(VITAL_TOTALS_TABLE).orderBy(['week', 'metric', 'path']).select()).toEqual(before)
    // The retention purge deletes raw rows only: these rows stay.
    await purgeAnalytics(db, 1, (LAST_DAY + 2) * 86_400_000)
    expect(await db(VITAL_TOTALS_TABLE).orderBy(['week', 'metric', 'path']).select()).toEqual(before)
  }, 600_000)
})

describe('the edge days and the parsed histograms of decision 191', () => {
  it('vitalPieces covers exactly the days of the range, at most 3 days at each end', () => {
    for (let from = 700; from < 730; from++)
      for (let to = from; to < from + 40; to++) {
        const { weeks, days } = vitalPieces(from, to)
        const count = new Map<number, number>()
        const bump = (d: number, s: number) => count.set(d, (count.get(d) ?? 0) + s)
        if (weeks) for (let d = weeks[0] * 7; d < weeks[1] * 7; d++) bump(d, 1)
        for (const s of days) for (let d = s.from; d < s.to; d++) bump(d, s.sign)
        for (const [d, n] of count) expect(n, `${from}..${to} day ${d}`).toBe(d >= from && d < to ? 1 : 0)
        for (let d = from; d < to; d++) expect(count.get(d)).toBe(1)
        if (weeks) for (const s of days) expect(s.to - s.from).toBeLessThanOrEqual(3)
      }
    expect(vitalPieces(5, 5)).toEqual({ weeks: null, days: [] })
  })

  it('VitalHistograms answers p75Bucket for packed, signed and plain additions', () => {
    let seed = 191
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    const buckets = [25, 50, 975, 1000, 1100, 9900, 60_000, 1_000_000_000, 70_000.5]
    for (let round = 0; round < 300; round++) {
      const hs = new VitalHistograms()
      const expected = new Map<string, Map<number, number>>()
      for (let k = 0; k < 5; k++) {
        const key = `/p/${k}`
        const e = new Map<number, number>()
        expected.set(key, e)
        // Two packed rows added, the first subtracted back in part (a − bound), plain rows.
        const full = new Map<number, number>()
        for (const b of buckets) if (rand(3)) full.set(b, 1 + rand(1000))
        const part = new Map<number, number>()
        for (const [b, n] of full) if (rand(2)) part.set(b, rand(n + 1))
        const packed = (h: Map<number, number>) =>
          [...h]
            .filter(([, n]) => n)
            .sort((a, b) => a[0] - b[0])
            .map(([b, n]) => `${b}:${n}`)
            .join(',')
        hs.addPacked(key, packed(full))
        hs.addPacked(key, packed(part), -1)
        for (const [b, n] of full) e.set(b, n - (part.get(b) ?? 0))
        if (rand(2)) {
          const b = buckets[rand(buckets.length)]
          hs.add(key, b, 7)
          e.set(b, (e.get(b) ?? 0) + 7)
        }
      }
      const got = hs.p75s()
      for (const [key, e] of expected) expect(got.get(key) ?? null, `round ${round} ${key}`).toBe(p75Bucket(e))
    }
    // Not the plain form: parsed the slow way, same sums.
    const odd = new VitalHistograms()
    odd.addPacked('/x', '25:3,1e3:1,50:2')
    odd.addPacked('/x', '50:-1', 1)
    expect(odd.p75s().get('/x')).toBe(
      p75Bucket(
        new Map([
          [25, 3],
          [1000, 1],
          [50, 1],
        ]),
      ),
    )
    const empty = new VitalHistograms()
    empty.addPacked('/e', '')
    empty.addPacked('/z', '25:4')
    empty.addPacked('/z', '25:4', -1)
    expect([...empty.p75s()]).toEqual([])
  })
})
