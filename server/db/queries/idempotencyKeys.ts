// Stored first responses of Idempotency-Key requests, one per (endpoint, key).
import { insertMany, nowIso, type Queryable } from '../rows.ts'

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

/** Stored responses of many keys of one endpoint at once, by key. */
export async function findIdempotencyKeys(db: Queryable, endpoint: string, keys: string[]): Promise<Map<string, StoredResponse>> {
  const found = new Map<string, StoredResponse>()
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db('idempotency_keys').select('key', 'body_hash', 'status', 'response').where({ endpoint }).whereIn('key', keys.slice(i, i + 500))
    for (const row of rows) found.set(row.key, { bodyHash: row.body_hash, status: Number(row.status), body: JSON.parse(row.response) })
  }
  return found
}

export async function insertIdempotencyKeys(db: Queryable, rows: { endpoint: string; key: string; bodyHash: string; status: number; body: unknown }[], now = Date.now()) {
  const at = nowIso(now)
  for (let i = 0; i < rows.length; i += 200) {
    await insertMany(db, 'idempotency_keys', rows.slice(i, i + 200).map((r) => ({ endpoint: r.endpoint, key: r.key, body_hash: r.bodyHash, status: r.status, response: JSON.stringify(r.body ?? null), created_at: at })))
  }
}
