// /api/admin/analytics/{pages,funnel,conversion-paths} for /admin/web-analytics (issue 13,
// docs/decisions/122): per page and per template family (views, entries, exits, scroll depth,
// time, engagement, web vitals at p75 against Google's thresholds), funnels of 2–5 steps with
// drop-off, and the most common paths to a conversion. Rollups for rolled-up hours, raw rows for
// the current hour (server/analytics/pageDetails.ts). Each answer carries the previous period of
// the same length when `compare=1`. Role: `analytics` (admin, marketing).
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import type { CmsStore } from '../cms/store.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { FunnelSchema, journeyKey, type FunnelStep } from '../analytics/funnels.ts'
import { funnelKey } from '../analytics/funnelRollups.ts'
import { readFunnel, readJourneys } from '../analytics/funnelReads.ts'
import { bodyOf } from '../api/state.ts'
import { nowIso } from '../db/rows.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { writeWith } from './resourceRouter.ts'
import { familyLookupOf, OUTSIDE_BUILD, type FamilyLookup } from '../analytics/families.ts'
import { HOUR_MS, DAY_MS } from '../analytics/ingest.ts'
import { emptyPageDetail, p75, PAGE_COLUMNS, rate, VITALS, type PageDetail, type Vital } from '../analytics/pageDetails.ts'
import { readPageDetails } from '../analytics/pageReads.ts'
import { plan, previousRange, readBreakdown, type Range } from '../analytics/queries.ts'
import { emptyFigures, addFigures, METRICS, rolledThrough, type Figures } from '../analytics/rollup.ts'
import { likeOfGlob, readTop, type Source } from '../analytics/topReads.ts'
import { daySpans } from '../analytics/coarse.ts'
import { readTopByVital } from '../analytics/vitalSort.ts'
import { totalsBounds, totalsOf } from '../analytics/pageTotals.ts'
import { isSqlite } from '../db/rows.ts'
import { parseQuery, RangeQuery, rangeOf } from './analytics.ts'

const iso = (t: number) => new Date(t).toISOString()
const compareFlag = z.enum(['0', '1', 'true', 'false']).optional()
const wantsCompare = (v: string | undefined) => v === '1' || v === 'true'

export const PAGE_SORTS = ['views', 'sessions', 'entries', 'exits', 'exitRate', 'engagement', 'seconds', 'LCP', 'INP', 'CLS', 'TTFB', 'key'] as const
const PagesQuery = z.object({
  group: z.enum(['page', 'family']).default('page'),
  q: z.string().trim().max(300).optional(),
  family: z.string().trim().max(40).optional(),
  sort: z.enum(PAGE_SORTS).default('views'),
  order: z.enum(['asc', 'desc']).default('desc'),
  compare: compareFlag,
})

type Histograms = Map<Vital, Map<number, number>>
type Group = { figures: Figures; detail: PageDetail; vitals: Histograms; pages: number }

/** The template family of a path: the last build's inventory, else a label saying it is not there. */
export { OUTSIDE_BUILD }
function familyLookup(store?: CmsStore): FamilyLookup {
  const inv = store?.inventory()
  return familyLookupOf(inv?.pages ?? [], inv?.builtAt ?? 'none')
}

const isVital = (sort: string) => (VITALS as readonly string[]).includes(sort)

const globRe = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i')

function mergeHistograms(into: Histograms, from: Histograms | undefined) {
  for (const [metric, h] of from ?? []) {
    let target = into.get(metric)
    if (!target) into.set(metric, (target = new Map()))
    for (const [b, n] of h) target.set(b, (target.get(b) ?? 0) + n)
  }
}

function vitalsOf(h: Histograms) {
  return Object.fromEntries(
    VITALS.map((m) => {
      const hist = h.get(m)
      const value = hist ? p75(m, hist) : null
      const n = hist ? [...hist.values()].reduce((a, b) => a + b, 0) : 0
      return [m, { p75: value, rating: value === null ? null : rate(m, value), samples: n }]
    }),
  ) as Record<Vital, { p75: number | null; rating: string | null; samples: number }>
}

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0)

const emptyGroup = (): Group => ({ figures: emptyFigures(), detail: emptyPageDetail(), vitals: new Map(), pages: 0 })

