// `npm run bench:analytics` (a benchmark, not a test). Seeds raw analytics (sessions and events
// over 90 days, 10,000 pages, 20 sources) on SQLite and, when reachable, PostgreSQL; rolls them up;
// then prints:
//   - p95 of each dashboard query for 7-, 30- and 90-day ranges (target < 300 ms);
//   - rollup time for one hour and for one day;
//   - ingestion rate while rollups run (target ≥ 20,000/s), through the /api/events handler
//     (JSON parse, schema check, derive, event buffer and its flushes; no socket, no rate limiter);
//   - database size; the query plans of the hot queries (EXPLAIN).
// BENCH_EVENTS (default 1,000,000; the issue's full size is 10,000,000), BENCH_DAYS (90),
// BENCH_PG (a postgres:// URL; default postgres://postgres@127.0.0.1:5432/test when reachable).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Context } from 'koa'
import { realtime, attributionReport, readSessionsPage } from '../server/admin/analytics.ts'
import type { HandlerDeps } from '../server/api/deps.ts'
import { postEvents } from '../server/api/events.ts'
import { EventBuffer, eventBufferFor, stopEventBuffer } from '../server/analytics/eventBuffer.ts'
import { familyLookupOf } from '../server/analytics/families.ts'
import { Ingestor, DAY_MS, HOUR_MS } from '../server/analytics/ingest.ts'
import { dayRange, readBreakdown, readSeries, readSeriesMany, readTopKeys } from '../server/analytics/queries.ts'
import { funnel, likeOf, type FunnelStep } from '../server/analytics/funnels.ts'
import { keptFunnelWrites, readFunnel, readJourneys } from '../server/analytics/funnelReads.ts'
import { readSessionPaths } from '../server/analytics/pageReads.ts'
import { pagesReport } from '../server/admin/webAnalytics.ts'
import { setReplaceByQueries } from '../server/analytics/pageDetails.ts'
import { rollupDay, rollupHour, ROLLED_THROUGH_KEY } from '../server/analytics/rollup.ts'
import { rollupHourOf, setRollupThread, stopRollupThread } from '../server/analytics/rollupThread.ts'
import { createDb, migrate, type Db } from '../server/db/knex.ts'
import { insertEventBatches } from '../server/db/queries/events.ts'
import { isSqlite } from '../server/db/rows.ts'
import { secondaryIndexes, seedAnalytics } from './analyticsSeed.ts'
import { setTotalsReads } from '../server/analytics/pageTotals.ts'
import type { AnalyticsEvent } from '../shared/contract.ts'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000)
const DAYS = Number(process.env.BENCH_DAYS ?? 90)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
/** BENCH_ONLY=ingest: seed, roll up, then measure ingestion only (no dashboard queries, no plans). */
const ONLY_INGEST = process.env.BENCH_ONLY === 'ingest'
/** BENCH_ONLY=seed: seed and roll up, print their times, stop there. */
const STOP_AFTER_ROLLUP = process.env.BENCH_ONLY === 'seed'
/**
 * BENCH_DB=/dir: reuse a SQLite file kept by BENCH_KEEP=1 (its directory, as printed): no seed and
 * no full rollup; the seed's clock is read from bench-meta.json beside it, lastHour rolled up once
 * (untimed), then straight to the measured part (dashboard queries unless BENCH_ONLY=ingest).
 */
const REUSE_DIR = process.env.BENCH_DB
/** BENCH_ROLLUP=last: after the seed, roll up only the last hour (the one the ingest window rolls up), not all hours. */
const ROLLUP_LAST_ONLY = process.env.BENCH_ROLLUP === 'last'
const META = 'bench-meta.json'
// BENCH_REPLACE=queries: an hour's rollup writes statement by statement on SQLite, as before decision 197 (its A side).
if (process.env.BENCH_REPLACE === 'queries') setReplaceByQueries(true)
// Decision 198's A/B only: BENCH_ROLLUP_THREAD=0 rolls up in process, BENCH_ROLLUP_NICE=<n> the worker's niceness.
if (process.env.BENCH_ROLLUP_THREAD === '0' || process.env.BENCH_ROLLUP_NICE)
  setRollupThread(process.env.BENCH_ROLLUP_THREAD !== '0', Number(process.env.BENCH_ROLLUP_NICE ?? 10))
