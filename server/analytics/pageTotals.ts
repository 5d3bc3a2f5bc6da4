// Running totals per key and UTC day (issue 13, docs/decisions/184). For the high-cardinality keys
// (pages and landing pages: up to 10,000 each) a range of whole days is the row at its last day
// minus the row before its first day, two rows per key whatever the range's length, instead of
// ~13 weekly plus ~6 daily rows per key (decision 119).
//
// - Days are grouped in blocks of TOTALS_BLOCK_DAYS (block b = days b*B .. b*B + B - 1 since the
//   epoch). A running row (day d, key) holds the sums of the key's daily rows from the block's first
//   day through d, and `n_days`, the number of those daily rows (so "the key has a row in the range"
//   is `n_days` at the end minus `n_days` before the start > 0, as the daily reads count it).
// - Rows are dense within a block: the rows of day d are those of the block's previous written day
//   (every key seen so far in the block, carried) plus that day's daily rows. A reader takes, for a
//   bound, the last written day at or before it in the block (a day never rolled up holds nothing).
//   Blocks bound the carried keys (old URLs stop being carried at the next block) and the cost of
//   re-rolling a past day: rollupTotalsDay rewrites that day and every later written day of its
//   block (the job normally re-sums today and, in the first hours of a day, yesterday: one or two
//   days). A range crossing blocks reads up to two bounds per block.
// - Retention purges delete raw events and sessions only; rollups and these totals are kept.
//
// rollupDay (rollup.ts) calls rollupTotalsDay after it has summed the day, in the same transaction.
import type { Queryable } from '../db/rows.ts'
import { METRICS, PAGE_COLUMNS } from './columns.ts'

/** Days per block: at least 90, so a 90-day range touches at most two blocks (three bounds). */
export const TOTALS_BLOCK_DAYS = 91
/** The dimensions of analytics_daily kept as running totals (the ones with thousands of keys). */
export const TOTALS_DIMS: readonly string[] = ['page', 'landing']

type TotalsTable = { table: string; daily: string; keys: string[]; columns: readonly string[]; where: string }

export const TOTALS_TABLES: TotalsTable[] = [
  {
    table: 'analytics_key_totals',
    daily: 'analytics_daily',
    keys: ['dim', 'key'],
    columns: METRICS,
    where: ` and dim in (${TOTALS_DIMS.map((d) => `'${d}'`).join(', ')})`,
  },
  { table: 'analytics_page_totals', daily: 'analytics_page_daily', keys: ['path'], columns: PAGE_COLUMNS, where: '' },
  // Histograms add up (a p75 does not: it is taken from the summed histogram, decision 122).
  { table: 'analytics_family_vitals_totals', daily: 'analytics_family_vitals_daily', keys: ['family', 'metric', 'bucket'], columns: ['n'], where: '' },
]

let reads = true
/** Readers use the running totals (true, the default); false only for the bench's A/B pairs (the weekly reads of decision 119). */
export function setTotalsReads(on: boolean) {
  reads = on
}
export const totalsReads = () => reads

/**
 * Ranges of fewer whole days read the daily rows (decision 119's path): two dense bounds carry every
 * key seen in the block, more rows than a few sparse days hold on a site with little traffic
 * (measured on PostgreSQL at 7 days: slower, not faster).
 */
export const TOTALS_MIN_DAYS = 7

/** The running-totals table of a daily table (and which dims it holds) for the whole days [from, to), if any. */
export function totalsOf(daily: string, dim: string | undefined, from: number, to: number): string | null {
  if (!reads || to - from < TOTALS_MIN_DAYS) return null
  const t = TOTALS_TABLES.find((x) => x.daily === daily)
  if (!t) return null
  if (t.keys.includes('dim') && (!dim || !TOTALS_DIMS.includes(dim))) return null
  return t.table
}

export const blockStart = (day: number) => Math.floor(day / TOTALS_BLOCK_DAYS) * TOTALS_BLOCK_DAYS

const lastDay = async (db: Queryable, table: string, from: number, through: number) => {
  const row = (await db(table).where('day', '>=', from).andWhere('day', '<=', through).max({ d: 'day' }).first()) as { d: unknown } | undefined
  return row?.d == null ? null : Number(row.d)
}

