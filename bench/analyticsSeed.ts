// The seed of `npm run bench:analytics` (docs/decisions/115): raw sessions and events generated
// inside the database (INSERT … SELECT over a recursive CTE on SQLite, generate_series on
// PostgreSQL), so 10 million events take minutes instead of building 10 million JS objects and
// sending them through knex. The data has the shape the previous JS seed gave (and the ingestor
// writes):
// - sessions spread evenly over the range, one of 20 sources (the CHANNELS list), one of 3
//   devices, 30 % returning, a campaign for cpc and email, a landing page drawn as
//   floor(u² × 10,000) (a few pages take most visits), visitor hashes and session ids as the
//   ingestor makes them (the day, or the start time, then random hex);
// - 1–12 events a session (6.5 on average), 20 s apart: every third one a page view (on a new page
//   drawn as above, the first on the landing page), then a scroll (value 50), then a form submit
//   (3 %), form view (9 %), form start (4 %), LCP web vital (14 %, 800–4,800 ms), engagement
//   (10 %, score 0–100) or time on page (60 %).
// The secondary indexes of `events` and `analytics_sessions` are dropped before the load and
// created again after it from the exact definitions the migrations left (read from the catalog
// first; the bench checks they match afterwards).
import type { Db } from '../server/db/knex.ts'
import { DAY_MS, HOUR_MS } from '../server/analytics/ingest.ts'
import { isSqlite, type Queryable } from '../server/db/rows.ts'

export type SeedChannel = readonly [source: string, medium: string, channel: string]

export const SEED_EVENTS_PER_SESSION = 6.5
/** Sessions generated per INSERT (one transaction each on SQLite). */
const SLICE = 100_000

type IndexDef = { table: string; name: string; sql: string }

/** The secondary (non-primary, non-unique-constraint) indexes of the seeded tables, as created. */
export async function secondaryIndexes(db: Queryable): Promise<IndexDef[]> {
  if (isSqlite(db)) {
    const rows = (await db.raw(
      `select tbl_name as "table", name, sql from sqlite_master where type = 'index' and tbl_name in ('events', 'analytics_sessions') and sql is not null order by name`,
    )) as IndexDef[]
    return rows
  }
  const result = (await db.raw(
    `select i.tablename as "table", i.indexname as name, i.indexdef as sql from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in ('events', 'analytics_sessions')
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))
     order by i.indexname`,
  )) as { rows: IndexDef[] }
  return result.rows
}

export type SeedResult = { events: number; sessions: number; seconds: number; indexSeconds: number }

