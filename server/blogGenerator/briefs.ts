// Blog briefs from demand (issue 12, /admin/blog-generator). Four first-party signals, each turned
// into briefs that carry their evidence:
//   chatbot        questions the chatbot could not answer or answered with low confidence, grouped
//                  by question; demand = distinct askers, approximated as in decision 133 by
//                  (page, day) because the log keeps no visitor id;
//   qa             the most-read Q&A pages (analytics `page` rollup, distinct visitors);
//   thin-page      landing, service and topic pages with traffic but fewer than THIN_WORDS words;
//   quote-service  the services named in quote requests (distinct lead emails).
// Commercial value: the leads (not spam) that name the brief's entities (services, cities, tools)
// or landed on its page, and the deal amounts of the contacts those leads became. The rank score
// is 10·ln(1+demand) + 15·ln(1+leads) + 5·ln(1+deal value/1,000): demand first, money breaks ties
// and lifts a brief with few askers but real deals. docs/decisions/134-blog-generator.md
import type { SiteData } from '../../data/loadData.ts'
import { cityUrl } from '../../data/catalog.ts'
import { termsOf } from '../trends/score.ts'

export const THIN_WORDS = 600
export const POST_TYPES = ['how-to', 'comparison', 'local-guide', 'case-study', 'faq-roundup'] as const
export type PostType = (typeof POST_TYPES)[number]
export const POST_TYPE_LABELS: Record<PostType, string> = {
  'how-to': 'How-to',
  comparison: 'Comparison',
  'local-guide': 'Local guide',
  'case-study': 'Case-study write-up',
  'faq-roundup': 'FAQ round-up',
}

export type Signals = {
  questions: Array<{ question: string; questionKey: string; page: string; confidence: 'none' | 'low'; askedAt: number }>
  /** Distinct visitors per page path over the window (analytics_daily, dim `page`). */
  pageVisitors: Map<string, number>
  leads: Array<{ id: number; email: string; kind: string; text: string; services: string[]; landingPage: string; dealValue: number; createdAt: number }>
}

export type Evidence = { label: string; text: string; link: string | null }
export type Brief = {
  key: string
  source: 'chatbot' | 'qa' | 'thin-page' | 'quote-service'
  topic: string
  postType: PostType
  /** The site's entities the brief is about (service, city, state, tool names). */
  entities: string[]
  terms: string[]
  /** The page the brief starts from (the Q&A page, the thin page), if any. */
  page: string | null
  demand: number
  demandLabel: string
  leads: number
  dealValue: number
  score: number
  evidence: Evidence[]
}

type Entity = { match: string; term: string; kind: 'service' | 'city' | 'state' | 'tool' }
export type SiteIndex = {
  data: SiteData
  entities: Entity[]
  entityKind: Map<string, Entity['kind']>
  /** Pages a thin-copy brief may come from: path → heading, word count. */
  copyPages: Map<string, { title: string; words: number; family: string }>
  /** Every public page's terms, to tell whether a term is covered by a page (trends' flag). */
  coveredTerms: Set<string>
}

const normalise = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9+#]+/g, ' ')
    .trim()

type CopyPage = {
  slug: string
  h1: string
  intro: string
  sections: Array<{ heading: string; paragraphs: string[]; bullets: string[] }>
  faqs: Array<{ question: string; answer: string }>
}
const wordsOf = (p: CopyPage) =>
  [p.intro, ...p.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.bullets]), ...p.faqs.flatMap((f) => [f.question, f.answer])]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length

