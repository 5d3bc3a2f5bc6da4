// Feed analytics: every successful fetch of a feed (200 or 304) is counted in this process's
// memory per UTC day, feed and fetcher, and flushed every FLUSH_EVERY_MS into feed_fetch_daily
// (one upsert per key, in one transaction): the table holds one row per day, feed and fetcher,
// never one per request. A fetcher is the reader's user agent when it reports a subscriber count
// (an aggregator such as Feedly: "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 131
// subscribers; )"), otherwise the user agent and a hash of the address (one person's reader). The
// purge job keeps RETENTION_DAYS. See docs/decisions/112-syndication.md.
import crypto from 'node:crypto'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { feedOfPath } from '../../shared/feeds.ts'
import type { Db } from '../db/knex.ts'
import { isSqlite, type Queryable } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { oneAtATime, startPeriodicFlush } from '../lib/periodicFlush.ts'

export const FLUSH_EVERY_MS = 5000
/** Distinct (day, feed, fetcher) keys held between flushes: a flood of random user agents cannot exhaust memory. */
export const MAX_BUFFERED_KEYS = 5000
export const RETENTION_DAYS = 400

type Count = { day: string; feed: string; fetcher: string; agent: string; subscribers: number; hits: number }
const buffer = new Map<string, Count>()

/** What a user agent says about itself: its product and, for aggregators, the subscriber count. */
export function parseFeedAgent(userAgent: string): { agent: string; subscribers: number | null; identity: string } {
  const ua = userAgent.trim().slice(0, 512)
  const match = /(\d{1,9})\s+(?:subscribers?|readers?)\b/i.exec(ua)
  const agent = (ua.split(/[\s(;]/)[0] || 'unknown').slice(0, 120)
  // The identity leaves out what changes between fetches of one aggregator: the count and a feed id.
  const identity = ua
    .replace(/\d{1,9}\s+(?:subscribers?|readers?)\b/gi, '')
    .replace(/feed-?id[=:]\s*\S+/gi, '')
    .replace(/\s+/g, ' ')
  return { agent, subscribers: match ? Number(match[1]) : null, identity }
}

const hash = (value: string) => crypto.createHash('sha256').update(value).digest('base64url').slice(0, 22)

export function recordFeedFetch(feed: string, userAgent: string, ip: string, now = Date.now()) {
  const { agent, subscribers, identity } = parseFeedAgent(userAgent)
  const fetcher = hash(subscribers === null ? `${identity}|${ip}` : identity)
  const day = new Date(now).toISOString().slice(0, 10)
  const key = `${day}|${feed}|${fetcher}`
  const current = buffer.get(key)
  if (current) {
    current.hits++
    current.subscribers = Math.max(current.subscribers, subscribers ?? 0)
    return
  }
  if (buffer.size >= MAX_BUFFERED_KEYS) return
  buffer.set(key, { day, feed, fetcher, agent, subscribers: subscribers ?? 0, hits: 1 })
}

/** Counts fetches of the feeds (after the static site answered them). */
export function feedFetchLog(): Middleware {
  return async function feedFetchLogMiddleware(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !feedOfPath(ctx.path)) return next()
    await next()
    if (ctx.status === 200 || ctx.status === 304) recordFeedFetch(ctx.path, ctx.get('User-Agent'), ctx.ip)
  }
}

/**
 * Writes the buffered counts; on failure they go back into the buffer. One flush at a time per
 * database (as the redirect counters'), so the syndication screen's flush before its read waits for
 * the timer's flush under way instead of reading before those counts commit.
 */
