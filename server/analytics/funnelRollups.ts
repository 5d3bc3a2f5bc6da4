// Funnels and journeys from rollups: what the rollup job writes (docs/decisions/117-funnel-and-journey-rollups.md;
// the reads are in funnelReads.ts, which this module must not import: rollup.ts imports it).
//
// Funnels: the sessions started in an hour that reach each step of a funnel add up over hours, so a
// funnel over a range is the sum of its hourly counts. analytics_funnel_hourly keeps those counts
// per funnel key (the steps' hash) for rolled-up hours older than the re-roll window: the rollup job
// writes them for saved funnels (and backfills a newly saved one); any other funnel computes its
// missing hours from the session paths on its first read and keeps them. When the job rewrites an
// hour's session paths it drops every funnel's row of that hour (and writes the saved ones again).
// The hours after that (the last re-rolled hours, the current hour) and partial edge hours are read
// from the session paths as before (readSessionPaths), so the answer is exactly the scan's.
//
// Journeys: analytics_journey_hourly groups each hour's converting sessions by journey (its pages
// before a conversion, then the conversion) and the goals converted before it; the top journeys
// are summed, sorted and limited in SQL. The hours not rolled up are computed from raw events.
import crypto from 'node:crypto'
import type { Queryable } from '../db/rows.ts'
import { chunk, isSqlite, jsonColumns } from '../db/rows.ts'
import { journeyKey, journeysOfSession, likeOf, matcherOf, reached, type FunnelStep } from './funnels.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'
import { REROLL_HOURS, rolledThrough } from './rollup.ts'
import { fillSeqHours, funnelHoursFromSeqs, writeSeqHour } from './funnelSeqs.ts'

/** The cache key of a funnel: a hash of its steps (kind and value, in order). */
export function funnelKey(steps: FunnelStep[]): string {
  const canonical = JSON.stringify(steps.map((s) => [s.kind, s.value]))
  return crypto.createHash('sha256').update(canonical).digest('hex').slice(0, 40)
}

/** Unsaved funnels' hourly rows are dropped once nobody has read the funnel for this long. */
export const FUNNEL_CACHE_DAYS = 30
/** How many hours a rollup run backfills for newly saved funnels (the rest on the next runs). */
export const BACKFILL_HOURS_PER_RUN = 24 * 30

type Counts = number[]

/**
 * Each hour's reached counts of a funnel over [h0, h1): from the hours' packed step sequences
 * (decision 187), and from the stored session paths for hours not packed yet.
 */
export async function computeFunnelHours(db: Queryable, steps: FunnelStep[], h0: number, h1: number): Promise<Map<number, Counts>> {
  const { counts, missing } = await funnelHoursFromSeqs(db, steps, h0, h1)
  for (const [a, b] of runsOfHours(missing)) for (const [h, c] of await computeFunnelHoursFromPaths(db, steps, a, b)) counts.set(h, c)
  return counts
}

/** Consecutive hours as [first, last + 1) runs. */
function runsOfHours(hours: number[]): [number, number][] {
  const runs: [number, number][] = []
  for (const h of hours) {
    const last = runs.at(-1)
    if (last && last[1] === h) last[1] = h + 1
    else runs.push([h, h + 1])
  }
  return runs
}

/** Each hour's reached counts of a funnel, computed from the stored session paths of [h0, h1). */
export async function computeFunnelHoursFromPaths(db: Queryable, steps: FunnelStep[], h0: number, h1: number): Promise<Map<number, Counts>> {
  const matchers = steps.map(matcherOf)
  const out = new Map<number, Counts>()
  for (let h = h0; h < h1; h++)
    out.set(
      h,
      steps.map(() => 0),
    )
  const rows = (await db('analytics_session_paths')
    .where('started_at', '>=', h0 * HOUR_MS)
    .andWhere('started_at', '<', h1 * HOUR_MS)
    .andWhereRaw(`steps like ? escape '\\'`, [likeOf(steps[0])])
    .select('started_at', 'steps')) as { started_at: number | string; steps: string }[]
  for (const r of rows) {
    const n = reached(r.steps.split('\n'), matchers)
    if (!n) continue
    const counts = out.get(Math.floor(Number(r.started_at) / HOUR_MS))!
    for (let i = 0; i < n; i++) counts[i]++
  }
  return out
}

/** Keeps a funnel's hourly counts (rows already kept stay): one statement, the rows as one JSON
 * parameter (SQLite: json_each; PostgreSQL: jsonb_populate_recordset), decision 187. */
