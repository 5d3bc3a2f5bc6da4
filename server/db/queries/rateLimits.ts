// Fixed-window request counters shared by every server process: one row per (bucket, window
// start), incremented by one atomic upsert that answers the new count, so N processes counting
// the same address at once never lose an increment.
import { type Queryable } from '../rows.ts'

/** Counts one request in the window; answers the count including it. */
export async function hitRateLimit(db: Queryable, bucket: string, windowStart: number): Promise<number> {
  const rows = (await db('rate_limits')
    .insert({ bucket, window_start: windowStart, count: 1 })
    .onConflict(['bucket', 'window_start'])
    .merge({ count: db.raw('rate_limits.count + 1') })
    .returning('count')) as Array<{ count: number | string }>
  return Number(rows[0].count)
}

/** Windows that started more than `keepMs` ago are deleted; answers how many. */
export async function purgeRateLimitWindows(db: Queryable, now = Date.now(), keepMs = 3600_000): Promise<number> {
  return Number(
    await db('rate_limits')
      .where('window_start', '<', now - keepMs)
      .delete(),
  )
}
