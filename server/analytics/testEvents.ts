// Test fixtures shared by the analytics tests that seed visits by hand (coarse, families,
// pageTotals): one event as those tests describe it, written as the ingestion writes an events row.
import type { useTestDb } from '../../tests/api/helpers.ts'

export type TestDb = ReturnType<typeof useTestDb>['db']

/** An event of a seeded visit: its type, page, time, value (scroll, vital, engagement), name and goal. */
export type TestEvent = { type: string; path: string; ts: number; value: number | null; name: string; goal?: string; session: string }

/** Inserts the sessions, then the events (received when they occurred), 100 rows a statement. */
export async function insertTestEvents(db: TestDb, events: TestEvent[], sessions: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < sessions.length; i += 100) await db('analytics_sessions').insert(sessions.slice(i, i + 100))
  const rows = events.map((e) => ({
    type: e.type,
    path: e.path,
    visitor_id: 'v',
    session_id: e.session,
    occurred_at: e.ts,
    ts: e.ts,
    value: e.value,
    name: e.name,
    goal: e.goal ?? '',
    channel: 'organic-search',
    device: 'desktop',
    received_at: new Date(e.ts).toISOString(),
  }))
  for (let i = 0; i < rows.length; i += 100) await db('events').insert(rows.slice(i, i + 100))
}

/** Rows of `table` matching `where`. */
export async function countRows(db: TestDb, table: string, where: Record<string, unknown> = {}): Promise<number> {
  return Number((await db(table).where(where).count({ n: '*' }).first())?.n ?? 0)
}