/** BENCH_AB=1: each query A B A B (weekly reads against running totals, decision 184), answers compared. */
const AB = process.env.BENCH_AB === '1'
/** BENCH_QUERIES=regex: only the dashboard queries whose label matches. */
const ONLY_QUERIES = process.env.BENCH_QUERIES ? new RegExp(process.env.BENCH_QUERIES) : null
const CHANNEL_INDEX = 'analytics_sessions_channel_started_idx'
const dropChannelIndex = (db: Db) => db.raw(`drop index if exists ${CHANNEL_INDEX}`)
const createChannelIndex = (db: Db) =>
  db.raw(`create index if not exists ${CHANNEL_INDEX} on analytics_sessions (channel, started_at, landing_page, first_of_day, "returning")`)
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test'
const CHANNELS = [
  ['google', 'cpc', 'paid-search'],
  ['bing', 'cpc', 'paid-search'],
  ['facebook', 'paid-social', 'paid-social'],
  ['linkedin', 'paid-social', 'paid-social'],
  ['newsletter', 'email', 'email'],
  ['partner', 'affiliate', 'affiliate'],
  ['google.com', 'organic', 'organic-search'],
  ['bing.com', 'organic', 'organic-search'],
  ['duckduckgo.com', 'organic', 'organic-search'],
  ['linkedin.com', 'social', 'social-media'],
  ['facebook.com', 'social', 'social-media'],
  ['x.com', 'social', 'social-media'],
  ['reddit.com', 'social', 'social-media'],
  ['news.example.org', 'referral', 'referral'],
  ['blog.example.net', 'referral', 'referral'],
  ['directory.example.com', 'referral', 'referral'],
  ['acme', 'banner', 'display'],
  ['podcast', 'audio', 'campaign'],
  ['(direct)', '(none)', 'direct-traffic'],
  ['print', 'qr', 'campaign'],
] as const
const DEVICES = ['desktop', 'mobile', 'tablet'] as const

const PAGE_QUERY = { group: 'page', sort: 'views', order: 'desc' } as const
const FUNNEL: FunnelStep[] = [
  { kind: 'page', value: '/page-1*' },
  { kind: 'form_view', value: '*' },
  { kind: 'form_start', value: '*' },
  { kind: 'form_submit', value: '*' },
]
let fresh = 0
/**
 * The funnel under a key never read before (`*` and `**` match the same), so every timed first
 * read computes all its hours, as a new ad hoc funnel does (decision 187); its counts are kept in
 * the background, as the screen's are.
 */
const freshFunnel = (steps: FunnelStep[]) => {
  fresh++
  return steps.map((s, i) => (i === 0 ? { ...s, value: `${s.value}${'*'.repeat(fresh % 200)}` } : s))
}
/** Ad hoc funnels of other shapes (decision 187): any page > a goal; five steps of pages and forms. */
const AD_HOC: [string, FunnelStep[]][] = [
  [
    '2 steps: any page > any goal',
    [
      { kind: 'page', value: '*' },
      { kind: 'goal', value: '*' },
    ],
  ],
  [
    '5 steps: /page-2* > /page-1* > form view > start > submit',
    [
      { kind: 'page', value: '/page-2*' },
      { kind: 'page', value: '/page-1*' },
      { kind: 'form_view', value: '*' },
      { kind: 'form_start', value: '*' },
      { kind: 'form_submit', value: '*' },
    ],
  ],
]
// Template families of the seeded pages (as the build's inventory would give them): 18 families.
const FAMILIES = familyLookupOf(
  Array.from({ length: 10_000 }, (_, i) => ({ url: `/page-${i}`, family: `family-${i % 18}` })),
  'bench',
)
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]
const fmt = (n: number) => `${n.toFixed(1)} ms`

/** The bench's PostgreSQL connections are named, so their backends' CPU can be read. */
const BACKENDS = `bench-analytics-${process.pid}`
/**
 * CPU time (µs) used so far by each of this bench's PostgreSQL backends, from /proc (the server
 * runs on this machine; null when it does not).
 */
async function backendCpu(db: Db): Promise<Map<number, number> | null> {
  if (isSqlite(db)) return null
  const { rows } = (await db.raw(`select pid from pg_stat_activity where application_name = ?`, [BACKENDS])) as { rows: { pid: number }[] }
  const out = new Map<number, number>()
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100) // utime + stime, USER_HZ 100
    } catch {
      return null
    }
  }
  return out
}
/** CPU (µs) of the backends between two readings (a backend started meanwhile counts from 0). */
const backendCpuUsed = (before: Map<number, number> | null, after: Map<number, number> | null) =>
  before && after ? [...after].reduce((n, [pid, us]) => n + us - (before.get(pid) ?? 0), 0) : NaN

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

