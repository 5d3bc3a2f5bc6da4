// Contacts (CRM): people with emails[] and phones[] (JSON), tags, a company and an owner.
import type { TableSpec } from '../tableSpec.ts'
import { nowIso, type Queryable } from '../rows.ts'

export const contactsTable: TableSpec = {
  table: 'contacts',
  columns: {
    id: 'int',
    first_name: 'text',
    last_name: 'text',
    title: 'text',
    emails: 'json',
    phones: 'json',
    company_id: 'int',
    owner_id: 'int',
    tags: 'json',
    status: 'text',
    background: 'text',
    linkedin_url: 'text',
    first_seen: 'time',
    last_seen: 'time',
    lead_id: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { company_id: 'companies', owner_id: 'users', lead_id: 'leads' },
  searchable: true,
  hasUpdatedAt: true,
}

const BATCH = 200 // rows per multi-row insert (17 columns: well under SQLite's 32,766 variables)

/** Multi-row inserts in batches; returns the new ids in input order. Run it inside a transaction. */
export async function insertContactRows(db: Queryable, rows: Array<Record<string, unknown>>, now = Date.now()): Promise<number[]> {
  const at = nowIso(now)
  const ids: number[] = []
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH).map((r) => ({ created_at: at, updated_at: at, ...r }))
    const inserted = (await db('contacts').insert(chunk).returning('id')) as Array<{ id: number | string } | number>
    for (const row of inserted) ids.push(Number(typeof row === 'object' ? row.id : row))
  }
  return ids
}

/** True when every id is a contact (a deal's contact_ids are checked before writes). */
export async function contactsExist(db: Queryable, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)]
  const [row] = await db('contacts').whereIn('id', unique).count({ n: '*' })
  return Number(row.n) === unique.length
}