/** Per page: the rollup figures of the `page` dimension, page details and vitals. */
async function pageGroups(db: Db, range: Pick<Range, 'from' | 'to'>, now = Date.now()) {
  const [breakdown, details] = await Promise.all([readBreakdown(db, range, ['page'], now), readPageDetails(db, range, now)])
  const groups = new Map<string, Group>()
  const at = (path: string) => {
    let g = groups.get(path)
    if (!g) groups.set(path, (g = emptyGroup()))
    return g
  }
  for (const [path, f] of breakdown.get('page') ?? []) {
    addFigures(at(path).figures, f)
    at(path).pages = 1
  }
  for (const [path, d] of details.pages) {
    const g = at(path)
    g.pages = 1
    for (const [k, v] of Object.entries(d)) g.detail[k as keyof PageDetail] += v
  }
  for (const [path, h] of details.vitals) mergeHistograms(at(path).vitals, h)
  return groups
}

function rowOf(key: string, g: Group, family: string | null) {
  const views = g.figures.page_views
  const d = g.detail
  return {
    key,
    family,
    pages: g.pages,
    views,
    sessions: g.figures.sessions,
    entries: g.figures.entries,
    exits: g.figures.exits,
    exitRate: pct(g.figures.exits, views),
    scroll: { 25: d.scroll_25, 50: d.scroll_50, 75: d.scroll_75, 90: d.scroll_90, 100: d.scroll_100 },
    scrollShare: {
      25: pct(d.scroll_25, views),
      50: pct(d.scroll_50, views),
      75: pct(d.scroll_75, views),
      90: pct(d.scroll_90, views),
      100: pct(d.scroll_100, views),
    },
    time: { 30: d.time_30, 60: d.time_60, 120: d.time_120, 300: d.time_300 },
    avgSeconds: d.engagement_n ? Math.round(d.engaged_seconds_sum / d.engagement_n) : null,
    engagement: d.engagement_n ? Math.round((d.engagement_sum / d.engagement_n) * 10) / 10 : null,
    forms: { views: d.form_views, starts: d.form_starts, submits: d.form_submits },
    vitals: vitalsOf(g.vitals),
  }
}
/** The value a row is sorted on, computed from its group as rowOf does (without the other figures). */
function sortKeyOf(key: string, g: Group, sort: (typeof PAGE_SORTS)[number]): number | string {
  const d = g.detail
  const f = g.figures
  if (sort === 'key') return key
  if (sort === 'engagement') return d.engagement_n ? Math.round((d.engagement_sum / d.engagement_n) * 10) / 10 : -1
  if (sort === 'seconds') return d.engagement_n ? Math.round(d.engaged_seconds_sum / d.engagement_n) : -1
  if ((VITALS as readonly string[]).includes(sort)) {
    const h = g.vitals.get(sort as Vital)
    return (h ? p75(sort as Vital, h) : null) ?? -1
  }
  if (sort === 'views') return f.page_views
  if (sort === 'exitRate') return pct(f.exits, f.page_views)
  return f[sort as 'sessions' | 'entries' | 'exits']
}

type PagesQueryT = z.output<typeof PagesQuery>

/**
 * The per-page / per-family report. Per page, sorted on a figure SQL can compute (not a vital's
 * p75) and without a family filter: sorted and limited in SQL (docs/decisions/114). Per family
 * without a page filter: whole days from analytics_family_daily. Otherwise every page of the range
 * is read and grouped here (pagesReportFull).
 */
export async function pagesReport(db: Db, range: Range, q: PagesQueryT, families: FamilyLookup | ((path: string) => string), now = Date.now()) {
  const lookup = typeof families === 'function' ? { familyOf: families, signature: '', pagesOf: () => null } : families
  if (q.group === 'page' && !q.family && (SORT_SQL[q.sort] || isVital(q.sort))) return topPagesReport(db, range, q, lookup.familyOf, now)
  if (q.group === 'family' && !q.q) return familiesReport(db, range, q, lookup, now)
  return pagesReportFull(db, range, q, lookup.familyOf, now)
}

