// The analytics screens' API (issue 13): /api/admin/analytics/* — overview, web traffic,
// attribution, visitors. Reads rollups through server/analytics/queries.ts (the current hour from
// raw rows); filtered traffic and journeys read the raw sessions (indexed by start time or lead).
// Roles: `analytics` (admin, marketing) for traffic screens; `attribution` (admin, marketing, and
// sales read-only) for the lead attribution, which shows leads and deals only.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { isSqlite, toIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { classifyLanding, pageKey, type Channel } from '../analytics/derive.ts'
import { DAY_MS, HOUR_MS } from '../analytics/ingest.ts'
import { dayRange, isTimeZone, localDay, previousRange, readBreakdown, readSeries, readSeriesMany, readTopKeys, type Range } from '../analytics/queries.ts'
import { emptyFigures, type Dimension, type Figures } from '../analytics/rollup.ts'

const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/, 'Use a date as YYYY-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Use a date as YYYY-MM-DD.')
export const RangeQuery = z
  .object({
    from: day,
    to: day,
    tz: z.string().max(64).default('UTC').refine(isTimeZone, 'Use an IANA time zone such as Europe/London.'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end date must be on or after the start date.' })
  .refine((q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 400 * DAY_MS, { path: ['to'], message: 'Choose at most 400 days.' })

export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query)
  if (parsed.success) return parsed.data
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'query'] ??= issue.message
  throw httpError(400, `Please correct the date range: ${Object.values(errors)[0]}`, errors)
}

export const rangeOf = (q: { from: string; to: string; tz: string }) => dayRange(q.from, q.to, q.tz)
const iso = (t: number) => new Date(t).toISOString()

/** Leads (by kind), ROI saves, and calls (rollups) in a range. */
async function conversions(db: Db, range: Range, calls: number) {
  const rows = (await db('leads')
    .where('is_spam', false)
    .andWhere('created_at', '>=', iso(range.from))
    .andWhere('created_at', '<', iso(range.to))
    .groupBy('kind')
    .select('kind')
    .count({ n: '*' })) as { kind: string; n: number | string }[]
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]))
  const roi = Number(
    (await db('roi_calculations').where('created_at', '>=', iso(range.from)).andWhere('created_at', '<', iso(range.to)).count({ n: '*' }).first())?.n ?? 0,
  )
  const leads = Object.values(byKind).reduce((a, b) => a + b, 0) - (byKind.quote ?? 0)
  return { leads, quotes: byKind.quote ?? 0, calls, roi, total: leads + (byKind.quote ?? 0) + calls + roi }
}

function headline(f: Figures, conv: { total: number }) {
  return {
    visitors: f.visitors,
    sessions: f.sessions,
    pageViews: f.page_views,
    engagedSessions: f.engaged_sessions,
    avgEngagedSeconds: f.engaged_sessions ? Math.round(f.engaged_ms / f.engaged_sessions / 1000) : 0,
    conversions: conv.total,
    conversionRate: f.sessions ? Math.round((conv.total / f.sessions) * 10_000) / 100 : 0,
  }
}

const top = (m: Map<string, Figures> | undefined, by: keyof Figures, n: number) =>
  [...(m ?? new Map<string, Figures>()).entries()]
    .map(([key, f]) => ({ key, ...f }))
    .sort((a, b) => b[by] - a[by] || a.key.localeCompare(b.key))
    .slice(0, n)

/** Visits (sessions) and page views of the last 30 minutes, from raw events: a visitor who became
 * a lead mid-visit changes id but not session, so sessions count people on the site. */
/**
 * Realtime (the last 30 minutes): one read of the window's raw events through events_ts_idx,
 * counted here (decision 117). `count(distinct session_id)` made SQLite scan all of
 * events_session_ts_idx (every event in the table), and PostgreSQL without fresh statistics (after
 * a bulk load) estimates an open `ts >= ?` at a third of the table and scans it: the closed range
 * (the window ends an hour ahead, for clocks of other processes) is estimated small either way.
 */
