// Ingestion of analytics events (issue 13, docs/decisions/120-analytics-storage.md): turns a
// validated batch from the tracker into stored rows. The server decides who and which session:
// - the visitor is a salted hash of (daily salt, site host, IP, user agent), the salt rotating
//   every UTC day and deleted two days later, so no visitor can be followed across days and no IP
//   is stored; the browser's own id is stored only once it belongs to a lead (analytics_visitors);
// - a session is the visitor's events until 30 minutes of silence, a new UTC day, or a landing
//   from another campaign; its channel, source, medium and campaign come from its landing;
// - device, browser and OS come from the user agent, which itself is not stored.
import crypto from 'node:crypto'
import type { AnalyticsEvent } from '../../shared/contract.ts'
import type { Db } from '../db/knex.ts'
import { nowIso, type Queryable } from '../db/rows.ts'
import { existingEventBuffer } from './eventBuffer.ts'
import { classifyLanding, goalOf, landingSignature, pageKey, parseDevice, type Landing } from './derive.ts'

export const SESSION_GAP_MS = 30 * 60_000
/** How long after a lead is saved the browser that sent it can be recognised by today's hash. */
export const HASH_LINK_MS = 30 * 60_000
export const HOUR_MS = 3600_000
export const DAY_MS = 86_400_000
/** A client clock more than this far from the server's is ignored (the receive time is used). */
const MAX_BATCH_SPAN_MS = 10 * 60_000

export type RequestInfo = { ip: string; userAgent: string; siteHost: string; receivedAt: number }

export type EventRow = {
  type: string
  path: string
  visitor_id: string
  session_id: string
  occurred_at: number
  value: number | null
  name: string
  referrer: string
  props: string | null
  user_agent: string
  ip_hash: string
  received_at: string
  ts: number
  channel: string
  goal: string
  device: string
  lead_id: number | null
}

export type SessionRow = {
  id: string
  visitor_id: string
  first_of_day: boolean
  returning: boolean
  lead_id: number | null
  started_at: number
  channel: string
  source: string
  medium: string
  campaign: string
  referrer_host: string
  click_id: string
  landing_page: string
  device: string
  browser: string
  os: string
}

/** What one request adds: event rows, new sessions and browser ids newly tied to a lead. */
export type DerivedBatch = { events: EventRow[]; sessions: SessionRow[]; visitorLinks: { visitor_id: string; lead_id: number; linked_at: number }[] }

type OpenSession = { id: string; last: number; day: number; signature: string; channel: string; leadId: number | null }

const dayOf = (t: number) => Math.floor(t / DAY_MS)

/**
 * A new session's id: its start (ms, 12 hex digits) then 12 random hex digits. Ids that grow with
 * time keep the inserts into analytics_sessions' key and events (session_id, ts) at the right
 * edge of those indexes instead of at a random page each (docs/decisions/115); the start is in
 * the row anyway.
 */
export const sessionId = (startedAt: number) =>
  Math.max(0, Math.floor(startedAt)).toString(16).padStart(12, '0').slice(-12) + crypto.randomBytes(6).toString('hex')
/** The first 5 hex digits of a day's visitor hashes: the UTC day (days since the epoch). */
export const visitorPrefix = (day: number) => Math.max(0, day).toString(16).padStart(5, '0').slice(-5)
/** A hash link stands for the visit that converted only: another browser behind the same address
 * with the same user agent later that day is not that person. */
const expired = (key: string, linkedAt: number, now: number) => key.startsWith('h:') && now - linkedAt > HASH_LINK_MS

