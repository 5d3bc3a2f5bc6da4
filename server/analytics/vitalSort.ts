// The per-page report sorted on a web vital's p75 (issue 13, docs/decisions/119). A p75 cannot be
// summed over days, but its histogram can: one query sums each page's histogram of that metric
// over the range's pieces (whole weeks, whole days, edge hours, and the hours not rolled up yet as
// one JSON parameter), takes the first bucket where the running count reaches 75 % of the page's
// samples (window sums: the same rule as p75() in pageDetails.ts), joins every page of the range
// (pages without a sample sort as -1, as the full read sorts them) and answers the `limit` pages
// shown and the number of pages. Nothing but those keys leaves the database.
import type { Queryable } from '../db/rows.ts'
import { isSqlite } from '../db/rows.ts'
import { daySpans } from './coarse.ts'
import { type TotalsBound, totalsBounds, totalsOf, totalsReads } from './pageTotals.ts'
import type { Vital } from './pageDetails.ts'
import type { plan } from './queries.ts'
import { addPacked, type Histogram, VITAL_TOTALS_TABLE, vitalWeekBounds } from './vitalTotals.ts'

export type VitalTopQuery = {
  pieces: ReturnType<typeof plan>
  metric: Vital
  order: 'asc' | 'desc'
  limit: number
  /** A LIKE pattern on the path (escape '\'), case-insensitive. */
  like?: string
  /** The hours not rolled up: every page seen in them, and its histogram of `metric`. */
  raw: { key: string; buckets: [number, number][] }[]
}

type Like = (column: string) => string

/**
 * The selects that name the pages of the range, each row a (key, n) pair; a page is in the range
 * when its n sums above 0. Whole days from the running totals (decision 184: the row at the end
 * minus the row before the start; a page is in the range when its count of daily rows grew), or
 * from the daily rows when the range is too short for them; the rolled-up hours; the raw hours'
 * pages. Shared by both reads, so they count the same pages.
 */
function pageKeyParts(
  q: VitalTopQuery,
  like: Like,
  sqlite: boolean,
  totals: string | null,
  dayBounds: TotalsBound[],
): { parts: string[]; bindings: unknown[] } {
  const parts: string[] = []
  const bindings: unknown[] = []
  const likeBinding = q.like ? [q.like] : []
  const p = q.pieces
  if (totals)
    for (const b of dayBounds) {
      parts.push(`select key, ${b.sign < 0 ? '-' : ''}n_days as n from ${totals} where dim = 'page' and day = ?${like('key')}`)
      bindings.push(b.day, ...likeBinding)
    }
  else
    for (const s of daySpans('analytics_daily', p.dailyFrom, p.dailyTo)) {
      parts.push(`select key, count(*) as n from ${s.table} where dim = 'page' and ${s.unit} >= ? and ${s.unit} < ?${like('key')} group by key`)
      bindings.push(s.from, s.to, ...likeBinding)
    }
  for (const [a, b] of p.hourly) {
    if (b <= a) continue
    parts.push(`select key, count(*) as n from analytics_hourly where dim = 'page' and hour >= ? and hour < ?${like('key')} group by key`)
    bindings.push(a, b, ...likeBinding)
  }
  if (q.raw.length) {
    parts.push(
      sqlite ? `select json_extract(value, '$.key') as key, 1 as n from json_each(?)` : `select key, 1 as n from json_to_recordset(?::json) as r(key text)`,
    )
    bindings.push(JSON.stringify(q.raw.map((r) => ({ key: r.key }))))
  }
  return { parts, bindings }
}

const likeFor =
  (q: VitalTopQuery, sqlite: boolean): Like =>
  (column) =>
    q.like ? (sqlite ? ` and ${column} like ? escape '\\'` : ` and ${column} ilike ? escape '\\'`) : ''

/**
 * The single-query read of decision 119 (weekly rows summed in SQL). Kept as the reference the
 * tests compare readTopByVital with, and for the bench's A/B pairs (setTotalsReads(false)).
 */
