// Server-side staff sessions. The row id is the sha256 of the cookie value (128 random bits).
import { nowIso, toIso, type Queryable } from '../rows.ts'

export type SessionRow = { id: string; user_id: number; csrf_token: string; created_at: string; last_seen_at: string; expires_at: string }

export async function insertSession(db: Queryable, row: SessionRow) {
  await db('sessions').insert(row)
}

/** The session and its user when it is neither expired (absolute or idle) nor the user disabled. */
export async function findLiveSession(db: Queryable, id: string, idleMs: number, now = Date.now()) {
  const row = await db('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .select('s.id', 's.user_id', 's.csrf_token', 's.last_seen_at', 's.expires_at', 'u.email', 'u.name', 'u.role', 'u.must_change_password')
    .where('s.id', id)
    .where('s.expires_at', '>', nowIso(now))
    .where('s.last_seen_at', '>', nowIso(now - idleMs))
    .where('u.disabled', false)
    .first()
  if (!row) return null
  return { ...row, user_id: Number(row.user_id), last_seen_at: toIso(row.last_seen_at) as string, expires_at: toIso(row.expires_at) as string }
}

export async function touchSession(db: Queryable, id: string, now = Date.now()) {
  await db('sessions')
    .where({ id })
    .update({ last_seen_at: nowIso(now) })
}

export async function deleteSession(db: Queryable, id: string) {
  await db('sessions').where({ id }).delete()
}

export async function deleteUserSessions(db: Queryable, userId: number, exceptId?: string) {
  const q = db('sessions').where({ user_id: userId })
  if (exceptId) q.whereNot({ id: exceptId })
  await q.delete()
}

export async function deleteExpiredSessions(db: Queryable, idleMs: number, now = Date.now()) {
  await db('sessions')
    .where('expires_at', '<=', nowIso(now))
    .orWhere('last_seen_at', '<=', nowIso(now - idleMs))
    .delete()
}
