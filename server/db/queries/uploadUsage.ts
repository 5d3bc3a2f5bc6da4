// Bytes each address uploaded per clock hour (upload_usage), shared by every server instance.
// A request reserves its declared size before its body is read, in one atomic statement that
// refuses to go past the quota, so a burst of parallel uploads cannot overshoot it; once the
// body is read the reservation is settled to the bytes actually received.
import type { Queryable } from '../rows.ts'

export const HOUR_MS = 3600_000
export const hourOf = (now: number) => Math.floor(now / HOUR_MS)

/**
 * Adds `bytes` to the address's current hour unless that would pass `quota`. Answers whether the
 * bytes were reserved. (A single request larger than the whole quota is refused too.)
 */
export async function reserveUploadBytes(db: Queryable, ipHash: string, bytes: number, quota: number, now = Date.now()): Promise<boolean> {
  if (bytes > quota) return false
  const result = await db.raw(
    `insert into upload_usage (ip_hash, window_hour, bytes) values (?, ?, ?)
     on conflict (ip_hash, window_hour) do update set bytes = upload_usage.bytes + excluded.bytes
     where upload_usage.bytes + excluded.bytes <= ?
     returning bytes`,
    [ipHash, hourOf(now), bytes, quota],
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as unknown[]
  return rows.length > 0
}

/** Gives back the part of a reservation that was not used (never below zero). */
export async function releaseUploadBytes(db: Queryable, ipHash: string, bytes: number, reservedAt: number): Promise<void> {
  if (bytes <= 0) return
  await db('upload_usage')
    .where({ ip_hash: ipHash, window_hour: hourOf(reservedAt) })
    .update({ bytes: db.raw('case when bytes > ? then bytes - ? else 0 end', [bytes, bytes]) })
}

/** Deletes the rows of past hours; answers how many. */
export async function purgeUploadUsage(db: Queryable, now = Date.now()): Promise<number> {
  return Number(await db('upload_usage').where('window_hour', '<', hourOf(now)).delete())
}
