// Login throttling per account and per IP with growing, bounded delays: after FREE_FAILURES
// failures under a key, each further failure locks that key for 1 s, 2 s, 4 s ... capped at
// 15 minutes. A success clears both keys. The cap means an attacker can slow a real user down
// but never lock them out for good; while a key is locked, attempts are refused without checking
// the password (and do not count), so the delay does not grow from refused attempts.
import type { Db } from '../db/knex.ts'
import { clearAttempts, findAttempts, lockUntil, recordFailure } from '../db/queries/loginAttempts.ts'

export const THROTTLE = {
  account: { freeFailures: 5 },
  ip: { freeFailures: 20 },
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
}

export const throttleKeys = (email: string, ip: string) => ({ account: `account:${email.toLowerCase()}`, ip: `ip:${ip}` })

export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0
  return Math.min(THROTTLE.baseDelayMs * 2 ** Math.min(failures - freeFailures, 30), THROTTLE.maxDelayMs)
}

/** Milliseconds until another attempt is allowed for this email and IP (0: allowed now). */
export async function retryAfterMs(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const keys = throttleKeys(email, ip)
  const rows = await findAttempts(db, [keys.account, keys.ip])
  let wait = 0
  for (const row of rows) if (row.locked_until) wait = Math.max(wait, Date.parse(row.locked_until) - now)
  return Math.max(0, wait)
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now = Date.now()) {
  const keys = throttleKeys(email, ip)
  for (const [key, free] of [
    [keys.account, THROTTLE.account.freeFailures],
    [keys.ip, THROTTLE.ip.freeFailures],
  ] as const) {
    const failures = await recordFailure(db, key, now)
    const delay = delayAfter(failures, free)
    if (delay > 0) await lockUntil(db, key, now + delay)
  }
}

export async function recordLoginSuccess(db: Db, email: string, ip: string) {
  const keys = throttleKeys(email, ip)
  await clearAttempts(db, [keys.account, keys.ip])
}
