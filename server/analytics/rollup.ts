// Rollups (issue 13, docs/decisions/120-analytics-storage.md). One function computes an hour's
// figures from raw rows (`computeHour`); the job writes them into analytics_hourly and sums whole
// UTC days into analytics_daily; the dashboards call the same function for the hours not rolled
// up yet (the current one), so a figure reads the same before and after its rollup.
//
// Dimensions and what each row counts:
// - event figures (page_views, conversions, events) count events received in the hour;
// - session figures (visitors, sessions, engaged_sessions, engaged_ms, duration_ms, entries,
//   exits) count sessions started in the hour, with what those sessions did (also later);
// - visitors: sessions that are their visitor's first of the UTC day (the visitor hash rotates
//   daily, so a visitor is counted once a day and the sums over hours and days add up).
import { z } from 'zod'
import type { Queryable } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'
import { familyLookupFor, familyLookupOf, refreshFamilies, rollupFamilyDay, type FamilyLookup } from './families.ts'
import { pageHourOf, replaceHour, rollupDetailsDay, sessionPathsOf } from './pageDetails.ts'
import { readHour, type HourRaw } from './hourRows.ts'
import { maintainFunnels, rollupFunnelsHour, rollupJourneysDay } from './funnelRollups.ts'
import { METRICS } from './columns.ts'
import { rollupWeekOfDay } from './coarse.ts'
import { rollupVitalWeekTotals } from './vitalTotals.ts'
import { rollupTotalsDay } from './pageTotals.ts'
import { purgeSeqs } from './funnelSeqs.ts'
import { rollupHourOf } from './rollupThread.ts'

export const DIMENSIONS = ['total', 'page', 'channel', 'campaign', 'device', 'goal', 'landing', 'referrer'] as const
export type Dimension = (typeof DIMENSIONS)[number]
export { METRICS }
export type Metric = (typeof METRICS)[number]
export type Figures = Record<Metric, number>
export type RollupRow = { dim: Dimension; key: string } & Figures

/** An engaged session (as GA4 counts it): at least 10 s long, 2 page views, or a conversion. */
export const ENGAGED_MIN_MS = 10_000

export const emptyFigures = (): Figures => ({
  visitors: 0,
  sessions: 0,
  page_views: 0,
  entries: 0,
  exits: 0,
  engaged_sessions: 0,
  engaged_ms: 0,
  duration_ms: 0,
  conversions: 0,
  events: 0,
})

export function addFigures(into: Figures, from: Partial<Figures>) {
  for (const m of METRICS) into[m] += Number(from[m] ?? 0)
}

/** The campaign key of a session: "source / medium / campaign". */
export const campaignKey = (s: { source: string; medium: string; campaign: string }) => `${s.source} / ${s.medium} / ${s.campaign || '(none)'}`.slice(0, 300)

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't'

/** The figures of one UTC hour (hours since the epoch), computed from raw events and sessions. */
export async function computeHour(db: Queryable, hour: number): Promise<RollupRow[]> {
  return hourFigures(await readHour(db, hour))
}