const FIGURES: Source = { daily: 'analytics_daily', hourly: 'analytics_hourly', keyColumn: 'key', dim: 'page', columns: METRICS }
const DETAILS: Source = { daily: 'analytics_page_daily', hourly: 'analytics_page_hourly', keyColumn: 'path', columns: PAGE_COLUMNS }
/** The sort figures as SQL over summed columns, rounded as rowOf rounds them (ties then go by key). */
const SORT_SQL: Partial<Record<(typeof PAGE_SORTS)[number], { sql: string; details: boolean; columns: string[] }>> = {
  views: { sql: 'sum(page_views)', details: false, columns: ['page_views'] },
  sessions: { sql: 'sum(sessions)', details: false, columns: ['sessions'] },
  entries: { sql: 'sum(entries)', details: false, columns: ['entries'] },
  exits: { sql: 'sum(exits)', details: false, columns: ['exits'] },
  exitRate: {
    sql: 'case when sum(page_views) > 0 then round(1000.0 * sum(exits) / sum(page_views)) / 10 else 0 end',
    details: false,
    columns: ['exits', 'page_views'],
  },
  engagement: {
    sql: 'case when sum(engagement_n) > 0 then round(10.0 * sum(engagement_sum) / sum(engagement_n)) / 10 else -1 end',
    details: true,
    columns: ['engagement_n', 'engagement_sum'],
  },
  seconds: {
    sql: 'case when sum(engagement_n) > 0 then round(1.0 * sum(engaged_seconds_sum) / sum(engagement_n)) else -1 end',
    details: true,
    columns: ['engagement_n', 'engaged_seconds_sum'],
  },
  key: { sql: 'key', details: false, columns: [] },
}
export const SHOWN_ROWS = 500

/** Web-vital histograms (metric, bucket) summed over the rolled-up pieces of a range. */
async function readVitals(
  db: Db,
  p: ReturnType<typeof plan>,
  filter: { like?: string; keys?: string[]; family?: string; byFamily?: boolean },
): Promise<{ key: string; metric: string; bucket: number; n: number }[]> {
  const parts: string[] = []
  const bindings: unknown[] = []
  const sqlite = isSqlite(db)
  const where = (column: string) => {
    let w = ''
    if (filter.like) {
      w += sqlite ? ` and ${column} like ? escape '\\'` : ` and ${column} ilike ? escape '\\'`
      bindings.push(filter.like)
    }
    if (filter.keys) {
      w += ` and ${column} in (${filter.keys.map(() => '?').join(', ')})`
      bindings.push(...filter.keys)
    }
    return w
  }
  if (p.dailyTo > p.dailyFrom) {
    // Without a page filter, whole days come from the ~20 families' rows, not every page's.
    const family = filter.byFamily || (!filter.like && !filter.keys)
    const totals = family ? totalsOf('analytics_family_vitals_daily', undefined, p.dailyFrom, p.dailyTo) : null
    if (totals)
      // The running totals of the family histograms: the row at the end minus the row before the start (decision 184).
      for (const b of await totalsBounds(db, totals, p.dailyFrom, p.dailyTo)) {
        bindings.push(b.day)
        if (filter.family) bindings.push(filter.family)
        parts.push(
          `select ${filter.byFamily ? 'family' : "''"} as key, metric, bucket, ${b.sign < 0 ? '-' : ''}n as n from ${totals} where day = ?${filter.family ? ' and family = ?' : ''}`,
        )
      }
    else if (family) {
      bindings.push(p.dailyFrom, p.dailyTo)
      let w = `day >= ? and day < ?`
      if (filter.family) {
        w += ' and family = ?'
        bindings.push(filter.family)
      }
      parts.push(`select ${filter.byFamily ? 'family' : "''"} as key, metric, bucket, n from analytics_family_vitals_daily where ${w}`)
    } else
      // Per page: whole weeks from the weekly histograms, the other days from the daily ones (decision 119).
      for (const span of daySpans('analytics_vitals_daily', p.dailyFrom, p.dailyTo)) {
        bindings.push(span.from, span.to)
        parts.push(
          `select ${filter.keys ? 'path' : "''"} as key, metric, bucket, n from ${span.table} where ${span.unit} >= ? and ${span.unit} < ?${where('path')}`,
        )
      }
  }
  if (!filter.byFamily)
    for (const [a, b] of p.hourly) {
      bindings.push(a, b)
      parts.push(`select ${filter.keys ? 'path' : "''"} as key, metric, bucket, n from analytics_vitals_hourly where hour >= ? and hour < ?${where('path')}`)
    }
  if (!parts.length) return []
  const result = (await db.raw(
    `select key, metric, bucket, sum(n) as n from (${parts.join(' union all ')}) u group by key, metric, bucket having sum(n) <> 0`,
    bindings as never[],
  )) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    key: string
    metric: string
    bucket: number | string
    n: number | string
  }[]
  return rows.map((r) => ({ key: String(r.key), metric: r.metric, bucket: Number(r.bucket), n: Number(r.n) }))
}