async function run(name: string, db: Db, size: () => Promise<number>) {
  console.log(
    `\n== ${name}: ${EVENTS.toLocaleString('en-US')} events over ${DAYS} days (load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}) ==`,
  )
  const reuse = REUSE_DIR && isSqlite(db) ? (JSON.parse(fs.readFileSync(path.join(REUSE_DIR, META), 'utf8')) as { now: number; events: number }) : null
  const now = reuse ? reuse.now : Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 20 * 60_000
  const lastHour = Math.floor(now / HOUR_MS) - 1
  if (reuse) {
    console.log(
      `reusing ${REUSE_DIR} (${reuse.events.toLocaleString('en-US')} events seeded at ${new Date(now).toISOString()}); hour ${lastHour} rolled up once, untimed`,
    )
    await rollupHour(db, lastHour)
  } else {
    // Generated inside the database (bench/analyticsSeed.ts); SQLite without an fsync per slice (the
    // bench's own throwaway file), back to the server's synchronous = FULL before anything is timed.
    const indexesBefore = await secondaryIndexes(db)
    const seeded = await seedAnalytics(db, { events: EVENTS, days: DAYS, now, channels: CHANNELS, devices: DEVICES, log: console.log })
    const indexesAfter = await secondaryIndexes(db)
    if (JSON.stringify(indexesAfter) !== JSON.stringify(indexesBefore))
      throw new Error(`the seed left other indexes than the migrations': ${JSON.stringify(indexesAfter)} against ${JSON.stringify(indexesBefore)}`)
    console.log(
      `seeded ${seeded.events.toLocaleString('en-US')} events, ${seeded.sessions.toLocaleString('en-US')} sessions in ${seeded.seconds.toFixed(0)} s (${(seeded.seconds / (seeded.events / 1e6)).toFixed(1)} s per million events; ${seeded.indexSeconds.toFixed(0)} s of it building the ${indexesAfter.length} secondary indexes)`,
    )

    if (isSqlite(db)) fs.writeFileSync(path.join(dir, META), JSON.stringify({ now, events: seeded.events }))
    if (ROLLUP_LAST_ONLY) console.log(`rollup of the last hour only (BENCH_ROLLUP=last): ${fmt(await timed(() => rollupHour(db, lastHour)))}`)
    else await rollupAll(db, now, lastHour, seeded)
  }
  if (STOP_AFTER_ROLLUP) return
  await measure(db, now, lastHour, size, reuse?.events)
}

/** Rollups of every hour after the seed, timed; on PostgreSQL, VACUUM (ANALYZE) afterwards. */
async function rollupAll(db: Db, now: number, lastHour: number, seeded: { seconds: number; events: number }) {
  // Rollups of every hour, timed: one hour (median of all) and one day (24 hours + the day sum).
  const firstHour = Math.floor((now - DAYS * DAY_MS) / HOUR_MS)
  const hourTimes: number[] = []
  const t0 = performance.now()
  for (let h = firstHour; h <= lastHour; h++) {
    hourTimes.push(await timed(() => rollupHour(db, h)))
    if ((h + 1) % 24 === 0) await rollupDay(db, Math.floor((h * HOUR_MS) / DAY_MS), FAMILIES)
  }
  await rollupDay(db, Math.floor((lastHour * HOUR_MS) / DAY_MS), FAMILIES)
  const rollupSeconds = (performance.now() - t0) / 1000
  await db('analytics_state')
    .insert({ key: ROLLED_THROUGH_KEY, value: String(lastHour) })
    .onConflict('key')
    .merge()
  const dayTime = await timed(async () => {
    const d = Math.floor(now / DAY_MS) - 2
    for (let h = (d * DAY_MS) / HOUR_MS; h < ((d + 1) * DAY_MS) / HOUR_MS; h++) await rollupHour(db, h)
    await rollupDay(db, d, FAMILIES)
  })
  console.log(
    `rollup: all ${hourTimes.length} hours in ${rollupSeconds.toFixed(0)} s; one hour p50 ${fmt(percentile(hourTimes, 50))}, p95 ${fmt(percentile(hourTimes, 95))}; one day ${fmt(dayTime)}`,
  )
  console.log(`seed + rollup: ${((seeded.seconds + rollupSeconds) / (seeded.events / 1e6)).toFixed(1)} s per million events`)
  if (!isSqlite(db)) {
    // On a live database autovacuum keeps the rollup tables' statistics and, since PostgreSQL 13,
    // vacuums tables that only receive inserts, which sets their pages all-visible in the
    // visibility map. Without statistics PostgreSQL plans the reads below from the empty tables'
    // (decision 184: the shown pages' histograms were read by a week-range scan of every page's);
    // without the visibility map an index-only scan cannot skip the heap. The filtered traffic
    // query (sessions by channel, time and landing page, all columns of
    // analytics_sessions_channel_started_idx) was planned as a bitmap heap scan of ~156k sessions
    // at 90 days and took 319 ms p95 in one 10 M run, 178 ms in the one before: whether autovacuum
    // had reached the freshly seeded sessions is the likely difference. So the bench does what
    // autovacuum does on a live database, outside every timing: VACUUM (ANALYZE) of the sessions
    // and of every rollup table.
    const tables = (await db.raw(`select tablename from pg_tables where schemaname = current_schema() and tablename like 'analytics\\_%'`)) as {
      rows: { tablename: string }[]
    }
    for (const { tablename } of tables.rows) await db.raw(`vacuum (analyze) ${tablename}`)
  }
}

