// Stored first responses of Idempotency-Key requests, one per (endpoint, key), kept for the
// replay window (docs/decisions/055-idempotency-key-retention.md).
import { insertMany, nowIso, type Queryable } from '../rows.ts'

/** How long a key replays its first response: a day, as long as the form token sent with it. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000

export type StoredResponse = { bodyHash: string; status: number; body: unknown }

export async function findIdempotencyKey(db: Queryable, endpoint: string, key: string): Promise<StoredResponse | undefined> {
  const row = await db('idempotency_keys').select('body_hash', 'status', 'response').where({ endpoint, key }).first()
  if (!row) return undefined
  return { bodyHash: row.body_hash, status: Number(row.status), body: JSON.parse(row.response) }
}

export async function insertIdempotencyKey(
  db: Queryable,
  r: { endpoint: string; key: string; bodyHash: string; status: number; body: unknown },
  now = Date.now(),
) {
  await db('idempotency_keys').insert({
    endpoint: r.endpoint,
    key: r.key,
    body_hash: r.bodyHash,
    status: r.status,
    response: JSON.stringify(r.body ?? null),
    created_at: nowIso(now),
  })
}

/**
 * Deletes the keys older than the replay window; answers how many. Each statement deletes at most
 * `batch` rows, so a purge never holds SQLite's only connection for long.
 */
export async function purgeExpiredIdempotencyKeys(db: Queryable, now = Date.now(), batch = 1000): Promise<number> {
  const cutoff = nowIso(now - IDEMPOTENCY_KEY_TTL_MS)
  let total = 0
  for (;;) {
    const expired = db('idempotency_keys').select('id').where('created_at', '<', cutoff).limit(batch)
    const deleted = Number(await db('idempotency_keys').whereIn('id', expired).delete())
    total += deleted
    if (deleted < batch) return total
  }
}

/** Stored responses of many keys of one endpoint at once, by key. */
export async function findIdempotencyKeys(db: Queryable, endpoint: string, keys: string[]): Promise<Map<string, StoredResponse>> {
  const found = new Map<string, StoredResponse>()
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db('idempotency_keys')
      .select('key', 'body_hash', 'status', 'response')
      .where({ endpoint })
      .whereIn('key', keys.slice(i, i + 500))
    for (const row of rows) found.set(row.key, { bodyHash: row.body_hash, status: Number(row.status), body: JSON.parse(row.response) })
  }
  return found
}

export async function insertIdempotencyKeys(
  db: Queryable,
  rows: { endpoint: string; key: string; bodyHash: string; status: number; body: unknown }[],
  now = Date.now(),
) {
  const at = nowIso(now)
  for (let i = 0; i < rows.length; i += 200) {
    await insertMany(
      db,
      'idempotency_keys',
      rows
        .slice(i, i + 200)
        .map((r) => ({ endpoint: r.endpoint, key: r.key, body_hash: r.bodyHash, status: r.status, response: JSON.stringify(r.body ?? null), created_at: at })),
    )
  }
}
