// Demo CRM records (is_demo = true, docs/decisions/061-sign-in-throttling.md): counted per table
// and removed together. Deletion order follows the references: activities, deals, contacts,
// companies, leads; references from real records to removed ones are set to null by their
// foreign keys (an activity logged on a demo contact goes with it: ON DELETE CASCADE).
import type { DemoDataCounts } from '../../../shared/adminContract.ts'
import type { Queryable } from '../rows.ts'

const ORDER = ['activities', 'deals', 'contacts', 'companies', 'leads'] as const

export async function countDemoData(db: Queryable): Promise<DemoDataCounts> {
  const counts = await Promise.all(ORDER.map(async (table) => [table, Number((await db(table).where({ is_demo: true }).count({ n: '*' }))[0].n)] as const))
  const byTable = Object.fromEntries(counts) as Record<(typeof ORDER)[number], number>
  return { leads: byTable.leads, companies: byTable.companies, contacts: byTable.contacts, deals: byTable.deals, activities: byTable.activities }
}

/** Deletes every demo record; answers how many went from each table. Run it in a transaction. */
export async function deleteDemoData(db: Queryable): Promise<DemoDataCounts> {
  const removed: DemoDataCounts = { leads: 0, companies: 0, contacts: 0, deals: 0, activities: 0 }
  for (const table of ORDER) removed[table] = Number(await db(table).where({ is_demo: true }).delete())
  return removed
}
