// The leads table as the staff admin sees it: every column but the dedupe hash, and the keyset
// pages the CSV export streams. (Inserts from the public forms live in leads.ts.)
import type { Knex } from 'knex'
import type { TableSpec } from '../../admin/records.ts'

export const adminLeadsTable: TableSpec = {
  table: 'leads',
  columns: {
    id: 'int', kind: 'text', status: 'text', owner_id: 'int', notes: 'text', is_spam: 'bool', spam_reason: 'text', email: 'text', name: 'text', phone: 'text',
    company: 'text', message: 'text', details: 'json', source: 'text', campaign: 'text', traffic_source: 'text', referrer: 'text', utm_source: 'text',
    utm_medium: 'text', utm_campaign: 'text', utm_term: 'text', utm_content: 'text', gclid: 'text', fbclid: 'text', msclkid: 'text', landing_page: 'text',
    first_touch: 'text', last_touch: 'text', user_agent: 'text', ip_hash: 'text', created_at: 'time', updated_at: 'time',
  },
  refs: { owner_id: 'users' },
  searchable: true,
  hasUpdatedAt: true,
  insertOnly: ['payload_hash'],
}

/** Columns of the CSV export, in order. */
export const LEAD_EXPORT_COLUMNS = [
  'id', 'created_at', 'kind', 'status', 'owner_id', 'name', 'email', 'phone', 'company', 'message', 'source', 'campaign', 'traffic_source', 'referrer',
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'msclkid', 'landing_page', 'first_touch', 'last_touch',
  'notes', 'is_spam', 'spam_reason', 'updated_at',
] as const

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
    else query.where((w) => w.where(col, op, after.value as Knex.Value).orWhere((w2) => w2.where(col, after.value as Knex.Value).andWhere('leads.id', op, after.id)))
  }
  query.orderBy(col, order)
  if (sortField !== 'id') query.orderBy('leads.id', order)
  return query.limit(size)
}
