// The login throttle's memory: attempts per key ("account:<email>", "ip:<address>", device) in
// fixed windows, counted before the password is checked (server/auth/throttle.ts).
import { nowIso, type Queryable } from '../rows.ts'

/** Rows idle for a day are forgotten: the throttle only needs recent history. */
export async function pruneAttempts(db: Queryable, now = Date.now()) {
  await db('login_attempts')
    .where('last_failure_at', '<', nowIso(now - 24 * 3600_000))
    .delete()
}

// The windowed throttle (server/auth/throttle.ts): an attempt is counted before the password is
// checked, in one statement, so parallel requests each see their own count on SQLite and on
// PostgreSQL shared by several server processes (the row is locked by the upsert).

export type WindowCount = { key: string; count: number; windowStart: number }

/** Counts one attempt under `key` in the current window (a new one when it is over) and returns the count. */
export async function countAttempt(db: Queryable, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const expired = now - windowMs
  const [row] = (await db('login_attempts')
    .insert({ key, failures: 1, last_failure_at: nowIso(now), locked_until: null, window_start_ms: now })
    .onConflict('key')
    .merge({
      failures: db.raw('CASE WHEN ?? <= ? THEN 1 ELSE ?? + 1 END', ['login_attempts.window_start_ms', expired, 'login_attempts.failures']),
      window_start_ms: db.raw('CASE WHEN ?? <= ? THEN ? ELSE ?? END', ['login_attempts.window_start_ms', expired, now, 'login_attempts.window_start_ms']),
      last_failure_at: nowIso(now),
    })
    .returning(['failures', 'window_start_ms'])) as Array<{ failures: number | string; window_start_ms: number | string }>
  return { key, count: Number(row.failures), windowStart: Number(row.window_start_ms) }
}

/** Gives back an attempt counted by countAttempt (a successful sign-in costs nothing), if its window still runs. */
export async function uncountAttempt(db: Queryable, counted: Pick<WindowCount, 'key' | 'windowStart'>) {
  await db('login_attempts')
    .where({ key: counted.key, window_start_ms: counted.windowStart })
    .where('failures', '>', 0)
    .update({ failures: db.raw('?? - 1', ['failures']) })
}
