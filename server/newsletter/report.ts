// A campaign's report: delivery, human and machine opens, clicks, rates, per-link clicks and the
// closed loop — site sessions, leads, deals and won value carrying utm_campaign=<slug> (from the
// analytics sessions, the leads' attribution and the CRM's lead → contact → deal chain).
import type { CampaignReport } from '../../shared/newsletter.ts'
import { isPostgres, type Db } from '../db/knex.ts'

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null)

export async function campaignReport(db: Db, id: number): Promise<CampaignReport | null> {
  const c = await db('newsletter_campaigns').where({ id }).first()
  if (!c) return null
  const n = (k: string) => Number(c[k] ?? 0)
  const links = await db('newsletter_links').where({ campaign_id: id }).orderBy('position')
  const slug = String(c.slug)
  const closedLoop = await closedLoopFor(db, slug)
  const delivered = Math.max(0, n('sent') - n('bounced'))
  return {
    id: Number(c.id),
    slug,
    status: String(c.status),
    track: c.track === true || c.track === 1,
    recipients: n('recipients'),
    sent: n('sent'),
    failed: n('failed'),
    delivered,
    bounced: n('bounced'),
    opensHuman: n('opens_human'),
    opensMachine: n('opens_machine'),
    uniqueOpensHuman: n('unique_opens_human'),
    clicks: n('clicks'),
    uniqueClicks: n('unique_clicks'),
    ctr: ratio(n('unique_clicks'), delivered),
    clickToOpen: ratio(n('unique_clicks'), n('unique_opens_human')),
    unsubscribes: n('unsubscribes'),
    complaints: n('complaints'),
    links: links.map((l) => ({ position: Number(l.position), url: String(l.url), clicks: Number(l.clicks), uniqueClicks: Number(l.unique_clicks) })),
    closedLoop,
  }
}

/**
 * Sessions, leads, deals and won value of one utm_campaign: the closed loop of newsletter
 * campaigns and of social posts (their short links carry utm_campaign=social-<id>).
 */
export async function closedLoopFor(db: Db, slug: string): Promise<CampaignReport['closedLoop']> {
  // Sessions the analytics ingest derived with this campaign (utm_campaign of the landing URL).
  const [sessions] = await db('analytics_sessions').where({ campaign: slug }).count({ n: '*' })
  const leadIds = (await db('leads').where({ utm_campaign: slug, is_spam: false }).pluck('id')).map(Number)
  let deals: Array<{ stage: string; amount: number | string }> = []
  if (leadIds.length) {
    const contactIds = (await db('contacts').whereIn('lead_id', leadIds).pluck('id')).map(Number)
    if (contactIds.length) {
      const q = db('deals').select('id', 'stage', 'amount')
      if (isPostgres(db))
        q.where((b) => {
          for (const cid of contactIds) b.orWhereRaw(`contact_ids @> ?::jsonb`, [JSON.stringify([cid])])
        })
      else q.whereRaw(`exists (select 1 from json_each(deals.contact_ids) where value in (${contactIds.map(() => '?').join(',')}))`, contactIds)
      deals = await q
    }
  }
  const won = deals.filter((d) => d.stage === 'won')
  return {
    sessions: Number((sessions as { n: number | string } | undefined)?.n ?? 0),
    leads: leadIds.length,
    deals: deals.length,
    wonDeals: won.length,
    wonValue: won.reduce((sum, d) => sum + Number(d.amount), 0),
  }
}