export async function realtime(db: Db, now = Date.now()) {
  const since = now - 30 * 60_000
  // Each event carries its session's channel: no join to the sessions table.
  const events = (await db('events')
    .where('ts', '>=', since)
    .andWhere('ts', '<', now + HOUR_MS)
    .select('session_id', 'type', 'path', 'channel')) as {
    session_id: string
    type: string
    path: string
    channel: string
  }[]
  const sessions = new Set<string>()
  const views = new Map<string, number>()
  const byChannel = new Map<string, Set<string>>()
  for (const e of events) {
    sessions.add(e.session_id)
    if (e.type === 'page_view') views.set(e.path, (views.get(e.path) ?? 0) + 1)
    let set = byChannel.get(e.channel)
    if (!set) byChannel.set(e.channel, (set = new Set()))
    set.add(e.session_id)
  }
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    visitors: sessions.size,
    pages: [...views]
      .sort((a, b) => b[1] - a[1] || byCode(a[0], b[0]))
      .slice(0, 10)
      .map(([path, n]) => ({ path, views: n })),
    channels: [...byChannel].sort((a, b) => byCode(a[0], b[0])).map(([channel, set]) => ({ channel, sessions: set.size })),
  }
}

function overview(db: Db): Middleware {
  return async function analyticsOverview(ctx) {
    const q = parseQuery(RangeQuery, ctx.query)
    const range = rangeOf(q)
    const prev = previousRange(range)
    const dims: Dimension[] = ['total', 'channel', 'device', 'goal']
    // Pages: the top 10 summed and sorted in SQL, not every page of the range (decision 114).
    const [cur, topPages, before, series, rt] = await Promise.all([
      readBreakdown(db, range, dims),
      readTopKeys(db, range, 'page', 'page_views', 10),
      readBreakdown(db, prev, ['total', 'goal']),
      readSeries(db, range),
      realtime(db),
    ])
    cur.set('page', topPages)
    const total = cur.get('total')?.get('') ?? emptyFigures()
    const prevTotal = before.get('total')?.get('') ?? emptyFigures()
    const [conv, prevConv] = await Promise.all([
      conversions(db, range, cur.get('goal')?.get('call')?.conversions ?? 0),
      conversions(db, prev, before.get('goal')?.get('call')?.conversions ?? 0),
    ])
    ctx.body = {
      range: { from: iso(range.from), to: iso(range.to), tz: range.tz },
      previous: { from: iso(prev.from), to: iso(prev.to) },
      current: { ...headline(total, conv), conversionsBy: conv },
      before: { ...headline(prevTotal, prevConv), conversionsBy: prevConv },
      series: series.map((p) => ({
        bucket: p.bucket,
        visitors: p.visitors,
        sessions: p.sessions,
        pageViews: p.page_views,
        engagedSessions: p.engaged_sessions,
        avgEngagedSeconds: p.engaged_sessions ? Math.round(p.engaged_ms / p.engaged_sessions / 1000) : 0,
        conversions: p.conversions,
      })),
      topPages: top(cur.get('page'), 'page_views', 10).map((p) => ({
        path: p.key,
        pageViews: p.page_views,
        sessions: p.sessions,
        entries: p.entries,
        exits: p.exits,
      })),
      channels: top(cur.get('channel'), 'sessions', 20).map((c) => ({
        channel: c.key,
        visitors: c.visitors,
        sessions: c.sessions,
        engagedSessions: c.engaged_sessions,
        conversions: c.conversions,
      })),
      devices: top(cur.get('device'), 'sessions', 10).map((d) => ({ device: d.key, visitors: d.visitors, sessions: d.sessions, pageViews: d.page_views })),
      realtime: rt,
    }
  }
}

const TrafficQuery = z.object({
  by: z.enum(['channel', 'campaign', 'referrer', 'landing']).default('channel'),
  channel: z.string().max(32).optional(),
  landing: z.string().max(300).optional(),
  compare: z.enum(['0', '1', 'true', 'false']).optional(),
})
const CompareQuery = z.object({ compare: z.enum(['0', '1', 'true', 'false']).optional() })
const wantsCompare = (v: string | undefined) => v === '1' || v === 'true'