export async function readTopByVitalSql(db: Queryable, q: VitalTopQuery): Promise<{ keys: string[]; total: number }> {
  const sqlite = isSqlite(db)
  const like = likeFor(q, sqlite)
  const vitalParts: string[] = []
  const vitalBindings: unknown[] = []
  const p = q.pieces
  for (const s of daySpans('analytics_vitals_daily', p.dailyFrom, p.dailyTo)) {
    vitalParts.push(`select path as key, bucket, n from ${s.table} where metric = ? and ${s.unit} >= ? and ${s.unit} < ?${like('path')}`)
    vitalBindings.push(q.metric, s.from, s.to, ...(q.like ? [q.like] : []))
  }
  for (const [a, b] of p.hourly) {
    if (b <= a) continue
    vitalParts.push(`select path as key, bucket, n from analytics_vitals_hourly where metric = ? and hour >= ? and hour < ?${like('path')}`)
    vitalBindings.push(q.metric, a, b, ...(q.like ? [q.like] : []))
  }
  if (q.raw.length) {
    vitalParts.push(
      sqlite
        ? `select json_extract(value, '$.key') as key, json_extract(value, '$.bucket') as bucket, json_extract(value, '$.n') as n from json_each(?)`
        : `select key, bucket, n from json_to_recordset(?::json) as r(key text, bucket bigint, n bigint)`,
    )
    vitalBindings.push(JSON.stringify(q.raw.flatMap((r) => r.buckets.map(([bucket, n]) => ({ key: r.key, bucket, n })))))
  }
  const totals = totalsOf('analytics_daily', 'page', p.dailyFrom, p.dailyTo)
  const { parts: keyParts, bindings: keyBindings } = pageKeyParts(q, like, sqlite, totals, totals ? await totalsBounds(db, totals, p.dailyFrom, p.dailyTo) : [])
  if (!keyParts.length) return { keys: [], total: 0 }
  const hist = vitalParts.length
    ? `select key, bucket, sum(n) as n from (${vitalParts.join(' union all ')}) u group by key, bucket`
    : `select '' as key, 0 as bucket, 0 as n where 1 = 0`
  const keyOrder = sqlite ? 'k.key' : 'k.key collate "C"'
  // cum * 4 >= tot * 3: the first bucket holding the 75th percentile (p75() in integers).
  const sql = `with h as (${hist}),
    c as (select key, bucket, sum(n) over (partition by key order by bucket rows between unbounded preceding and current row) as cum,
                 sum(n) over (partition by key) as tot from h),
    v as (select key, min(bucket) as p from c where cum * 4 >= tot * 3 group by key),
    k as (select key from (${keyParts.join(' union all ')} union all select key, 1 as n from v) u2 group by key having sum(n) > 0)
    select k.key as key, coalesce(v.p, -1) as value, count(*) over () as total_keys
    from k left join v on v.key = k.key order by value ${q.order}, ${keyOrder} asc limit ?`
  const result = (await db.raw(sql, [...vitalBindings, ...keyBindings, q.limit] as never[])) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { key: string; total_keys: number | string }[]
  return { keys: rows.map((r) => String(r.key)), total: rows.length ? Number(rows[0].total_keys) : 0 }
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]

/** The p75 bucket of a histogram: the first bucket (ascending) where cum * 4 >= tot * 3; null when empty. */
export function p75Bucket(h: Histogram): number | null {
  const buckets = [...h].filter(([, n]) => n !== 0).sort((a, b) => a[0] - b[0])
  const tot = buckets.reduce((s, [, n]) => s + n, 0)
  if (!buckets.length) return null
  let cum = 0
  for (const [b, n] of buckets) {
    cum += n
    if (cum * 4 >= tot * 3) return b
  }
  return null
}

/**
 * Histograms of many pages over one metric's buckets (decision 191): a page's histogram is a
 * plain array indexed by the bucket's column (columns numbered as buckets are first seen), and the
 * packed rows ("bucket:n,bucket:n") are parsed by char code, not split into strings and Maps: at
 * 10 M events a 90-day range parses ~20k packed rows of ~45 buckets.
 */
export class VitalHistograms {
  private readonly small: number[] = []
  private readonly large = new Map<number, number>()
  private readonly buckets: number[] = []
  readonly rows = new Map<string, number[]>()

