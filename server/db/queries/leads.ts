// The leads table: every kind of lead (lead, quote, contact, application) in one place. Inserts
// from the public forms (with the queries behind lead de-duplication, whose rules are in
// server/api/leadDeduplication.ts), the table as the staff admin sees it, the CSV export's pages
// and the overview's aggregates.
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import type { Dashboard } from '../../../shared/adminContract.ts'
import { ATTRIBUTION_COLUMNS, attributionColumns, EXPORTED_ATTRIBUTION_COLUMNS, type Attribution } from '../../../shared/attribution.ts'
import { isPostgres, type Db } from '../knex.ts'
import {
  cachedSql,
  chunk,
  DAY_MS,
  fromJson,
  insertMany,
  isSqlite,
  jsonColumns,
  nowIso,
  quoteIdentifier,
  startOfUtcDay,
  toBool,
  toIso,
  type Queryable,
} from '../rows.ts'
import type { TableSpec } from '../tableSpec.ts'

export type LeadKind = 'lead' | 'quote' | 'contact' | 'application'

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

export type DuplicateQuery = { kind: LeadKind; email: string; payloadHash: string }
export const duplicateKey = (q: DuplicateQuery) => `${q.kind}\n${q.email}\n${q.payloadHash}`

/** For many submissions at once: the earliest non-spam lead since `since` per duplicateKey. */
async function findRecentDuplicateLeads(db: Queryable, queries: DuplicateQuery[], since: number): Promise<Map<string, number>> {
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
export async function insertLeadsUnlessDuplicate(
  db: Queryable,
  leads: NewLead[],
  since: number,
  now = Date.now(),
): Promise<{ id: number; duplicate: boolean }[]> {
  if (!leads.length) return []
  if (!isSqlite(db)) {
    const existing = await findRecentDuplicateLeads(
      db,
      leads.filter((l) => !l.isSpam),
      since,
    )
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

export async function getLead(db: Queryable, id: number) {
  const row = await db('leads').where({ id }).first()
  return row ? normaliseLead(row) : undefined
}

/** Newest first, spam excluded unless asked for. */
export async function listLeads(db: Queryable, opts: { kind?: LeadKind; includeSpam?: boolean; limit?: number } = {}) {
  const query = db('leads')
    .orderBy('id', 'desc')
    .limit(opts.limit ?? 100)
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

/** The leads table as the staff admin sees it: every column but the dedupe hash (written on insert). */
export const leadsTable: TableSpec = {
  table: 'leads',
  columns: {
    id: 'int',
    kind: 'text',
    status: 'text',
    owner_id: 'int',
    notes: 'text',
    is_spam: 'bool',
    spam_reason: 'text',
    email: 'text',
    name: 'text',
    phone: 'text',
    company: 'text',
    message: 'text',
    details: 'json',
    ...Object.fromEntries(ATTRIBUTION_COLUMNS.map((column) => [column, 'text' as const])),
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { owner_id: 'users' },
  searchable: true,
  hasUpdatedAt: true,
  insertOnly: ['payload_hash'],
}

/** Columns of the CSV export, in order. */
export const LEAD_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'kind',
  'status',
  'owner_id',
  'name',
  'email',
  'phone',
  'company',
  'message',
  ...EXPORTED_ATTRIBUTION_COLUMNS,
  'notes',
  'is_spam',
  'spam_reason',
  'updated_at',
]

/** Sort columns the export can page through by keyset (never null). */
export const LEAD_EXPORT_SORTS = new Set(['id', 'created_at', 'updated_at', 'email', 'name', 'status', 'source', 'campaign', 'kind', 'company'])

/**
 * One export page after `after` (the last row of the previous page): rows strictly after
 * (sortValue, id) in the requested order, so each page is an index range, not an OFFSET.
 */
export function keysetPage(query: Knex.QueryBuilder, sortField: string, order: 'asc' | 'desc', after: { value: unknown; id: number } | null, size: number) {
  const op = order === 'asc' ? '>' : '<'
  const col = `leads.${sortField}`
  if (after) {
    if (sortField === 'id') query.where('leads.id', op, after.id)
    else
      query.where((w) =>
        w.where(col, op, after.value as Knex.Value).orWhere((w2) => w2.where(col, after.value as Knex.Value).andWhere('leads.id', op, after.id)),
      )
  }
  query.orderBy(col, order)
  if (sortField !== 'id') query.orderBy('leads.id', order)
  return query.limit(size)
}

// The overview's aggregates, computed in SQL (index-only scans on leads_spam_created_idx and
// leads_spam_source_status_idx). Days are UTC days.

/** Non-spam leads received today, in the last 7 days and in the last 30 days. */
export async function leadCounts(db: Db, now = Date.now()): Promise<Dashboard['leads']> {
  const today = nowIso(startOfUtcDay(now))
  const d7 = nowIso(now - 7 * DAY_MS)
  const d30 = nowIso(now - 30 * DAY_MS)
  const [row] = await db('leads')
    .where('is_spam', false)
    .where('created_at', '>=', d30)
    .select(
      db.raw('coalesce(sum(case when created_at >= ? then 1 else 0 end), 0) as today', [today]),
      db.raw('coalesce(sum(case when created_at >= ? then 1 else 0 end), 0) as days7', [d7]),
      db.raw('count(*) as days30'),
    )
  return { today: Number(row.today), days7: Number(row.days7), days30: Number(row.days30) }
}

export async function conversionBySource(db: Db, limit = 20): Promise<Dashboard['conversionBySource']> {
  const rows = await db('leads')
    .where('is_spam', false)
    .select('source', db.raw('count(*) as leads'), db.raw(`coalesce(sum(case when status = 'converted' then 1 else 0 end), 0) as converted`))
    .groupBy('source')
    .orderByRaw('count(*) desc, source asc')
    .limit(limit)
  return rows.map((r) => {
    const leads = Number(r.leads)
    const converted = Number(r.converted)
    return { source: String(r.source) || '(none)', leads, converted, rate: leads ? Math.round((converted / leads) * 10_000) / 10_000 : 0 }
  })
}

export async function leadsOverTime(db: Db, days = 30, now = Date.now()): Promise<Dashboard['leadsOverTime']> {
  const first = startOfUtcDay(now) - (days - 1) * DAY_MS
  const day = isPostgres(db) ? db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`) : db.raw('substr(created_at, 1, 10)')
  const rows = await db('leads')
    .where('is_spam', false)
    .where('created_at', '>=', nowIso(first))
    .select({ date: day }, db.raw('count(*) as count'))
    .groupByRaw('1')
  const counts = new Map(rows.map((r) => [String(r.date), Number(r.count)]))
  return Array.from({ length: days }, (_, i) => {
    const date = nowIso(first + i * DAY_MS).slice(0, 10)
    return { date, count: counts.get(date) ?? 0 }
  })
}

export async function recentLeads(db: Db, limit = 5) {
  const rows = await db('leads')
    .where('is_spam', false)
    .select('id', 'kind', 'name', 'email', 'company', 'source', 'status', 'created_at')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: toIso(r.created_at) }))
}