/** Sessions and visitors per key of the previous period (same length, right before). */
async function previousTraffic(db: Db, range: Range, t: z.output<typeof TrafficQuery>) {
  const prev = previousRange(range)
  let rows: { key: string; sessions: number; visitors: number }[]
  let totals: Figures | undefined
  if (!t.channel && !t.landing) {
    // The previous period's 200 keys with the most sessions; its totals from the `total` rows
    // (every session has exactly one channel, campaign and landing page; not all a referrer).
    const [b, all] = await Promise.all([readTopKeys(db, prev, t.by, 'sessions', 200), t.by === 'referrer' ? null : readBreakdown(db, prev, ['total'])])
    rows = [...b].map(([key, f]) => ({ key, sessions: f.sessions, visitors: f.visitors }))
    totals = all?.get('total')?.get('')
  } else rows = await filteredRows(db, prev, t)
  return {
    from: iso(prev.from),
    to: iso(prev.to),
    sessions: totals ? totals.sessions : rows.reduce((a, r) => a + r.sessions, 0),
    visitors: totals ? totals.visitors : rows.reduce((a, r) => a + r.visitors, 0),
    byKey: Object.fromEntries(rows.map((r) => [r.key, { sessions: r.sessions, visitors: r.visitors }])),
  }
}

const trafficKeyExpr = { channel: 'channel', referrer: 'referrer_host', landing: 'landing_page', campaign: 'campaign' }
async function filteredRows(db: Db, range: Range, t: z.output<typeof TrafficQuery>) {
  const base = db('analytics_sessions').where('started_at', '>=', range.from).andWhere('started_at', '<', range.to)
  if (t.channel) base.andWhere('channel', t.channel)
  if (t.landing) base.andWhereRaw(`landing_page like ? escape '\\'`, [likeOf(t.landing)])
  const keyExpr = trafficKeyExpr[t.by]
  const rows = (await base
    .groupBy(keyExpr)
    .select({ key: keyExpr })
    .count({ sessions: '*' })
    .sum({ visitors: db.raw('case when first_of_day then 1 else 0 end') })
    .orderBy('sessions', 'desc')
    // Ties by key in byte order on both databases, so the 200 shown do not depend on the plan.
    .orderByRaw(isSqlite(db) ? keyExpr : `${keyExpr} collate "C"`)
    .limit(200)) as { key: string; sessions: number | string; visitors: number | string }[]
  return rows.map((r) => ({ key: r.key, visitors: Number(r.visitors), sessions: Number(r.sessions) }))
}

/** A glob on landing pages: `*` is any text (/seo-services-*). */
const likeOf = (glob: string) => glob.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')