/** The figures of one hour from its raw rows (readHour: sessions started in it, events received in it). */
export function hourFigures(raw: HourRaw): RollupRow[] {
  const rows = new Map<string, RollupRow>()
  const at = (dim: Dimension, key: string): RollupRow => {
    const id = `${dim}\u0001${key}`
    let row = rows.get(id)
    if (!row) rows.set(id, (row = { dim, key: key.slice(0, 300), ...emptyFigures() }))
    return row
  }
  at('total', '')

  // Sessions started in the hour, and what each did (its events, whenever they came).
  for (const s of raw.sessions) {
    let a: { pv: number; first: number; last: number; conv: number; lastPage: string; lastPageTs: number } | undefined
    for (const e of s.events) {
      const ts = e.ts
      if (!a) a = { pv: 0, first: ts, last: ts, conv: 0, lastPage: '', lastPageTs: -1 }
      a.first = Math.min(a.first, ts)
      a.last = Math.max(a.last, ts)
      if (e.goal) a.conv++
      if (e.type === 'page_view') {
        a.pv++
        if (ts >= a.lastPageTs) {
          a.lastPage = e.path
          a.lastPageTs = ts
        }
      }
    }
    const duration = a ? a.last - Number(s.started_at) : 0
    const engaged = Boolean(a && (duration >= ENGAGED_MIN_MS || a.pv >= 2 || a.conv > 0))
    const figures: Partial<Figures> = {
      visitors: truthy(s.first_of_day) ? 1 : 0,
      sessions: 1,
      engaged_sessions: engaged ? 1 : 0,
      engaged_ms: engaged ? duration : 0,
      duration_ms: duration,
    }
    for (const [dim, key] of [
      ['total', ''],
      ['channel', s.channel],
      ['campaign', campaignKey(s)],
      ['device', s.device],
      ['landing', s.landing_page],
      ...(s.referrer_host ? [['referrer', s.referrer_host]] : []),
    ] as [Dimension, string][])
      addFigures(at(dim, key), figures)
    // Entries and exits belong to pages; a landing row also counts its sessions' conversions.
    at('landing', s.landing_page).entries++
    at('landing', s.landing_page).conversions += a?.conv ?? 0
    at('page', s.landing_page).entries++
    if (a?.lastPage) at('page', a.lastPage).exits++
  }

  // Events received in the hour (each with its session's campaign fields).
  const pageSessions = new Map<string, Set<string>>()
  const goalSessions = new Map<string, Set<string>>()
  for (const e of raw.events) {
    const pv = e.type === 'page_view' ? 1 : 0
    const conv = e.goal ? 1 : 0
    const figures: Partial<Figures> = { page_views: pv, conversions: conv, events: 1 }
    addFigures(at('total', ''), figures)
    addFigures(at('channel', e.channel), figures)
    addFigures(at('device', e.device), figures)
    addFigures(at('page', e.path), figures)
    if (e.source != null) addFigures(at('campaign', campaignKey({ source: e.source, medium: e.medium ?? '', campaign: e.campaign ?? '' })), figures)
    if (pv) {
      let set = pageSessions.get(e.path)
      if (!set) pageSessions.set(e.path, (set = new Set()))
      set.add(e.session_id)
    }
    if (conv) {
      at('goal', e.goal).conversions++
      let set = goalSessions.get(e.goal)
      if (!set) goalSessions.set(e.goal, (set = new Set()))
      set.add(e.session_id)
    }
  }
  for (const [path, set] of pageSessions) at('page', path).sessions += set.size
  for (const [goal, set] of goalSessions) at('goal', goal).sessions += set.size
  return [...rows.values()]
}

const figureColumns = (row: RollupRow) => Object.fromEntries(METRICS.map((m) => [m, Math.round(row[m])]))

/**
 * Writes one hour's rollup (replacing what was there): its figures, and the page details, web
 * vitals and session paths of /admin/web-analytics (decision 122). The raw rows are read once
 * (two queries) and the four tables written with one statement each (PostgreSQL: one delete and
 * one insert statement for all four), decision 115.
 */
export async function rollupHour(db: Queryable, hour: number): Promise<number> {
  return writeHour(db, hour, await hourRollupOf(db, hour))
}

/** What rollupHour writes for an hour, from its raw rows (plain data: a worker thread may compute it, decision 198). */
export type HourRollup = {
  rows: number
  tables: {
    analytics_hourly: Record<string, unknown>[]
    analytics_page_hourly: Record<string, unknown>[]
    analytics_vitals_hourly: Record<string, unknown>[]
    analytics_session_paths: Record<string, unknown>[]
  }
}

/** rollupHour's reads and figures (no write). */
export async function hourRollupOf(db: Queryable, hour: number): Promise<HourRollup> {
  const raw = await readHour(db, hour)
  const rows = hourFigures(raw)
  const { pages, vitals } = pageHourOf(raw.events)
  const paths = sessionPathsOf(raw.sessions)
  return {
    rows: rows.length,
    tables: {
      analytics_hourly: rows.map((r) => ({ hour, dim: r.dim, key: r.key, ...figureColumns(r) })),
      analytics_page_hourly: pages.map((p) => ({ hour, ...p })),
      analytics_vitals_hourly: vitals.map((v) => ({ hour, ...v })),
      analytics_session_paths: paths,
    },
  }
}

/** rollupHour's writes: the hour's rows replaced, then its funnel counts, in one transaction. */
export async function writeHour(db: Queryable, hour: number, rollup: HourRollup): Promise<number> {
  await db.transaction(async (trx) => {
    await replaceHour(trx, hour, rollup.tables)
    // Funnel counts and journey groups of the hour's session paths (decision 117).
    await rollupFunnelsHour(trx, hour)
  })
  return rollup.rows
}

/** Without a build's inventory every path is in the "not in the last build" family (created on
 * use: families.ts imports this module, so nothing of it may run while modules load). */
const noBuild = () => familyLookupOf([], 'none')