export async function writeFunnelHours(db: Queryable, key: string, counts: Map<number, Counts>) {
  if (!counts.size) return
  const rows = [...counts].map(([hour, c]) => ({
    funnel_key: key,
    hour,
    ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`reached_${i}`, c[i - 1] ?? 0])),
  }))
  const columns = Object.keys(rows[0])
  const source = isSqlite(db)
    ? `select ${jsonColumns(columns)} from json_each(?) where true`
    : `select ${columns.join(', ')} from jsonb_populate_recordset(null::analytics_funnel_hourly, ?::jsonb)`
  await db.raw(`insert into analytics_funnel_hourly (${columns.join(', ')}) ${source} on conflict (funnel_key, hour) do nothing`, [JSON.stringify(rows)])
}

/** Runs of consecutive hours of [h0, h1) that have no row for the key. */
export async function missingRuns(db: Queryable, key: string, h0: number, h1: number): Promise<[number, number][]> {
  if (h1 <= h0) return []
  const have = new Set(
    (
      (await db('analytics_funnel_hourly').where({ funnel_key: key }).andWhere('hour', '>=', h0).andWhere('hour', '<', h1).pluck('hour')) as (number | string)[]
    ).map(Number),
  )
  return runsOutside(have, h0, h1)
}

/** Runs of consecutive hours of [h0, h1) not in `have`. */
export function runsOutside(have: Set<number>, h0: number, h1: number): [number, number][] {
  const runs: [number, number][] = []
  for (let h = h0; h < h1; h++) {
    if (have.has(h)) continue
    const last = runs.at(-1)
    if (last && last[1] === h) last[1] = h + 1
    else runs.push([h, h + 1])
  }
  return runs
}

/** The last hour whose funnel counts are kept: rolled up and older than the re-roll window. */
export const stableThrough = (through: number | null) => (through === null ? null : through - REROLL_HOURS)

/** Notes that an unsaved funnel was read (at most once a day per funnel), so its rows are kept. */
export async function touchKey(db: Queryable, key: string, steps: FunnelStep[], now: number) {
  const row = (await db('analytics_funnel_keys').where({ funnel_key: key }).first('last_read_at')) as { last_read_at: number | string } | undefined
  if (row && now - Number(row.last_read_at) < DAY_MS) return
  await db('analytics_funnel_keys')
    .insert({ funnel_key: key, steps: JSON.stringify(steps), last_read_at: now })
    .onConflict('funnel_key')
    .merge(['last_read_at'])
}

type SavedFunnel = { funnel_key: string; steps: string }
const savedFunnels = async (db: Queryable) => (await db('analytics_funnels').select('funnel_key', 'steps')) as SavedFunnel[]
const uniqueByKey = (rows: SavedFunnel[]) => [...new Map(rows.map((r) => [r.funnel_key, r])).values()]

/**
 * Called by the rollup job after it rewrote an hour's session paths: every funnel's row of that hour
 * is dropped, saved funnels' rows written again (when the hour is past the re-roll window), the
 * hour's journeys grouped into analytics_journey_hourly, and its sessions' steps packed into
 * analytics_funnel_seqs (decision 187).
 */
export async function rollupFunnelsHour(db: Queryable, hour: number): Promise<void> {
  await db('analytics_funnel_hourly').where({ hour }).delete()
  const paths = await pathsOfHour(db, hour)
  await writeJourneysHour(db, hour, paths)
  await writeSeqHour(db, hour, paths)
  for (const f of uniqueByKey(await savedFunnels(db))) {
    const steps = JSON.parse(f.steps) as FunnelStep[]
    const matchers = steps.map(matcherOf)
    const counts = steps.map(() => 0)
    for (const p of paths) {
      const n = reached(p.steps.split('\n'), matchers)
      for (let i = 0; i < n; i++) counts[i]++
    }
    await writeFunnelHours(db, f.funnel_key, new Map([[hour, counts]]))
  }
}

/**
 * After a rollup run: saved funnels get their missing stable hours (BACKFILL_HOURS_PER_RUN at most
 * per run, newest first), hours rolled up before journeys were grouped get their journeys, and
 * unsaved funnels nobody read for FUNNEL_CACHE_DAYS lose their rows.
 */