  private column(bucket: number): number {
    const small = Number.isInteger(bucket) && bucket >= 0 && bucket < 65_536
    let c = small ? this.small[bucket] : this.large.get(bucket)
    if (c === undefined) {
      c = this.buckets.length
      this.buckets.push(bucket)
      if (small) this.small[bucket] = c
      else this.large.set(bucket, c)
    }
    return c
  }

  private row(key: string): number[] {
    let r = this.rows.get(key)
    if (!r) this.rows.set(key, (r = []))
    return r
  }

  add(key: string, bucket: number, n: number): void {
    const r = this.row(key)
    const c = this.column(bucket)
    r[c] = (r[c] ?? 0) + n
  }

  /** Adds `sign` times a packed histogram (packHistogram's form) to the page's. */
  addPacked(key: string, packed: string, sign: 1 | -1 = 1): void {
    const r = this.row(key)
    const len = packed.length
    let i = 0
    while (i < len) {
      const start = i
      let b = 0
      let n = 0
      let digits = 0
      let c = packed.charCodeAt(i)
      while (c >= 48 && c <= 57) {
        b = b * 10 + (c - 48)
        c = packed.charCodeAt(++i)
        digits++
      }
      if (c === 58 && digits > 0 && digits <= 15) {
        c = packed.charCodeAt(++i)
        digits = 0
        while (c >= 48 && c <= 57) {
          n = n * 10 + (c - 48)
          c = packed.charCodeAt(++i)
          digits++
        }
      } else digits = 0
      if (digits === 0 || digits > 15 || (i < len && c !== 44)) {
        // Not the plain form (a sign, a fraction, an exponent): the rest the slow way.
        const h: Histogram = new Map()
        addPacked(h, packed.slice(start), sign)
        for (const [bucket, v] of h) {
          const col = this.column(bucket)
          r[col] = (r[col] ?? 0) + v
        }
        return
      }
      const col = this.column(b)
      r[col] = (r[col] ?? 0) + sign * n
      i++
    }
  }

  /** Each page's p75 bucket (p75Bucket's rule); pages whose histogram is empty are left out. */
  p75s(): Map<string, number> {
    const order = this.buckets.map((_, c) => c).sort((a, b) => this.buckets[a] - this.buckets[b])
    const out = new Map<string, number>()
    for (const [key, r] of this.rows) {
      let tot = 0
      for (let c = 0; c < r.length; c++) tot += r[c] ?? 0
      let cum = 0
      for (const c of order) {
        const n = r[c]
        if (n === undefined || n === 0) continue
        cum += n
        if (cum * 4 >= tot * 3) {
          out.set(key, this.buckets[c])
          break
        }
      }
    }
    return out
  }
}

/**
 * The whole weeks and the signed day spans that make up the days [from, to) (decision 191): the
 * whole weeks inside the range, widened by the week holding an edge of 4 to 6 days, whose days
 * outside the range are then subtracted (1 to 3 days instead of 4 to 6 added). Exact because a
 * week's running row is the sum of its daily rows (rollupDay rewrites the daily rows, the week and
 * its running rows in one transaction): the days after the range's end in its last week (today's
 * partial daily row, future days) cancel as well.
 */
export function vitalPieces(from: number, to: number): { weeks: [number, number] | null; days: { from: number; to: number; sign: 1 | -1 }[] } {
  if (to <= from) return { weeks: null, days: [] }
  let w0 = Math.ceil(from / 7)
  let w1 = Math.floor(to / 7)
  if (w1 <= w0) return { weeks: null, days: [{ from, to, sign: 1 }] }
  const days: { from: number; to: number; sign: 1 | -1 }[] = []
  if (w0 * 7 - from > 3) {
    w0--
    days.push({ from: w0 * 7, to: from, sign: -1 })
  } else if (w0 * 7 > from) days.push({ from, to: w0 * 7, sign: 1 })
  if (to - w1 * 7 > 3) {
    w1++
    days.push({ from: to, to: w1 * 7, sign: -1 })
  } else if (to > w1 * 7) days.push({ from: w1 * 7, to, sign: 1 })
  return { weeks: [w0, w1], days }
}