function addVitals(into: Histograms, rows: { metric: string; bucket: number; n: number }[]) {
  for (const r of rows) {
    let h = into.get(r.metric as Vital)
    if (!h) into.set(r.metric as Vital, (h = new Map()))
    h.set(r.bucket, (h.get(r.bucket) ?? 0) + r.n)
  }
}

/** Per page: the 500 shown pages sorted and limited in SQL; details and vitals read for those only. */
async function topPagesReport(db: Db, range: Range, q: PagesQueryT, familyOf: (path: string) => string, now: number) {
  const glob = q.q ? (q.q.includes('*') ? q.q : `*${q.q}*`) : null
  const pattern = glob ? globRe(glob) : null
  const like = glob ? likeOfGlob(glob) : undefined
  const p = plan(range, await rolledThrough(db), now)
  // The hours not rolled up yet (the current one), computed from raw rows as the rollup job does.
  const raw = p.raw.length ? await pageGroups(db, { from: p.raw[0] * HOUR_MS, to: range.to }, now) : new Map<string, Group>()
  for (const key of [...raw.keys()]) if (pattern && !pattern.test(key)) raw.delete(key)
  const rawRows = [...raw].map(([key, g]) => ({ key, ...g.figures, ...g.detail }))
  // Every page of the range is summed and sorted in SQL on the sort figure's columns only (on a
  // vital, its p75 from the summed histograms: vitalSort.ts); all figures, details and vitals are
  // then read for the shown pages by key (indexed on key, day).
  const sort = SORT_SQL[q.sort]
  const top = sort
    ? await readTop(db, {
        pieces: p,
        sources: sort.details ? [{ ...FIGURES, columns: [] }, DETAILS] : [FIGURES],
        columns: sort.columns,
        raw: rawRows,
        sort: sort.sql,
        order: q.order,
        limit: SHOWN_ROWS,
        like,
      }).then((t) => ({ keys: t.rows.map((r) => r.key), total: t.total }))
    : await readTopByVital(db, {
        pieces: p,
        metric: q.sort as Vital,
        order: q.order,
        limit: SHOWN_ROWS,
        like,
        raw: [...raw].map(([key, g]) => ({ key, buckets: [...(g.vitals.get(q.sort as Vital) ?? [])] })),
      })
  const keys = top.keys
  const byKeys = (source: Source, columns: readonly string[]) =>
    keys.length ? readTop(db, { pieces: p, sources: [source], columns, raw: rawRows, sort: 'key', order: 'asc', limit: keys.length, keys }) : { rows: [] }
  const [figures, details, vitals, allVitals] = await Promise.all([
    byKeys(FIGURES, METRICS),
    byKeys(DETAILS, PAGE_COLUMNS),
    keys.length ? readVitals(db, p, { keys }) : [],
    readVitals(db, p, { like }),
  ])
  const groups = new Map<string, Group>(keys.map((k) => [k, { ...emptyGroup(), pages: 1 }]))
  for (const r of [...figures.rows, ...details.rows]) {
    const g = groups.get(r.key)
    if (!g) continue
    addFigures(g.figures, r as Partial<Figures>)
    for (const c of PAGE_COLUMNS) if (r[c] !== undefined) g.detail[c] += r[c]
  }
  const byKey = new Map<string, { metric: string; bucket: number; n: number }[]>()
  for (const v of vitals) byKey.set(v.key, [...(byKey.get(v.key) ?? []), v])
  for (const [key, g] of groups) {
    addVitals(g.vitals, byKey.get(key) ?? [])
    mergeHistograms(g.vitals, raw.get(key)?.vitals)
  }
  const all: Histograms = new Map()
  addVitals(all, allVitals)
  for (const g of raw.values()) mergeHistograms(all, g.vitals)
  return { rows: keys.map((key) => rowOf(key, groups.get(key)!, familyOf(key))), total: top.total, vitals: vitalsOf(all) }
}

