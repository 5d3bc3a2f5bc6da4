// Running web-vital histograms per page and week (issue 13, docs/decisions/185). The per-page
// report sorted on a vital's p75 (vitalSort.ts) needs each page's histogram over the range; summed
// from weekly rows that is ~45 buckets x 13 weeks per page at 90 days (~700k rows at 10,000 pages).
// Here a row (week, metric, path) holds the page's histogram of the metric summed from the first
// week of its block through `week`, packed as "bucket:n,bucket:n" (buckets ascending), so whole
// weeks [w0, w1) are at most three packed rows per page (end, before the start, block edge).
//
// The rules are those of the running totals (pageTotals.ts, decision 184), in weeks:
// - blocks of VITAL_BLOCK_WEEKS = 13 weeks = 91 days (the same blocks as the daily totals: week w
//   holds days 7w .. 7w + 6 since the epoch and 91 = 13 * 7);
// - rows are dense within a block (every page seen so far in the block is carried); a reader takes,
//   for a bound, the last written week at or before it in the block;
// - rollupDay (rollup.ts) calls rollupVitalWeekTotals after the week's weekly rows were rewritten,
//   in the same transaction: it rewrites that week and every later written week of its block (a
//   re-rolled past day; normally only the current week);
// - retention purges delete raw events and sessions only: rollups and these rows are kept.
import type { Queryable } from '../db/rows.ts'
import { isSqlite } from '../db/rows.ts'
import { runningBounds, TOTALS_BLOCK_DAYS } from './pageTotals.ts'

export const VITAL_TOTALS_TABLE = 'analytics_vitals_week_totals'
/** Weeks per block (TOTALS_BLOCK_DAYS / 7). */
export const VITAL_BLOCK_WEEKS = TOTALS_BLOCK_DAYS / 7

export const weekBlockStart = (week: number) => Math.floor(week / VITAL_BLOCK_WEEKS) * VITAL_BLOCK_WEEKS

export type Histogram = Map<number, number>

/** "bucket:n,bucket:n", buckets ascending, zero counts left out. */
export function packHistogram(h: Histogram): string {
  return [...h]
    .filter(([, n]) => n !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([b, n]) => `${b}:${n}`)
    .join(',')
}

/** Adds `sign` times the packed histogram to `into`. */
export function addPacked(into: Histogram, packed: string, sign = 1): void {
  if (!packed) return
  for (const part of packed.split(',')) {
    const i = part.indexOf(':')
    const b = Number(part.slice(0, i))
    into.set(b, (into.get(b) ?? 0) + sign * Number(part.slice(i + 1)))
  }
}

const lastWeek = async (db: Queryable, from: number, through: number) => {
  const row = (await db(VITAL_TOTALS_TABLE).where('week', '>=', from).andWhere('week', '<=', through).max({ w: 'week' }).first()) as { w: unknown } | undefined
  return row?.w == null ? null : Number(row.w)
}

/** Writes one week's rows from the block's previous written week and the week's weekly rows. */
async function writeWeek(db: Queryable, week: number) {
  const start = weekBlockStart(week)
  const prev = week > start ? await lastWeek(db, start, week - 1) : null
  const hists = new Map<string, { metric: string; path: string; h: Histogram }>()
  const entry = (metric: string, path: string) => {
    const k = `${metric}\u0000${path}`
    let e = hists.get(k)
    if (!e) hists.set(k, (e = { metric, path, h: new Map() }))
    return e
  }
  if (prev !== null)
    for (const r of (await db(VITAL_TOTALS_TABLE).where({ week: prev }).select('metric', 'path', 'hist')) as Record<string, unknown>[])
      addPacked(entry(String(r.metric), String(r.path)).h, String(r.hist))
  const weekly = (await db('analytics_vitals_weekly').where({ week }).select('metric', 'path', 'bucket', 'n')) as Record<string, unknown>[]
  for (const r of weekly) {
    const h = entry(String(r.metric), String(r.path)).h
    const b = Number(r.bucket)
    h.set(b, (h.get(b) ?? 0) + Number(r.n))
  }
  await db(VITAL_TOTALS_TABLE).where({ week }).delete()
  const rows = [...hists.values()].map((e) => ({ week, metric: e.metric, path: e.path, hist: packHistogram(e.h) })).filter((r) => r.hist)
  // 4 bindings a row: 200 rows stay under SQLite's 999 bindings (PostgreSQL allows 65,535).
  const batch = isSqlite(db) ? 200 : 2000
  for (let i = 0; i < rows.length; i += batch) await db(VITAL_TOTALS_TABLE).insert(rows.slice(i, i + batch))
}

/** Rewrites the rows of the week holding `day` and of every later week already written in its block. */
export async function rollupVitalWeekTotals(db: Queryable, day: number): Promise<void> {
  const week = Math.floor(day / 7)
  const end = weekBlockStart(week) + VITAL_BLOCK_WEEKS
  let w: number | null = week
  while (w !== null) {
    await writeWeek(db, w)
    const next = (await db(VITAL_TOTALS_TABLE).where('week', '>', w).andWhere('week', '<', end).min({ w: 'week' }).first()) as { w: unknown } | undefined
    w = next?.w == null ? null : Number(next.w)
  }
}

/** Rewrites every row from the weekly rows (the migration). */
export async function fillVitalWeekTotals(db: Queryable): Promise<void> {
  await db(VITAL_TOTALS_TABLE).delete()
  const weeks = (await db('analytics_vitals_weekly').distinct('week').orderBy('week')) as { week: unknown }[]
  for (const { week } of weeks) await writeWeek(db, Number(week))
}

export type WeekBound = { week: number; sign: 1 | -1 }

/**
 * The rows that answer the whole weeks [from, to): per block touched, its last written week
 * through the range's end (+) and, when the range starts inside the block, its last written week
 * before the start (−). One query for all bounds.
 */
export async function vitalWeekBounds(db: Queryable, from: number, to: number): Promise<WeekBound[]> {
  return (await runningBounds(db, VITAL_TOTALS_TABLE, 'week', VITAL_BLOCK_WEEKS, from, to)).map(({ at, sign }) => ({ week: at, sign }))
}