/** Keeps the most recently used entries of a map within `max`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key)
  map.set(key, value)
  if (map.size > max) map.delete(map.keys().next().value as K)
}

export class Ingestor {
  private salts = new Map<number, string>()
  private sessions = new Map<string, OpenSession>()
  /** Browser id or `h:<visitor hash>` → lead id (null: checked, not a lead; rechecked after a minute). */
  private known = new Map<string, { leadId: number | null; at: number; linkedAt: number }>()

  /** Today's hash → the browser ids seen under it in the last half hour. Memory only, never stored:
   * when that visitor becomes a lead, those ids are the ones tied to it. */
  private recentClients = new Map<string, Map<string, number>>()

  constructor(private readonly db: Db) {}

  private noteClient(hash: string, clientId: string, now: number) {
    let ids = this.recentClients.get(hash)
    if (!ids) {
      ids = new Map()
      remember(this.recentClients, hash, ids, 50_000)
    }
    ids.set(clientId, now)
    if (ids.size > 20) ids.delete(ids.keys().next().value!)
  }

  /** The browser ids seen under a hash lately; they take over its open session, tied to the lead. */
  adoptClients(hash: string, leadId: number, now = Date.now()): string[] {
    const ids = [...(this.recentClients.get(hash) ?? new Map<string, number>())].filter(([, at]) => now - at <= HASH_LINK_MS).map(([id]) => id)
    const open = this.sessions.get(hash)
    for (const id of ids) {
      remember(this.known, id, { leadId, at: now, linkedAt: now }, 100_000)
      if (open) remember(this.sessions, id, { ...open, leadId }, 50_000)
    }
    return ids
  }

  /** Today's salt: created by the first process that needs it, then shared through the table. */
  async salt(day: number): Promise<string> {
    const cached = this.salts.get(day)
    if (cached) return cached
    await this.db('analytics_salts')
      .insert({ day, salt: crypto.randomBytes(32).toString('hex') })
      .onConflict('day')
      .ignore()
    const row = await this.db('analytics_salts').where({ day }).first('salt')
    const salt = String(row.salt)
    this.salts.set(day, salt)
    for (const d of this.salts.keys()) if (d < day - 1) this.salts.delete(d)
    return salt
  }

  /**
   * Today's visitor: the UTC day in 5 hex digits, then 27 hex digits of the salted hash (32 in
   * all, as before). The day leads so a day's visitors sort together: inserts into
   * events (visitor_id, ts) and analytics_sessions (visitor_id, started_at) land in today's small
   * part of those indexes, pages already in cache, instead of anywhere in 10 million entries
   * (docs/decisions/190). The day is in every row's time anyway.
   */
  async visitorHash(info: Pick<RequestInfo, 'ip' | 'userAgent' | 'siteHost' | 'receivedAt'>): Promise<string> {
    const day = dayOf(info.receivedAt)
    const salt = await this.salt(day)
    return visitorPrefix(day) + crypto.createHash('sha256').update(`${salt}|${info.siteHost}|${info.ip}|${info.userAgent}`).digest('hex').slice(0, 27)
  }

  /**
   * Every browser id and day hash tied to a lead (analytics_visitors only holds those: one to a few
   * rows per lead), held in memory so an event never waits for a lookup (decision 128). New rows
   * of other processes are read every 30 seconds (`linked_at` after the last one seen), the whole
   * table every 10 minutes (erasures elsewhere); this process's own links are added at once.
   */
  private links = new Map<string, { leadId: number; linkedAt: number }>()
  private linksLoaded: Promise<void> | null = null
  private linksRead = { full: 0, incremental: 0, lastLinkedAt: 0 }

  private async loadLinks(now: number, full: boolean) {
    const query = this.db('analytics_visitors').select('visitor_id', 'lead_id', 'linked_at')
    if (!full) query.where('linked_at', '>', this.linksRead.lastLinkedAt - HASH_LINK_MS)
    const rows = (await query) as { visitor_id: string; lead_id: number | string; linked_at: number | string }[]
    if (full) this.links.clear()
    for (const r of rows) {
      const linkedAt = Number(r.linked_at)
      this.links.set(r.visitor_id, { leadId: Number(r.lead_id), linkedAt })
      this.linksRead.lastLinkedAt = Math.max(this.linksRead.lastLinkedAt, linkedAt)
    }
    this.linksRead.incremental = now
    if (full) this.linksRead.full = now
  }

  private async freshLinks(now: number) {
    const due = !this.linksRead.full ? 'full' : now - this.linksRead.full > 10 * 60_000 ? 'full' : now - this.linksRead.incremental > 30_000 ? 'new' : null
    if (due && !this.linksLoaded)
      this.linksLoaded = this.loadLinks(now, due === 'full').finally(() => {
        this.linksLoaded = null
      })
    // Only the first load is waited for; later refreshes run behind the requests.
    if (!this.linksRead.full && this.linksLoaded) await this.linksLoaded
  }

  private async leadsOf(keys: string[], now: number): Promise<Map<string, number | null>> {
    await this.freshLinks(now)
    const out = new Map<string, number | null>()
    for (const key of keys) {
      const hit = this.known.get(key) ?? this.links.get(key)
      const leadId = hit?.leadId ?? null
      out.set(key, leadId !== null && expired(key, hit!.linkedAt, now) ? null : leadId)
    }
    return out
  }

  /** Loads the open session of visitors this process has not seen (another process or a restart). */
  private async loadSessions(keys: string[], now: number) {
    const missing = keys.filter((k) => !this.sessions.has(k))
    if (!missing.length) return
    const since = Math.min(dayOf(now) * DAY_MS, now - SESSION_GAP_MS)
    const rows = (await this.db('analytics_sessions')
      .whereIn('visitor_id', missing)
      .andWhere('started_at', '>=', since)
      .orderBy('started_at', 'asc')
      .select('id', 'visitor_id', 'started_at', 'channel', 'source', 'medium', 'campaign', 'lead_id')) as Record<string, string | number | null>[]
    if (!rows.length) return
    const latest = new Map<string, Record<string, string | number | null>>()
    for (const r of rows) latest.set(String(r.visitor_id), r)
    const ids = [...latest.values()].map((r) => String(r.id))
    const lasts = (await this.db('events').whereIn('session_id', ids).groupBy('session_id').select('session_id').max({ last: 'ts' })) as {
      session_id: string
      last: number | string
    }[]
    const lastOf = new Map(lasts.map((r) => [r.session_id, Number(r.last)]))
    for (const [visitor, r] of latest) {
      const started = Number(r.started_at)
      remember(
        this.sessions,
        visitor,
        {
          id: String(r.id),
          last: lastOf.get(String(r.id)) ?? started,
          day: dayOf(started),
          signature: [r.channel, r.source, r.medium, r.campaign].join('\u0001'),
          channel: String(r.channel),
          leadId: r.lead_id == null ? null : Number(r.lead_id),
        },
        50_000,
      )
    }
  }

  /** Rows for one request's events (already validated), in the order they were sent. */
  async derive(events: AnalyticsEvent[], info: RequestInfo): Promise<DerivedBatch> {
    const device = parseDevice(info.userAgent)
    const out: DerivedBatch = { events: [], sessions: [], visitorLinks: [] }
    if (device.device === 'bot' || !events.length) return out
    const now = info.receivedAt
    const hash = await this.visitorHash(info)
    const clientIds = [...new Set(events.map((e) => e.visitorId))]
    const leads = await this.leadsOf([...clientIds, `h:${hash}`], now)
    const hashLead = leads.get(`h:${hash}`) ?? null
    // The browser's id is kept only for a lead: already tied to one, or tied now because this
    // visitor (today's hash) just became one.
    const keyOf = new Map<string, { key: string; leadId: number | null }>()
    for (const id of clientIds) {
      const leadId = leads.get(id) ?? null
      if (leadId !== null) keyOf.set(id, { key: id, leadId })
      else if (hashLead !== null) {
        keyOf.set(id, { key: id, leadId: hashLead })
        out.visitorLinks.push({ visitor_id: id, lead_id: hashLead, linked_at: now })
        remember(this.known, id, { leadId: hashLead, at: now, linkedAt: now }, 100_000)
      } else {
        keyOf.set(id, { key: hash, leadId: null })
        this.noteClient(hash, id, now)
      }
    }
    await this.loadSessions([...new Set([hash, ...[...keyOf.values()].map((v) => v.key)])], now)
    // A browser tied to a lead just now goes on with the session it had under today's hash.
    const open = this.sessions.get(hash)
    for (const link of out.visitorLinks)
      if (open && !this.sessions.has(link.visitor_id)) remember(this.sessions, link.visitor_id, { ...open, leadId: link.lead_id }, 50_000)

    // Event times: the receive time, minus how long before the batch's last event each was sent
    // (the client's clock only orders the batch; a wrong clock cannot move events in time).
    const lastAt = Math.max(...events.map((e) => e.at))
    const receivedIso = nowIso(now)
    for (const e of events) {
      const { key, leadId } = keyOf.get(e.visitorId)!
      const ts = now - Math.min(MAX_BATCH_SPAN_MS, Math.max(0, lastAt - e.at))
      let session = this.sessions.get(key)
      let landing: Landing | null = null
      if (e.type === 'page_view') landing = classifyLanding(e.path, e.referrer ?? '', info.siteHost)
      const newCampaign = landing?.hasSignal && session && landingSignature(landing) !== session.signature
      if (!session || ts - session.last > SESSION_GAP_MS || dayOf(ts) !== session.day || newCampaign) {
        landing ??= classifyLanding(e.path, e.referrer ?? '', info.siteHost)
        const firstOfDay = !session || dayOf(ts) !== session.day
        const row: SessionRow = {
          id: sessionId(ts),
          visitor_id: key,
          first_of_day: firstOfDay,
          returning: e.props?.returning === true || (leadId !== null && !firstOfDay),
          lead_id: leadId,
          started_at: ts,
          channel: landing.channel,
          source: landing.source,
          medium: landing.medium,
          campaign: landing.campaign,
          referrer_host: landing.referrerHost,
          click_id: landing.clickId,
          landing_page: pageKey(e.path),
          device: device.device,
          browser: device.browser,
          os: device.os,
        }
        out.sessions.push(row)
        session = { id: row.id, last: ts, day: dayOf(ts), signature: landingSignature(landing), channel: landing.channel, leadId }
        remember(this.sessions, key, session, 50_000)
      }
      session.last = Math.max(session.last, ts)
      out.events.push({
        type: e.type,
        path: pageKey(e.path),
        visitor_id: key,
        session_id: session.id,
        occurred_at: e.at,
        value: e.value ?? null,
        name: e.name ?? '',
        // Only the referring site is kept: a full referrer URL can carry personal data.
        referrer: landing?.referrerHost ?? '',
        props: e.props ? JSON.stringify(e.props) : null,
        user_agent: '',
        ip_hash: '',
        received_at: receivedIso,
        ts,
        channel: session.channel,
        goal: goalOf(e),
        device: device.device,
        lead_id: leadId ?? session.leadId,
      })
    }
    return out
  }

  /** Notes that a browser id or `h:<hash>` belongs to a lead (this process sees it at once). */
  rememberLead(key: string, leadId: number | null) {
    remember(this.known, key, { leadId, at: Date.now(), linkedAt: Date.now() }, 100_000)
  }

  /** Forgets what this process remembers (tests, erasure); the links are read again. */
  reset() {
    this.sessions.clear()
    this.known.clear()
    this.links.clear()
    this.linksRead = { full: 0, incremental: 0, lastLinkedAt: 0 }
  }
}