function traffic(db: Db): Middleware {
  return async function analyticsTraffic(ctx) {
    const q = parseQuery(RangeQuery, ctx.query)
    const t = parseQuery(TrafficQuery, ctx.query)
    const range = rangeOf(q)
    if (!t.channel && !t.landing) {
      // The 200 keys shown, summed and sorted in SQL (landing pages can be 10,000: decision 114).
      const [rowsBy, byChannel] = await Promise.all([readTopKeys(db, range, t.by, 'sessions', 200), readBreakdown(db, range, ['channel'])])
      const b = new Map([...byChannel, [t.by, rowsBy]])
      const channels = top(b.get('channel'), 'sessions', 6).map((c) => c.key)
      const seriesOf = await readSeriesMany(db, range, 'channel', channels)
      const over = channels.map((c) => seriesOf.get(c)!)
      ctx.body = {
        filtered: false,
        rows: top(b.get(t.by), 'sessions', 200).map((r) => ({
          key: r.key,
          visitors: r.visitors,
          sessions: r.sessions,
          engagedSessions: r.engaged_sessions,
          pageViews: r.page_views,
          conversions: r.conversions,
        })),
        series: (over[0] ?? []).map((p, i) => ({ bucket: p.bucket, ...Object.fromEntries(channels.map((c, k) => [c, over[k][i].sessions])) })),
        seriesKeys: channels,
        newVsReturning: await newVsReturning(db, range),
        previous: wantsCompare(t.compare) ? await previousTraffic(db, range, t) : null,
      }
      return
    }
    // Combined filters read the raw sessions of the range (indexed by start time).
    const base = db('analytics_sessions').where('started_at', '>=', range.from).andWhere('started_at', '<', range.to)
    if (t.channel) base.andWhere('channel', t.channel)
    if (t.landing) base.andWhereRaw(`landing_page like ? escape '\\'`, [likeOf(t.landing)])
    const rows = await filteredRows(db, range, t)
    const perDay = (await base.clone().select('started_at')) as { started_at: number | string }[]
    const series = await readSeries(db, range)
    const counts = new Map(series.map((p) => [p.bucket, 0]))
    for (const s of perDay) {
      const b = localDay(Number(s.started_at), range.tz)
      if (counts.has(b)) counts.set(b, counts.get(b)! + 1)
    }
    ctx.body = {
      filtered: true,
      rows,
      series: [...counts].map(([bucket, sessions]) => ({ bucket, sessions })),
      seriesKeys: ['sessions'],
      newVsReturning: await newVsReturning(db, range, t),
      previous: wantsCompare(t.compare) ? await previousTraffic(db, range, t) : null,
    }
  }
}

async function newVsReturning(db: Db, range: Range, filter: { channel?: string; landing?: string } = {}) {
  const q = db('analytics_sessions').where('started_at', '>=', range.from).andWhere('started_at', '<', range.to)
  if (filter.channel) q.andWhere('channel', filter.channel)
  if (filter.landing) q.andWhereRaw(`landing_page like ? escape '\\'`, [likeOf(filter.landing)])
  const rows = (await q.groupBy('returning').select('returning').count({ n: '*' })) as { returning: unknown; n: number | string }[]
  let returning = 0
  let fresh = 0
  for (const r of rows)
    if (r.returning === true || r.returning === 1) returning += Number(r.n)
    else fresh += Number(r.n)
  return { new: fresh, returning }
}

// Attribution -------------------------------------------------------------------------------

type LeadRow = {
  id: number
  kind: string
  status: string
  created_at: unknown
  first_touch: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  referrer: string
  gclid: string
  fbclid: string
  msclkid: string
  landing_page: string
}

const CLASSIFIED = new Set(['organic-search', 'social-media', 'referral', 'direct-traffic'])

/** The channel and campaign of a lead's first touch ("source / medium / campaign @ time"). */
export function firstTouchOf(firstTouch: string): { channel: Channel; campaign: string; at: number | null } {
  const [label, at] = firstTouch.split(' @ ')
  const [source = '', medium = '', campaign = ''] = label.split(' / ')
  const time = at ? Date.parse(at) : NaN
  if (!source) return { channel: 'direct-traffic', campaign: '', at: Number.isNaN(time) ? null : time }
  if (CLASSIFIED.has(source) && !medium && !campaign) return { channel: source as Channel, campaign: '', at: Number.isNaN(time) ? null : time }
  const params = new URLSearchParams({ utm_source: source, ...(medium ? { utm_medium: medium } : {}), ...(campaign ? { utm_campaign: campaign } : {}) })
  return { channel: classifyLanding(`/?${params}`, '', '').channel, campaign, at: Number.isNaN(time) ? null : time }
}

/** The channel of a lead's last touch, from its stored UTM fields, click ids and referrer. */
export function lastTouchOf(l: Pick<LeadRow, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'gclid' | 'fbclid' | 'msclkid' | 'referrer'>): Channel {
  const params = new URLSearchParams()
  for (const [k, v] of [
    ['utm_source', l.utm_source],
    ['utm_medium', l.utm_medium],
    ['utm_campaign', l.utm_campaign],
    ['gclid', l.gclid],
    ['fbclid', l.fbclid],
    ['msclkid', l.msclkid],
  ])
    if (v) params.set(k, v)
  return classifyLanding(`/?${params}`, l.referrer, '').channel
}

