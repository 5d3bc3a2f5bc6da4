// Where trend terms come from (issue 14), all first-party, over the last 29 days:
//   - chatbot questions (answered with low confidence or not at all: issue 12's log). The log has
//     no visitor id, so one asker is approximated by (question, page, day): the same visitor
//     asking the same thing 40 times on one page counts once;
//   - leads (not spam): words of the message, the UTM term and campaign, the quote services and
//     the landing page; one visitor per lead email;
//   - landing pages by traffic: analytics_daily `landing` rows, with their distinct visitors.
// Terms are normalised by termsOf with the site's entities (cities, states, tools, services).
import type { Queryable } from '../db/rows.ts'
import { defaultDataDir, loadData } from '../../data/loadData.ts'
import { BASELINE_DAYS, dayIndex, observe, termsOf, type Observations } from './score.ts'

export type Evidence = { source: 'chatbot' | 'lead' | 'landing'; text: string; at: string; link: string | null }

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

export async function collect(db: Queryable, now = Date.now()): Promise<{ obs: Observations; evidence: Map<string, Evidence[]> }> {
  const since = new Date((dayIndex(now) - BASELINE_DAYS) * 86_400_000)
  const obs: Observations = new Map()
  const evidence = new Map<string, Evidence[]>()
  const ents = siteEntities()
  const note = (term: string, e: Evidence) => {
    const list = evidence.get(term) ?? []
    if (list.length < 20) list.push(e)
    evidence.set(term, list)
  }
  const questions: Array<{ question: string; question_key: string; page: string; asked_at: unknown }> = await db('chatbot_questions')
    .where('asked_at', '>=', since.toISOString())
    .select('question', 'question_key', 'page', 'asked_at')
    .limit(200_000)
  for (const q of questions) {
    const at = new Date(q.asked_at as string).getTime()
    for (const term of termsOf(q.question, ents)) {
      observe(obs, term, at, `q:${q.question_key}|${q.page}`)
      note(term, { source: 'chatbot', text: q.question, at: new Date(at).toISOString(), link: q.page })
    }
  }
  const leads: Array<Record<string, unknown>> = await db('leads')
    .where('is_spam', false)
    .andWhere('created_at', '>=', since.toISOString())
    .select('id', 'email', 'message', 'utm_term', 'utm_campaign', 'details', 'landing_page', 'created_at')
    .limit(200_000)
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
    const terms = new Set(termsOf(text, ents))
    if (typeof l.landing_page === 'string' && l.landing_page) terms.add(`page ${l.landing_page.split('?')[0]}`)
    for (const term of terms) {
      observe(obs, term, at, `lead:${String(l.email)}`)
      note(term, {
        source: 'lead',
        text: String(l.message || l.utm_term || '').slice(0, 200),
        at: new Date(at).toISOString(),
        link: `/admin/leads/${l.id}/show`,
      })
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
    note(term, { source: 'landing', text: `${row.visitors} visitors landed on ${row.key}`, at: new Date(at).toISOString(), link: row.key })
  }
  return { obs, evidence }
}
