// The leads table: every kind of lead (lead, quote, contact, application) in one place.
import crypto from 'node:crypto'
import { cachedSql, chunk, fromJson, insertMany, isSqlite, jsonColumns, nowIso, quoteIdentifier, toBool, toIso, type Queryable } from '../rows.ts'

export type LeadKind = 'lead' | 'quote' | 'contact' | 'application'

export type Attribution = {
  source: string
  campaign: string
  trafficSource: string
  referrer: string
  utmSource: string
  utmMedium: string
  utmCampaign: string
  utmTerm: string
  utmContent: string
  gclid: string
  fbclid: string
  msclkid: string
  landingPage: string
  firstTouch: string
  lastTouch: string
  userAgent: string
  ipHash: string
}

export type NewLead = {
  kind: LeadKind
  email: string
  name: string
  phone: string
  company: string
  message: string
  details: Record<string, unknown>
  attribution: Attribution
  payloadHash: string
  isSpam: boolean
  spamReason: string | null
}

export function attributionColumns(a: Attribution) {
  return {
    source: a.source,
    campaign: a.campaign,
    traffic_source: a.trafficSource,
    referrer: a.referrer,
    utm_source: a.utmSource,
    utm_medium: a.utmMedium,
    utm_campaign: a.utmCampaign,
    utm_term: a.utmTerm,
    utm_content: a.utmContent,
    gclid: a.gclid,
    fbclid: a.fbclid,
    msclkid: a.msclkid,
    landing_page: a.landingPage,
    first_touch: a.firstTouch,
    last_touch: a.lastTouch,
    user_agent: a.userAgent,
    ip_hash: a.ipHash,
  }
}

function leadColumns(lead: NewLead, at: string) {
  return {
    ref: crypto.randomUUID(),
    kind: lead.kind,
    email: lead.email,
    name: lead.name,
    phone: lead.phone,
    company: lead.company,
    message: lead.message,
    details: JSON.stringify(lead.details),
    ...attributionColumns(lead.attribution),
    payload_hash: lead.payloadHash,
    is_spam: lead.isSpam,
    spam_reason: lead.spamReason,
    created_at: at,
    updated_at: at,
  }
}

/** Inserts leads with multi-row statements; answers their ids in the order given. */
export async function insertLeads(db: Queryable, leads: NewLead[], now = Date.now()): Promise<number[]> {
  const at = nowIso(now)
  const rows = leads.map((lead) => leadColumns(lead, at))
  const idByRef = new Map<string, number>()
  // Rows are matched to ids by their random ref: RETURNING promises no order.
  for (const part of chunk(rows, 200)) {
    const inserted = await insertMany<{ id: number | string; ref: string }>(db, 'leads', part, ['id', 'ref'])
    for (const r of inserted) idByRef.set(r.ref, Number(r.id))
  }
  return rows.map((r) => idByRef.get(r.ref)!)
}

export async function insertLead(db: Queryable, lead: NewLead, now = Date.now()): Promise<number> {
  const [id] = await insertLeads(db, [lead], now)
  return id
}

export type DuplicateQuery = { kind: LeadKind; email: string; payloadHash: string }
export const duplicateKey = (q: DuplicateQuery) => `${q.kind}\n${q.email}\n${q.payloadHash}`

/** For many submissions at once: the earliest non-spam lead since `since` per duplicateKey. */
export async function findRecentDuplicateLeads(db: Queryable, queries: DuplicateQuery[], since: number): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  const hashes = [...new Set(queries.map((q) => q.payloadHash))]
  for (const part of chunk(hashes, 500)) {
    const rows = await db('leads')
      .select('id', 'kind', 'email', 'payload_hash')
      .whereIn('payload_hash', part)
      .andWhere({ is_spam: false })
      .andWhere('created_at', '>=', nowIso(since))
      .orderBy('id', 'asc')
    for (const r of rows) {
      const key = duplicateKey({ kind: r.kind, email: r.email, payloadHash: r.payload_hash })
      if (!found.has(key)) found.set(key, Number(r.id))
    }
  }
  return found
}