export async function maintainFunnels(db: Queryable, now = Date.now()): Promise<void> {
  const through = await rolledThrough(db)
  // Packed step sequences of hours rolled up before they were written (decision 187), first:
  // the saved funnels' backfill below reads them.
  await fillSeqHours(db, through)
  const stable = stableThrough(through)
  if (stable !== null) {
    const first = await db('analytics_session_paths').min({ t: 'started_at' }).first()
    if (first?.t != null) {
      const h0 = Math.floor(Number(first.t) / HOUR_MS)
      for (const f of uniqueByKey(await savedFunnels(db))) {
        let budget = BACKFILL_HOURS_PER_RUN
        const steps = JSON.parse(f.steps) as FunnelStep[]
        for (const [a, b] of (await missingRuns(db, f.funnel_key, h0, stable + 1)).reverse()) {
          if (budget <= 0) break
          const from = Math.max(a, b - budget)
          budget -= b - from
          await writeFunnelHours(db, f.funnel_key, await computeFunnelHours(db, steps, from, b))
        }
      }
    }
  }
  await backfillJourneys(db)
  const stale = (await db('analytics_funnel_keys')
    .where('last_read_at', '<', now - FUNNEL_CACHE_DAYS * DAY_MS)
    .pluck('funnel_key')) as string[]
  const saved = new Set((await savedFunnels(db)).map((f) => f.funnel_key))
  for (const key of stale) {
    if (!saved.has(key)) await db('analytics_funnel_hourly').where({ funnel_key: key }).delete()
    await db('analytics_funnel_keys').where({ funnel_key: key }).delete()
  }
}

const pathsOfHour = async (db: Queryable, hour: number) =>
  (await db('analytics_session_paths')
    .where('started_at', '>=', hour * HOUR_MS)
    .andWhere('started_at', '<', (hour + 1) * HOUR_MS)
    .select('steps', 'conversions')) as { steps: string; conversions: number | string }[]

/** Replaces an hour's journey groups. */
async function writeJourneysHour(db: Queryable, hour: number, paths: { steps: string; conversions: number | string }[]) {
  await db('analytics_journey_hourly').where({ hour }).delete()
  const groups = journeyGroups(paths.filter((p) => Number(p.conversions) > 0))
  for (const part of chunk(
    [...groups.values()].map((g) => ({ hour, ...g })),
    200,
  ))
    await db('analytics_journey_hourly').insert(part)
}

/** Sums a UTC day's hourly journey groups into analytics_journey_daily (called by rollupDay). */
export async function rollupJourneysDay(db: Queryable, day: number): Promise<void> {
  await db('analytics_journey_daily').where({ day }).delete()
  await db.raw(
    `insert into analytics_journey_daily (day, journey, conversion, prior, sessions)
     select ?, journey, conversion, prior, sum(sessions) from analytics_journey_hourly where hour >= ? and hour < ? group by journey, conversion, prior`,
    [day, day * 24, day * 24 + 24],
  )
}

/** Hours below this (state value) were rolled up before journeys were grouped (set by the migration). */
export const JOURNEYS_MISSING_BEFORE = 'journeys.missing_before'

/** Groups the journeys of hours rolled up before this table existed, newest first, a slice per run. */
async function backfillJourneys(db: Queryable) {
  const state = (await db('analytics_state').where({ key: JOURNEYS_MISSING_BEFORE }).first('value')) as { value: string } | undefined
  if (!state) return
  const first = await db('analytics_session_paths').min({ t: 'started_at' }).first()
  const h0 = first?.t == null ? Infinity : Math.floor(Number(first.t) / HOUR_MS)
  const hi = Number(state.value)
  const lo = Math.max(h0, hi - BACKFILL_HOURS_PER_RUN)
  for (let h = lo; h < hi; h++) await writeJourneysHour(db, h, await pathsOfHour(db, h))
  for (let d = Math.floor(lo / 24); d <= Math.floor((hi - 1) / 24); d++) await rollupJourneysDay(db, d)
  if (lo <= h0) await db('analytics_state').where({ key: JOURNEYS_MISSING_BEFORE }).delete()
  else
    await db('analytics_state')
      .where({ key: JOURNEYS_MISSING_BEFORE })
      .update({ value: String(lo) })
}

/** Converting sessions grouped by (journey, conversion, goals converted before it). */
function journeyGroups(paths: { steps: string }[]) {
  const groups = new Map<string, { journey: string; conversion: string; prior: string; sessions: number }>()
  for (const p of paths) {
    for (const j of journeysOfSession(p.steps)) {
      const journey = journeyKey(j.pages, j.conversion)
      const prior = j.prior.join('\n')
      const id = `${journey}\u0001${prior}`
      const g = groups.get(id) ?? { journey, conversion: j.conversion, prior, sessions: 0 }
      g.sessions++
      groups.set(id, g)
    }
  }
  return groups
}