type Cell = { leads: number; qualified: number; deals: number; pipeline: number; won: number; leadIds: number[] }
const emptyCell = (): Cell => ({ leads: 0, qualified: 0, deals: 0, pipeline: 0, won: 0, leadIds: [] })
const round2 = (n: number) => Math.round(n * 100) / 100

/** Leads, qualified, deals, pipeline and won value by channel, campaign and landing page, per model. */
export async function attributionReport(db: Db, range: Range) {
  const leads = (await db('leads')
    .where('is_spam', false)
    .andWhere('created_at', '>=', iso(range.from))
    .andWhere('created_at', '<', iso(range.to))
    .select(
      'id',
      'kind',
      'status',
      'created_at',
      'first_touch',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'referrer',
      'gclid',
      'fbclid',
      'msclkid',
      'landing_page',
    )) as LeadRow[]
  const ids = leads.map((l) => Number(l.id))
  // Deals reach a lead through its contact (contacts.lead_id, deals.contact_ids).
  const contacts = ids.length ? ((await db('contacts').whereIn('lead_id', ids).select('id', 'lead_id')) as { id: number; lead_id: number }[]) : []
  const leadOfContact = new Map(contacts.map((c) => [Number(c.id), Number(c.lead_id)]))
  const dealsOf = new Map<number, { amount: number; stage: string }[]>()
  if (contacts.length) {
    const deals = (await db('deals').select('contact_ids', 'amount', 'stage')) as { contact_ids: unknown; amount: number | string; stage: string }[]
    for (const d of deals) {
      const list = (typeof d.contact_ids === 'string' ? JSON.parse(d.contact_ids) : d.contact_ids) as number[]
      const leadIds = new Set((list ?? []).map((c) => leadOfContact.get(Number(c))).filter((x): x is number => x !== undefined))
      for (const id of leadIds) {
        const arr = dealsOf.get(id) ?? []
        arr.push({ amount: Number(d.amount), stage: d.stage })
        dealsOf.set(id, arr)
      }
    }
  }
  // Sessions tied to each lead (linear model touches).
  const sessions = ids.length
    ? ((await db('analytics_sessions')
        .whereIn('lead_id', ids)
        .orderBy('started_at')
        .select('lead_id', 'channel', 'campaign', 'landing_page', 'started_at')) as {
        lead_id: number
        channel: string
        campaign: string
        landing_page: string
        started_at: number | string
      }[])
    : []
  const sessionsOf = new Map<number, typeof sessions>()
  for (const s of sessions) sessionsOf.set(Number(s.lead_id), [...(sessionsOf.get(Number(s.lead_id)) ?? []), s])

  const models = ['first', 'last', 'linear'] as const
  const dims = ['channel', 'campaign', 'landing'] as const
  const table = Object.fromEntries(models.map((m) => [m, Object.fromEntries(dims.map((d) => [d, new Map<string, Cell>()]))])) as Record<
    (typeof models)[number],
    Record<(typeof dims)[number], Map<string, Cell>>
  >
  const credit = (model: (typeof models)[number], dim: (typeof dims)[number], key: string, share: number, lead: LeadRow) => {
    const map = table[model][dim]
    const cell = map.get(key) ?? emptyCell()
    map.set(key, cell)
    const deals = dealsOf.get(Number(lead.id)) ?? []
    cell.leads += share
    if (lead.status === 'qualified' || lead.status === 'converted') cell.qualified += share
    cell.deals += share * deals.length
    cell.pipeline += share * deals.filter((d) => d.stage !== 'won' && d.stage !== 'lost').reduce((a, d) => a + d.amount, 0)
    cell.won += share * deals.filter((d) => d.stage === 'won').reduce((a, d) => a + d.amount, 0)
    if (!cell.leadIds.includes(Number(lead.id))) cell.leadIds.push(Number(lead.id))
  }
  const toConvert: number[] = []
  for (const lead of leads) {
    const first = firstTouchOf(lead.first_touch)
    const last = lastTouchOf(lead)
    const landing = pageKey(lead.landing_page || '/')
    const lastCampaign = lead.utm_campaign || '(none)'
    credit('first', 'channel', first.channel, 1, lead)
    credit('first', 'campaign', first.campaign || '(none)', 1, lead)
    credit('first', 'landing', landing, 1, lead)
    credit('last', 'channel', last, 1, lead)
    credit('last', 'campaign', lastCampaign, 1, lead)
    credit('last', 'landing', landing, 1, lead)
    // Linear: the first touch, each recorded session and the last touch share the credit.
    const touches = [
      { channel: first.channel, campaign: first.campaign || '(none)', landing },
      ...(sessionsOf.get(Number(lead.id)) ?? []).map((s) => ({ channel: s.channel, campaign: s.campaign || '(none)', landing: s.landing_page })),
      { channel: last, campaign: lastCampaign, landing },
    ]
    for (const t of touches) {
      credit('linear', 'channel', t.channel, 1 / touches.length, lead)
      credit('linear', 'campaign', t.campaign, 1 / touches.length, lead)
      credit('linear', 'landing', t.landing, 1 / touches.length, lead)
    }
    const created = Date.parse(toIso(lead.created_at) ?? '')
    const started = first.at ?? (sessionsOf.get(Number(lead.id))?.[0] ? Number(sessionsOf.get(Number(lead.id))![0].started_at) : null)
    if (started !== null && !Number.isNaN(created) && created >= started) toConvert.push(created - started)
  }
  const rows = (model: (typeof models)[number], dim: (typeof dims)[number]) =>
    [...table[model][dim].entries()]
      .map(([key, c]) => ({
        key,
        leads: round2(c.leads),
        qualified: round2(c.qualified),
        deals: round2(c.deals),
        pipeline: round2(c.pipeline),
        won: round2(c.won),
        leadIds: c.leadIds,
      }))
      .sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key))
  const buckets: [string, number][] = [
    ['Same hour', HOUR_MS],
    ['Same day', DAY_MS],
    ['Within a week', 7 * DAY_MS],
    ['Within 30 days', 30 * DAY_MS],
    ['Longer', Infinity],
  ]
  toConvert.sort((a, b) => a - b)
  return {
    leads: leads.length,
    byModel: Object.fromEntries(models.map((m) => [m, Object.fromEntries(dims.map((d) => [d, rows(m, d)]))])),
    timeToConvert: {
      medianHours: toConvert.length ? round2(toConvert[Math.floor(toConvert.length / 2)] / HOUR_MS) : null,
      buckets: buckets.map(([label, max], i) => ({ label, leads: toConvert.filter((ms) => ms < max && (i === 0 || ms >= buckets[i - 1][1])).length })),
    },
  }
}

