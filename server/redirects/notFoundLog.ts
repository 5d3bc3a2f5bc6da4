// The 404 log, grouped by path: hits (and hits by known bots), first and last seen, the top
// referrers and user agents (TOP_N each). 404s are counted in memory and written in one
// transaction per flush; purgeNotFoundLog caps the table in rows and days.
import type { Db } from '../db/knex.ts'
import { chunk, DAY_MS, fromJson, nowIso } from '../db/rows.ts'
import { oneAtATime } from '../lib/periodicFlush.ts'
import { normalizePath } from '../../shared/redirects.ts'

export const TOP_N = 10
/** Distinct paths held in memory between two flushes; more are dropped (a scan of random URLs). */
export const MAX_PENDING_PATHS = 5000
export const DEFAULT_RETENTION = { maxRows: 50_000, maxDays: 90 }

const BOT =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|headless|python-requests|curl\/|wget\/|go-http-client|httpclient|scrapy|ahrefs|semrush|mj12|dotbot|petalbot|yandex|baidu/i
export const isBot = (userAgent: string) => !userAgent || BOT.test(userAgent)

type Counts = Record<string, number>
type Pending = { hits: number; botHits: number; first: number; last: number; referrers: Counts; userAgents: Counts }
const pending = new WeakMap<Db, Map<string, Pending>>()

const bump = (counts: Counts, key: string, by = 1) => {
  if (key) counts[key] = (counts[key] ?? 0) + by
}

/** Keeps the TOP_N largest counts. */
export function topCounts(counts: Counts, n = TOP_N): Counts {
  return Object.fromEntries(
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, n),
  )
}

function mergeCounts(a: Counts, b: Counts): Counts {
  const out = { ...a }
  for (const [k, v] of Object.entries(b)) bump(out, k, v)
  return topCounts(out)
}

export type NotFoundHit = { path: string; referrer?: string | null; userAgent?: string | null; at?: number }

export function recordNotFound(db: Db, hit: NotFoundHit) {
  let paths = pending.get(db)
  if (!paths) pending.set(db, (paths = new Map()))
  const path = normalizePath(hit.path).slice(0, 2048)
  const at = hit.at ?? Date.now()
  const ua = (hit.userAgent ?? '').slice(0, 300)
  let entry = paths.get(path)
  if (!entry) {
    if (paths.size >= MAX_PENDING_PATHS) return
    paths.set(path, (entry = { hits: 0, botHits: 0, first: at, last: at, referrers: {}, userAgents: {} }))
  }
  entry.hits++
  if (isBot(ua)) entry.botHits++
  entry.first = Math.min(entry.first, at)
  entry.last = Math.max(entry.last, at)
  bump(entry.referrers, (hit.referrer ?? '').slice(0, 500))
  bump(entry.userAgents, ua)
  // Bound the per-path maps between flushes too.
  if (Object.keys(entry.referrers).length > TOP_N * 5) entry.referrers = topCounts(entry.referrers, TOP_N * 2)
  if (Object.keys(entry.userAgents).length > TOP_N * 5) entry.userAgents = topCounts(entry.userAgents, TOP_N * 2)
}

/**
 * Writes the pending 404s: existing paths are merged, new ones inserted. Returns the paths written.
 * One flush at a time per database: the new-path insert merges `hits`, so two overlapping flushes
 * of one path would keep only one count.
 */
export const flushNotFoundLog = oneAtATime(async (db: Db): Promise<number> => {
  const paths = pending.get(db)
  if (!paths?.size) return 0
  pending.set(db, new Map())
  await db.transaction(async (trx) => {
    for (const batch of chunk([...paths.keys()].sort(), 500)) {
      const existing = new Map<string, Record<string, unknown>>()
      for (const row of await trx('not_found_log').select('id', 'path', 'first_seen_at', 'last_seen_at', 'referrers', 'user_agents').whereIn('path', batch))
        existing.set(String(row.path), row)
      const inserts: Record<string, unknown>[] = []
      for (const path of batch) {
        const p = paths.get(path)!
        const row = existing.get(path)
        if (!row) {
          inserts.push({
            path,
            hits: p.hits,
            bot_hits: p.botHits,
            first_seen_at: nowIso(p.first),
            last_seen_at: nowIso(p.last),
            referrers: JSON.stringify(topCounts(p.referrers)),
            user_agents: JSON.stringify(topCounts(p.userAgents)),
            ignored: false,
          })
          continue
        }
        const last = nowIso(p.last)
        await trx('not_found_log')
          .where({ id: row.id })
          .update({
            hits: trx.raw('hits + ?', [p.hits]),
            bot_hits: trx.raw('bot_hits + ?', [p.botHits]),
            last_seen_at: trx.raw('case when last_seen_at < ? then ? else last_seen_at end', [last, last]),
            referrers: JSON.stringify(mergeCounts(fromJson<Counts>(row.referrers) ?? {}, p.referrers)),
            user_agents: JSON.stringify(mergeCounts(fromJson<Counts>(row.user_agents) ?? {}, p.userAgents)),
          })
      }
      if (inserts.length) await trx('not_found_log').insert(inserts).onConflict('path').merge(['hits', 'last_seen_at'])
    }
  })
  return paths.size
})

