// Activities: notes, calls, emails, meetings and tasks on a contact, company or deal.
import { DAY_MS, nowIso, startOfUtcDay, toIso, type Queryable } from '../rows.ts'
import type { TableSpec } from '../tableSpec.ts'

export const activitiesTable: TableSpec = {
  table: 'activities',
  columns: {
    id: 'int',
    type: 'text',
    subject: 'text',
    body: 'text',
    due_at: 'time',
    done_at: 'time',
    contact_id: 'int',
    company_id: 'int',
    deal_id: 'int',
    owner_id: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { contact_id: 'contacts', company_id: 'companies', deal_id: 'deals', owner_id: 'users' },
  hasUpdatedAt: true,
}

/** A user's open tasks, soonest first (no due date last). */
export async function listOpenTasks(db: Queryable, ownerId: number, limit = 10) {
  const rows = await db('activities')
    .select('id', 'subject', 'due_at', 'contact_id', 'company_id', 'deal_id')
    .where({ owner_id: ownerId, type: 'task' })
    .whereNull('done_at')
    .orderByRaw('case when due_at is null then 1 else 0 end, due_at asc, id asc')
    .limit(limit)
  return rows.map((r) => ({ ...r, id: Number(r.id), due_at: toIso(r.due_at) }))
}

export async function moveActivitiesToContact(db: Queryable, fromContactId: number, toContactId: number) {
  return db('activities').where({ contact_id: fromContactId }).update({ contact_id: toContactId })
}

/** The overview's count of a user's open tasks due today (UTC) or overdue. */
export async function tasksDue(db: Queryable, ownerId: number, now = Date.now()): Promise<number> {
  const [row] = await db('activities')
    .where({ owner_id: ownerId, type: 'task' })
    .whereNull('done_at')
    .where('due_at', '<', nowIso(startOfUtcDay(now) + DAY_MS))
    .count({ n: '*' })
  return Number(row.n)
}
