// Stored first responses of Idempotency-Key requests, one per (endpoint, key).
import { nowIso, type Queryable } from '../rows.ts'

export type StoredResponse = { bodyHash: string; status: number; body: unknown }

export async function findIdempotencyKey(db: Queryable, endpoint: string, key: string): Promise<StoredResponse | undefined> {
  const row = await db('idempotency_keys').select('body_hash', 'status', 'response').where({ endpoint, key }).first()
  if (!row) return undefined
  return { bodyHash: row.body_hash, status: Number(row.status), body: JSON.parse(row.response) }
}

export async function insertIdempotencyKey(db: Queryable, r: { endpoint: string; key: string; bodyHash: string; status: number; body: unknown }, now = Date.now()) {
  await db('idempotency_keys').insert({ endpoint: r.endpoint, key: r.key, body_hash: r.bodyHash, status: r.status, response: JSON.stringify(r.body ?? null), created_at: nowIso(now) })
}

/** Keys are kept for `maxAgeMs`; older ones can be purged. */
export async function deleteIdempotencyKeysBefore(db: Queryable, before: number): Promise<number> {
  return Number(await db('idempotency_keys').where('created_at', '<', nowIso(before)).delete())
}