/** The measured part: dashboard queries (unless BENCH_ONLY=ingest), ingestion while rolling up, size, plans. */
async function measure(db: Db, now: number, lastHour: number, size: () => Promise<number>, seededEvents?: number) {
  // Dashboard queries. A reused file that an earlier run ingested into holds that run's events
  // (hundreds of thousands in the hour the dashboards read raw): timing the dashboards on it would
  // time that pile-up (4 s p95 in one try), not the seeded 90 days, so they are skipped with the reason.
  let dashboards = !ONLY_INGEST
  if (dashboards && seededEvents !== undefined) {
    const [{ n }] = await db('events').count({ n: '*' })
    const added = Number(n) - seededEvents
    if (added > 0) {
      dashboards = false
      console.log(
        `dashboards not measured: this file holds ${added.toLocaleString('en-US')} events ingested by earlier runs besides the seed's; seed afresh (or copy the file before any run) to time them`,
      )
    }
  }
  const today = new Date(now).toISOString().slice(0, 10)
  for (const days of dashboards ? [7, 30, 90] : []) {
    const from = new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10)
    const range = dayRange(from, today, 'UTC')
    const nyRange = dayRange(from, today, 'America/New_York')
    const queries: [string, () => Promise<unknown>][] = [
      [
        'overview breakdown (total, channel, device, goal + top 10 pages)',
        () => Promise.all([readBreakdown(db, range, ['total', 'channel', 'device', 'goal'], now), readTopKeys(db, range, 'page', 'page_views', 10, now)]),
      ],
      ['overview series (New York days)', () => readSeries(db, nyRange, 'total', '', now)],
      [
        'traffic by campaign (top 200) + channel',
        () => Promise.all([readTopKeys(db, range, 'campaign', 'sessions', 200, now), readBreakdown(db, range, ['channel'], now)]),
      ],
      ['traffic by landing page (top 200)', () => readTopKeys(db, range, 'landing', 'sessions', 200, now)],
      [
        'traffic series per channel (6)',
        () => readSeriesMany(db, range, 'channel', ['paid-search', 'organic-search', 'social-media', 'referral', 'email', 'direct-traffic'], now),
      ],
      [
        'traffic filtered (channel + landing /page-1*)',
        () =>
          db('analytics_sessions')
            .where('started_at', '>=', range.from)
            .andWhere('started_at', '<', range.to)
            .andWhere('channel', 'paid-search')
            .andWhereRaw(`landing_page like ? escape '\\'`, ['/page-1%'])
            .groupBy('landing_page')
            .select('landing_page')
            .count({ n: '*' })
            .orderBy('n', 'desc')
            .orderByRaw(isSqlite(db) ? 'landing_page' : 'landing_page collate "C"')
            .limit(200),
      ],
      ['realtime (last 30 min, raw)', () => realtime(db, now)],
      ['attribution report', () => attributionReport(db, range)],
      // /admin/web-analytics (decision 122).
      ['web analytics per page by views (details, vitals p75)', () => pagesReport(db, range, PAGE_QUERY, FAMILIES, now)],
      ['web analytics per page by exit rate, ascending', () => pagesReport(db, range, { ...PAGE_QUERY, sort: 'exitRate', order: 'asc' }, FAMILIES, now)],
      ['web analytics per page by engagement', () => pagesReport(db, range, { ...PAGE_QUERY, sort: 'engagement' }, FAMILIES, now)],
      ['web analytics pages matching /page-1*', () => pagesReport(db, range, { ...PAGE_QUERY, q: '/page-1*' }, FAMILIES, now)],
      ['web analytics per family', () => pagesReport(db, range, { ...PAGE_QUERY, group: 'family' }, FAMILIES, now)],
      ['web analytics per page by LCP p75', () => pagesReport(db, range, { ...PAGE_QUERY, sort: 'LCP' }, FAMILIES, now)],
      // Funnels and journeys from their rollups (decision 117): a funnel's first read computes and
      // keeps its hours (its kept rows are dropped before each run); later reads sum them.
      ['funnel, first read (landing /page-1* > form view > start > submit)', () => readFunnel(db, range, freshFunnel(FUNNEL), now, { background: true })],
      ['funnel (kept hours; the same 4 steps)', () => readFunnel(db, range, FUNNEL, now)],
      // Other ad hoc funnels' first reads (decision 187: counted from the hours' packed step sequences).
      ...AD_HOC.map(([label, steps]): [string, () => Promise<unknown>] => [
        `funnel, first read (${label})`,
        () => readFunnel(db, range, freshFunnel(steps), now, { background: true }),
      ]),
      [
        // A reference, not a dashboard query: what a first read cost before decision 187.
        'funnel, the scan it replaces (session paths of the range; reference, not a dashboard query)',
        async () => funnel(await readSessionPaths(db, range, { like: likeOf(FUNNEL[0]) }, now), FUNNEL),
      ],
      ['journeys to a conversion', () => readJourneys(db, range, '*', 20, now)],
      ['journeys to form:* (a goal glob)', () => readJourneys(db, range, 'form:*', 20, now)],
      ['GA4 side-by-side (daily series)', () => readSeries(db, range, 'total', '', now)],
      // /admin/visitors (decision 068): keyset pages, newest first; a page in the middle of the range
      // costs what the first does.
      ['visitors: first page of sessions (100, with pages and conversions)', () => readSessionsPage(db, range, {}, null)],
      [
        'visitors: a page in the middle of the range',
        () => readSessionsPage(db, range, {}, { startedAt: range.from + Math.floor((range.to - range.from) / 2), id: '~' }),
      ],
      ['visitors: first page of one channel', () => readSessionsPage(db, range, { channel: 'paid-search' }, null)],
    ]
    // The kept-hours line reads the funnel's kept rows (kept here, untimed).
    await keptFunnelWrites()
    await readFunnel(db, range, FUNNEL, now)
    for (const [label, q] of queries) {
      if (ONLY_QUERIES && !ONLY_QUERIES.test(label)) continue
      if (AB) {
        // A B A B in the same minutes (decision 184): A = weekly reads (decision 119) and
        // `started_at` only for filtered traffic; B = running totals and the channel index.
        const filtered = label.startsWith('traffic filtered')
        const times: Record<'A' | 'B', number[]> = { A: [], B: [] }
        const results: Record<'A' | 'B', string> = { A: '', B: '' }
        for (let i = 0; i < RUNS * 2; i++) {
          const mode = i % 2 ? 'B' : 'A'
          if (filtered && i % 4 === 0) await dropChannelIndex(db)
          if (filtered && i % 4 === 1) await createChannelIndex(db)
          setTotalsReads(mode === 'B')
          let answer: unknown
          times[mode].push(await timed(async () => (answer = await q())))
          results[mode] = JSON.stringify(answer)
        }
        setTotalsReads(true)
        const [a, b] = [percentile(times.A, 95), percentile(times.B, 95)]
        console.log(
          `${days}d  ${label}: A p95 ${fmt(a)}, B p95 ${fmt(b)} (B/A ${(b / a).toFixed(2)}; answers ${results.A === results.B ? 'identical' : 'DIFFER'}; load ${os.loadavg()[0].toFixed(1)})`,
        )
        continue
      }
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        times.push(await timed(q))
        // A first read's counts are kept after its answer (decision 187): the next run starts
        // after that write, as a user's next click would.
        await keptFunnelWrites()
      }
      const p95 = percentile(times, 95)
      console.log(`${days}d  ${label}: p95 ${fmt(p95)}${p95 > 300 && !label.includes('reference') ? '  (over the 300 ms target)' : ''}`)
    }
  }

  // Ingestion (derive + group insert) while an hour is rolled up again and again.
  const ingestor = new Ingestor(db)
  const visitors = Array.from({ length: 5000 }, (_, i) => `bench-browser-${i}-xxxxxxxx`)
  const ingestFor = 8000
  let stop = false
  let rollups = 0
  // Untimed: starts the rollup worker (decision 198) before the window, as a server's first
  // rollup job does long before any later one.
  await rollupHourOf(db, lastHour)
  const rolling = (async () => {
    // BENCH_NO_ROLLUP=1: a diagnostic only (decision 197), ingestion with no rollup beside it; the
    // line then says "0 hour rollups meanwhile" and is not the issue's figure.
    while (!stop && process.env.BENCH_NO_ROLLUP !== '1') {
      // The job's own call (decision 198): on a SQLite file, the rollup worker thread.
      await rollupHourOf(db, lastHour)
      rollups++
    }
  })()
  let ingested = 0
  const t1 = performance.now()
  // CPU of the whole process (main thread and SQLite's threads) while ingesting: less sensitive to
  // the shared machine's load than the rate (the hour rollups running meanwhile are in it too).
  const cpu0 = process.cpuUsage()
  const backends0 = await backendCpu(db)
  // 64 requests in flight at any time, each a batch of 25 events from one browser, derived and
  // handed to the event buffer as POST /api/events does (BENCH_INGEST=group: the old path, 20
  // requests' batches per group-commit transaction).
  const buffer = new EventBuffer(db)
  const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
  const request = (k: number) => {
    const at = Date.now()
    const events: AnalyticsEvent[] = Array.from({ length: 25 }, (_, i) => ({
      type: i % 2 ? 'scroll_depth' : 'page_view',
      path: `/page-${(k * 7 + i) % 10_000}?utm_source=google&utm_medium=cpc`,
      visitorId: visitors[k % visitors.length],
      sessionId: 'tab-xxxxxxxx',
      at: at + i,
      name: '',
      referrer: '',
    }))
    return ingestor.derive(events, { ip: `198.51.100.${k % 250}`, userAgent: agent, siteHost: 'bench.example.com', receivedAt: Date.now() })
  }
  const grouped = process.env.BENCH_INGEST === 'group'
  const direct = process.env.BENCH_INGEST === 'buffer'
  // The default: the POST /api/events handler itself (server/api/events.ts) on a parsed request
  // body, as Koa's JSON body parser leaves it, with the process's event buffer behind it.
  const handler = postEvents({ db } as HandlerDeps)
  const post = async (k: number) => {
    const at = Date.now()
    const body = JSON.stringify({
      events: Array.from({ length: 25 }, (_, i) => ({
        type: i % 2 ? 'scroll_depth' : 'page_view',
        path: `/page-${(k * 7 + i) % 10_000}?utm_source=google&utm_medium=cpc`,
        visitorId: visitors[k % visitors.length],
        sessionId: 'tab-xxxxxxxx',
        at: at + i,
        ...(i % 2 ? { value: 50 } : {}),
      })),
    })
    const headers: Record<string, string> = { 'user-agent': agent }
    const ctx = {
      state: { body: JSON.parse(body) },
      get: (h: string) => headers[h.toLowerCase()] ?? '',
      ip: `198.51.100.${k % 250}`,
      hostname: 'bench.example.com',
      status: 404,
      body: undefined as unknown,
    }
    await handler(ctx as unknown as Context, async () => {})
    if (ctx.status !== 202) throw new Error(`POST /api/events answered ${ctx.status}: ${JSON.stringify(ctx.body)}`)
    return (ctx.body as { accepted: number }).accepted
  }
  const writers = Array.from({ length: grouped ? 4 : 64 }, async (_, w) => {
    let k = w
    while (performance.now() - t1 < ingestFor) {
      if (!grouped && !direct) {
        const accepted = await post((k += 64))
        ingested += accepted
      } else if (grouped) {
        const batches: Awaited<ReturnType<Ingestor['derive']>>[] = []
        for (let b = 0; b < 20; b++) batches.push(await request((k += 4)))
        await db.transaction((trx) => insertEventBatches(trx, batches))
        ingested += batches.reduce((n, b) => n + b.events.length, 0)
      } else {
        // (not `ingested += await …`: that reads `ingested` before the await and loses the others' counts)
        const accepted = await buffer.add(await request((k += 64)))
        ingested += accepted
      }
    }
  })
  await Promise.all(writers)
  const used = grouped || direct ? buffer : eventBufferFor(db)
  const stats = { ...used.stats }
  await buffer.stop()
  await stopEventBuffer(db)
  const seconds = (performance.now() - t1) / 1000
  const cpu = process.cpuUsage(cpu0)
  const backends = backendCpuUsed(backends0, await backendCpu(db))
  stop = true
  await rolling
  const layer = grouped ? 'derive + group commit of 20 requests' : direct ? 'derive + event buffer' : 'POST /api/events handler + event buffer'
  console.log(
    `ingestion (${layer}${grouped ? '' : `, ${stats.flushes} flushes, largest ${stats.largestFlush} rows, ${stats.retriedAlone} batches retried alone`}) while rolling up: ${Math.round(ingested / seconds).toLocaleString('en-US')} events/s (${ingested.toLocaleString('en-US')} in ${seconds.toFixed(1)} s, ${rollups} hour rollups meanwhile; process CPU ${((cpu.user + cpu.system) / ingested).toFixed(1)} µs per event${Number.isNaN(backends) ? '' : `, PostgreSQL backends ${(backends / ingested).toFixed(1)} µs`}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')})`,
  )
  console.log(`database size: ${((await size()) / 1024 / 1024).toFixed(0)} MB`)

  if (ONLY_INGEST) return
  // Query plans.
  const explain = isSqlite(db) ? 'explain query plan' : 'explain'
  // The days of a 90-day range (PostgreSQL plans with its statistics, so real bounds matter).
  const d1 = Math.floor(now / DAY_MS)
  const d0 = d1 - 90
  const plans: [string, string, unknown[]][] = [
    [
      'daily rollup range',
      `select dim, key, sum(page_views) from analytics_daily where dim in ('page','channel') and day >= ? and day < ? group by dim, key`,
      [1, 2],
    ],
    ['hourly rollup range', `select hour, page_views from analytics_hourly where dim = 'total' and key = '' and hour >= ? and hour < ?`, [1, 2]],
    ['raw hour', `select session_id, type, path from events where ts >= ? and ts < ?`, [now - HOUR_MS, now]],
    ['sessions started in an hour', `select id from analytics_sessions where started_at >= ? and started_at < ?`, [now - HOUR_MS, now]],
    ['events of sessions', `select session_id, ts from events where session_id in (?, ?)`, ['a', 'b']],
    ['lead journey', `select * from events where lead_id = ? order by ts`, [1]],
    [
      'visitors page (keyset, newest first)',
      `select * from analytics_sessions where started_at >= ? and started_at < ? and (started_at < ? or id < ?) order by started_at desc, id desc limit 101`,
      [now - 90 * DAY_MS, now - 45 * DAY_MS + 1, now - 45 * DAY_MS, '~'],
    ],
    [
      'session paths of a range (funnels)',
      `select steps from analytics_session_paths where started_at >= ? and started_at < ? and steps like ?`,
      [now - DAY_MS, now, '%p:/page-1%'],
    ],
    [
      'kept funnel hours of a range',
      `select sum(reached_1), sum(reached_2) from analytics_funnel_hourly where funnel_key = ? and hour >= ? and hour < ?`,
      ['k', d0 * 24, d1 * 24],
    ],
    [
      'top journeys of a range',
      `select journey, sum(sessions) from analytics_journey_hourly where hour >= ? and hour < ? and prior = '' group by journey order by 2 desc, journey limit 20`,
      [d0 * 24, d1 * 24],
    ],
    ['realtime (closed window)', `select session_id, type, path, channel from events where ts >= ? and ts < ?`, [now - 30 * 60_000, now + HOUR_MS]],
    ['page details range', `select path, sum(scroll_25) from analytics_page_daily where day >= ? and day < ? group by path`, [1, 2]],
    [
      'top pages (sort query, one piece)',
      `select key, sum(page_views) as page_views from analytics_daily where dim = 'page' and day >= ? and day < ? group by key order by 2 desc limit 500`,
      [d0, d1],
    ],
    [
      'shown pages by key (figures)',
      `select key, sum(exits) from analytics_daily where dim = 'page' and day >= ? and day < ? and key in (?, ?) group by key`,
      [d0, d1, '/page-1', '/page-2'],
    ],
    [
      'shown pages by key (details)',
      `select path, sum(scroll_25) from analytics_page_daily where day >= ? and day < ? and path in (?, ?) group by path`,
      [d0, d1, '/page-1', '/page-2'],
    ],
    [
      'shown pages by key (vitals)',
      `select path, metric, bucket, sum(n) from analytics_vitals_daily where day >= ? and day < ? and path in (?, ?) group by path, metric, bucket`,
      [d0, d1, '/page-1', '/page-2'],
    ],
    ['families of a range', `select family, sum(page_views) from analytics_family_daily where day >= ? and day < ? group by family`, [d0, d1]],
    // Weekly rollups (decision 119): whole weeks of a range, the shown pages by key, one vital's histograms.
    [
      'top pages (weekly piece)',
      `select key, sum(page_views) as page_views from analytics_weekly where dim = 'page' and week >= ? and week < ? group by key`,
      [Math.ceil(d0 / 7), Math.floor(d1 / 7)],
    ],
    [
      'shown pages by key (weekly figures)',
      `select key, sum(exits) from analytics_weekly where dim = 'page' and week >= ? and week < ? and key in (?, ?) group by key`,
      [Math.ceil(d0 / 7), Math.floor(d1 / 7), '/page-1', '/page-2'],
    ],
    [
      'vital sort (weekly histograms of one metric)',
      `select path, bucket, sum(n) from analytics_vitals_weekly where metric = 'LCP' and week >= ? and week < ? group by path, bucket`,
      [Math.ceil(d0 / 7), Math.floor(d1 / 7)],
    ],
    // Running totals (decision 184): a bound's day, one bound's rows, the shown pages at one bound.
    ['running totals bound', `select max(day) from analytics_key_totals where day >= ? and day <= ?`, [d0 - (d0 % 91), d1 - 1]],
    ['running totals of every page (one bound)', `select key, page_views, n_days from analytics_key_totals where dim = 'page' and day = ?`, [d1 - 1]],
    [
      'running totals of shown pages (details)',
      `select path, scroll_25, n_days from analytics_page_totals where day = ? and path in (?, ?)`,
      [d1 - 1, '/page-1', '/page-2'],
    ],
    [
      'traffic filtered (channel + landing)',
      `select landing_page, count(*) from analytics_sessions where started_at >= ? and started_at < ? and channel = ? and landing_page like ? escape '\\' group by landing_page`,
      [now - 90 * DAY_MS, now, 'paid-search', '/page-1%'],
    ],
  ]
  for (const [label, sql, bindings] of plans) {
    const result = (await db.raw(`${explain} ${sql}`, bindings as never[])) as unknown
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
    console.log(`EXPLAIN ${label}: ${rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ')}`)
  }
}