function attribution(db: Db): Middleware {
  return async function analyticsAttribution(ctx) {
    const q = parseQuery(RangeQuery, ctx.query)
    const c = parseQuery(CompareQuery, ctx.query)
    const range = rangeOf(q)
    const report = await attributionReport(db, range)
    let previous = null
    if (wantsCompare(c.compare)) {
      // The previous period's leads per key of each model and dimension (sales sees leads only).
      const prev = previousRange(range)
      const before = await attributionReport(db, prev)
      const byModel = Object.fromEntries(
        Object.entries(before.byModel).map(([model, dims]) => [
          model,
          Object.fromEntries(Object.entries(dims).map(([dim, rows]) => [dim, Object.fromEntries(rows.map((r) => [r.key, { leads: r.leads, won: r.won }]))])),
        ]),
      )
      previous = { from: iso(prev.from), to: iso(prev.to), leads: before.leads, byModel }
    }
    ctx.body = { ...report, previous }
  }
}

const RoiQuery = z.object({
  matched: z.enum(['true', 'false']).optional(),
  source: z.string().max(120).optional(),
})

function roiCalculations(db: Db): Middleware {
  return async function analyticsRoi(ctx) {
    const q = parseQuery(RangeQuery, ctx.query)
    const f = parseQuery(RoiQuery, ctx.query)
    const range = rangeOf(q)
    const query = db('roi_calculations').where('created_at', '>=', iso(range.from)).andWhere('created_at', '<', iso(range.to))
    if (f.matched) query.andWhere('results_match', f.matched === 'true')
    if (f.source) query.andWhere('source', f.source)
    const rows = (await query
      .orderBy('created_at', 'desc')
      .limit(1000)
      .select(
        'id',
        'created_at',
        'traffic',
        'conversion_rate',
        'average_order_value',
        'profit_margin',
        'results',
        'results_match',
        'source',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'landing_page',
      )) as Record<string, unknown>[]
    ctx.body = rows.map((r) => ({
      ...r,
      created_at: toIso(r.created_at),
      results: typeof r.results === 'string' ? JSON.parse(r.results) : r.results,
      results_match: r.results_match === true || r.results_match === 1,
    }))
  }
}

