// Sign-in throttling without lock-out (docs/decisions/061-sign-in-throttling.md).
// Every attempt is counted BEFORE its password is checked, atomically in the database
// (countAttempt), in fixed 15-minute windows, under each bucket that applies to it:
// - from a browser holding a valid device cookie for the account (./deviceCookie.ts): only that
//   device's bucket, so an attack on the account from elsewhere never blocks its known browsers;
// - from any other browser: the account's bucket and the client address's bucket.
// Over a bucket's limit the attempt is refused (429 + Retry-After = the rest of that window)
// without any password check. A correct password gives its attempt back, so only failures use up
// a window, and nothing carries over to the next window: one wrong password after a window ends
// is one failure out of the limit, never a new long lock.
import type { Db } from '../db/knex.ts'
import { countAttempt, uncountAttempt, type WindowCount } from '../db/queries/loginAttempts.ts'

export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** Password checks per account per window, from browsers without the account's device cookie. */
  account: 10,
  /** Password checks per device cookie per window (a stolen cookie gets no more than this). */
  device: 10,
  /** Password checks per client address per window, from browsers without a device cookie. */
  address: 30,
  /** Password-change attempts per signed-in user per window (wrong current password or refused new one; a completed change is free). */
  passwordChange: 20,
}

export type Bucket = { key: string; limit: number }

export type Verdict = { allowed: true; counted: WindowCount[] } | { allowed: false; retryAfterMs: number; counted: WindowCount[] }

/** The buckets one sign-in attempt counts in. */
export function signInBuckets(email: string, address: string, deviceId: string | null): Bucket[] {
  if (deviceId) return [{ key: `device:${deviceId}`, limit: THROTTLE.device }]
  return [
    { key: `account:${email.toLowerCase()}`, limit: THROTTLE.account },
    { key: `ip:${address}`, limit: THROTTLE.address },
  ]
}

/** Counts the attempt in every bucket; refused when any bucket is over its limit. */
export async function takeAttempt(db: Db, buckets: Bucket[], now = Date.now()): Promise<Verdict> {
  const counted: WindowCount[] = []
  let retryAfterMs = 0
  for (const bucket of buckets) {
    const c = await countAttempt(db, bucket.key, THROTTLE.windowMs, now)
    counted.push(c)
    if (c.count > bucket.limit) retryAfterMs = Math.max(retryAfterMs, c.windowStart + THROTTLE.windowMs - now)
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs, counted } : { allowed: true, counted }
}

/** A correct password: the attempt is given back in every bucket. */
export async function giveBack(db: Db, verdict: Verdict) {
  for (const c of verdict.counted) await uncountAttempt(db, c)
}

/** Whole seconds for Retry-After (at least 1) and a sentence that says how long to wait. */
export function waitText(ms: number): { seconds: number; message: string } {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  const minutes = Math.ceil(seconds / 60)
  const when = seconds < 120 ? `${seconds} seconds` : `${minutes} minutes`
  return { seconds, message: `Too many sign-in attempts. Please try again in ${when}.` }
}
