// Dashboard reads (issue 13): rollups for hours the job has rolled up (whole UTC days from
// analytics_daily, edge hours from analytics_hourly) and the raw tables, through the same
// computeHour, for the hours after it (the current hour). Ranges are whole days in the viewer's
// time zone; a day's series bucket is that zone's calendar day (DST included).
import type { Queryable } from '../db/rows.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'
import { addFigures, computeHour as computeHourNow, emptyFigures, METRICS, rolledThrough, type Dimension, type Figures, type RollupRow } from './rollup.ts'
import { daySpans } from './coarse.ts'
import { readTop } from './topReads.ts'

/** One computation per raw hour among the reads in flight together (a dashboard's Promise.all). */
const inFlight = new WeakMap<object, Map<number, Promise<RollupRow[]>>>()
function computeHour(db: Queryable, hour: number): Promise<RollupRow[]> {
  let byHour = inFlight.get(db)
  if (!byHour) inFlight.set(db, (byHour = new Map()))
  const found = byHour.get(hour)
  if (found) return found
  const p = computeHourNow(db, hour).finally(() => byHour.delete(hour))
  byHour.set(hour, p)
  return p
}

export type Range = { from: number; to: number; tz: string }

/** Milliseconds to add to UTC to read the wall clock of `tz` at instant `t`. */
const formatters = new Map<string, Intl.DateTimeFormat>()
export function zoneOffset(t: number, tz: string): number {
  if (tz === 'UTC') return 0
  let format = formatters.get(tz)
  if (!format) formatters.set(tz, (format = zoneFormat(tz)))
  const parts = format.formatToParts(new Date(t))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - (t - (t % 1000))
}

function zoneFormat(tz: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
}

/** The instant a calendar day (YYYY-MM-DD) starts in `tz`. */
export function zonedDayStart(day: string, tz: string): number {
  const [y, m, d] = day.split('-').map(Number)
  const guess = Date.UTC(y, m - 1, d)
  let t = guess - zoneOffset(guess, tz)
  t = guess - zoneOffset(t, tz)
  return t
}

export const localDay = (t: number, tz: string) => new Date(t + zoneOffset(t, tz)).toISOString().slice(0, 10)

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

/** A range of whole local days, `from` and `to` inclusive. */
export function dayRange(from: string, to: string, tz: string): Range {
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
  return { from: zonedDayStart(from, tz), to: zonedDayStart(next, tz), tz }
}

/** The range of the same length right before. */
export const previousRange = (r: Range): Range => ({ from: r.from - (r.to - r.from), to: r.from, tz: r.tz })

type Pieces = { dailyFrom: number; dailyTo: number; hourly: [number, number][]; raw: number[] }

/** Which tables answer which hours of [from, to) given the last rolled-up hour. */
export function plan(range: Pick<Range, 'from' | 'to'>, through: number | null, now = Date.now()): Pieces {
  const h0 = Math.floor(range.from / HOUR_MS)
  const h1 = Math.min(Math.ceil(range.to / HOUR_MS), Math.floor(now / HOUR_MS) + 1)
  const last = through ?? h0 - 1
  const rolledEnd = Math.max(h0, Math.min(h1, last + 1))
  const raw: number[] = []
  for (let h = rolledEnd; h < h1; h++) raw.push(h)
  const d0 = Math.ceil((h0 * HOUR_MS) / DAY_MS)
  const d1 = Math.floor((rolledEnd * HOUR_MS) / DAY_MS)
  if (d1 <= d0) return { dailyFrom: 0, dailyTo: 0, hourly: [[h0, rolledEnd]], raw }
  return {
    dailyFrom: d0,
    dailyTo: d1,
    hourly: [
      [h0, (d0 * DAY_MS) / HOUR_MS],
      [(d1 * DAY_MS) / HOUR_MS, rolledEnd],
    ].filter(([a, b]) => b > a) as [number, number][],
    raw,
  }
}

const sums = METRICS.map((m) => `sum(${m}) as ${m}`).join(', ')
type Breakdown = Map<Dimension, Map<string, Figures>>

function merge(into: Breakdown, rows: ({ dim: string; key: string } & Partial<Figures>)[]) {
  for (const r of rows) {
    let byKey = into.get(r.dim as Dimension)
    if (!byKey) into.set(r.dim as Dimension, (byKey = new Map()))
    let f = byKey.get(r.key)
    if (!f) byKey.set(r.key, (f = emptyFigures()))
    addFigures(f, r)
  }
}

/** Figures per key of each dimension over a range. */
export async function readBreakdown(db: Queryable, range: Pick<Range, 'from' | 'to'>, dims: Dimension[], now = Date.now()): Promise<Breakdown> {
  const p = plan(range, await rolledThrough(db), now)
  const out: Breakdown = new Map(dims.map((d) => [d, new Map()]))
  const parts: Promise<({ dim: string; key: string } & Partial<Figures>)[]>[] = []
  // Whole weeks from analytics_weekly, the other whole days from analytics_daily (decision 119).
  for (const span of daySpans('analytics_daily', p.dailyFrom, p.dailyTo))
    parts.push(
      db(span.table)
        .whereIn('dim', dims)
        .andWhere(span.unit, '>=', span.from)
        .andWhere(span.unit, '<', span.to)
        .groupBy('dim', 'key')
        .select('dim', 'key', db.raw(sums)),
    )
  for (const [a, b] of p.hourly)
    parts.push(
      db('analytics_hourly').whereIn('dim', dims).andWhere('hour', '>=', a).andWhere('hour', '<', b).groupBy('dim', 'key').select('dim', 'key', db.raw(sums)),
    )
  for (const h of p.raw) parts.push(computeHour(db, h).then((rows) => rows.filter((r) => dims.includes(r.dim))))
  for (const rows of await Promise.all(parts)) merge(out, rows)
  return out
}