export function siteIndex(data: SiteData): SiteIndex {
  const entities: Entity[] = []
  const seen = new Set<string>()
  const add = (name: string, kind: Entity['kind']) => {
    const match = normalise(name)
    if (match.length < 3 || seen.has(match)) return
    seen.add(match)
    entities.push({ match, term: name, kind })
  }
  for (const s of data.servicePages) add(s.name, 'service')
  for (const s of data.cityServices) add(s.name, 'service')
  for (const c of data.cities) add(c.name, 'city')
  for (const s of data.states) add(s.name, 'state')
  for (const t of data.hubspotTools) add(t.name, 'tool')
  for (const i of data.integrations) add(i.h1, 'tool')
  entities.sort((a, b) => b.match.length - a.match.length)
  const copyPages = new Map<string, { title: string; words: number; family: string }>()
  const families: Array<[string, CopyPage[], (slug: string) => string]> = [
    ['landing', data.landingPages, (s) => `/${s}`],
    ['service', data.servicePages, (s) => `/services/${s}`],
    ['content', data.contentPages, (s) => `/${s}`],
    ['hubspot', data.hubspotPages, (s) => `/${s}`],
    ['mortgage', data.mortgage, (s) => `/${s}`],
    ['api-service', data.apiServices, (s) => `/${s}`],
    ['integration', data.integrations, (s) => `/${s}`],
  ]
  const coveredTerms = new Set<string>()
  const cover = (text: string) => {
    for (const t of termsOf(text, entities)) coveredTerms.add(t)
  }
  for (const [family, pages, url] of families)
    for (const p of pages) {
      copyPages.set(url(p.slug), { title: p.h1, words: wordsOf(p), family })
      cover(`${p.h1} ${(p as { keywords?: string[] }).keywords?.join(' ') ?? ''}`)
    }
  for (const q of data.qa) cover(`${q.question} ${q.keywords.join(' ')}`)
  for (const f of data.faq) cover(f.question)
  for (const p of data.posts) cover(`${p.title} ${p.tags.join(' ')}`)
  for (const c of data.caseStudies) cover(`${c.title} ${c.industry}`)
  for (const e of entities) coveredTerms.add(e.term)
  return { data, entities, entityKind: new Map(entities.map((e) => [e.term, e.kind])), copyPages, coveredTerms }
}

/** The post type a text asks for: a comparison, a local guide, a case study, else a how-to. */
export function postTypeFor(text: string, entityKinds: Array<Entity['kind']>): PostType {
  const t = ` ${normalise(text)} `
  if (/ (vs|versus|compare|comparison|difference|better than|which is better) /.test(t)) return 'comparison'
  if (/ (case stud|example|results|client results|portfolio)/.test(t)) return 'case-study'
  if (entityKinds.includes('city') || entityKinds.includes('state') || / (near me|local|in my area) /.test(t)) return 'local-guide'
  return 'how-to'
}

const score = (demand: number, leads: number, dealValue: number) =>
  Math.round((10 * Math.log1p(demand) + 15 * Math.log1p(leads) + 5 * Math.log1p(dealValue / 1000)) * 10) / 10

const DAY_MS = 86_400_000

