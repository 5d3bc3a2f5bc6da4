// Small conversions that make rows read the same on SQLite and PostgreSQL: ids from inserts,
// JSON columns (text on SQLite, jsonb on PostgreSQL), booleans (0/1 vs true/false), timestamps
// (ISO text on SQLite, Date on PostgreSQL). Timestamps are always written as ISO 8601 UTC text,
// which sorts and compares correctly on both.
import type { Knex } from 'knex'

export type Queryable = Knex | Knex.Transaction

export const nowIso = (now = Date.now()) => new Date(now).toISOString()

export function toIso(value: unknown): string | null {
  if (value == null) return null
  if (value instanceof Date) return value.toISOString()
  const text = String(value)
  // SQLite CURRENT_TIMESTAMP defaults look like "2026-11-22 04:47:00" (UTC, no zone).
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(' ', 'T')}.000Z` : text
}

export const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

export function fromJson<T = unknown>(value: unknown): T | null {
  if (value == null) return null
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T
    } catch {
      return null
    }
  }
  return value as T
}

export const toBool = (value: unknown) => value === true || value === 1 || value === '1' || value === 't'

/** `insert ... returning id` on both databases (SQLite answers `[{ id }]` too since 3.35). */
export async function insertReturningId(query: Knex.QueryBuilder, row: Record<string, unknown>): Promise<number> {
  const [inserted] = (await query.insert(row).returning('id')) as Array<{ id: number | string } | number>
  return Number(typeof inserted === 'object' ? inserted.id : inserted)
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string }
  return e?.code === '23505' || (e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''))
}