/** Per family: whole UTC days from analytics_family_daily, edge and current hours from the pages. */
async function familiesReport(db: Db, range: Range, q: PagesQueryT, lookup: FamilyLookup, now: number) {
  const p = plan(range, await rolledThrough(db), now)
  const byKey = new Map<string, Group>()
  const maxPages = new Map<string, number>()
  const at = (family: string) => {
    let g = byKey.get(family)
    if (!g) byKey.set(family, (g = emptyGroup()))
    return g
  }
  const daily = p.dailyTo > p.dailyFrom
  const edges: Pick<Range, 'from' | 'to'>[] = daily
    ? [
        { from: range.from, to: p.dailyFrom * DAY_MS },
        { from: p.dailyTo * DAY_MS, to: range.to },
      ].filter((r) => r.to > r.from)
    : [range]
  const [rows, vitals, edgeGroups] = await Promise.all([
    daily
      ? (db('analytics_family_daily')
          .where('day', '>=', p.dailyFrom)
          .andWhere('day', '<', p.dailyTo)
          .modify((b) => (q.family ? b.andWhere('family', q.family) : b))
          .groupBy('family')
          .select('family', db.raw('max(pages) as pages'), ...[...METRICS, ...PAGE_COLUMNS].map((c) => db.raw(`sum(${c}) as ${c}`))) as Promise<
          Record<string, unknown>[]
        >)
      : Promise.resolve([]),
    daily ? readVitals(db, p, { byFamily: true, family: q.family }) : Promise.resolve([]),
    Promise.all(edges.map((r) => pageGroups(db, r, now))),
  ])
  for (const r of rows) {
    const g = at(String(r.family))
    addFigures(g.figures, r as Partial<Figures>)
    for (const c of PAGE_COLUMNS) g.detail[c] += Number(r[c] ?? 0)
    maxPages.set(String(r.family), Number(r.pages))
  }
  for (const v of vitals) addVitals(at(v.key).vitals, [v])
  for (const groups of edgeGroups) {
    const seen = new Map<string, number>()
    for (const [path, g] of groups) {
      const fam = lookup.familyOf(path)
      if (q.family && fam !== q.family) continue
      const t = at(fam)
      addFigures(t.figures, g.figures)
      for (const c of PAGE_COLUMNS) t.detail[c] += g.detail[c]
      mergeHistograms(t.vitals, g.vitals)
      seen.set(fam, (seen.get(fam) ?? 0) + 1)
    }
    for (const [fam, n] of seen) maxPages.set(fam, Math.max(maxPages.get(fam) ?? 0, n))
  }
  // Pages: the family's pages in the last build; for paths outside it, the most seen on one day.
  for (const [fam, g] of byKey) g.pages = lookup.pagesOf(fam) ?? maxPages.get(fam) ?? 0
  return sortedRows(byKey, q, () => null)
}

function sortedRows(byKey: Map<string, Group>, q: PagesQueryT, familyOf: (key: string) => string | null) {
  const keyed = [...byKey].map(([key, g]) => ({ key, g, value: sortKeyOf(key, g, q.sort) }))
  const dir = q.order === 'asc' ? 1 : -1
  keyed.sort((a, b) => {
    const x = a.value
    const y = b.value
    return (typeof x === 'string' ? byteOrder(x, String(y)) : x - Number(y)) * dir || byteOrder(a.key, b.key)
  })
  const rows = keyed.slice(0, SHOWN_ROWS).map(({ key, g }) => rowOf(key, g, familyOf(key)))
  const all: Histograms = new Map()
  for (const g of byKey.values()) mergeHistograms(all, g.vitals)
  return { rows, total: keyed.length, vitals: vitalsOf(all) }
}