/**
 * The same answer as readTopByVitalSql (decisions 185, 191): the whole weeks of the range come
 * from the running packed histograms (vitalTotals.ts: at most three rows per page), the edge days
 * (at most three at each end, added or subtracted: vitalPieces) and hours from their rows summed
 * per page and bucket in SQL, the raw hours from `q.raw`; the histograms are added in JS and each
 * page's p75 bucket taken with the same rule. The pages of the range are counted in SQL (the same
 * key queries); the order, limit and count are taken in JS. The statements of each stage run
 * concurrently (bounds, then the packed rows, the edge rows and the keys).
 */
export async function readTopByVital(db: Queryable, q: VitalTopQuery): Promise<{ keys: string[]; total: number }> {
  if (!totalsReads()) return readTopByVitalSql(db, q)
  const sqlite = isSqlite(db)
  const like = likeFor(q, sqlite)
  const likeBinding = q.like ? [q.like] : []
  const hists = new VitalHistograms()
  const vitalParts: string[] = []
  const vitalBindings: unknown[] = []
  const p = q.pieces
  const pieces = vitalPieces(p.dailyFrom, p.dailyTo)
  for (const s of pieces.days) {
    vitalParts.push(
      `select path as key, bucket, ${s.sign < 0 ? '-' : ''}sum(n) as n from analytics_vitals_daily where metric = ? and day >= ? and day < ?${like('path')} group by path, bucket`,
    )
    vitalBindings.push(q.metric, s.from, s.to, ...likeBinding)
  }
  for (const [a, b] of p.hourly) {
    if (b <= a) continue
    vitalParts.push(
      `select path as key, bucket, sum(n) as n from analytics_vitals_hourly where metric = ? and hour >= ? and hour < ?${like('path')} group by path, bucket`,
    )
    vitalBindings.push(q.metric, a, b, ...likeBinding)
  }
  const totals = totalsOf('analytics_daily', 'page', p.dailyFrom, p.dailyTo)
  const [weekBounds, dayBounds] = await Promise.all([
    pieces.weeks ? vitalWeekBounds(db, pieces.weeks[0], pieces.weeks[1]) : [],
    totals ? totalsBounds(db, totals, p.dailyFrom, p.dailyTo) : [],
  ])
  const { parts: keyParts, bindings: keyBindings } = pageKeyParts(q, like, sqlite, totals, dayBounds)
  if (!keyParts.length) return { keys: [], total: 0 }
  const [packed, edges, keyRows] = await Promise.all([
    Promise.all(
      weekBounds.map(async (b) => ({
        sign: b.sign,
        rows: rowsOf(
          await db.raw(`select path, hist from ${VITAL_TOTALS_TABLE} where week = ? and metric = ?${like('path')}`, [
            b.week,
            q.metric,
            ...likeBinding,
          ] as never[]),
        ),
      })),
    ),
    vitalParts.length ? db.raw(vitalParts.join(' union all '), vitalBindings as never[]) : null,
    db.raw(`select key, sum(n) as n from (${keyParts.join(' union all ')}) u group by key`, keyBindings as never[]),
  ])
  for (const { sign, rows } of packed) for (const r of rows) hists.addPacked(String(r.path), String(r.hist), sign)
  if (edges) for (const r of rowsOf(edges)) hists.add(String(r.key), Number(r.bucket), Number(r.n))
  for (const r of q.raw) for (const [bucket, n] of r.buckets) hists.add(r.key, bucket, n)
  const values = hists.p75s()
  // The pages of the range: the keys' row counts summed in SQL (+1 for a page with a p75, as the
  // single query's union with its p75s), then ordered in JS: value, then key in byte order (the
  // order of SQLite's BINARY and PostgreSQL's "C" collation), limit, count.
  const counts = new Map<string, number>()
  for (const r of rowsOf(keyRows)) counts.set(String(r.key), Number(r.n))
  for (const key of values.keys()) counts.set(key, (counts.get(key) ?? 0) + 1)
  const rows: { key: string; value: number; bytes: Buffer }[] = []
  for (const [key, n] of counts) if (n > 0) rows.push({ key, value: values.get(key) ?? -1, bytes: Buffer.from(key, 'utf8') })
  const dir = q.order === 'asc' ? 1 : -1
  rows.sort((a, b) => (a.value - b.value) * dir || Buffer.compare(a.bytes, b.bytes))
  return { keys: rows.slice(0, Math.max(0, q.limit)).map((r) => r.key), total: rows.length }
}
