// Where trend terms come from (issue 14), all first-party, over the last 29 days:
//   - chatbot questions (answered with low confidence or not at all: issue 12's log). The log has
//     no visitor id, so one asker is approximated by (question, page, day): the same visitor
//     asking the same thing 40 times on one page counts once;
//   - leads (not spam): words of the message, the UTM term and campaign, the quote services and
//     the landing page; one visitor per lead email;
//   - landing pages by traffic: analytics_daily `landing` rows, with their distinct visitors.
// Terms are normalised by termsOf with the site's entities (cities, states, tools, services).
import { fromJson, type Queryable } from '../db/rows.ts'
import { defaultDataDir, loadData } from '../../data/loadData.ts'
import { BASELINE_DAYS, dayIndex, memoTermsOf, observe, type Observations } from './score.ts'

export type Evidence = { source: 'chatbot' | 'lead' | 'landing' | 'newsletter'; text: string; at: string; link: string | null }
/** Commercial value of a term: the leads (one per email) that mention it or arrived through it, and their deal amounts. */
export type TermValue = { leads: number; dealValue: number }

let entities: Array<{ match: string; term: string }> | null = null
export function siteEntities(): Array<{ match: string; term: string }> {
  if (entities) return entities
  const data = loadData(defaultDataDir) as unknown as Record<string, unknown>
  const names = new Map<string, string>()
  const add = (name: unknown) => {
    if (typeof name !== 'string' || name.length < 3) return
    const match = name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9+#]+/g, ' ')
      .trim()
    if (match.length >= 3 && !names.has(match)) names.set(match, name)
  }
  for (const key of ['cities', 'states', 'hubspotTools', 'integrations', 'apiServices', 'services', 'servicePages']) {
    const list = data[key]
    if (Array.isArray(list)) for (const item of list) add((item as { name?: unknown }).name)
  }
  // Longest first, so "San Antonio" wins over "Antonio".
  entities = [...names].map(([match, term]) => ({ match, term })).sort((a, b) => b.match.length - a.match.length)
  return entities
}

export async function collect(
  db: Queryable,
  now = Date.now(),
): Promise<{ obs: Observations; evidence: Map<string, Evidence[]>; value: Map<string, TermValue> }> {
  const since = new Date((dayIndex(now) - BASELINE_DAYS) * 86_400_000)
  const obs: Observations = new Map()
  const evidence = new Map<string, Evidence[]>()
  const leadsOfTerm = new Map<string, Map<string, number>>()
  const termsOf = memoTermsOf(siteEntities())
  // Up to 20 pieces of evidence per term; built only while there is room (most terms of a busy
  // source already have theirs).
  const note = (term: string, e: () => Evidence) => {
    let list = evidence.get(term)
    if (!list) evidence.set(term, (list = []))
    if (list.length < 20) list.push(e())
  }
  const questions: Array<{ question: string; question_key: string; page: string; asked_at: unknown }> = await db('chatbot_questions')
    .where('asked_at', '>=', since.toISOString())
    .select('question', 'question_key', 'page', 'asked_at')
    .limit(200_000)
  for (const q of questions) {
    const at = new Date(q.asked_at as string).getTime()
    for (const term of termsOf(q.question)) {
      observe(obs, term, at, `q:${q.question_key}|${q.page}`)
      note(term, () => ({ source: 'chatbot', text: q.question, at: new Date(at).toISOString(), link: q.page }))
    }
  }
  const leads: Array<Record<string, unknown>> = await db('leads')
    .where('is_spam', false)
    .andWhere('created_at', '>=', since.toISOString())
    .select('id', 'email', 'message', 'utm_term', 'utm_campaign', 'details', 'landing_page', 'created_at')
    .limit(200_000)
  // Deal amounts of the contacts the leads became (contacts.lead_id, deals.contact_ids).
  const leadOfContact = new Map<number, number>(
    (await db('contacts').whereNotNull('lead_id').select('id', 'lead_id')).map((c: { id: number; lead_id: number }) => [Number(c.id), Number(c.lead_id)]),
  )
  const dealValue = new Map<number, number>()
  for (const d of (await db('deals').select('contact_ids', 'amount')) as Array<{ contact_ids: unknown; amount: unknown }>) {
    const ids = fromJson<number[]>(d.contact_ids) ?? []
    for (const id of new Set(ids.map((c) => leadOfContact.get(Number(c))).filter((x): x is number => x !== undefined)))
      dealValue.set(id, (dealValue.get(id) ?? 0) + Number(d.amount))
  }
  for (const l of leads) {
    const at = new Date(l.created_at as string).getTime()
    let services: unknown = []
    try {
      const details = typeof l.details === 'string' ? JSON.parse(l.details) : l.details
      services = (details as { serviceLabels?: unknown; services?: unknown })?.serviceLabels ?? (details as { services?: unknown })?.services ?? []
    } catch {
      services = []
    }
    const text = [l.message, l.utm_term, l.utm_campaign, ...(Array.isArray(services) ? services : [])].filter(Boolean).join(' . ')
    const terms = new Set(termsOf(text))
    if (typeof l.landing_page === 'string' && l.landing_page) terms.add(`page ${l.landing_page.split('?')[0]}`)
    for (const term of terms) {
      observe(obs, term, at, `lead:${String(l.email)}`)
      const byEmail = leadsOfTerm.get(term) ?? new Map<string, number>()
      byEmail.set(String(l.email).toLowerCase(), (byEmail.get(String(l.email).toLowerCase()) ?? 0) + (dealValue.get(Number(l.id)) ?? 0))
      leadsOfTerm.set(term, byEmail)
      note(term, () => ({
        source: 'lead',
        text: String(l.message || l.utm_term || '').slice(0, 200),
        at: new Date(at).toISOString(),
        link: `/admin/leads/${l.id}/show`,
      }))
    }
  }
  const landing: Array<{ day: number | string; key: string; visitors: number | string }> = await db('analytics_daily')
    .where({ dim: 'landing' })
    .andWhere('day', '>=', dayIndex(now) - BASELINE_DAYS)
    .select('day', 'key', 'visitors')
  for (const row of landing) {
    const at = Number(row.day) * 86_400_000
    const term = `page ${row.key}`
    for (let v = 0; v < Number(row.visitors); v++) observe(obs, term, at, `landing:${row.day}:${v}`)
    note(term, () => ({ source: 'landing', text: `${row.visitors} visitors landed on ${row.key}`, at: new Date(at).toISOString(), link: row.key }))
  }
  // Newsletter signups: the form's source and the campaign they came through; one visitor per email.
  const signups: Array<Record<string, unknown>> = await db('newsletter_subscribers')
    .where('created_at', '>=', since.toISOString())
    .select('email', 'source', 'utm_campaign', 'created_at')
    .limit(200_000)
  for (const s of signups) {
    const at = new Date(s.created_at as string).getTime()
    for (const term of termsOf([s.source, s.utm_campaign].filter(Boolean).join(' . '))) {
      observe(obs, term, at, `signup:${String(s.email)}`)
      note(term, () => ({
        source: 'newsletter',
        text: `Signup from ${String(s.source || 'unknown source')}${s.utm_campaign ? ` (campaign ${String(s.utm_campaign)})` : ''}`,
        at: new Date(at).toISOString(),
        link: null,
      }))
    }
  }
  const value = new Map<string, TermValue>()
  for (const [term, byEmail] of leadsOfTerm) value.set(term, { leads: byEmail.size, dealValue: Math.round([...byEmail.values()].reduce((a, b) => a + b, 0)) })
  return { obs, evidence, value }
}
