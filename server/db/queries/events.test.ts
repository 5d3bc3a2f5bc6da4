// The event write path (decision 190): every column of an event and a session row comes back as
// it was handed over (texts with quotes, backslashes, commas, braces and non-ASCII characters,
// JSON props, nulls, booleans, large millisecond times), on both databases; on PostgreSQL the rows
// go through one unnest insert per table, so a flush of thousands of rows is one statement.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../../tests/api/helpers.ts'
import type { DerivedBatch, EventRow, SessionRow } from '../../analytics/ingest.ts'
import { fromJson, toBool, toIso } from '../rows.ts'
import { insertEventBatches } from './events.ts'

const T = Date.parse('2026-11-25T02:00:00.000Z')
const AWKWARD = ['plain', 'a "quoted" word', 'back\\slash', 'comma, {brace} (paren)', 'NULL', '', 'ünïcødé ✓ 日本', "it's"]

const session = (i: number): SessionRow => ({
  id: `19abc${String(i).padStart(7, '0')}deadbeefcafe`,
  visitor_id: `visitor-${i % 3}`,
  first_of_day: i % 2 === 0,
  returning: i % 3 === 0,
  lead_id: i % 4 === 0 ? 7000 + i : null,
  started_at: T + i,
  channel: 'paid-search',
  source: AWKWARD[i % AWKWARD.length],
  medium: 'cpc',
  campaign: AWKWARD[(i + 1) % AWKWARD.length],
  referrer_host: i % 2 ? 'news.example.org' : '',
  click_id: i % 2 ? 'gclid' : '',
  landing_page: `/landing-${i}`,
  device: 'mobile',
  browser: 'Chrome',
  os: 'Android',
})

const event = (i: number): EventRow => ({
  type: i % 2 ? 'scroll_depth' : 'page_view',
  path: `/events-roundtrip/${AWKWARD[i % AWKWARD.length]}`,
  visitor_id: `visitor-${i % 3}`,
  session_id: session(i % 5).id,
  occurred_at: T - 1000 + i,
  value: i % 3 === 0 ? null : i % 3 === 1 ? 50 : 0.125,
  name: AWKWARD[(i + 2) % AWKWARD.length],
  referrer: i % 2 ? 'news.example.org' : '',
  props: i % 4 === 0 ? null : JSON.stringify({ seconds: i, note: AWKWARD[i % AWKWARD.length], returning: i % 2 === 0 }),
  user_agent: '',
  ip_hash: '',
  received_at: new Date(T + i).toISOString(),
  ts: T + i,
  channel: 'paid-search',
  goal: i % 7 === 0 ? `form:${AWKWARD[i % AWKWARD.length]}` : '',
  device: 'desktop',
  lead_id: i % 5 === 0 ? 9000 + i : null,
})

describe.each(databases)('insertEventBatches ($name)', (target) => {
  const database = useTestDb(target)

  it('stores every column of many batches as handed over, and answers each batch its count', async () => {
    const { db } = database
    const events = Array.from({ length: 1203 }, (_, i) => event(i))
    const sessions = Array.from({ length: 5 }, (_, i) => session(i))
    const batches: DerivedBatch[] = [
      { events: events.slice(0, 3), sessions: sessions.slice(0, 2), visitorLinks: [{ visitor_id: 'browser-roundtrip', lead_id: 9000, linked_at: T }] },
      { events: [], sessions: [], visitorLinks: [] },
      { events: events.slice(3), sessions: sessions.slice(2), visitorLinks: [] },
    ]
    expect(await db.transaction((trx) => insertEventBatches(trx, batches))).toEqual([3, 0, 1200])

    const stored = await db('events').where('path', 'like', '/events-roundtrip/%').orderBy('ts')
    expect(stored).toHaveLength(events.length)
    const back = stored.map((r) => ({
      type: r.type,
      path: r.path,
      visitor_id: r.visitor_id,
      session_id: r.session_id,
      occurred_at: Number(r.occurred_at),
      value: r.value === null ? null : Number(r.value),
      name: r.name,
      referrer: r.referrer,
      props: r.props === null ? null : JSON.stringify(fromJson(r.props)),
      user_agent: r.user_agent,
      ip_hash: r.ip_hash,
      received_at: toIso(r.received_at),
      ts: Number(r.ts),
      channel: r.channel,
      goal: r.goal,
      device: r.device,
      lead_id: r.lead_id === null ? null : Number(r.lead_id),
    }))
    // jsonb reorders an object's keys: props are compared parsed.
    expect(back.map((e) => ({ ...e, props: fromJson(e.props) }))).toEqual(events.map((e) => ({ ...e, props: fromJson(e.props) })))

    const storedSessions = await db('analytics_sessions').whereIn(
      'id',
      sessions.map((s) => s.id),
    )
    expect(
      storedSessions
        .map((s) => ({
          ...s,
          first_of_day: toBool(s.first_of_day),
          returning: toBool(s.returning),
          started_at: Number(s.started_at),
          lead_id: s.lead_id === null ? null : Number(s.lead_id),
        }))
        .sort((a, b) => a.started_at - b.started_at),
    ).toEqual(sessions)
    expect(await db('analytics_visitors').where({ visitor_id: 'browser-roundtrip' }).first('lead_id')).toMatchObject({ lead_id: 9000 })
  })

  it('writes nothing for empty batches', async () => {
    const { db } = database
    expect(await insertEventBatches(db, [{ events: [], sessions: [], visitorLinks: [] }])).toEqual([0])
  })
})