/**
 * Ties today's visitor (the hash of this request) to a new lead: today's sessions and events of
 * that hash get the lead id, and the browser id of the next events from it is kept (see derive).
 */
export async function linkLeadToVisitor(db: Queryable, ingestor: Ingestor, leadId: number, info: Omit<RequestInfo, 'receivedAt'>, now = Date.now()) {
  const hash = await ingestor.visitorHash({ ...info, receivedAt: now })
  await db('analytics_visitors')
    .insert({ visitor_id: `h:${hash}`, lead_id: leadId, linked_at: now })
    .onConflict('visitor_id')
    .merge()
  ingestor.rememberLead(`h:${hash}`, leadId)
  const clients = ingestor.adoptClients(hash, leadId, now)
  if (clients.length)
    await db('analytics_visitors')
      .insert(clients.map((visitor_id) => ({ visitor_id, lead_id: leadId, linked_at: now })))
      .onConflict('visitor_id')
      .ignore()
  const since = dayOf(now) * DAY_MS
  // Rows of this visitor still waiting in the buffer get the lead id before they are written.
  existingEventBuffer(db)?.assignLead(hash, leadId, since)
  await db('analytics_sessions').where({ visitor_id: hash }).andWhere('started_at', '>=', since).whereNull('lead_id').update({ lead_id: leadId })
  await db('events').where({ visitor_id: hash }).andWhere('ts', '>=', since).whereNull('lead_id').update({ lead_id: leadId })
}

const ingestors = new WeakMap<Db, Ingestor>()
/** The process's ingestor of a database (its caches are per process). */
export function ingestorFor(db: Db): Ingestor {
  let found = ingestors.get(db)
  if (!found) ingestors.set(db, (found = new Ingestor(db)))
  return found
}
