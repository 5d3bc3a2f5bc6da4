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
import { funnel, FunnelSchema, journeys, likeOf, type FunnelStep } from '../analytics/funnels.ts'
import { emptyPageDetail, p75, rate, VITALS, type PageDetail, type Vital } from '../analytics/pageDetails.ts'
import { readPageDetails, readSessionPaths } from '../analytics/pageReads.ts'
import { previousRange, readBreakdown, type Range } from '../analytics/queries.ts'
import { emptyFigures, addFigures, type Figures } from '../analytics/rollup.ts'
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
export const OUTSIDE_BUILD = '(not in the last build)'
function familyLookup(store?: CmsStore): (path: string) => string {
  const inv = store?.inventory()
  const byUrl = new Map((inv?.pages ?? []).map((p) => [p.url, p.family]))
  return (path) => {
    const bare = path.length > 1 ? path.replace(/\/+$/, '') : path
    return byUrl.get(bare) ?? byUrl.get(bare.toLowerCase()) ?? OUTSIDE_BUILD
  }
}

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
async function pageGroups(db: Db, range: Range) {
  const [breakdown, details] = await Promise.all([readBreakdown(db, range, ['page']), readPageDetails(db, range)])
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

export async function pagesReport(db: Db, range: Range, q: z.output<typeof PagesQuery>, familyOf: (path: string) => string) {
  const pattern = q.q ? globRe(q.q.includes('*') ? q.q : `*${q.q}*`) : null
  // Filters apply to pages, before they are grouped into families.
  const wanted = (path: string) => (!pattern || pattern.test(path)) && (!q.family || familyOf(path) === q.family)
  const byKey = new Map<string, Group>()
  for (const [path, g] of await pageGroups(db, range)) {
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
  const keyed = [...byKey].map(([key, g]) => ({ key, g, value: sortKeyOf(key, g, q.sort) }))
  const dir = q.order === 'asc' ? 1 : -1
  keyed.sort((a, b) => {
    const x = a.value
    const y = b.value
    return (typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y)) * dir || a.key.localeCompare(b.key)
  })
  const rows = keyed.slice(0, 500).map(({ key, g }) => rowOf(key, g, q.group === 'page' ? familyOf(key) : null))
  const all: Histograms = new Map()
  for (const g of byKey.values()) mergeHistograms(all, g.vitals)
  return { rows, total: keyed.length, vitals: vitalsOf(all) }
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

async function funnelOver(db: Db, range: Range, steps: FunnelStep[]) {
  const paths = await readSessionPaths(db, range, { like: likeOf(steps[0]) })
  return funnel(paths, steps)
}

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
    const current = journeys(await readSessionPaths(db, range, { converted: true }), q.goal || '*')
    let previous = null
    if (wantsCompare(q.compare)) {
      const prev = previousRange(range)
      const before = journeys(await readSessionPaths(db, prev, { converted: true }), q.goal || '*', 1000)
      const byPath = new Map(before.rows.map((row) => [row.path, row.sessions]))
      previous = {
        from: iso(prev.from),
        to: iso(prev.to),
        converting: before.converting,
        sessionsByPath: Object.fromEntries(current.rows.map((row) => [row.path, byPath.get(row.path) ?? 0])),
      }
    }
    ctx.body = { ...current, previous }
  }
}

export function registerWebAnalyticsRoutes(router: Router, db: Db, guard: Middleware[], store?: CmsStore) {
  const see = requirePermission('analytics', 'list')
  router.get('/analytics/pages', ...guard, see, pages(db, store))
  router.get('/analytics/funnel', ...guard, see, funnelRoute(db))
  router.get('/analytics/conversion-paths', ...guard, see, conversionPaths(db))
}