export const flushFeedFetches = oneAtATime(async (db: Db): Promise<number> => {
  if (!buffer.size) return 0
  const counts = [...buffer.values()]
  buffer.clear()
  try {
    await db.transaction(async (trx) => {
      const greatest = isSqlite(trx) ? 'max' : 'greatest'
      for (const c of counts) {
        await trx('feed_fetch_daily')
          .insert(c)
          .onConflict(['day', 'feed', 'fetcher'])
          .merge({
            hits: trx.raw('feed_fetch_daily.hits + ?', [c.hits]),
            subscribers: trx.raw(`${greatest}(feed_fetch_daily.subscribers, ?)`, [c.subscribers]),
            agent: c.agent,
          })
      }
    })
  } catch (error) {
    for (const c of counts) {
      const key = `${c.day}|${c.feed}|${c.fetcher}`
      const current = buffer.get(key)
      if (current) {
        current.hits += c.hits
        current.subscribers = Math.max(current.subscribers, c.subscribers)
      } else buffer.set(key, c)
    }
    throw error
  }
  return counts.length
})

export function startFeedFetchFlush(db: Db, onError: (error: unknown) => void, { flushEveryMs = FLUSH_EVERY_MS } = {}) {
  return startPeriodicFlush(() => flushFeedFetches(db), onError, flushEveryMs)
}

export async function purgeFeedFetches(db: Queryable, now = Date.now(), days = RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now - days * 86_400_000).toISOString().slice(0, 10)
  return db('feed_fetch_daily').where('day', '<', cutoff).delete()
}

export const feedFetchPurgeJob = defineJob({
  type: 'feeds.purge-fetch-log',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  timeoutMs: 5 * 60_000,
  async handler(_payload, ctx) {
    await purgeFeedFetches(ctx.deps.db, ctx.now)
  },
})

export type FeedDay = { day: string; fetchers: number; subscribers: number; hits: number }
export type FeedReader = { agent: string; subscribers: number; fetchers: number; hits: number; lastDay: string }

/**
 * Per day: distinct fetchers, subscribers (the counts aggregators report, plus one per reader
 * that reports none) and hits; and per reader product over the period. Reads the daily rollup only.
 */
export async function feedFetchStats(db: Queryable, { days = 30, feed, now = Date.now() }: { days?: number; feed?: string; now?: number }) {
  const since = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  const base = () => {
    const q = db('feed_fetch_daily').where('day', '>=', since)
    if (feed) q.andWhere({ feed })
    return q
  }
  // A fetcher that reported a count on any feed that day counts its subscribers, else 1.
  const perFetcher = await base().select('day', 'fetcher', 'agent').max({ subscribers: 'subscribers' }).sum({ hits: 'hits' }).groupBy('day', 'fetcher', 'agent')
  const byDay = new Map<string, FeedDay>()
  const byAgent = new Map<string, FeedReader & { ids: Set<string>; perDay: Map<string, number> }>()
  for (const row of perFetcher as { day: string; fetcher: string; agent: string; subscribers: number | string; hits: number | string }[]) {
    const subs = Number(row.subscribers)
    const hits = Number(row.hits)
    const d = byDay.get(row.day) ?? { day: row.day, fetchers: 0, subscribers: 0, hits: 0 }
    d.fetchers++
    d.subscribers += subs > 0 ? subs : 1
    d.hits += hits
    byDay.set(row.day, d)
    const a = byAgent.get(row.agent) ?? {
      agent: row.agent,
      subscribers: 0,
      fetchers: 0,
      hits: 0,
      lastDay: row.day,
      ids: new Set<string>(),
      perDay: new Map<string, number>(),
    }
    a.ids.add(row.fetcher)
    a.hits += hits
    a.perDay.set(row.day, (a.perDay.get(row.day) ?? 0) + (subs > 0 ? subs : 1))
    if (row.day > a.lastDay) a.lastDay = row.day
    byAgent.set(row.agent, a)
  }
  const series: FeedDay[] = []
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now - i * 86_400_000).toISOString().slice(0, 10)
    series.push(byDay.get(day) ?? { day, fetchers: 0, subscribers: 0, hits: 0 })
  }
  const readers: FeedReader[] = [...byAgent.values()]
    .map(({ ids, perDay, ...a }) => ({ ...a, fetchers: ids.size, subscribers: perDay.get(a.lastDay) ?? 0 }))
    .sort((x, y) => y.subscribers - x.subscribers || y.hits - x.hits || x.agent.localeCompare(y.agent))
  return { series, readers }
}
