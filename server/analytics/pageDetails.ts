// Per-page details for /admin/web-analytics (issue 13, docs/decisions/122): scroll and time
// milestones, engagement score and time, form events, web vitals as histograms, and each session's
// steps for funnels and journeys. Computed per UTC hour from raw rows by the rollup job (through
// rollupHour/rollupDay in rollup.ts) and, for the hours not rolled up yet, by the dashboards with
// the same function, as decision 120 does for the main figures.
import type { Queryable } from '../db/rows.ts'
import { execInTransaction, insertMany, isSqlite, quoteIdentifier, sqliteInsertStatement, sqliteLiteral } from '../db/rows.ts'
import { readHourEvents, readStartedSessions, type HourEvent, type HourSession } from './hourRows.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'
import { PAGE_COLUMNS } from './columns.ts'

export { PAGE_COLUMNS }
export type PageColumn = (typeof PAGE_COLUMNS)[number]
export type PageDetail = Record<PageColumn, number>
export const emptyPageDetail = (): PageDetail => Object.fromEntries(PAGE_COLUMNS.map((c) => [c, 0])) as PageDetail

export const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const
export type Vital = (typeof VITALS)[number]
/** Google's thresholds (web.dev/articles/vitals): good up to the first, poor above the second. */
export const VITAL_THRESHOLDS: Record<Vital, [number, number]> = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], TTFB: [800, 1800] }

/**
 * The bucket (its upper bound) of a vital's value. Milliseconds: 25 ms steps to 1 s, 100 ms to
 * 10 s, 1 s to 60 s, then one bucket for anything longer; CLS (stored x 1000): 0.01 steps to 1,
 * 0.1 to 5, then one bucket. Every threshold is a bucket bound, so a rating is exact.
 */
export function bucketOf(metric: Vital, value: number): number {
  if (metric === 'CLS') {
    const v = Math.max(0, value * 1000)
    if (v <= 1000) return Math.max(10, Math.ceil(v / 10) * 10)
    if (v <= 5000) return Math.ceil(v / 100) * 100
    return 1_000_000
  }
  const v = Math.max(0, value)
  if (v <= 1000) return Math.max(25, Math.ceil(v / 25) * 25)
  if (v <= 10_000) return Math.ceil(v / 100) * 100
  if (v <= 60_000) return Math.ceil(v / 1000) * 1000
  return 1_000_000_000
}

/** The 75th percentile of a histogram (bucket upper bound -> count), in the metric's unit. */
export function p75(metric: Vital, histogram: Map<number, number>): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0)
  if (!total) return null
  let seen = 0
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!
    if (seen >= 0.75 * total) return metric === 'CLS' ? bucket / 1000 : bucket
  }
  return null
}

export type Rating = 'good' | 'needs improvement' | 'poor'
export function rate(metric: Vital, value: number): Rating {
  const [good, poor] = VITAL_THRESHOLDS[metric]
  return value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor'
}

export type VitalRow = { path: string; metric: Vital; bucket: number; n: number }
export type PageRow = { path: string } & PageDetail
export type SessionPath = { session_id: string; started_at: number; steps: string; conversions: number }

const propsOf = (raw: unknown): Record<string, unknown> => {
  if (!raw) return {}
  if (typeof raw === 'object') return raw as Record<string, unknown>
  try {
    return JSON.parse(String(raw)) as Record<string, unknown>
  } catch {
    return {}
  }
}

const SCROLLS: Record<number, PageColumn> = { 25: 'scroll_25', 50: 'scroll_50', 75: 'scroll_75', 90: 'scroll_90', 100: 'scroll_100' }
const TIMES: Record<number, PageColumn> = { 30: 'time_30', 60: 'time_60', 120: 'time_120', 300: 'time_300' }
const FORMS: Record<string, PageColumn> = { form_view: 'form_views', form_start: 'form_starts', form_submit: 'form_submits' }

/** Page details and vitals of the events received in one UTC hour. */
export async function computePageHour(db: Queryable, hour: number): Promise<{ pages: PageRow[]; vitals: VitalRow[] }> {
  return pageHourOf(await readHourEvents(db, hour, false))
}

/** Page details and vitals of an hour's events (readHourEvents). */
export function pageHourOf(events: Pick<HourEvent, 'type' | 'path' | 'name' | 'value' | 'props'>[]): { pages: PageRow[]; vitals: VitalRow[] } {
  const pages = new Map<string, PageRow>()
  const vitals = new Map<string, VitalRow>()
  const page = (path: string) => {
    const key = path.slice(0, 300)
    let row = pages.get(key)
    if (!row) pages.set(key, (row = { path: key, ...emptyPageDetail() }))
    return row
  }
  for (const e of events) {
    const value = e.value == null ? NaN : Number(e.value)
    if (e.type === 'scroll_depth' && SCROLLS[value]) page(e.path)[SCROLLS[value]]++
    else if (e.type === 'time_on_page' && TIMES[value]) page(e.path)[TIMES[value]]++
    else if (e.type === 'engagement' && Number.isFinite(value)) {
      const row = page(e.path)
      row.engagement_n++
      row.engagement_sum += Math.round(value)
      const seconds = Number(propsOf(e.props).seconds)
      if (Number.isFinite(seconds) && seconds > 0) row.engaged_seconds_sum += Math.round(seconds)
    } else if (FORMS[e.type]) page(e.path)[FORMS[e.type]]++
    else if (e.type === 'web_vital' && (VITALS as readonly string[]).includes(e.name) && Number.isFinite(value)) {
      const metric = e.name as Vital
      const bucket = bucketOf(metric, value)
      const key = `${e.path}\u0001${metric}\u0001${bucket}`
      const row = vitals.get(key) ?? { path: e.path.slice(0, 300), metric, bucket, n: 0 }
      row.n++
      vitals.set(key, row)
    }
  }
  return { pages: [...pages.values()], vitals: [...vitals.values()] }
}