/**
 * Retention: deletes rows last seen more than maxDays ago, then the oldest rows beyond maxRows.
 * Returns how many rows were deleted. (The job runner of issue 9 runs it daily.)
 */
export async function purgeNotFoundLog(
  db: Db,
  now: number = Date.now(),
  { maxRows = DEFAULT_RETENTION.maxRows, maxDays = DEFAULT_RETENTION.maxDays } = {},
): Promise<number> {
  let deleted = Number(
    await db('not_found_log')
      .where('last_seen_at', '<', nowIso(now - maxDays * DAY_MS))
      .delete(),
  )
  const [{ n }] = await db('not_found_log').count({ n: '*' })
  const excess = Number(n) - maxRows
  if (excess > 0) {
    const oldest = db('not_found_log')
      .select('id')
      .orderBy([
        { column: 'last_seen_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(excess)
    deleted += Number(await db('not_found_log').whereIn('id', oldest).delete())
  }
  return deleted
}

/**
 * The dashboard's "new 404s this week": paths first seen in the last 7 days, not ignored, with hits
 * from people (not only known bots), most hits first. Uses the first_seen_at index.
 */
export async function newNotFoundThisWeek(db: Db, now = Date.now(), limit = 5) {
  const rows = await db('not_found_log')
    .select('id', 'path', 'hits', 'first_seen_at')
    .where('first_seen_at', '>=', nowIso(now - 7 * DAY_MS))
    .andWhere('ignored', false)
    .andWhereRaw('hits > bot_hits')
    .orderBy([
      { column: 'hits', order: 'desc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit)
  return rows.map((r) => ({ id: Number(r.id), path: String(r.path), hits: Number(r.hits), first_seen_at: new Date(r.first_seen_at).toISOString() }))
}

/** Catalog URLs ranked by path similarity to a 404 path: shared segments, then edit distance. */
export function closestUrls(path: string, urls: Iterable<string>, limit = 5): string[] {
  const p = normalizePath(path)
  const words = new Set(p.split(/[/\-_.]+/).filter(Boolean))
  const scored: Array<{ url: string; score: number }> = []
  for (const url of urls) {
    const uw = url.split(/[/\-_.]+/).filter(Boolean)
    const shared = uw.filter((w) => words.has(w)).length
    const score = shared * 100 - levenshtein(p, url, 200)
    scored.push({ url, score })
  }
  scored.sort((a, b) => b.score - a.score || a.url.localeCompare(b.url))
  return scored.slice(0, limit).map((s) => s.url)
}

function levenshtein(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return Math.min(prev[b.length], cap)
}

// 404s this server served in the last minute, by path and user agent: the tracker's page view of
// the same 404 page is then not counted twice (behind a CDN the server never sees the 404).
const SERVED_WINDOW_MS = 60_000
const served = new Map<string, number>()

export function rememberServedNotFound(path: string, userAgent: string, at = Date.now()) {
  if (served.size >= MAX_PENDING_PATHS) {
    for (const [key, t] of served) if (at - t > SERVED_WINDOW_MS) served.delete(key)
    if (served.size >= MAX_PENDING_PATHS) served.clear()
  }
  served.set(`${normalizePath(path)}\n${userAgent.slice(0, 300)}`, at)
}

/** The tracker's page views of the 404 page (props.status 404): recorded like a served 404. */
export function recordTrackedNotFound(
  db: Db,
  events: Array<{ type: string; path: string; referrer?: string | null; props?: Record<string, unknown> }>,
  userAgent: string,
  at = Date.now(),
) {
  for (const e of events) {
    if (e.type !== 'page_view' || e.props?.status !== 404) continue
    const path = e.path.split('?')[0].split('#')[0]
    const seen = served.get(`${normalizePath(path)}\n${userAgent.slice(0, 300)}`)
    if (seen !== undefined && at - seen <= SERVED_WINDOW_MS) continue
    recordNotFound(db, { path, referrer: e.referrer ?? '', userAgent, at })
  }
}
