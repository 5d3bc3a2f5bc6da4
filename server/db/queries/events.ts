// Analytics events: append-only, one multi-row insert per batch.
import type { AnalyticsEvent } from '../../../shared/contract.ts'
import { nowIso, type Queryable } from '../rows.ts'

export async function insertEvents(db: Queryable, events: AnalyticsEvent[], meta: { userAgent: string; ipHash: string }, now = Date.now()): Promise<number> {
  const at = nowIso(now)
  const rows = events.map((e) => ({
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
  await db('events').insert(rows)
  return rows.length
}

export async function countEvents(db: Queryable): Promise<number> {
  const row = await db('events').count<{ n: number | string }[]>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
