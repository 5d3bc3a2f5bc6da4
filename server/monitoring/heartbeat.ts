// The conversion heartbeat (issue 14): form submissions (non-spam leads of every kind) and phone
// clicks per hour, against their usual rate for the same weekday and hour (the mean of the same
// hour 1, 2, 3 and 4 weeks earlier: a 28-day, weekday-adjusted baseline). Over the last
// WINDOW_HOURS complete hours, it alerts when
//   - the baseline expects at least MIN_EXPECTED conversions (quiet hours never alert),
//   - page views are still at least half their own baseline (traffic continues: the visitors are
//     there, the conversions are not), and
//   - observing so few is very unlikely: Poisson P(X ≤ observed | expected) < MAX_P.
// That is a broken form, a blocked script or a bad deploy far more often than chance.
// leadsLostDuring estimates the leads an incident cost: expected minus actual over its hours.
// docs/decisions/132-conversion-heartbeat.md
import { z } from 'zod'
import type { Db } from '../db/knex.ts'
import { isSqlite, type Queryable } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { raiseAlert } from './alerts.ts'

export const HOUR_MS = 3_600_000
export const WEEK_MS = 7 * 24 * HOUR_MS
export const BASELINE_WEEKS = 4
export const WINDOW_HOURS = 3
export const MIN_EXPECTED = 4
export const MAX_P = 0.01
export const MIN_TRAFFIC_RATIO = 0.5

export type Metric = 'forms' | 'calls' | 'views'
export type Series = Map<number, number>

/** P(X ≤ k) for X ~ Poisson(λ). */
export function poissonCdf(k: number, lambda: number): number {
  if (lambda <= 0) return 1
  let term = Math.exp(-lambda)
  let sum = term
  for (let i = 1; i <= k; i++) {
    term *= lambda / i
    sum += term
  }
  return Math.min(1, sum)
}

/** The mean of the same weekday and hour over the previous BASELINE_WEEKS weeks. */
export function baselineAt(series: Series, hour: number): number {
  let total = 0
  for (let w = 1; w <= BASELINE_WEEKS; w++) total += series.get(hour - w * WEEK_MS) ?? 0
  return total / BASELINE_WEEKS
}

export type DropVerdict = {
  metric: 'forms' | 'calls'
  from: string
  to: string
  observed: number
  expected: number
  views: number
  expectedViews: number
  p: number
  alert: boolean
  reason: string
}

/** The verdict for the WINDOW_HOURS complete hours ending at `end` (an hour boundary). */
export function detectDrop(metric: 'forms' | 'calls', conversions: Series, views: Series, end: number): DropVerdict {
  const hours = Array.from({ length: WINDOW_HOURS }, (_, i) => end - (WINDOW_HOURS - i) * HOUR_MS)
  const sum = (s: Series) => hours.reduce((n, h) => n + (s.get(h) ?? 0), 0)
  const base = (s: Series) => hours.reduce((n, h) => n + baselineAt(s, h), 0)
  const observed = sum(conversions)
  const expected = base(conversions)
  const seenViews = sum(views)
  const expectedViews = base(views)
  const p = poissonCdf(observed, expected)
  let reason: string
  let alert = false
  if (expected < MIN_EXPECTED) reason = `Too few ${metric} expected (${expected.toFixed(1)}) to judge.`
  else if (seenViews < expectedViews * MIN_TRAFFIC_RATIO)
    reason = `Traffic is down too (${seenViews} page views, usually ${expectedViews.toFixed(0)}): not a conversion problem.`
  else if (p >= MAX_P) reason = `${observed} ${metric} against ${expected.toFixed(1)} expected is within normal variation.`
  else {
    alert = true
    reason = `${observed} ${metric} in ${WINDOW_HOURS} hours against ${expected.toFixed(1)} usually, while page views continue (${seenViews}, usually ${expectedViews.toFixed(0)}).`
  }
  return {
    metric,
    from: new Date(hours[0]).toISOString(),
    to: new Date(end).toISOString(),
    observed,
    expected,
    views: seenViews,
    expectedViews,
    p,
    alert,
    reason,
  }
}

const hourExpr = (db: Queryable, column: string) => (isSqlite(db) ? `substr(${column}, 1, 13)` : `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`)
const hourKey = (text: unknown) => Date.parse(`${String(text)}:00:00.000Z`)