// Visitors -----------------------------------------------------------------------------------

const SessionsQuery = z.object({ channel: z.string().max(32).optional(), lead: z.coerce.number().int().positive().optional() })
/** Sessions per page of /admin/visitors. */
export const SESSIONS_PAGE = 100
/** A page's cursor: the last session shown, as `<started_at ms>:<id>` (newest first, id breaks ties). */
const SessionCursor = z
  .string()
  .max(300)
  .regex(/^\d{1,15}:.{1,256}$/, 'The "before" cursor is not one this screen made: open the first page again.')
  .transform((c) => {
    const at = c.indexOf(':')
    return { startedAt: Number(c.slice(0, at)), id: c.slice(at + 1) }
  })

/** One keyset page of sessions (newest first) with each one's pages, conversions and last event. */
export async function readSessionsPage(db: Db, range: Range, filter: { channel?: string; lead?: number }, cursor: { startedAt: number; id: string } | null) {
  // Keyset pages (no offset, no count: a 90-day range holds 1.5 million sessions at the bench's volume).
  // (started_at, id) < cursor, with the cursor's time as the range's one upper bound (SQLite bounds an
  // index range by one of two upper bounds): a page deep in 90 days starts at the cursor instead of
  // filtering every newer session (40 ms against 3 ms mid-range at 10 M events).
  const upper = cursor ? Math.min(range.to, cursor.startedAt + 1) : range.to
  const query = db('analytics_sessions').where('started_at', '>=', range.from).andWhere('started_at', '<', upper)
  if (filter.channel) query.andWhere('channel', filter.channel)
  if (filter.lead) query.andWhere('lead_id', filter.lead)
  if (cursor) query.andWhere((w) => w.where('started_at', '<', cursor.startedAt).orWhere('id', '<', cursor.id))
  const page = (await query
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(SESSIONS_PAGE + 1)
    .select()) as Record<string, unknown>[]
  const sessions = page.slice(0, SESSIONS_PAGE)
  const last = sessions.at(-1)
  const next = page.length > SESSIONS_PAGE && last ? `${Number(last.started_at)}:${String(last.id)}` : null
  const ids = sessions.map((s) => String(s.id))
  const stats = ids.length
    ? ((await db('events')
        .whereIn('session_id', ids)
        .groupBy('session_id')
        .select('session_id')
        .sum({ pages: db.raw("case when type = 'page_view' then 1 else 0 end") })
        .sum({ conversions: db.raw("case when goal <> '' then 1 else 0 end") })
        .max({ last: 'ts' })) as { session_id: string; pages: number | string; conversions: number | string; last: number | string }[])
    : []
  return { sessions, next, statOf: new Map(stats.map((s) => [s.session_id, s])) }
}

