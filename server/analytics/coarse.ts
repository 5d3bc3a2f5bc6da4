// Weekly rollups (issue 13, docs/decisions/119): the sums of seven UTC days, so a long range reads
// a few weekly rows per key plus its edge days and hours instead of every day's rows. Week w holds
// days 7w .. 7w + 6 since the epoch. rollupDay (rollup.ts) calls rollupWeekOfDay after it sums a
// day, in the same transaction, so a week's rows always equal the sum of its daily rows. Readers
// (readTop, readBreakdown, readPageDetails, the vitals reads) split the whole days of a range with
// daySpans: whole weeks from the weekly table, the days before and after from the daily one.
import type { Queryable } from '../db/rows.ts'
import { METRICS, PAGE_COLUMNS } from './columns.ts'

export const WEEK_DAYS = 7

/** The weekly table of each daily table that has one (the family tables have none: ~20 rows a day). */
export const WEEKLY_OF: Record<string, string> = {
  analytics_daily: 'analytics_weekly',
  analytics_page_daily: 'analytics_page_weekly',
  analytics_vitals_daily: 'analytics_vitals_weekly',
}

export type Span = { table: string; unit: 'day' | 'week'; from: number; to: number }

/**
 * The pieces that answer the whole UTC days [from, to) of a daily table: the whole weeks inside
 * from its weekly table, the days before and after from the daily table (all of it when the table
 * has no weekly table or the range holds no whole week).
 */
export function daySpans(daily: string, from: number, to: number): Span[] {
  if (to <= from) return []
  const weekly = WEEKLY_OF[daily]
  const w0 = Math.ceil(from / WEEK_DAYS)
  const w1 = Math.floor(to / WEEK_DAYS)
  if (!weekly || w1 <= w0) return [{ table: daily, unit: 'day', from, to }]
  return [
    { table: daily, unit: 'day' as const, from, to: w0 * WEEK_DAYS },
    { table: weekly, unit: 'week' as const, from: w0, to: w1 },
    { table: daily, unit: 'day' as const, from: w1 * WEEK_DAYS, to },
  ].filter((s) => s.to > s.from)
}

const sums = (columns: readonly string[]) => columns.map((c) => `sum(${c}) as ${c}`).join(', ')

/** Rewrites the weekly rows of the week holding `day` from that week's daily rows. */
export async function rollupWeekOfDay(db: Queryable, day: number): Promise<void> {
  const week = Math.floor(day / WEEK_DAYS)
  const [d0, d1] = [week * WEEK_DAYS, (week + 1) * WEEK_DAYS]
  // One after the other: `db` is the rollup's transaction (one PostgreSQL client).
  await db('analytics_weekly').where({ week }).delete()
  await db.raw(
    `insert into analytics_weekly (week, dim, key, ${METRICS.join(', ')})
     select ?, dim, key, ${sums(METRICS)} from analytics_daily where day >= ? and day < ? group by dim, key`,
    [week, d0, d1],
  )
  await db('analytics_page_weekly').where({ week }).delete()
  await db.raw(
    `insert into analytics_page_weekly (week, path, ${PAGE_COLUMNS.join(', ')})
     select ?, path, ${sums(PAGE_COLUMNS)} from analytics_page_daily where day >= ? and day < ? group by path`,
    [week, d0, d1],
  )
  await db('analytics_vitals_weekly').where({ week }).delete()
  await db.raw(
    `insert into analytics_vitals_weekly (week, path, metric, bucket, n)
     select ?, path, metric, bucket, sum(n) from analytics_vitals_daily where day >= ? and day < ? group by path, metric, bucket`,
    [week, d0, d1],
  )
}