/**
 * The `limit` keys of a dimension with the most `metric` over a range (ties by key), with all their
 * figures: summed and sorted in SQL (docs/decisions/114), so a dimension with 10,000 keys (pages,
 * landing pages) answers only the rows shown. `keys`: only those keys.
 */
export async function readTopKeys(
  db: Queryable,
  range: Pick<Range, 'from' | 'to'>,
  dim: Dimension,
  metric: (typeof METRICS)[number],
  limit: number,
  now = Date.now(),
  keys?: string[],
): Promise<Map<string, Figures>> {
  const p = plan(range, await rolledThrough(db), now)
  const raw = (await Promise.all(p.raw.map((h) => computeHour(db, h)))).flat().filter((r) => r.dim === dim)
  const source = { daily: 'analytics_daily', hourly: 'analytics_hourly', keyColumn: 'key', dim, columns: METRICS }
  // The sort sums its one figure over every key of the range; all figures are then read for the
  // shown keys only (decision 119: summing ten figures for 10,000 landing pages cost more than
  // reading 200 of them again by key).
  const top = await readTop(db, { pieces: p, sources: [source], columns: [metric], raw, sort: `sum(${metric})`, order: 'desc', limit, keys })
  const shown = top.rows.map((r) => r.key)
  const full = shown.length
    ? await readTop(db, { pieces: p, sources: [source], columns: METRICS, raw, sort: 'key', order: 'asc', limit: shown.length, keys: shown })
    : { rows: [] }
  const byKey = new Map(full.rows.map((r) => [r.key, r]))
  return new Map(shown.map((k) => [k, Object.fromEntries(METRICS.map((m) => [m, byKey.get(k)?.[m] ?? 0])) as Figures]))
}

export type SeriesPoint = { bucket: string } & Figures

/** Figures of one dimension key per local day (or per hour for ranges of two days or less). */
export async function readSeries(db: Queryable, range: Range, dim: Dimension = 'total', key = '', now = Date.now()): Promise<SeriesPoint[]> {
  return (await readSeriesMany(db, range, dim, [key], now)).get(key)!
}

/** readSeries of several keys of a dimension: one hourly query and one computation of the raw hours. */
export async function readSeriesMany(db: Queryable, range: Range, dim: Dimension, keys: string[], now = Date.now()): Promise<Map<string, SeriesPoint[]>> {
  const through = await rolledThrough(db)
  const p = plan(range, through, now)
  const h0 = Math.floor(range.from / HOUR_MS)
  const rolledEnd = p.raw.length ? p.raw[0] : Math.min(Math.ceil(range.to / HOUR_MS), Math.floor(now / HOUR_MS) + 1)
  const hourly = keys.length
    ? ((await db('analytics_hourly')
        .where({ dim })
        .whereIn('key', keys)
        .andWhere('hour', '>=', h0)
        .andWhere('hour', '<', rolledEnd)
        .select('hour', 'key', ...METRICS)) as ({ hour: number | string; key: string } & Figures)[])
    : []
  const rawRows = await Promise.all(p.raw.map(async (h) => ({ hour: h, rows: await computeHour(db, h) })))
  const raw = rawRows.flatMap(({ hour, rows }) => rows.filter((r) => r.dim === dim && keys.includes(r.key)).map((r) => ({ ...r, hour })))
  const byHour = range.to - range.from <= 2 * DAY_MS
  const label = (hour: number) =>
    byHour
      ? new Date(hour * HOUR_MS + zoneOffset(hour * HOUR_MS, range.tz)).toISOString().slice(0, 13).replace('T', ' ') + ':00'
      : localDay(hour * HOUR_MS, range.tz)
  // Every bucket of the range, zero when nothing happened.
  const labels: [number, string][] = []
  for (let h = h0; h * HOUR_MS < range.to; h++) labels.push([h, label(h)])
  const out = new Map<string, Map<string, SeriesPoint>>()
  for (const key of keys) {
    const points = new Map<string, SeriesPoint>()
    for (const [, b] of labels) if (!points.has(b)) points.set(b, { bucket: b, ...emptyFigures() })
    out.set(key, points)
  }
  const labelOf = new Map(labels)
  for (const r of [...hourly, ...raw]) {
    const b = labelOf.get(Number(r.hour))
    const point = b === undefined ? undefined : out.get(r.key)?.get(b)
    if (point) addFigures(point, r as Partial<Figures>)
  }
  return new Map([...out].map(([key, points]) => [key, [...points.values()]]))
}