/** Hourly counts of a metric in [from, to). */
export async function loadSeries(db: Queryable, metric: Metric, from: number, to: number): Promise<Series> {
  const range = [new Date(from).toISOString(), new Date(to).toISOString()]
  let query
  if (metric === 'forms') {
    query = db('leads').where('is_spam', false).andWhere('created_at', '>=', range[0]).andWhere('created_at', '<', range[1])
    query.select(db.raw(`${hourExpr(db, 'created_at')} as h`), db.raw('count(*) as n')).groupByRaw(hourExpr(db, 'created_at'))
  } else {
    query = db('events').andWhere('received_at', '>=', range[0]).andWhere('received_at', '<', range[1])
    if (metric === 'views') query.where('type', 'page_view')
    else query.where((q) => q.where({ type: 'click', name: 'call' }).orWhereIn('type', ['tel_click', 'tel-click']))
    query.select(db.raw(`${hourExpr(db, 'received_at')} as h`), db.raw('count(*) as n')).groupByRaw(hourExpr(db, 'received_at'))
  }
  const rows: Array<{ h: string; n: number | string }> = await query
  return new Map(rows.map((r) => [hourKey(r.h), Number(r.n)]))
}

const floorHour = (t: number) => t - (t % HOUR_MS)

export async function checkHeartbeat(db: Queryable, now = Date.now()): Promise<DropVerdict[]> {
  const end = floorHour(now)
  const from = end - WINDOW_HOURS * HOUR_MS - BASELINE_WEEKS * WEEK_MS
  const [forms, calls, views] = await Promise.all([loadSeries(db, 'forms', from, end), loadSeries(db, 'calls', from, end), loadSeries(db, 'views', from, end)])
  return [detectDrop('forms', forms, views, end), detectDrop('calls', calls, views, end)]
}

/** Hourly observed vs expected for the last `hours` hours (the monitoring chart). */
export async function heartbeatSeries(db: Queryable, now = Date.now(), hours = 72) {
  const end = floorHour(now) + HOUR_MS
  const start = end - hours * HOUR_MS
  const from = start - BASELINE_WEEKS * WEEK_MS
  const [forms, calls, views] = await Promise.all([loadSeries(db, 'forms', from, end), loadSeries(db, 'calls', from, end), loadSeries(db, 'views', from, end)])
  return Array.from({ length: hours }, (_, i) => {
    const h = start + i * HOUR_MS
    return {
      hour: new Date(h).toISOString(),
      forms: forms.get(h) ?? 0,
      formsExpected: Math.round(baselineAt(forms, h) * 100) / 100,
      calls: calls.get(h) ?? 0,
      callsExpected: Math.round(baselineAt(calls, h) * 100) / 100,
      views: views.get(h) ?? 0,
      viewsExpected: Math.round(baselineAt(views, h) * 100) / 100,
    }
  })
}

/** Leads an interval probably cost: the baseline of its hours minus the leads that came. */
export async function leadsLostDuring(db: Queryable, start: number, end: number): Promise<{ expected: number; actual: number; lost: number; hours: number }> {
  const first = floorHour(start)
  const last = floorHour(Math.max(start, end - 1))
  const series = await loadSeries(db, 'forms', first - BASELINE_WEEKS * WEEK_MS, last + HOUR_MS)
  let expected = 0
  let actual = 0
  for (let h = first; h <= last; h += HOUR_MS) {
    // Partial first and last hours count in proportion to the part inside the interval.
    const share = (Math.min(end, h + HOUR_MS) - Math.max(start, h)) / HOUR_MS
    expected += baselineAt(series, h) * share
    actual += series.get(h) ?? 0
  }
  const round = (n: number) => Math.round(n * 10) / 10
  return { expected: round(expected), actual, lost: round(Math.max(0, expected - actual)), hours: (last - first) / HOUR_MS + 1 }
}

export const heartbeatJob = defineJob({
  type: 'conversion.heartbeat',
  payload: z.object({}),
  maxAttempts: 2,
  timeoutMs: 120_000,
  async handler(_payload, ctx) {
    const db: Db = ctx.deps.db
    const verdicts = await checkHeartbeat(db, ctx.now)
    for (const v of verdicts.filter((x) => x.alert)) {
      const lost = await leadsLostDuring(db, Date.parse(v.from), Date.parse(v.to))
      await raiseAlert(
        db,
        {
          kind: 'heartbeat.drop',
          key: `heartbeat:${v.metric}`,
          subject: v.metric === 'forms' ? 'Form submissions stopped while visitors keep coming' : 'Phone clicks stopped while visitors keep coming',
          body: `${v.reason}\nWindow: ${v.from} to ${v.to}. Probability by chance: ${v.p.toExponential(1)}.\nAbout ${lost.lost} leads missing so far. Check the forms, the tracker and the last deploy. /admin/monitoring`,
        },
        ctx.now,
      )
    }
    return verdicts.map((v) => ({ metric: v.metric, alert: v.alert }))
  },
})