/** Sums a UTC day's hourly rows into analytics_daily, then its family rows (replacing what was there). */
export async function rollupDay(db: Queryable, day: number, families: FamilyLookup = noBuild()): Promise<void> {
  const first = (day * DAY_MS) / HOUR_MS
  await db.transaction(async (trx) => {
    await trx('analytics_daily').where({ day }).delete()
    const sums = METRICS.map((m) => `sum(${m}) as ${m}`).join(', ')
    await trx.raw(
      `insert into analytics_daily (day, dim, key, ${METRICS.join(', ')})
       select ?, dim, key, ${sums} from analytics_hourly where hour >= ? and hour < ? group by dim, key`,
      [day, first, first + 24],
    )
    await rollupDetailsDay(trx, day)
    // Per template family (decision 114): read by the per-family report for whole days.
    await rollupFamilyDay(trx, day, families.familyOf)
    // Weekly rows (decision 119): long ranges read whole weeks.
    await rollupWeekOfDay(trx, day)
    // Running web-vital histograms per page and week (decision 185): the report sorted on a p75.
    await rollupVitalWeekTotals(trx, day)
    // Running totals of pages and landing pages (decision 184): a range is two rows per key.
    await rollupTotalsDay(trx, day)
    // Journeys to a conversion per day (decision 117).
    await rollupJourneysDay(trx, day)
  })
}

export const ROLLED_THROUGH_KEY = 'rollup.through_hour'
/** Hours re-rolled on every run: sessions started in them may still be going on. */
export const REROLL_HOURS = 3
/** At most this many hours per run (a long outage is caught up over several runs). */
export const MAX_HOURS_PER_RUN = 24 * 7

export async function rolledThrough(db: Queryable): Promise<number | null> {
  const row = await db('analytics_state').where({ key: ROLLED_THROUGH_KEY }).first('value')
  return row ? Number(row.value) : null
}

/**
 * Rolls up every complete hour not rolled up yet (from the first raw event when nothing was), the
 * last REROLL_HOURS again, then the UTC days those hours touch. Answers the hours written.
 */
export async function runRollups(db: Queryable, now = Date.now(), families: FamilyLookup = noBuild()): Promise<number[]> {
  const lastComplete = Math.floor(now / HOUR_MS) - 1
  let through = await rolledThrough(db)
  if (through === null) {
    const first = await db('events').min({ ts: 'ts' }).first()
    through = first?.ts == null ? lastComplete : Math.floor(Number(first.ts) / HOUR_MS) - 1
  }
  const start = Math.max(through + 1 - REROLL_HOURS, lastComplete - MAX_HOURS_PER_RUN * 4)
  const end = Math.min(lastComplete, start + MAX_HOURS_PER_RUN + REROLL_HOURS)
  const hours: number[] = []
  for (let h = start; h <= end; h++) {
    // On a SQLite file, in the rollup worker thread with its own connection (decision 198).
    await rollupHourOf(db, h)
    hours.push(h)
  }
  const days = [...new Set(hours.map((h) => Math.floor((h * HOUR_MS) / DAY_MS)))]
  for (const day of days) await rollupDay(db, day, families)
  if (hours.length) {
    const value = String(Math.max(end, through))
    await db('analytics_state').insert({ key: ROLLED_THROUGH_KEY, value }).onConflict('key').merge()
  }
  // A new build may have moved URLs between families: every day's family rows follow it.
  await refreshFamilies(db, families)
  // Saved funnels' missing hours, journeys of older hours, unread funnels' rows (decision 117).
  await maintainFunnels(db, now)
  return hours
}

export const rollupJob = defineJob({
  type: 'analytics.rollup',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 30_000, maxMs: 10 * 60_000 },
  timeoutMs: 10 * 60_000,
  async handler(_payload, ctx) {
    await runRollups(ctx.deps.db, ctx.now, familyLookupFor(ctx.deps.env.STATIC_DIR))
  },
})

/** Raw events and sessions older than ANALYTICS_RETENTION_DAYS, and salts older than yesterday. */
export async function purgeAnalytics(db: Queryable, retentionDays: number, now = Date.now()): Promise<{ events: number; sessions: number }> {
  const cutoff = now - retentionDays * DAY_MS
  let events = 0
  // In slices, so a first purge of millions of rows never holds the database for long.
  for (;;) {
    const ids = (await db('events').where('ts', '<', cutoff).limit(5000).pluck('id')) as number[]
    if (!ids.length) break
    events += Number(await db('events').whereIn('id', ids).delete())
  }
  const sessions = Number(await db('analytics_sessions').where('started_at', '<', cutoff).delete())
  await db('analytics_session_paths').where('started_at', '<', cutoff).delete()
  await purgeSeqs(db, cutoff)
  await db('analytics_salts')
    .where('day', '<', Math.floor(now / DAY_MS) - 1)
    .delete()
  return { events, sessions }
}

export const analyticsPurgeJob = defineJob({
  type: 'analytics.purge',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  timeoutMs: 30 * 60_000,
  async handler(_payload, ctx) {
    await purgeAnalytics(ctx.deps.db, ctx.deps.env.ANALYTICS_RETENTION_DAYS, ctx.now)
  },
})
