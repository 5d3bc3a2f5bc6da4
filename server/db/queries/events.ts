// Analytics events: append-only, one multi-row insert per batch, with the sessions and lead links
// the server derived for them (server/analytics/ingest.ts).
// - SQLite: insertMany (one JSON array unpacked by json_each) in chunks of 200 rows.
// - PostgreSQL (docs/decisions/190): one `insert … select from unnest($1::text[], $2::bigint[], …)`
//   per table and flush: one array per column, so the statement has 17 parameters whatever the
//   number of rows, instead of 200 × 17 bound values in a `values` list that PostgreSQL parses
//   and plans again for every chunk.
import type { DerivedBatch, EventRow, SessionRow } from '../../analytics/ingest.ts'
import { chunk, insertMany, isSqlite, quoteIdentifier, type Queryable } from '../rows.ts'

export type EventBatch = DerivedBatch

/** A column of an unnest insert: its PostgreSQL array element type. */
type Typed<R> = readonly (readonly [column: keyof R & string, type: string])[]

const EVENT_COLUMNS: Typed<EventRow> = [
  ['type', 'text'],
  ['path', 'text'],
  ['visitor_id', 'text'],
  ['session_id', 'text'],
  ['occurred_at', 'bigint'],
  ['value', 'float8'],
  ['name', 'text'],
  ['referrer', 'text'],
  ['props', 'jsonb'],
  ['user_agent', 'text'],
  ['ip_hash', 'text'],
  ['received_at', 'timestamptz'],
  ['ts', 'bigint'],
  ['channel', 'text'],
  ['goal', 'text'],
  ['device', 'text'],
  ['lead_id', 'integer'],
]

const SESSION_COLUMNS: Typed<SessionRow> = [
  ['id', 'text'],
  ['visitor_id', 'text'],
  ['first_of_day', 'boolean'],
  ['returning', 'boolean'],
  ['lead_id', 'integer'],
  ['started_at', 'bigint'],
  ['channel', 'text'],
  ['source', 'text'],
  ['medium', 'text'],
  ['campaign', 'text'],
  ['referrer_host', 'text'],
  ['click_id', 'text'],
  ['landing_page', 'text'],
  ['device', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
]

const unnestSql = new Map<string, string>()

/** PostgreSQL: every row in one statement, one array parameter per column. */
async function insertUnnest<R>(db: Queryable, table: string, columns: Typed<R>, rows: R[]) {
  if (!rows.length) return
  let sql = unnestSql.get(table)
  if (!sql) {
    const names = columns.map(([c]) => quoteIdentifier(c)).join(', ')
    const arrays = columns.map(([, type]) => `?::${type}[]`).join(', ')
    unnestSql.set(table, (sql = `insert into ${quoteIdentifier(table)} (${names}) select * from unnest(${arrays})`))
  }
  const arrays = columns.map(([column]) => {
    const values = new Array<unknown>(rows.length)
    for (let i = 0; i < rows.length; i++) values[i] = rows[i][column] ?? null
    return values
  })
  await db.raw(sql, arrays as never[])
}

/** Appends many batches with a few multi-row inserts; answers the count of each batch. */
export async function insertEventBatches(db: Queryable, batches: EventBatch[]): Promise<number[]> {
  const sessions = batches.flatMap((b) => b.sessions)
  const links = batches.flatMap((b) => b.visitorLinks)
  const rows = batches.flatMap((b) => b.events)
  if (isSqlite(db)) {
    for (const part of chunk(sessions, 200)) await insertMany(db, 'analytics_sessions', part)
  } else await insertUnnest(db, 'analytics_sessions', SESSION_COLUMNS, sessions)
  if (links.length) await db('analytics_visitors').insert(links).onConflict('visitor_id').ignore()
  if (isSqlite(db)) {
    for (const part of chunk(rows, 200)) await insertMany(db, 'events', part)
  } else await insertUnnest(db, 'events', EVENT_COLUMNS, rows)
  return batches.map((b) => b.events.length)
}

export async function countEvents(db: Queryable): Promise<number> {
  const row = await db('events').count<{ n: number | string }[]>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
