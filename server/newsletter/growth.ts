// List growth over time for /admin/newsletter-analytics: per UTC day, signups by source, the
// subscribers gained (confirmed by double opt-in, or added with stated consent by import or
// staff), lost (unsubscribed, blocklisted by a hard bounce or complaint), net growth and churn
// (lost ÷ subscribers at the start of the day). Computed from the subscriber rows and bounces;
// the indexes on created_at, confirmed_at and unsubscribed_at keep a 90-day window cheap.
import { isPostgres, type Db } from '../db/knex.ts'
import { DAY_MS, nowIso, startOfUtcDay } from '../db/rows.ts'

export type GrowthDay = { date: string; signups: Record<string, number>; gained: number; lost: number; net: number; active: number; churn: number | null }
export type Growth = {
  from: string
  to: string
  sources: string[]
  days: GrowthDay[]
  totals: { signups: number; gained: number; lost: number; net: number; activeAtStart: number; activeAtEnd: number }
}

const day = (db: Db, column: string) =>
  isPostgres(db) ? db.raw(`to_char(?? at time zone 'UTC', 'YYYY-MM-DD')`, [column]) : db.raw(`substr(??, 1, 10)`, [column])

async function perDay(db: Db, q: ReturnType<Db>, column: string, from: string) {
  const rows: Array<{ d: string; n: number | string }> = await q
    .clone()
    .where(column, '>=', from)
    .select({ d: day(db, column) })
    .count({ n: '*' })
    .groupByRaw('1')
  return new Map(rows.map((r) => [String(r.d), Number(r.n)]))
}

export async function listGrowth(db: Db, days: number, now = Date.now()): Promise<Growth> {
  const start = startOfUtcDay(now) - (days - 1) * DAY_MS
  const from = nowIso(start)
  const subs = db('newsletter_subscribers')
  const signupRows: Array<{ d: string; source: string; n: number | string }> = await subs
    .clone()
    .where('created_at', '>=', from)
    .select({ d: day(db, 'created_at') }, 'source')
    .count({ n: '*' })
    .groupByRaw('1, 2')
  const confirmed = await perDay(db, subs.clone().whereNotNull('confirmed_at'), 'confirmed_at', from)
  const added = await perDay(
    db,
    subs.clone().whereNull('confirmed_at').whereIn('source', ['Import', 'Admin']).whereNot('status', 'unconfirmed'),
    'created_at',
    from,
  )
  const unsubscribed = await perDay(db, subs.clone().where('status', 'unsubscribed').whereNotNull('unsubscribed_at'), 'unsubscribed_at', from)
  const blocked = await perDay(db, db('newsletter_bounces').whereIn('type', ['hard', 'complaint']).whereNotNull('subscriber_id'), 'created_at', from)
  // Subscribers at the start of the window: gained before it, minus lost before it.
  const before = async (q: ReturnType<Db>, column: string) =>
    Number(((await q.clone().where(column, '<', from).count({ n: '*' })) as Array<{ n: number | string }>)[0].n)
  const activeAtStart =
    (await before(subs.clone().whereNotNull('confirmed_at'), 'confirmed_at')) +
    (await before(subs.clone().whereNull('confirmed_at').whereIn('source', ['Import', 'Admin']).whereNot('status', 'unconfirmed'), 'created_at')) -
    (await before(subs.clone().where('status', 'unsubscribed').whereNotNull('unsubscribed_at'), 'unsubscribed_at')) -
    (await before(db('newsletter_bounces').whereIn('type', ['hard', 'complaint']).whereNotNull('subscriber_id'), 'created_at'))
  const sources = [...new Set(signupRows.map((r) => r.source || '(none)'))].sort()
  let active = Math.max(0, activeAtStart)
  const out: GrowthDay[] = []
  const totals = { signups: 0, gained: 0, lost: 0, net: 0, activeAtStart: active, activeAtEnd: active }
  for (let t = start; t <= now; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10)
    const signups: Record<string, number> = {}
    for (const r of signupRows) if (r.d === date) signups[r.source || '(none)'] = (signups[r.source || '(none)'] ?? 0) + Number(r.n)
    const gained = (confirmed.get(date) ?? 0) + (added.get(date) ?? 0)
    const lost = (unsubscribed.get(date) ?? 0) + (blocked.get(date) ?? 0)
    const churn = active > 0 ? Math.round((lost / active) * 10_000) / 10_000 : null
    active = Math.max(0, active + gained - lost)
    out.push({ date, signups, gained, lost, net: gained - lost, active, churn })
    totals.signups += Object.values(signups).reduce((a, b) => a + b, 0)
    totals.gained += gained
    totals.lost += lost
  }
  totals.net = totals.gained - totals.lost
  totals.activeAtEnd = active
  return { from: from.slice(0, 10), to: new Date(now).toISOString().slice(0, 10), sources, days: out, totals }
}
