// The overview's aggregates, computed in SQL (index-only scans on leads_spam_created_idx and
// leads_spam_source_status_idx). Days are UTC days.
import { DEAL_STAGES, type Dashboard } from '../../../shared/adminContract.ts'
import { isPostgres, type Db } from '../knex.ts'
import { nowIso, toIso } from '../rows.ts'

const DAY = 86_400_000
const startOfUtcDay = (t: number) => t - (t % DAY)

export async function leadCounts(db: Db, now = Date.now()): Promise<Dashboard['leads']> {
  const today = nowIso(startOfUtcDay(now))
  const d7 = nowIso(now - 7 * DAY)
  const d30 = nowIso(now - 30 * DAY)
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

export async function pipelineByStage(db: Db): Promise<Dashboard['pipelineByStage']> {
  const rows = await db('deals').select('stage', db.raw('count(*) as count'), db.raw('coalesce(sum(amount), 0) as amount')).groupBy('stage')
  const byStage = new Map(rows.map((r) => [String(r.stage), r]))
  return DEAL_STAGES.map((stage) => ({ stage, count: Number(byStage.get(stage)?.count ?? 0), amount: Number(byStage.get(stage)?.amount ?? 0) }))
}

export async function tasksDue(db: Db, ownerId: number, now = Date.now()): Promise<number> {
  const [row] = await db('activities')
    .where({ owner_id: ownerId, type: 'task' })
    .whereNull('done_at')
    .where('due_at', '<', nowIso(startOfUtcDay(now) + DAY))
    .count({ n: '*' })
  return Number(row.n)
}

export async function leadsOverTime(db: Db, days = 30, now = Date.now()): Promise<Dashboard['leadsOverTime']> {
  const first = startOfUtcDay(now) - (days - 1) * DAY
  const day = isPostgres(db) ? db.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`) : db.raw('substr(created_at, 1, 10)')
  const rows = await db('leads')
    .where('is_spam', false)
    .where('created_at', '>=', nowIso(first))
    .select({ date: day }, db.raw('count(*) as count'))
    .groupByRaw('1')
  const counts = new Map(rows.map((r) => [String(r.date), Number(r.count)]))
  return Array.from({ length: days }, (_, i) => {
    const date = nowIso(first + i * DAY).slice(0, 10)
    return { date, count: counts.get(date) ?? 0 }
  })
}

export async function recentLeads(db: Db, limit = 5) {
  const rows = await db('leads').where('is_spam', false).select('id', 'kind', 'name', 'email', 'company', 'source', 'status', 'created_at').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit)
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: toIso(r.created_at) }))
}
