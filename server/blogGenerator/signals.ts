// The first-party rows behind the blog briefs, read over the last WINDOW_DAYS: the chatbot's
// question log, distinct visitors per page (analytics_daily `page`), leads (not spam) with their
// quote services, and the deal amounts of the contacts those leads became.
import { defaultDataDir, loadData, type SiteData } from '../../data/loadData.ts'
import { fromJson, nowIso, type Queryable } from '../db/rows.ts'
import { siteIndex, type SiteIndex, type Signals } from './briefs.ts'

export const WINDOW_DAYS = 90
const DAY_MS = 86_400_000

let cached: { dir: string; data: SiteData; index: SiteIndex } | null = null
/** The site's data and its index, read once per data folder. */
export function siteData(dir = process.env.DATA_DIR || defaultDataDir): { data: SiteData; index: SiteIndex } {
  if (cached?.dir !== dir) {
    const data = loadData(dir)
    cached = { dir, data, index: siteIndex(data) }
  }
  return cached
}

export async function collectSignals(db: Queryable, now = Date.now()): Promise<Signals> {
  const since = now - WINDOW_DAYS * DAY_MS
  const [questions, pages, leads, contacts, deals] = await Promise.all([
    db('chatbot_questions').where('asked_at', '>=', nowIso(since)).select('question', 'question_key', 'page', 'confidence', 'asked_at').limit(100_000),
    db('analytics_daily')
      .where({ dim: 'page' })
      .andWhere('day', '>=', Math.floor(since / DAY_MS))
      .groupBy('key')
      .select('key')
      .sum({ visitors: 'visitors' }),
    db('leads')
      .where('is_spam', false)
      .andWhere('created_at', '>=', nowIso(since))
      .select('id', 'email', 'kind', 'message', 'utm_term', 'details', 'landing_page', 'created_at')
      .limit(100_000),
    db('contacts').whereNotNull('lead_id').select('id', 'lead_id'),
    db('deals').select('contact_ids', 'amount'),
  ])
  const leadOfContact = new Map<number, number>(contacts.map((c: { id: number; lead_id: number }) => [Number(c.id), Number(c.lead_id)]))
  const dealValue = new Map<number, number>()
  for (const d of deals as Array<{ contact_ids: unknown; amount: unknown }>) {
    const ids = fromJson<number[]>(d.contact_ids) ?? []
    const leadIds = new Set(ids.map((id) => leadOfContact.get(Number(id))).filter((id): id is number => id !== undefined))
    for (const id of leadIds) dealValue.set(id, (dealValue.get(id) ?? 0) + Number(d.amount))
  }
  return {
    questions: (questions as Array<Record<string, unknown>>).map((q) => ({
      question: String(q.question),
      questionKey: String(q.question_key),
      page: String(q.page),
      confidence: q.confidence === 'low' ? 'low' : 'none',
      askedAt: new Date(q.asked_at as string).getTime(),
    })),
    pageVisitors: new Map((pages as Array<{ key: string; visitors: unknown }>).map((p) => [p.key.replace(/\/+$/, '') || '/', Number(p.visitors)])),
    leads: (leads as Array<Record<string, unknown>>).map((l) => {
      const details = fromJson<{ services?: unknown }>(l.details)
      return {
        id: Number(l.id),
        email: String(l.email).toLowerCase(),
        kind: String(l.kind),
        text: [l.message, l.utm_term].filter(Boolean).join(' . '),
        services: Array.isArray(details?.services) ? details.services.map(String) : [],
        landingPage: String(l.landing_page ?? ''),
        dealValue: dealValue.get(Number(l.id)) ?? 0,
        createdAt: new Date(l.created_at as string).getTime(),
      }
    }),
  }
}