const dir = REUSE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-analytics-'))
// BENCH_SKIP_SQLITE=1 / BENCH_SKIP_PG=1: one database only.
if (process.env.BENCH_SKIP_SQLITE !== '1') {
  const sqlite = createDb({ varDir: dir })
  await migrate(sqlite)
  // BENCH_SQLITE_PRAGMAS="cache_size=-65536;mmap_size=1073741824": pragmas set on the one
  // connection before anything runs (decision 197's A/B of the page cache), and printed.
  const pragmas = (process.env.BENCH_SQLITE_PRAGMAS ?? '').split(';').filter(Boolean)
  for (const p of pragmas) await sqlite.raw(`PRAGMA ${p}`)
  for (const p of pragmas) console.log(`SQLite PRAGMA ${p}: now ${JSON.stringify(await sqlite.raw(`PRAGMA ${p.split('=')[0].trim()}`))}`)
  try {
    await run('SQLite', sqlite, async () =>
      ['app.sqlite', 'app.sqlite-wal'].reduce((n, f) => n + (fs.existsSync(path.join(dir, f)) ? fs.statSync(path.join(dir, f)).size : 0), 0),
    )
  } finally {
    await stopRollupThread(sqlite)
    await sqlite.destroy()
    // BENCH_KEEP=1 keeps the seeded SQLite file (for profiling) and prints where it is.
    if (process.env.BENCH_KEEP === '1' || REUSE_DIR) console.log(`kept ${dir}`)
    else fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (process.env.BENCH_SKIP_PG !== '1') {
  const schema = `bench_analytics_${process.pid}`
  const admin = createDb({ databaseUrl: PG, varDir: dir })
  let reachable = true
  try {
    await admin.raw(`create schema ${schema}`)
  } catch (error) {
    reachable = false
    console.log(`\nPostgreSQL not reachable at ${PG}: ${(error as Error).message}`)
  }
  await admin.destroy()
  if (reachable) {
    const url = new URL(PG)
    url.searchParams.set('application_name', BACKENDS)
    const pg = createDb({ databaseUrl: url.toString(), varDir: dir, searchPath: schema })
    try {
      await migrate(pg)
      await run('PostgreSQL', pg, async () => {
        const r = (await pg.raw(
          `select sum(pg_total_relation_size(quote_ident(schemaname) || '.' || quote_ident(tablename)))::bigint as n from pg_tables where schemaname = ?`,
          [schema],
        )) as {
          rows: { n: string }[]
        }
        return Number(r.rows[0].n)
      })
    } finally {
      // BENCH_KEEP=1 keeps the PostgreSQL schema too (for profiling and A/B scripts on the same
      // data) and prints its name.
      if (process.env.BENCH_KEEP === '1') console.log(`kept schema ${schema}`)
      else await pg.raw(`drop schema ${schema} cascade`)
      await pg.destroy()
    }
  }
}
if (process.env.BENCH_KEEP !== '1' && !REUSE_DIR) fs.rmSync(dir, { recursive: true, force: true })
