// Small conversions that make rows read the same on SQLite and PostgreSQL: ids from inserts,
// JSON columns (text on SQLite, jsonb on PostgreSQL), booleans (0/1 vs true/false), timestamps
// (ISO text on SQLite, Date on PostgreSQL). Timestamps are always written as ISO 8601 UTC text,
// which sorts and compares correctly on both.
import type { Knex } from 'knex'

export type Queryable = Knex | Knex.Transaction

export const nowIso = (now = Date.now()) => new Date(now).toISOString()

export const DAY_MS = 86_400_000
/** The start of the UTC day holding `t` (reports count UTC days). */
export const startOfUtcDay = (t: number) => t - (t % DAY_MS)

export function toIso(value: unknown): string | null {
  if (value == null) return null
  if (value instanceof Date) return value.toISOString()
  const text = String(value)
  // SQLite CURRENT_TIMESTAMP defaults look like "2026-11-22 04:47:00" (UTC, no zone).
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(' ', 'T')}.000Z` : text
}

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

/** Splits rows for multi-row statements (bound-parameter limits: 32,766 SQLite, 65,535 PostgreSQL). */
export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

const insertSql = new Map<string, string>()
export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`
const quote = quoteIdentifier

export const isSqlite = (db: Queryable) => db.client.config.client === 'sqlite3'

/**
 * A string as a SQLite literal: `'…'` with each quote doubled (SQLite knows no other escape). A
 * NUL would end the script early (node-sqlite3 hands it over as a C string), so it is spliced in
 * as `char(0)`.
 */
export const sqliteText = (text: string): string =>
  text.includes('\0') ? `(${text.split('\0').map(sqliteText).join(' || char(0) || ')})` : `'${text.replaceAll("'", "''")}'`

/** A value as a SQLite literal (a number that is not finite is null, as JSON would have it). */
export const sqliteLiteral = (v: unknown): string =>
  v == null ? 'null' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'null') : typeof v === 'boolean' ? (v ? '1' : '0') : sqliteText(String(v))

/**
 * `insert into table (…) values (…), (…);` with the rows as SQLite literals, for a script run by
 * the connection's `exec` (decisions 194, 197). Every row must have the keys of the first.
 */
export function sqliteInsertStatement(table: string, rows: Record<string, unknown>[]): string {
  const columns = Object.keys(rows[0])
  const tuples = new Array<string>(rows.length)
  for (let i = 0; i < rows.length; i++) {
    let tuple = '('
    for (let c = 0; c < columns.length; c++) tuple += (c ? ',' : '') + sqliteLiteral(rows[i][columns[c]])
    tuples[i] = `${tuple})`
  }
  return `insert into ${quote(table)} (${columns.map(quote).join(',')}) values ${tuples.join(',')};\n`
}

type ExecConnection = { exec: (sql: string, cb: (error: Error | null) => void) => void }

/**
 * Runs a script of statements inside a SQLite transaction (`trx`) as one job on node-sqlite3's
 * thread: no turn of the event loop between its statements. A failing statement stops the script;
 * the error rejects, and the caller's transaction rolls back.
 */
export async function execInTransaction(trx: Queryable, script: string): Promise<void> {
  const conn = (await trx.client.acquireConnection()) as ExecConnection
  try {
    await new Promise<void>((resolve, reject) => conn.exec(script, (error) => (error ? reject(error) : resolve())))
  } finally {
    await trx.client.releaseConnection(conn)
  }
}

/** `json_extract(value, '$.a'), json_extract(value, '$.b')`: the columns of a `json_each` row. */
export const jsonColumns = (columns: string[], source = 'value') => columns.map((c) => `json_extract(${source}, '$.${c}')`).join(',')

export function cachedSql(key: string, build: () => string): string {
  let sql = insertSql.get(key)
  if (!sql) {
    sql = build()
    if (insertSql.size > 500) insertSql.clear()
    insertSql.set(key, sql)
  }
  return sql
}

/**
 * A multi-row insert (optionally `returning`), the hot path of group commit. Every row must have
 * the keys of the first.
 * - SQLite: the rows travel as one JSON array bound once and unpacked by `json_each`.
 *   node-sqlite3 converts bound values on the main thread at about 0.7 µs each (a batch of 30
 *   leads is 900 values, ~0.6 ms of event loop); one JSON string costs ~30 µs, and SQLite does
 *   the unpacking on its own thread. (Knex's multi-row insert on SQLite, a chain of
 *   `select ... union all`, is also several times slower for SQLite to prepare.)
 * - PostgreSQL: `values (...), (...)` with ordinary bound parameters.
 */
export async function insertMany<R = Record<string, unknown>>(
  db: Queryable,
  table: string,
  rows: Record<string, unknown>[],
  returning: string[] = [],
): Promise<R[]> {
  if (!rows.length) return []
  const columns = Object.keys(rows[0])
  const tail = returning.length ? ` returning ${returning.map(quote).join(',')}` : ''
  const head = `insert into ${quote(table)} (${columns.map(quote).join(',')})`
  let result: R[] | { rows: R[] }
  if (isSqlite(db)) {
    const sql = cachedSql(
      `sqlite|${table}|${columns.join(',')}|${returning.join(',')}`,
      () => `${head} select ${jsonColumns(columns)} from json_each(?)${tail}`,
    )
    result = (await db.raw(sql, [JSON.stringify(rows)])) as R[]
  } else {
    const tuple = `(${columns.map(() => '?').join(',')})`
    const sql = cachedSql(
      `pg|${table}|${columns.join(',')}|${rows.length}|${returning.join(',')}`,
      () => `${head} values ${Array(rows.length).fill(tuple).join(',')}${tail}`,
    )
    const bindings: unknown[] = []
    for (const row of rows) for (const column of columns) bindings.push(row[column] ?? null)
    result = (await db.raw(sql, bindings as never[])) as R[] | { rows: R[] }
  }
  return Array.isArray(result) ? result : result.rows
}