/** Writes one day's running rows of one table from the block's previous written day and the day's daily rows. */
async function writeDay(db: Queryable, t: TotalsTable, day: number) {
  const prev = day > blockStart(day) ? await lastDay(db, t.table, blockStart(day), day - 1) : null
  await db(t.table).where({ day }).delete()
  const parts: string[] = []
  const bindings: unknown[] = [day]
  if (prev !== null) {
    parts.push(`select ${[...t.keys, 'n_days', ...t.columns].join(', ')} from ${t.table} where day = ?`)
    bindings.push(prev)
  }
  parts.push(`select ${[...t.keys, '1 as n_days', ...t.columns].join(', ')} from ${t.daily} where day = ?${t.where}`)
  bindings.push(day)
  await db.raw(
    `insert into ${t.table} (day, ${[...t.keys, 'n_days', ...t.columns].join(', ')})
     select ?, ${[...t.keys, 'sum(n_days)', ...t.columns.map((c) => `sum(${c})`)].join(', ')}
     from (${parts.join(' union all ')}) u group by ${t.keys.join(', ')}`,
    bindings as never[],
  )
}

/**
 * Rewrites the running rows of `day` (after its daily rows were summed) and of every later day
 * already written in its block, which all include it. `db` is the rollup's transaction.
 */
export async function rollupTotalsDay(db: Queryable, day: number): Promise<void> {
  const end = blockStart(day) + TOTALS_BLOCK_DAYS
  for (const t of TOTALS_TABLES) {
    let d: number | null = day
    while (d !== null) {
      await writeDay(db, t, d)
      const next = (await db(t.table).where('day', '>', d).andWhere('day', '<', end).min({ d: 'day' }).first()) as { d: unknown } | undefined
      d = next?.d == null ? null : Number(next.d)
    }
  }
}

/**
 * Rewrites every running row of the tables fed by `dailies` (all by default: the migration) from
 * the daily rows; refreshFamilies calls it for the family table after a new build moved pages.
 */
export async function fillTotals(db: Queryable, dailies?: string[]): Promise<void> {
  for (const t of TOTALS_TABLES) {
    if (dailies && !dailies.includes(t.daily)) continue
    await db(t.table).delete()
    const days = (await db(t.daily).distinct('day').orderBy('day')) as { day: unknown }[]
    for (const { day } of days) await writeDay(db, t, Number(day))
  }
}

export type TotalsBound = { day: number; sign: 1 | -1 }

/**
 * The running rows that answer the whole UTC days [from, to) of a totals table: per block touched,
 * its last written day through the range's end (+) and, when the range starts inside the block,
 * its last written day before the start (−). One query for all bounds.
 */
export async function totalsBounds(db: Queryable, table: string, from: number, to: number): Promise<TotalsBound[]> {
  return (await runningBounds(db, table, 'day', TOTALS_BLOCK_DAYS, from, to)).map(({ at, sign }) => ({ day: at, sign }))
}

/**
 * The bounds of a range [from, to) of running rows kept in blocks of `block` units of `column`
 * (days here, weeks for the web vitals' histograms, vitalTotals.ts): per block touched, its last
 * written unit through the range's end (+) and, when the range starts inside the block, its last
 * written unit before the start (−). One query for all bounds.
 */
export async function runningBounds(
  db: Queryable,
  table: string,
  column: string,
  block: number,
  from: number,
  to: number,
): Promise<{ at: number; sign: 1 | -1 }[]> {
  if (to <= from) return []
  const wanted: { start: number; through: number; sign: 1 | -1 }[] = []
  for (let s = Math.floor(from / block) * block; s < to; s += block) {
    const a = Math.max(from, s)
    const e = Math.min(to, s + block)
    wanted.push({ start: s, through: e - 1, sign: 1 })
    if (a > s) wanted.push({ start: s, through: a - 1, sign: -1 })
  }
  const sql = `select ${wanted.map((_, i) => `(select max(${column}) from ${table} where ${column} >= ? and ${column} <= ?) as b${i}`).join(', ')}`
  const result = (await db.raw(sql, wanted.flatMap((w) => [w.start, w.through]) as never[])) as unknown
  const row = ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[])[0] ?? {}
  const out: { at: number; sign: 1 | -1 }[] = []
  for (let i = 0; i < wanted.length; i++) {
    const at = row[`b${i}`]
    if (at == null) continue
    const bound = { at: Number(at), sign: wanted[i].sign }
    // The same unit on both ends of a block (nothing written in the range): they cancel.
    const twin = out.findIndex((o) => o.at === bound.at && o.sign === -bound.sign)
    if (twin >= 0) out.splice(twin, 1)
    else out.push(bound)
  }
  return out
}
