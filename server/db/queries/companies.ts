// Companies (CRM).
import type { TableSpec } from '../tableSpec.ts'
import { insertReturningId, nowIso, type Queryable } from '../rows.ts'

export const companiesTable: TableSpec = {
  table: 'companies',
  columns: {
    id: 'int',
    name: 'text',
    sector: 'text',
    size: 'text',
    website: 'text',
    phone: 'text',
    address: 'text',
    city: 'text',
    state: 'text',
    owner_id: 'int',
    description: 'text',
    revenue: 'number',
    created_at: 'time',
    updated_at: 'time',
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

/**
 * Company ids by lower-cased name for many names at once, creating the missing ones: two
 * statements per 500 names (the import's chunks must stay short). `known` names are not looked up again.
 */
export async function resolveCompanyNames(
  db: Queryable,
  names: string[],
  ownerId: number | null,
  known = new Map<string, number>(),
  now = Date.now(),
): Promise<Map<string, number>> {
  const wanted = new Map<string, string>()
  for (const name of names) if (!known.has(name.toLowerCase()) && !wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name)
  const keys = [...wanted.keys()]
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500)
    const rows = (await db('companies')
      .select(db.raw('lower(name) as lname'), db.raw('min(id) as id'))
      .whereIn(db.raw('lower(name)') as unknown as string, part)
      .groupByRaw('lower(name)')) as Array<{ lname: string; id: number | string }>
    for (const r of rows) known.set(r.lname, Number(r.id))
    const missing = part.filter((k) => !known.has(k))
    if (!missing.length) continue
    const at = nowIso(now)
    const inserted = (await db('companies')
      .insert(missing.map((k) => ({ name: wanted.get(k)!, owner_id: ownerId, created_at: at, updated_at: at })))
      .returning(['id', 'name'])) as Array<{ id: number | string; name: string }>
    for (const r of inserted) known.set(r.name.toLowerCase(), Number(r.id))
  }
  return known
}
