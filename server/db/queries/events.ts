// Analytics events: append-only, one multi-row insert per batch, with the sessions and lead links
// the server derived for them (server/analytics/ingest.ts).
import type { DerivedBatch } from '../../analytics/ingest.ts'
import { chunk, insertMany, type Queryable } from '../rows.ts'

export type EventBatch = DerivedBatch

/** Appends many batches with a few multi-row inserts; answers the count of each batch. */
export async function insertEventBatches(db: Queryable, batches: EventBatch[]): Promise<number[]> {
  const sessions = batches.flatMap((b) => b.sessions)
  for (const part of chunk(sessions, 200)) await insertMany(db, 'analytics_sessions', part)
  const links = batches.flatMap((b) => b.visitorLinks)
  if (links.length) await db('analytics_visitors').insert(links).onConflict('visitor_id').ignore()
  const rows = batches.flatMap((b) => b.events)
  for (const part of chunk(rows, 200)) await insertMany(db, 'events', part)
  return batches.map((b) => b.events.length)
}

export async function countEvents(db: Queryable): Promise<number> {
  const row = await db('events').count<{ n: number | string }[]>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