/** At most this many steps are kept per session (funnels and journeys read the first ones). */
export const MAX_STEPS = 60

/** The steps of each session started in one UTC hour: pages, forms and goals in order. */
export async function computeSessionPaths(db: Queryable, hour: number): Promise<SessionPath[]> {
  return sessionPathsOf(await readStartedSessions(db, hour))
}

/** The steps of sessions (readStartedSessions: each with its events in (ts, id) order). */
export function sessionPathsOf(sessions: HourSession[]): SessionPath[] {
  const out: SessionPath[] = []
  for (const sess of sessions) {
    const s = { steps: [] as string[], conversions: 0 }
    const add = (step: string) => {
      if (s.steps.length < MAX_STEPS && s.steps.at(-1) !== step) s.steps.push(step.replace(/\n/g, ' ').slice(0, 300))
    }
    for (const e of sess.events) {
      if (e.type === 'page_view') add(`p:${e.path}`)
      else if (e.type === 'form_view') add(`fv:${e.name}`)
      else if (e.type === 'form_start') add(`fs:${e.name}`)
      else if (e.type === 'form_submit') add(`fx:${e.name}`)
      if (e.goal) {
        s.conversions++
        add(`g:${e.goal}`)
      }
    }
    out.push({ session_id: sess.id, started_at: Number(sess.started_at), steps: s.steps.join('\n'), conversions: s.conversions })
  }
  return out
}

/** The rows an hour's rollup writes, by table (every row carries its table's key columns). */
export type HourTables = Record<'analytics_hourly' | 'analytics_page_hourly' | 'analytics_vitals_hourly' | 'analytics_session_paths', Record<string, unknown>[]>

/**
 * Replaces one hour's rows in the four hourly tables (run inside the rollup's transaction). On
 * PostgreSQL one statement deletes from all four and one inserts into all four (each table's rows
 * as one JSON parameter, unpacked by jsonb_populate_recordset): two round trips instead of a dozen.
 * On SQLite one delete and one insert (json_each) per table.
 */
/** SQLite: one statement at a time, as before decision 197 (its A/B: the bench's BENCH_REPLACE=queries). */
let SQLITE_REPLACE_BY_QUERIES = false
export const setReplaceByQueries = (on: boolean) => (SQLITE_REPLACE_BY_QUERIES = on)

export async function replaceHour(db: Queryable, hour: number, tables: HourTables): Promise<void> {
  const from = hour * HOUR_MS
  const deletes: [string, string, unknown[]][] = [
    ['analytics_hourly', 'hour = ?', [hour]],
    ['analytics_page_hourly', 'hour = ?', [hour]],
    ['analytics_vitals_hourly', 'hour = ?', [hour]],
    ['analytics_session_paths', 'started_at >= ? and started_at < ?', [from, from + HOUR_MS]],
  ]
  const filled = (Object.entries(tables) as [keyof HourTables, Record<string, unknown>[]][]).filter(([, rows]) => rows.length)
  if (isSqlite(db) && (db as { isTransaction?: boolean }).isTransaction && !SQLITE_REPLACE_BY_QUERIES) {
    // Inside the rollup's transaction: the deletes and inserts as one script (decision 197), one
    // job on node-sqlite3's thread instead of up to eight statements each waiting for a turn of
    // the event loop while the connection, and every flush of the event buffer, waits with them.
    let script = ''
    for (const [table, where, bindings] of deletes) {
      let i = 0
      script += `delete from ${table} where ${where.replace(/\?/g, () => sqliteLiteral(bindings[i++]))};\n`
    }
    for (const [table, rows] of filled) script += sqliteInsertStatement(table, rows)
    await execInTransaction(db, script)
    return
  }
  if (isSqlite(db)) {
    for (const [table, where, bindings] of deletes) await db.raw(`delete from ${table} where ${where}`, bindings as never[])
    for (const [table, rows] of filled) await insertMany(db, table, rows)
    return
  }
  await db.raw(
    `with ${deletes.map(([table, where], i) => `d${i} as (delete from ${table} where ${where})`).join(', ')} select 1`,
    deletes.flatMap(([, , bindings]) => bindings) as never[],
  )
  if (!filled.length) return
  const inserts = filled.map(([table, rows], i) => {
    const columns = Object.keys(rows[0]).map(quoteIdentifier).join(', ')
    return `i${i} as (insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, ?::jsonb))`
  })
  await db.raw(
    `with ${inserts.join(', ')} select 1`,
    filled.map(([, rows]) => JSON.stringify(rows)),
  )
}

/** Sums a UTC day's hourly page details and vitals into the daily tables. */
export async function rollupDetailsDay(db: Queryable, day: number): Promise<void> {
  const first = (day * DAY_MS) / HOUR_MS
  await db('analytics_page_daily').where({ day }).delete()
  await db('analytics_vitals_daily').where({ day }).delete()
  const sums = PAGE_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(', ')
  await db.raw(
    `insert into analytics_page_daily (day, path, ${PAGE_COLUMNS.join(', ')})
     select ?, path, ${sums} from analytics_page_hourly where hour >= ? and hour < ? group by path`,
    [day, first, first + 24],
  )
  await db.raw(
    `insert into analytics_vitals_daily (day, path, metric, bucket, n)
     select ?, path, metric, bucket, sum(n) from analytics_vitals_hourly where hour >= ? and hour < ? group by path, metric, bucket`,
    [day, first, first + 24],
  )
}
