// Page-level head overrides (/admin/cms): one row per catalog URL. Read by the full build (when a
// database is reachable), by the inventory and by the immediate re-apply of one page.
import type { TableSpec } from '../tableSpec.ts'
import { toRecord } from '../tableSpec.ts'
import type { Queryable } from '../rows.ts'
import type { PageOverride } from '../../../shared/cms.ts'

export const pageOverridesTable: TableSpec = {
  table: 'page_overrides',
  columns: {
    id: 'int',
    url: 'text',
    title: 'text',
    description: 'text',
    noindex: 'bool',
    canonical: 'text',
    updated_by: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { updated_by: 'users' },
  hasUpdatedAt: true,
}

export type PageOverrideRow = PageOverride & { id: number; url: string; updated_by: number | null; updated_at: string }

export async function readOverrides(db: Queryable): Promise<Map<string, PageOverrideRow>> {
  const rows = await db('page_overrides').select('*')
  return new Map(
    rows.map((row) => {
      const r = toRecord(pageOverridesTable, row) as PageOverrideRow
      return [r.url, r]
    }),
  )
}

export async function findOverride(db: Queryable, url: string): Promise<PageOverrideRow | null> {
  const row = await db('page_overrides').where({ url }).first()
  return row ? (toRecord(pageOverridesTable, row) as PageOverrideRow) : null
}