/** Ranks briefs from the signals, highest score first. */
export function buildBriefs(signals: Signals, site: SiteIndex, { limit = 60 }: { limit?: number } = {}): Brief[] {
  const { data } = site
  const split = (text: string) => {
    const terms = termsOf(text, site.entities)
    return { terms, entities: terms.filter((t) => site.entityKind.has(t)) }
  }
  // Leads by entity and by landing page, for the commercial value of any brief.
  const leadTerms = signals.leads.map((l) => ({
    lead: l,
    entities: new Set([...split(`${l.text} ${l.services.map((id) => data.cityServices.find((s) => s.id === id)?.name ?? id).join(' . ')}`).entities]),
  }))
  const valueOf = (entities: string[], page: string | null) => {
    const emails = new Set<string>()
    let dealValue = 0
    for (const { lead, entities: own } of leadTerms) {
      const landed = page !== null && lead.landingPage.split('?')[0].replace(/\/+$/, '') === page
      if (!landed && !entities.some((e) => own.has(e))) continue
      if (emails.has(lead.email)) continue
      emails.add(lead.email)
      dealValue += lead.dealValue
    }
    return { leads: emails.size, dealValue: Math.round(dealValue) }
  }
  const briefs: Brief[] = []
  const push = (b: Omit<Brief, 'leads' | 'dealValue' | 'score' | 'postType'> & { postType?: PostType }) => {
    const { leads, dealValue } = valueOf(b.entities, b.page)
    const postType =
      b.postType ??
      postTypeFor(
        b.topic,
        b.entities.map((e) => site.entityKind.get(e)!),
      )
    briefs.push({ ...b, postType, leads, dealValue, score: score(b.demand, leads, dealValue) })
  }

  // (a) chatbot questions without a good answer.
  const byKey = new Map<string, { question: string; askers: Set<string>; none: number; low: number; pages: Set<string>; last: number }>()
  for (const q of signals.questions) {
    const g = byKey.get(q.questionKey) ?? { question: q.question, askers: new Set(), none: 0, low: 0, pages: new Set(), last: 0 }
    g.askers.add(`${q.page}|${Math.floor(q.askedAt / DAY_MS)}`)
    if (q.confidence === 'none') g.none++
    else g.low++
    g.pages.add(q.page)
    g.last = Math.max(g.last, q.askedAt)
    byKey.set(q.questionKey, g)
  }
  for (const [key, g] of byKey) {
    const { terms, entities } = split(g.question)
    if (terms.length === 0) continue
    push({
      key: `chatbot:${key}`,
      source: 'chatbot',
      topic: g.question,
      entities,
      terms,
      page: null,
      demand: g.askers.size,
      demandLabel: `${g.askers.size} ${g.askers.size === 1 ? 'asker' : 'askers'} (${g.none} unanswered, ${g.low} low-confidence)`,
      evidence: [
        { label: 'Chatbot', text: `“${g.question}” asked ${g.none + g.low} times, last on ${new Date(g.last).toISOString().slice(0, 10)}`, link: null },
        ...[...g.pages].slice(0, 5).map((p) => ({ label: 'Asked on', text: p, link: p })),
      ],
    })
  }

  // (b) the most-read Q&A pages: a round-up of their category.
  for (const qa of data.qa) {
    const path = `/faq/${qa.slug}`
    const visitors = signals.pageVisitors.get(path) ?? 0
    if (visitors === 0) continue
    const { terms, entities } = split(`${qa.question} ${qa.keywords.join(' ')}`)
    const siblings = data.qa.filter((o) => o.category === qa.category && o.slug !== qa.slug)
    push({
      key: `qa:${qa.slug}`,
      source: 'qa',
      topic: qa.question,
      postType: 'faq-roundup',
      entities,
      terms,
      page: path,
      demand: visitors,
      demandLabel: `${visitors} ${visitors === 1 ? 'visitor' : 'visitors'} read it`,
      evidence: [
        { label: 'Q&A page', text: `${qa.question} (${visitors} visitors)`, link: path },
        ...siblings.slice(0, 3).map((o) => ({ label: `Also in ${qa.category}`, text: o.question, link: `/faq/${o.slug}` })),
      ],
    })
  }

  // (c) pages with traffic but thin copy.
  for (const [path, page] of site.copyPages) {
    const visitors = signals.pageVisitors.get(path) ?? 0
    if (visitors === 0 || page.words >= THIN_WORDS) continue
    const { terms, entities } = split(page.title)
    push({
      key: `thin:${path}`,
      source: 'thin-page',
      topic: page.title,
      entities,
      terms,
      page: path,
      demand: visitors,
      demandLabel: `${visitors} ${visitors === 1 ? 'visitor' : 'visitors'} on a page of ${page.words} words`,
      evidence: [{ label: 'Thin page', text: `${page.title}: ${page.words} words (under ${THIN_WORDS}), ${visitors} visitors`, link: path }],
    })
  }

  // (d) services named in quote requests.
  const byService = new Map<string, Map<string, Signals['leads'][number]>>()
  for (const l of signals.leads) {
    if (l.kind !== 'quote') continue
    for (const id of l.services) {
      const m = byService.get(id) ?? new Map()
      m.set(l.email, l)
      byService.set(id, m)
    }
  }
  for (const [id, leads] of byService) {
    const service = data.cityServices.find((s) => s.id === id)
    if (!service) continue
    const { terms, entities } = split(service.name)
    const studies = data.caseStudies.filter((c) =>
      c.services.some((s) => normalise(s).includes(normalise(service.shortName)) || normalise(service.name).includes(normalise(s))),
    )
    push({
      key: `quote:${id}`,
      source: 'quote-service',
      topic: service.name,
      postType: studies.length ? 'case-study' : 'how-to',
      entities: entities.length ? entities : [service.name],
      terms,
      page: service.servicePage,
      demand: leads.size,
      demandLabel: `${leads.size} quote ${leads.size === 1 ? 'request' : 'requests'} named it`,
      evidence: [...leads.values()].slice(0, 5).map((l) => ({
        label: 'Quote request',
        text: `${new Date(l.createdAt).toISOString().slice(0, 10)}: ${l.text.slice(0, 140) || 'no message'}`,
        link: `/admin/leads/${l.id}/show`,
      })),
    })
  }
  return briefs.sort((a, b) => b.score - a.score || b.demand - a.demand || a.key.localeCompare(b.key)).slice(0, limit)
}

/** Links of the site a brief's facts point to, for a city: its first service page in that city. */
export function cityLink(data: SiteData, cityName: string): string | null {
  const city = data.cities.find((c) => c.name === cityName)
  return city ? cityUrl(city.services[0], city) : null
}