/**
 * Inserts each lead unless a non-spam lead of its kind with the same email and payload exists
 * since `since` (spam is always inserted). Answers, in order, the new id or the existing one.
 * The leads must already be free of duplicates among themselves.
 * On SQLite the check and the insert are one statement (`insert ... select ... where not exists`,
 * whose select sees the table as it was before the statement): one round trip fewer per group
 * commit, and round trips are what a busy event loop makes slow.
 */
export async function insertLeadsUnlessDuplicate(db: Queryable, leads: NewLead[], since: number, now = Date.now()): Promise<{ id: number; duplicate: boolean }[]> {
  if (!leads.length) return []
  if (!isSqlite(db)) {
    const existing = await findRecentDuplicateLeads(db, leads.filter((l) => !l.isSpam), since)
    const fresh = leads.filter((l) => l.isSpam || !existing.has(duplicateKey(l)))
    const ids = await insertLeads(db, fresh, now)
    const idOf = new Map(fresh.map((l, i) => [l, ids[i]]))
    return leads.map((l) => (idOf.has(l) ? { id: idOf.get(l)!, duplicate: false } : { id: existing.get(duplicateKey(l))!, duplicate: true }))
  }
  const at = nowIso(now)
  const rows = leads.map((lead) => leadColumns(lead, at))
  const columns = Object.keys(rows[0] ?? {})
  const sql = cachedSql(`leads-unless-duplicate|${columns.join(',')}`, () => {
    const field = (c: string) => `json_extract(j.value, '$.${c}')`
    return (
      `insert into leads (${columns.map(quoteIdentifier).join(',')}) select ${jsonColumns(columns, 'j.value')} from json_each(?) as j ` +
      `where ${field('is_spam')} or not exists (select 1 from leads as l where l.payload_hash = ${field('payload_hash')} and l.email = ${field('email')} ` +
      `and l.kind = ${field('kind')} and l.is_spam = 0 and l.created_at >= ?) returning id, ref`
    )
  })
  const idByRef = new Map<string, number>()
  for (const part of chunk(rows, 200)) {
    const inserted = (await db.raw(sql, [JSON.stringify(part), nowIso(since)])) as { id: number; ref: string }[]
    for (const r of inserted) idByRef.set(r.ref, Number(r.id))
  }
  const skipped = leads.filter((_, i) => !idByRef.has(rows[i].ref))
  const existing = skipped.length ? await findRecentDuplicateLeads(db, skipped, since) : new Map<string, number>()
  return leads.map((l, i) => {
    const id = idByRef.get(rows[i].ref)
    return id !== undefined ? { id, duplicate: false } : { id: existing.get(duplicateKey(l))!, duplicate: true }
  })
}

/** The id of a non-spam lead of this kind with the same email and payload created since `since`. */
export async function findRecentDuplicateLead(db: Queryable, q: { kind: LeadKind; email: string; payloadHash: string; since: number }): Promise<number | undefined> {
  const row = await db('leads')
    .select('id')
    .where({ payload_hash: q.payloadHash, kind: q.kind, email: q.email, is_spam: false })
    .andWhere('created_at', '>=', nowIso(q.since))
    .orderBy('id', 'asc')
    .first()
  return row ? Number(row.id) : undefined
}

export async function getLead(db: Queryable, id: number) {
  const row = await db('leads').where({ id }).first()
  return row ? normaliseLead(row) : undefined
}

/** Staff lists: spam is excluded unless asked for. */
export async function listLeads(db: Queryable, opts: { kind?: LeadKind; includeSpam?: boolean; limit?: number } = {}) {
  const query = db('leads').orderBy('id', 'desc').limit(opts.limit ?? 100)
  if (opts.kind) query.where({ kind: opts.kind })
  if (!opts.includeSpam) query.where({ is_spam: false })
  return (await query).map(normaliseLead)
}

export type LeadRow = Record<string, unknown> & {
  id: number
  kind: LeadKind
  email: string
  is_spam: boolean
  spam_reason: string | null
  details: Record<string, unknown>
  created_at: string | null
  updated_at: string | null
}

function normaliseLead(row: Record<string, unknown>): LeadRow {
  return {
    ...row,
    id: Number(row.id),
    is_spam: toBool(row.is_spam),
    details: fromJson<Record<string, unknown>>(row.details) ?? {},
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  } as LeadRow
}
