// The login throttle's memory: failures per key ("account:<email>", "ip:<address>") since the
// last success, and until when attempts under that key are refused.
import { nowIso, toIso, type Queryable } from '../rows.ts'

export type AttemptRow = { key: string; failures: number; locked_until: string | null }

export async function findAttempts(db: Queryable, keys: string[]): Promise<AttemptRow[]> {
  const rows = await db('login_attempts').select('key', 'failures', 'locked_until').whereIn('key', keys)
  return rows.map((r) => ({ key: String(r.key), failures: Number(r.failures), locked_until: toIso(r.locked_until) }))
}

/** Counts one more failure atomically (concurrent attempts each count) and returns the new total. */
export async function recordFailure(db: Queryable, key: string, now = Date.now()): Promise<number> {
  const at = nowIso(now)
  const [row] = (await db('login_attempts')
    .insert({ key, failures: 1, last_failure_at: at, locked_until: null })
    .onConflict('key')
    .merge({ failures: db.raw('?? + 1', ['login_attempts.failures']), last_failure_at: at })
    .returning('failures')) as Array<{ failures: number | string }>
  return Number(row.failures)
}

export async function lockUntil(db: Queryable, key: string, until: number) {
  await db('login_attempts').where({ key }).update({ locked_until: nowIso(until) })
}

export async function clearAttempts(db: Queryable, keys: string[]) {
  await db('login_attempts').whereIn('key', keys).delete()
}

/** Rows idle for a day are forgotten: the throttle only needs recent history. */
export async function pruneAttempts(db: Queryable, now = Date.now()) {
  await db('login_attempts')
    .where('last_failure_at', '<', nowIso(now - 24 * 3600_000))
    .delete()
}