/** Keys compare as the database orders them (byte order), so SQL and JS sorts agree. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Every page of the range read and grouped here (vital sorts, family filters, page filters per family). */
export async function pagesReportFull(db: Db, range: Range, q: PagesQueryT, familyOf: (path: string) => string, now = Date.now()) {
  const pattern = q.q ? globRe(q.q.includes('*') ? q.q : `*${q.q}*`) : null
  // Filters apply to pages, before they are grouped into families.
  const wanted = (path: string) => (!pattern || pattern.test(path)) && (!q.family || familyOf(path) === q.family)
  const byKey = new Map<string, Group>()
  for (const [path, g] of await pageGroups(db, range, now)) {
    if (!wanted(path)) continue
    if (q.group === 'page') {
      byKey.set(path, g)
      continue
    }
    const fam = familyOf(path)
    const t = byKey.get(fam) ?? emptyGroup()
    addFigures(t.figures, g.figures)
    for (const [k, v] of Object.entries(g.detail)) t.detail[k as keyof PageDetail] += v
    mergeHistograms(t.vitals, g.vitals)
    t.pages++
    byKey.set(fam, t)
  }
  // Sorted on the one figure asked for, then full rows (four p75s each) for the first 500 only:
  // building every row of 10,000 pages cost more than the queries (docs/decisions/124).
  return sortedRows(byKey, q, (key) => (q.group === 'page' ? familyOf(key) : null))
}

function pages(db: Db, store?: CmsStore): Middleware {
  return async function webAnalyticsPages(ctx) {
    const r = parseQuery(RangeQuery, ctx.query)
    const q = parseQuery(PagesQuery, ctx.query)
    const range = rangeOf(r)
    const familyOf = familyLookup(store)
    const current = await pagesReport(db, range, q, familyOf)
    let before: Record<string, { views: number; entries: number; exits: number; engagement: number | null }> | null = null
    let previous = null
    if (wantsCompare(q.compare)) {
      const prev = previousRange(range)
      previous = { from: iso(prev.from), to: iso(prev.to) }
      const p = await pagesReport(db, prev, q, familyOf)
      before = Object.fromEntries(p.rows.map((row) => [row.key, { views: row.views, entries: row.entries, exits: row.exits, engagement: row.engagement }]))
    }
    ctx.body = {
      range: { from: iso(range.from), to: iso(range.to), tz: range.tz },
      previous,
      group: q.group,
      families: [...new Set(current.rows.map((row) => row.family).filter((f): f is string => Boolean(f)))].sort(),
      ...current,
      before,
    }
  }
}

/** The funnel's steps from the query: `steps` as JSON [{ kind, value }, ...]. */
function parseSteps(raw: unknown): FunnelStep[] {
  let value: unknown
  try {
    value = JSON.parse(String(raw ?? ''))
  } catch {
    throw httpError(400, 'Please describe the funnel: steps must be a list of 2 to 5 { kind, value } steps.', { steps: 'A funnel has 2 to 5 steps.' })
  }
  const parsed = FunnelSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) errors[['steps', ...issue.path].join('.')] ??= issue.message
  throw httpError(400, `Please correct the funnel: ${Object.values(errors)[0]}`, errors)
}

/** A funnel over a range: kept hourly counts plus the session paths of the rest (decision 117). */
// The missing hours' counts are kept after the answer (decision 187).
const funnelOver = (db: Db, range: Range, steps: FunnelStep[]) => readFunnel(db, range, steps, Date.now(), { background: true })

function funnelRoute(db: Db): Middleware {
  return async function webAnalyticsFunnel(ctx) {
    const r = parseQuery(RangeQuery, ctx.query)
    const c = parseQuery(z.object({ compare: compareFlag }), ctx.query)
    const steps = parseSteps(ctx.query.steps)
    const range = rangeOf(r)
    const current = await funnelOver(db, range, steps)
    const prev = previousRange(range)
    const before = wantsCompare(c.compare) ? await funnelOver(db, prev, steps) : null
    ctx.body = { ...current, previous: before ? { from: iso(prev.from), to: iso(prev.to), steps: before.steps } : null }
  }
}

const PathsQuery = z.object({ goal: z.string().trim().max(140).default('*'), compare: compareFlag })

function conversionPaths(db: Db): Middleware {
  return async function webAnalyticsPaths(ctx) {
    const r = parseQuery(RangeQuery, ctx.query)
    const q = parseQuery(PathsQuery, ctx.query)
    const range = rangeOf(r)
    // Summed, sorted and limited in SQL over the hourly journey groups (decision 117).
    const current = await readJourneys(db, range, q.goal || '*')
    let previous = null
    if (wantsCompare(q.compare)) {
      const prev = previousRange(range)
      const keys = current.rows.map((row) => journeyKey(row.pages, row.conversion))
      const before = await readJourneys(db, prev, q.goal || '*', keys.length, Date.now(), keys)
      const byKey = new Map(before.rows.map((row) => [row.path, row.sessions]))
      previous = {
        from: iso(prev.from),
        to: iso(prev.to),
        converting: before.converting,
        sessionsByPath: Object.fromEntries(current.rows.map((row) => [row.path, byKey.get(row.path) ?? 0])),
      }
    }
    ctx.body = { ...current, previous }
  }
}

