// Reads of the per-page details and session paths over a range (docs/decisions/122): daily rows
// for whole UTC days, hourly rows for edge hours, and the hours not rolled up yet (the current
// one) computed from raw rows by the same functions the rollup job uses.
import type { Queryable } from '../db/rows.ts'
import { daySpans } from './coarse.ts'
import { HOUR_MS } from './ingest.ts'
import { computePageHour, computeSessionPaths, emptyPageDetail, PAGE_COLUMNS, type PageDetail, type PageRow, type Vital } from './pageDetails.ts'
import { plan, type Range } from './queries.ts'
import { rolledThrough } from './rollup.ts'

const pageSums = PAGE_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(', ')

/** Page details and vitals per path over a range: daily rows, edge hours, raw current hours. */
export async function readPageDetails(db: Queryable, range: Pick<Range, 'from' | 'to'>, now = Date.now()) {
  const p = plan(range, await rolledThrough(db), now)
  const pages = new Map<string, PageDetail>()
  const vitals = new Map<string, Map<Vital, Map<number, number>>>()
  const addPage = (r: Partial<PageRow> & { path: string }) => {
    let f = pages.get(r.path)
    if (!f) pages.set(r.path, (f = emptyPageDetail()))
    for (const c of PAGE_COLUMNS) f[c] += Number(r[c] ?? 0)
  }
  const addVital = (r: { path: string; metric: string; bucket: number | string; n: number | string }) => {
    let byMetric = vitals.get(r.path)
    if (!byMetric) vitals.set(r.path, (byMetric = new Map()))
    let h = byMetric.get(r.metric as Vital)
    if (!h) byMetric.set(r.metric as Vital, (h = new Map()))
    h.set(Number(r.bucket), (h.get(Number(r.bucket)) ?? 0) + Number(r.n))
  }
  const tasks: Promise<void>[] = []
  // Whole weeks from the weekly tables, the other whole days from the daily ones (decision 119).
  for (const span of daySpans('analytics_page_daily', p.dailyFrom, p.dailyTo))
    tasks.push(
      db(span.table)
        .where(span.unit, '>=', span.from)
        .andWhere(span.unit, '<', span.to)
        .groupBy('path')
        .select('path', db.raw(pageSums))
        .then((rows) => rows.forEach(addPage)),
    )
  for (const span of daySpans('analytics_vitals_daily', p.dailyFrom, p.dailyTo))
    tasks.push(
      db(span.table)
        .where(span.unit, '>=', span.from)
        .andWhere(span.unit, '<', span.to)
        .groupBy('path', 'metric', 'bucket')
        .select('path', 'metric', 'bucket', db.raw('sum(n) as n'))
        .then((rows) => rows.forEach(addVital)),
    )
  for (const [a, b] of p.hourly) {
    tasks.push(
      db('analytics_page_hourly')
        .where('hour', '>=', a)
        .andWhere('hour', '<', b)
        .groupBy('path')
        .select('path', db.raw(pageSums))
        .then((rows) => rows.forEach(addPage)),
    )
    tasks.push(
      db('analytics_vitals_hourly')
        .where('hour', '>=', a)
        .andWhere('hour', '<', b)
        .groupBy('path', 'metric', 'bucket')
        .select('path', 'metric', 'bucket', db.raw('sum(n) as n'))
        .then((rows) => rows.forEach(addVital)),
    )
  }
  for (const h of p.raw)
    tasks.push(
      computePageHour(db, h).then((r) => {
        r.pages.forEach(addPage)
        r.vitals.forEach(addVital)
      }),
    )
  await Promise.all(tasks)
  return { pages, vitals }
}

/** Session paths started in a range: stored rows for rolled-up hours, computed for the rest. */
export async function readSessionPaths(
  db: Queryable,
  range: Pick<Range, 'from' | 'to'>,
  filter: { like?: string; converted?: boolean } = {},
  now = Date.now(),
): Promise<{ steps: string; conversions: number }[]> {
  const p = plan(range, await rolledThrough(db), now)
  const rolledEnd = p.raw.length ? p.raw[0] * HOUR_MS : range.to
  const q = db('analytics_session_paths').where('started_at', '>=', range.from).andWhere('started_at', '<', Math.min(range.to, rolledEnd))
  if (filter.like) q.andWhereRaw(`steps like ? escape '\\'`, [filter.like])
  if (filter.converted) q.andWhere('conversions', '>', 0)
  const stored = (await q.select('steps', 'conversions')) as { steps: string; conversions: number | string }[]
  const out = stored.map((s) => ({ steps: s.steps, conversions: Number(s.conversions) }))
  for (const h of p.raw) {
    for (const s of await computeSessionPaths(db, h)) {
      if (s.started_at < range.from || s.started_at >= range.to) continue
      if (filter.converted && !s.conversions) continue
      out.push({ steps: s.steps, conversions: s.conversions })
    }
  }
  return out
}