function sessionsList(db: Db): Middleware {
  return async function analyticsSessions(ctx) {
    const q = parseQuery(RangeQuery, ctx.query)
    const f = parseQuery(SessionsQuery, ctx.query)
    const cursor = ctx.query.before === undefined ? null : SessionCursor.safeParse(ctx.query.before)
    if (cursor && !cursor.success) throw httpError(400, cursor.error.issues[0].message, { before: cursor.error.issues[0].message })
    const { sessions, next, statOf } = await readSessionsPage(db, rangeOf(q), f, cursor?.success ? cursor.data : null)
    ctx.body = {
      next,
      sessions: sessions.map((s) => {
        const st = statOf.get(String(s.id))
        return {
          id: s.id,
          startedAt: iso(Number(s.started_at)),
          channel: s.channel,
          source: s.source,
          medium: s.medium,
          campaign: s.campaign,
          landingPage: s.landing_page,
          device: s.device,
          browser: s.browser,
          os: s.os,
          leadId: s.lead_id == null ? null : Number(s.lead_id),
          pages: Number(st?.pages ?? 0),
          conversions: Number(st?.conversions ?? 0),
          durationSeconds: st ? Math.round((Number(st.last) - Number(s.started_at)) / 1000) : 0,
        }
      }),
    }
  }
}

/** One lead's journey: its first touch, then each session with its pages, forms and calls. */
export async function leadJourney(db: Db, leadId: number) {
  const lead = await db('leads').where({ id: leadId }).first('id', 'name', 'email', 'kind', 'created_at', 'first_touch', 'last_touch', 'landing_page')
  if (!lead) throw httpError(404, `Lead ${leadId} does not exist.`)
  const sessions = (await db('analytics_sessions').where({ lead_id: leadId }).orderBy('started_at').select()) as Record<string, unknown>[]
  const events = (await db('events')
    .where({ lead_id: leadId })
    .whereIn('type', ['page_view', 'click', 'form_view', 'form_start', 'form_submit'])
    .orderBy('ts')
    .limit(2000)
    .select('session_id', 'type', 'path', 'name', 'ts', 'goal')) as {
    session_id: string
    type: string
    path: string
    name: string
    ts: number | string
    goal: string
  }[]
  return {
    lead: {
      id: Number(lead.id),
      name: lead.name,
      email: lead.email,
      kind: lead.kind,
      createdAt: toIso(lead.created_at),
      firstTouch: lead.first_touch,
      lastTouch: lead.last_touch,
      landingPage: lead.landing_page,
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      startedAt: iso(Number(s.started_at)),
      channel: s.channel,
      source: s.source,
      medium: s.medium,
      campaign: s.campaign,
      landingPage: s.landing_page,
      device: s.device,
      browser: s.browser,
      steps: events.filter((e) => e.session_id === s.id).map((e) => ({ at: iso(Number(e.ts)), type: e.type, path: e.path, name: e.name, goal: e.goal })),
    })),
  }
}

function journey(db: Db): Middleware {
  return async function analyticsJourney(ctx) {
    const id = Number(ctx.params.id)
    if (!Number.isInteger(id) || id <= 0) throw httpError(400, 'The lead id must be a positive whole number.', { id: 'Invalid id.' })
    ctx.body = await leadJourney(db, id)
  }
}

export function registerAnalyticsRoutes(router: Router, db: Db, guard: Middleware[]) {
  const see = requirePermission('analytics', 'list')
  router.get('/analytics/overview', ...guard, see, overview(db))
  router.get('/analytics/traffic', ...guard, see, traffic(db))
  router.get('/analytics/sessions', ...guard, see, sessionsList(db))
  router.get('/analytics/attribution', ...guard, requirePermission('attribution', 'list'), attribution(db))
  router.get('/analytics/roi-calculations', ...guard, requirePermission('attribution', 'list'), roiCalculations(db))
  router.get('/analytics/journeys/:id', ...guard, requirePermission('attribution', 'show'), journey(db))
}
