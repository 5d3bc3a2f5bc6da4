// Companies (CRM).
import type { TableSpec } from '../tableSpec.ts'
import { insertReturningId, nowIso, type Queryable } from '../rows.ts'

export const companiesTable: TableSpec = {
  table: 'companies',
  columns: {
    id: 'int', name: 'text', sector: 'text', size: 'text', website: 'text', phone: 'text', address: 'text', city: 'text', state: 'text',
    owner_id: 'int', description: 'text', revenue: 'number', created_at: 'time', updated_at: 'time',
  },
  refs: { owner_id: 'users' },
  searchable: true,
  hasUpdatedAt: true,
}

/** The oldest company with this name (case-insensitive), if any. */
export async function findCompanyIdByName(db: Queryable, name: string): Promise<number | null> {
  const row = await db('companies').select('id').whereRaw('lower(name) = ?', [name.toLowerCase()]).orderBy('id').first()
  return row ? Number(row.id) : null
}

/** Company ids by lower-cased name, creating the missing ones (CSV import). */
export async function resolveCompanies(db: Queryable, names: string[], ownerId: number | null, now = Date.now()): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const at = nowIso(now)
  for (const name of names) {
    const key = name.toLowerCase()
    if (out.has(key)) continue
    const id = (await findCompanyIdByName(db, name)) ?? (await insertReturningId(db('companies'), { name, owner_id: ownerId, created_at: at, updated_at: at }))
    out.set(key, id)
  }
  return out
}
