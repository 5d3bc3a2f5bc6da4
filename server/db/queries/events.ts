// Analytics events: append-only, one multi-row insert per batch, with the sessions and lead links
// the server derived for them (server/analytics/ingest.ts).
// - SQLite: insertMany (one JSON array unpacked by json_each) in chunks of 200 rows; the event
//   buffer's flushes are one script instead (sqliteFlushScript, docs/decisions/194).
// - PostgreSQL (docs/decisions/190): one statement per flush, an `insert … select from
//   unnest($1::text[], $2::bigint[], …)` per table: one array per column, so the statement has
//   the same 36 parameters whatever the number of rows, instead of 200 × 17 bound values in a
//   `values` list that PostgreSQL parses and plans again for every chunk.
import type { DerivedBatch, EventRow, SessionRow } from '../../analytics/ingest.ts'
import { chunk, insertMany, isSqlite, quoteIdentifier, sqliteLiteral, type Queryable } from '../rows.ts'

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

const LINK_COLUMNS: Typed<DerivedBatch['visitorLinks'][number]> = [
  ['visitor_id', 'text'],
  ['lead_id', 'integer'],
  ['linked_at', 'bigint'],
]

/** `insert into table (…) select * from unnest(?::type[], …)`: one array parameter per column. */
const unnestInsert = <R>(table: string, columns: Typed<R>) =>
  `insert into ${quoteIdentifier(table)} (${columns.map(([c]) => quoteIdentifier(c)).join(', ')}) select * from unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')})`

/**
 * PostgreSQL: the sessions, the lead links and the events of every batch in one statement (two
 * data-modifying CTEs and the events' insert), so a flush is one round trip and, being one
 * statement, all or nothing without a BEGIN and COMMIT of its own.
 */
const PG_FLUSH = `with s as (${unnestInsert('analytics_sessions', SESSION_COLUMNS)}),
  v as (${unnestInsert('analytics_visitors', LINK_COLUMNS)} on conflict (visitor_id) do nothing)
  ${unnestInsert('events', EVENT_COLUMNS)}`

const arraysOf = <R>(columns: Typed<R>, rows: R[]) =>
  columns.map(([column]) => {
    const values = new Array<unknown>(rows.length)
    for (let i = 0; i < rows.length; i++) values[i] = rows[i][column] ?? null
    return values
  })

/**
 * Appends many batches; answers the count of each batch. On PostgreSQL this is one statement
 * (atomic by itself); on SQLite a few multi-row inserts, so the caller wraps it in a transaction.
 */
export async function insertEventBatches(db: Queryable, batches: EventBatch[]): Promise<number[]> {
  const sessions = batches.flatMap((b) => b.sessions)
  const links = batches.flatMap((b) => b.visitorLinks)
  const rows = batches.flatMap((b) => b.events)
  if (isSqlite(db)) {
    for (const part of chunk(sessions, 200)) await insertMany(db, 'analytics_sessions', part)
    if (links.length) await db('analytics_visitors').insert(links).onConflict('visitor_id').ignore()
    for (const part of chunk(rows, 200)) await insertMany(db, 'events', part)
  } else if (sessions.length || links.length || rows.length)
    await db.raw(PG_FLUSH, [...arraysOf(SESSION_COLUMNS, sessions), ...arraysOf(LINK_COLUMNS, links), ...arraysOf(EVENT_COLUMNS, rows)] as never[])
  return batches.map((b) => b.events.length)
}

/** `insert into table (…) values (…), (…)`: the rows as literals. */
const sqliteValuesInsert = <R>(table: string, columns: Typed<R>, rows: R[], tail = '') => {
  const tuples = new Array<string>(rows.length)
  for (let i = 0; i < rows.length; i++) {
    let tuple = '('
    for (let c = 0; c < columns.length; c++) tuple += (c ? ',' : '') + sqliteLiteral(rows[i][columns[c][0]])
    tuples[i] = `${tuple})`
  }
  return `insert into ${quoteIdentifier(table)} (${columns.map(([c]) => quoteIdentifier(c)).join(', ')}) values ${tuples.join(',')}${tail};\n`
}

/**
 * SQLite: a whole flush of the event buffer as one script for `exec` (docs/decisions/194): BEGIN
 * IMMEDIATE, the sessions, the lead links and the events (one multi-row insert per table, the
 * values as SQL literals), COMMIT. node-sqlite3 runs a script as one job on its own thread, so a
 * flush needs no turn of the event loop between its statements: requests derived meanwhile do not
 * hold it up. Literals cost SQLite less than the JSON array `insertMany` binds (whose every row
 * json_each renders as text and json_extract parses again).
 */
export function sqliteFlushScript(batches: EventBatch[]): string {
  const sessions = batches.flatMap((b) => b.sessions)
  const links = batches.flatMap((b) => b.visitorLinks)
  const rows = batches.flatMap((b) => b.events)
  let sql = 'begin immediate;\n'
  if (sessions.length) sql += sqliteValuesInsert('analytics_sessions', SESSION_COLUMNS, sessions)
  if (links.length) sql += sqliteValuesInsert('analytics_visitors', LINK_COLUMNS, links, ' on conflict (visitor_id) do nothing')
  if (rows.length) sql += sqliteValuesInsert('events', EVENT_COLUMNS, rows)
  return `${sql}commit;`
}

export async function countEvents(db: Queryable): Promise<number> {
  const row = await db('events').count<{ n: number | string }[]>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
