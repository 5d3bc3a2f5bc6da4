// Deals and their kanban order: `position` is 0..n-1 within a stage.
import { DEAL_STAGES, type Dashboard } from '../../../shared/adminContract.ts'
import { isPostgres, type Db } from '../knex.ts'
import { fromJson, nowIso, type Queryable } from '../rows.ts'
import type { TableSpec } from '../tableSpec.ts'

export const dealsTable: TableSpec = {
  table: 'deals',
  columns: {
    id: 'int',
    name: 'text',
    company_id: 'int',
    contact_ids: 'json',
    stage: 'text',
    amount: 'number',
    expected_close: 'day',
    owner_id: 'int',
    position: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { company_id: 'companies', owner_id: 'users' },
  hasUpdatedAt: true,
}

export async function nextPosition(db: Queryable, stage: string): Promise<number> {
  const [row] = await db('deals').where({ stage }).max({ m: 'position' })
  return row?.m == null ? 0 : Number(row.m) + 1
}

/** Ids in a stage in board order. */
export async function stageOrder(db: Queryable, stage: string): Promise<number[]> {
  const rows = await db('deals')
    .select('id')
    .where({ stage })
    .orderBy([{ column: 'position' }, { column: 'id' }])
  return rows.map((r) => Number(r.id))
}

/** Writes positions 0..n-1 for the ids of a stage, touching only rows whose position or stage changed. */
export async function writeStageOrder(
  db: Queryable,
  stage: string,
  ids: number[],
  current: Map<number, { stage: string; position: number }>,
  now = Date.now(),
) {
  for (const [index, id] of ids.entries()) {
    const was = current.get(id)
    if (was && was.stage === stage && was.position === index) continue
    await db('deals')
      .where({ id })
      .update({ stage, position: index, updated_at: nowIso(now) })
  }
}

export async function positionsOf(db: Queryable, stages: string[]) {
  const rows = await db('deals').select('id', 'stage', 'position').whereIn('stage', stages)
  return new Map(rows.map((r) => [Number(r.id), { stage: String(r.stage), position: Number(r.position) }]))
}

/** Deals whose contact_ids hold `contactId`. */
export async function dealsWithContact(db: Db | Queryable, contactId: number) {
  const q = db('deals').select('id', 'contact_ids')
  const pg = isPostgres(db as Db)
  if (pg) q.whereRaw('contact_ids @> ?::jsonb', [JSON.stringify([contactId])])
  else q.whereRaw('exists (select 1 from json_each(contact_ids) where value = ?)', [contactId])
  const rows = await q
  return rows.map((r) => ({ id: Number(r.id), contact_ids: fromJson<number[]>(r.contact_ids) ?? [] }))
}

/** The overview's pipeline: count and amount per stage, every stage present. */
export async function pipelineByStage(db: Db): Promise<Dashboard['pipelineByStage']> {
  const rows = await db('deals').select('stage', db.raw('count(*) as count'), db.raw('coalesce(sum(amount), 0) as amount')).groupBy('stage')
  const byStage = new Map(rows.map((r) => [String(r.stage), r]))
  return DEAL_STAGES.map((stage) => ({ stage, count: Number(byStage.get(stage)?.count ?? 0), amount: Number(byStage.get(stage)?.amount ?? 0) }))
}
