// Analytics events: append-only, one multi-row insert per batch.
import type { AnalyticsEvent } from '../../../shared/contract.ts'
import { chunk, insertMany, nowIso, type Queryable } from '../rows.ts'

export type EventBatch = { events: AnalyticsEvent[]; userAgent: string; ipHash: string; receivedAt: number }

/** Appends many batches with a few multi-row inserts; answers the count of each batch. */
export async function insertEventBatches(db: Queryable, batches: EventBatch[]): Promise<number[]> {
  const rows = batches.flatMap((b) => eventRows(b.events, b, nowIso(b.receivedAt)))
  for (const part of chunk(rows, 400)) await insertMany(db, 'events', part)
  return batches.map((b) => b.events.length)
}

function eventRows(events: AnalyticsEvent[], meta: { userAgent: string; ipHash: string }, at: string) {
  return events.map((e) => ({
    type: e.type,
    path: e.path,
    visitor_id: e.visitorId,
    session_id: e.sessionId,
    occurred_at: e.at,
    value: e.value ?? null,
    name: e.name,
    referrer: e.referrer,
    props: e.props ? JSON.stringify(e.props) : null,
    user_agent: meta.userAgent,
    ip_hash: meta.ipHash,
    received_at: at,
  }))
}

export async function countEvents(db: Queryable): Promise<number> {
  const row = await db('events').count<{ n: number | string }[]>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
