// The raw rows one UTC hour's rollup reads (docs/decisions/115), in two queries: the sessions
// started in the hour with all their events (whenever they came), and the events received in the
// hour with their session's campaign fields. rollupHour reads them once and computes the hour's
// figures, page details and session paths from them; before, each of those read its own rows in
// chunks (eight to twelve round trips, the bulk of an hour's rollup on PostgreSQL).
import type { Queryable } from '../db/rows.ts'
import { HOUR_MS } from './ingest.ts'

export type SessionEvent = { id: number; type: string; path: string; name: string; ts: number; goal: string }

export type HourSession = {
  id: string
  first_of_day: unknown
  started_at: number | string
  channel: string
  source: string
  medium: string
  campaign: string
  referrer_host: string
  landing_page: string
  device: string
  /** The session's events in (ts, id) order. */
  events: SessionEvent[]
}

export type HourEvent = {
  session_id: string
  type: string
  path: string
  name: string
  value: number | string | null
  props: unknown
  channel: string
  device: string
  goal: string
  /** The event's session's campaign fields (null when the session row is gone). */
  source: string | null
  medium: string | null
  campaign: string | null
}

export type HourRaw = { sessions: HourSession[]; events: HourEvent[] }

const SESSION_COLUMNS = ['id', 'first_of_day', 'started_at', 'channel', 'source', 'medium', 'campaign', 'referrer_host', 'landing_page', 'device'] as const

/** The sessions started in one UTC hour, each with its events. */
export async function readStartedSessions(db: Queryable, hour: number): Promise<HourSession[]> {
  const from = hour * HOUR_MS
  const rows = (await db('analytics_sessions as s')
    .leftJoin('events as e', 'e.session_id', 's.id')
    .where('s.started_at', '>=', from)
    .andWhere('s.started_at', '<', from + HOUR_MS)
    .select(
      ...SESSION_COLUMNS.map((c) => `s.${c}`),
      'e.id as e_id',
      'e.type as e_type',
      'e.path as e_path',
      'e.name as e_name',
      'e.ts as e_ts',
      'e.goal as e_goal',
    )) as (Omit<HourSession, 'events'> & {
    e_id: number | string | null
    e_type: string
    e_path: string
    e_name: string
    e_ts: number | string
    e_goal: string
  })[]
  const sessions = new Map<string, HourSession>()
  for (const r of rows) {
    let s = sessions.get(r.id)
    if (!s) {
      s = { events: [] } as unknown as HourSession
      for (const c of SESSION_COLUMNS) (s as Record<string, unknown>)[c] = r[c]
      sessions.set(r.id, s)
    }
    if (r.e_id != null) s.events.push({ id: Number(r.e_id), type: r.e_type, path: r.e_path, name: r.e_name, ts: Number(r.e_ts), goal: r.e_goal })
  }
  for (const s of sessions.values()) s.events.sort((a, b) => a.ts - b.ts || a.id - b.id)
  return [...sessions.values()]
}

/** The events received in one UTC hour (with their session's campaign fields when `campaigns`). */
export async function readHourEvents(db: Queryable, hour: number, campaigns = true): Promise<HourEvent[]> {
  const from = hour * HOUR_MS
  const columns = ['session_id', 'type', 'path', 'name', 'value', 'props', 'channel', 'device', 'goal'].map((c) => `e.${c}`)
  // Only the `ts` range on events (decision 124: a type filter makes SQLite seek the type index).
  const q = db('events as e')
    .where('e.ts', '>=', from)
    .andWhere('e.ts', '<', from + HOUR_MS)
  if (!campaigns) return (await q.select(columns)) as HourEvent[]
  return (await q.leftJoin('analytics_sessions as s', 's.id', 'e.session_id').select(...columns, 's.source', 's.medium', 's.campaign')) as HourEvent[]
}

/** Both, one after the other (`db` may be a transaction: one PostgreSQL client). */
export async function readHour(db: Queryable, hour: number): Promise<HourRaw> {
  const sessions = await readStartedSessions(db, hour)
  const events = await readHourEvents(db, hour)
  return { sessions, events }
}