const SavedFunnelSchema = z.object({
  name: z.string({ error: 'Enter a name for the funnel.' }).trim().min(1, 'Enter a name for the funnel.').max(120, 'At most 120 characters.'),
  steps: FunnelSchema,
})

const savedOut = (r: { id: number | string; name: string; steps: string; created_at: string }) => ({
  id: Number(r.id),
  name: r.name,
  steps: JSON.parse(r.steps) as FunnelStep[],
  createdAt: r.created_at,
})

/** Saved funnels: listed, saved and deleted (audited); the rollup job keeps their hourly counts. */
function registerSavedFunnels(router: Router, db: Db, guard: Middleware[]) {
  const json = adminJsonBody()
  router.get('/analytics/funnels', ...guard, requirePermission('analytics', 'list'), async function savedFunnelsList(ctx) {
    ctx.body = ((await db('analytics_funnels').orderBy('name').select('id', 'name', 'steps', 'created_at')) as Parameters<typeof savedOut>[0][]).map(savedOut)
  })
  router.post('/analytics/funnels', ...guard, requirePermission('analytics', 'create'), json, async function savedFunnelCreate(ctx) {
    const parsed = SavedFunnelSchema.safeParse(bodyOf(ctx))
    if (!parsed.success) {
      const errors: Record<string, string> = {}
      for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'steps'] ??= issue.message
      throw httpError(422, `Please correct the funnel: ${Object.values(errors)[0]}`, errors)
    }
    const { name, steps } = parsed.data
    if (await db('analytics_funnels').where({ name }).first('id'))
      throw httpError(422, `A funnel named "${name}" is saved already. Choose another name, or delete that one first.`, { name: 'This name is taken.' })
    const record = { name, steps: JSON.stringify(steps), funnel_key: funnelKey(steps) }
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const [row] = await w
        .trx('analytics_funnels')
        .insert({ ...record, created_by: w.userId, created_at: nowIso() })
        .returning('id')
      const funnelId = Number(typeof row === 'object' ? row.id : row)
      await audit(w.trx, w.userId, 'create', 'analytics-funnels', funnelId, null, { name, steps })
      return funnelId
    })
    ctx.status = 201
    ctx.body = savedOut(await db('analytics_funnels').where({ id }).first('id', 'name', 'steps', 'created_at'))
  })
  router.delete('/analytics/funnels/:id', ...guard, requirePermission('analytics', 'delete'), async function savedFunnelDelete(ctx) {
    const id = Number(ctx.params.id)
    if (!Number.isInteger(id) || id <= 0) throw httpError(400, 'The funnel id must be a positive whole number.', { id: 'Invalid id.' })
    const before = await db('analytics_funnels').where({ id }).first('id', 'name', 'steps', 'funnel_key', 'created_at')
    if (!before) throw httpError(404, `Saved funnel ${id} does not exist (it may have been deleted already).`)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await w.trx('analytics_funnels').where({ id }).delete()
      // Its hourly counts stay as an unsaved funnel's: purged once nobody reads it (decision 117).
      await w
        .trx('analytics_funnel_keys')
        .insert({ funnel_key: before.funnel_key, steps: before.steps, last_read_at: Date.now() })
        .onConflict('funnel_key')
        .merge(['last_read_at'])
      await audit(w.trx, w.userId, 'delete', 'analytics-funnels', id, { name: before.name, steps: JSON.parse(before.steps) }, null)
    })
    ctx.body = { id }
  })
}

export function registerWebAnalyticsRoutes(router: Router, db: Db, guard: Middleware[], store?: CmsStore) {
  const see = requirePermission('analytics', 'list')
  router.get('/analytics/pages', ...guard, see, pages(db, store))
  router.get('/analytics/funnel', ...guard, see, funnelRoute(db))
  router.get('/analytics/conversion-paths', ...guard, see, conversionPaths(db))
  registerSavedFunnels(router, db, guard)
}