export async function seedAnalytics(
  db: Db,
  opts: { events: number; days: number; now: number; channels: readonly SeedChannel[]; devices: readonly string[]; log?: (line: string) => void },
): Promise<SeedResult> {
  const sqlite = isSqlite(db)
  const t0 = performance.now()
  const sessions = Math.max(1, Math.round(opts.events / SEED_EVENTS_PER_SESSION))
  const start = opts.now - opts.days * DAY_MS
  const span = opts.now - start - HOUR_MS
  // A uniform number in [0, 1), fresh on every evaluation.
  const u = sqlite ? `((random() & 1073741823) / 1073741824.0)` : `random()`
  const page = `'/page-' || cast(floor(${u} * ${u} * 10000) as integer)`
  // Temporary tables live on the connection: SQLite has one; on PostgreSQL the seed holds one.
  const run = async (conn: Queryable) => {
    const temp = sqlite ? 'temp' : 'temporary'
    await conn.raw(`drop table if exists seed_sessions`)
    await conn.raw(`drop table if exists seed_channels`)
    await conn.raw(`drop table if exists seed_devices`)
    await conn.raw(`drop table if exists seed_types`)
    await conn.raw(`drop table if exists seed_k`)
    await conn.raw(`create ${temp} table seed_channels (i integer primary key, source text, medium text, channel text, campaign integer, referrer integer)`)
    await conn.raw(
      `insert into seed_channels (i, source, medium, channel, campaign, referrer) values ${opts.channels.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      opts.channels.flatMap(([source, medium, channel], i) => [
        i,
        source,
        medium,
        channel,
        medium === 'cpc' || medium === 'email' ? 1 : 0,
        channel === 'referral' || channel === 'organic-search' || channel === 'social-media' ? 1 : 0,
      ]),
    )
    await conn.raw(`create ${temp} table seed_devices (i integer primary key, device text)`)
    await conn.raw(
      `insert into seed_devices (i, device) values ${opts.devices.map(() => '(?, ?)').join(', ')}`,
      opts.devices.flatMap((d, i) => [i, d]),
    )
    // Event kinds: 0 page view, 1 scroll, then the third event of each group of three by its roll (0–99).
    const kinds: [code: number, type: string, name: string, goal: string, upTo: number][] = [
      [0, 'page_view', '', '', -1],
      [1, 'scroll_depth', '', '', -1],
      [2, 'form_submit', 'Free quote request', 'form:Free quote request', 3],
      [3, 'form_view', 'Free quote request', '', 12],
      [4, 'form_start', 'Free quote request', '', 16],
      [5, 'web_vital', 'LCP', '', 30],
      [6, 'engagement', '', '', 40],
      [7, 'time_on_page', '', '', 100],
    ]
    await conn.raw(`create ${temp} table seed_types (code integer primary key, type text, name text, goal text)`)
    await conn.raw(
      `insert into seed_types (code, type, name, goal) values ${kinds.map(() => '(?, ?, ?, ?)').join(', ')}`,
      kinds.flatMap(([code, type, name, goal]) => [code, type, name, goal]),
    )
    await conn.raw(`create ${temp} table seed_k (k integer primary key)`)
    await conn.raw(`insert into seed_k (k) values ${Array.from({ length: 12 }, (_, k) => `(${k})`).join(', ')}`)

    // One row per session with every draw it needs: its events' pages (p1–p3 after the landing),
    // how many events (n) and a number the event kinds are drawn from (rnd).
    const series = sqlite
      ? `(with recursive n(s) as (select 0 union all select s + 1 from n where s < ${sessions - 1}) select s from n)`
      : `(select s::bigint as s from generate_series(0, ${sessions - 1}) s)`
    const hex = (bytes: number) => (sqlite ? `lower(hex(randomblob(${bytes})))` : `substr(md5(random()::text || clock_timestamp()::text), 1, ${bytes * 2})`)
    // Session ids as the ingestor makes them (sessionId in server/analytics/ingest.ts): the start in
    // 12 hex digits, then 12 random ones.
    const sessionId = (startedAt: string) => (sqlite ? `printf('%012x', ${startedAt}) || ${hex(6)}` : `lpad(to_hex(${startedAt}), 12, '0') || ${hex(6)}`)
    // Visitor hashes as the ingestor makes them (visitorHash): the UTC day in 5 hex digits, then 27
    // random ones.
    const visitor = (startedAt: string) =>
      sqlite
        ? `printf('%05x', (${startedAt}) / ${DAY_MS}) || substr(${hex(14)}, 1, 27)`
        : `lpad(to_hex((${startedAt}) / ${DAY_MS}), 5, '0') || substr(${hex(14)}, 1, 27)`
    await conn.raw(
      `create ${temp} table seed_sessions as
       select s, ${sessionId(`${start} + (s * ${span}) / ${sessions}`)} as id, ${visitor(`${start} + (s * ${span}) / ${sessions}`)} as visitor,
         ${start} + (s * ${span}) / ${sessions} as started,
         cast(floor(${u} * ${opts.channels.length}) as integer) as ch,
         ${page} as landing, ${page} as p1, ${page} as p2, ${page} as p3,
         cast(floor(${u} * ${opts.devices.length}) as integer) as dev,
         case when ${u} < 0.3 then 1 else 0 end as ret,
         cast(floor(${u} * 40) as integer) as camp,
         1 + cast(floor(${u} * 12) as integer) as n,
         cast(floor(${u} * 1073741824) as bigint) as rnd
       from ${series} x`,
    )
    if (sqlite) await conn.raw(`create unique index seed_sessions_s on seed_sessions (s)`)
    else await conn.raw(`create unique index seed_sessions_s on seed_sessions (s)`)

    const bool = (expr: string) => (sqlite ? `(${expr})` : `(${expr}) = 1`)
    const insertSessions = `insert into analytics_sessions (id, visitor_id, first_of_day, "returning", lead_id, started_at, channel, source, medium, campaign, referrer_host, click_id, landing_page, device, browser, os)
      select x.id, x.visitor, ${sqlite ? 1 : 'true'}, ${bool('x.ret')}, null, x.started, c.channel, c.source, c.medium,
        case when c.campaign = 1 then 'campaign-' || x.camp else '' end, case when c.referrer = 1 then c.source else '' end,
        '', x.landing, d.device, 'Chrome', 'Windows'
      from seed_sessions x join seed_channels c on c.i = x.ch join seed_devices d on d.i = x.dev
      where x.s >= ? and x.s < ?`
    // The kind of event k of a session: page view, scroll, or by a roll of 0–99 drawn from the
    // session's rnd and k (so the kind, its name, goal and value agree within the row).
    const roll = `(((x.rnd * (k.k * 2 + 1) * 40503) / 128) % 100)`
    const kind = `case when k.k % 3 = 0 then 0 when k.k % 3 = 1 then 1 ${kinds
      .slice(2)
      .map(([code, , , , upTo]) => `when ${roll} < ${upTo} then ${code}`)
      .join(' ')} end`
    const ts = `x.started + k.k * 20000`
    const receivedAt = sqlite ? `strftime('%Y-%m-%dT%H:%M:%fZ', (${ts}) / 1000.0, 'unixepoch')` : `to_timestamp((${ts}) / 1000.0)`
    const insertEvents = `insert into events (type, path, visitor_id, session_id, occurred_at, value, name, referrer, props, user_agent, ip_hash, received_at, ts, channel, goal, device, lead_id)
      select t.type, case k.k / 3 when 0 then x.landing when 1 then x.p1 when 2 then x.p2 else x.p3 end, x.visitor, x.id, ${ts},
        case t.code when 1 then 50 when 5 then 800 + cast(floor(${u} * 4000) as integer) when 6 then cast(floor(${u} * 100) as integer) else null end,
        t.name, '', null, '', '', ${receivedAt}, ${ts}, c.channel, t.goal, d.device, null
      from seed_sessions x join seed_k k on k.k < x.n join seed_types t on t.code = ${kind}
        join seed_channels c on c.i = x.ch join seed_devices d on d.i = x.dev
      where x.s >= ? and x.s < ?`

    // Secondary indexes: dropped for the load, created again after it from their own definitions.
    const indexes = await secondaryIndexes(conn)
    for (const ix of indexes) await conn.raw(`drop index ${quoteName(ix.name)}`)
    let events = 0
    for (let from = 0; from < sessions; from += SLICE) {
      const to = Math.min(sessions, from + SLICE)
      const slice = async (trx: Queryable) => {
        await trx.raw(insertSessions, [from, to])
        const result = (await trx.raw(insertEvents, [from, to])) as unknown
        return sqlite ? 0 : Number((result as { rowCount: number }).rowCount)
      }
      events += sqlite ? (await conn.transaction(slice), 0) : await slice(conn)
      if (opts.log && (to === sessions || (to / SLICE) % 5 === 0))
        opts.log(`  seeded ${to.toLocaleString('en-US')} of ${sessions.toLocaleString('en-US')} sessions, ${((performance.now() - t0) / 1000).toFixed(0)} s`)
    }
    const ti = performance.now()
    for (const ix of indexes) await conn.raw(ix.sql)
    const indexSeconds = (performance.now() - ti) / 1000
    for (const table of ['seed_sessions', 'seed_channels', 'seed_devices', 'seed_types', 'seed_k']) await conn.raw(`drop table ${table}`)
    return { indexSeconds, events }
  }
  let out: { indexSeconds: number; events: number }
  if (sqlite) {
    // The bench's own throwaway file: no fsync per slice, a big page cache while indexes are built
    // (both set back before anything is timed).
    const cacheBefore = ((await db.raw('PRAGMA cache_size')) as { cache_size: number }[])[0].cache_size
    await db.raw('PRAGMA synchronous = OFF')
    await db.raw('PRAGMA cache_size = -400000')
    try {
      out = await run(db)
    } finally {
      await db.raw(`PRAGMA cache_size = ${Number(cacheBefore)}`)
      await db.raw('PRAGMA synchronous = FULL')
    }
    const row = (await db.raw('select count(*) as n from events')) as { n: number }[]
    out.events = Number(row[0].n)
  } else {
    out = await db.transaction(async (trx) => {
      await trx.raw(`set local maintenance_work_mem = '512MB'`)
      return run(trx)
    })
    // Statistics as autovacuum would leave them on a live database (the planner needs them).
    await db.raw('analyze events')
    await db.raw('analyze analytics_sessions')
  }
  return { events: out.events, sessions, seconds: (performance.now() - t0) / 1000, indexSeconds: out.indexSeconds }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`
