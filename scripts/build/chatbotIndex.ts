// Writes /chatbot-index.json: the chatbot's index over every public page of the site and the
// questions those pages answer (FAQ, Q&A, services, landing, HubSpot, API, integration and
// mortgage pages with their FAQs, cities and states, case studies, careers, posts), each with the
// page it links to, plus the site's entities (cities, states, tools, industries).
// Only URLs that exist in the catalog are indexed, so every answer's link works.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { cityUrl, toolUrl } from '../../data/catalog.ts'
import { buildChatIndex, entityPhrases, findEntities, type ChatIndex, type Entity, type SourceDoc } from '../../shared/chatSearchIndex.ts'

export const CHATBOT_INDEX_FILE = 'chatbot-index.json'
/** Answers longer than this are cut at a sentence end; the link leads to the full text. */
const ANSWER_MAX = 320
/** A page's own summary is shorter: the link leads to the page. */
const PAGE_ANSWER_MAX = 240
/** How much of a page's running text is searched (its headings and bullets always are). */
const BODY_INTRO = 400
const BODY_PER_SECTION = 120

/** The first sentences of `text` that fit in `max` characters. */
export function excerpt(text: string, max = ANSWER_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max)
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '))
  if (end > max / 3) return cut.slice(0, end + 1)
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`
}

type Section = { heading: string; paragraphs: string[]; bullets: string[] }
type FaqPair = { question: string; answer: string }
type Topic = { h1: string; title: string; description: string; intro: string; sections: Section[]; faqs: FaqPair[]; keywords: string[]; eyebrow?: string }

/** The page text that is searched (lowest weight): intro, headings, bullets and the start of each section. */
const sectionText = (sections: Section[]) =>
  sections.map((s) => `${s.heading}. ${s.bullets.join('. ')} ${excerpt(s.paragraphs.join(' '), BODY_PER_SECTION)}`).join(' ')

/** Industries visitors name, with the words they use; pages whose title names one are about it. */
export const INDUSTRIES: Entity[] = [
  {
    id: 'industry:mortgage',
    hub: '/mortgage-marketing-agency',
    names: [
      'mortgage',
      'mortgages',
      'mortgage lender',
      'mortgage lenders',
      'lender',
      'lenders',
      'loan officer',
      'loan officers',
      'mortgage broker',
      'mortgage brokers',
      'home loans',
      'lending',
    ],
  },
  {
    id: 'industry:financial',
    hub: '/financial-services-marketing',
    names: [
      'credit union',
      'credit unions',
      'bank',
      'banks',
      'banking',
      'financial services',
      'financial advisor',
      'financial advisors',
      'wealth management',
      'fintech',
    ],
  },
  {
    id: 'industry:real-estate',
    hub: '/hubspot-for-real-estate',
    names: ['real estate', 'realtor', 'realtors', 'real estate agents', 'brokerage', 'property management'],
  },
  { id: 'industry:saas', hub: '/hubspot-for-saas', names: ['saas', 'software company', 'software companies', 'b2b saas', 'software startup'] },
  {
    id: 'industry:ecommerce',
    hub: '/ecommerce-digital-marketing',
    names: ['ecommerce', 'online store', 'online stores', 'online shop', 'retail', 'retailer', 'dtc', 'direct to consumer'],
  },
  {
    id: 'industry:home-services',
    hub: '/case-studies/coolridge-air-hvac',
    names: ['hvac', 'plumber', 'plumbers', 'plumbing', 'roofer', 'roofing', 'electrician', 'home services', 'air conditioning', 'contractor', 'contractors'],
  },
  {
    id: 'industry:automotive',
    hub: '/case-studies/dialed-wraps',
    names: ['automotive', 'auto shop', 'car wrap', 'car wraps', 'vehicle wraps', 'wrap shop', 'dealership', 'car dealer'],
  },
  { id: 'industry:b2b', hub: '/b2b-digital-marketing-agency', names: ['b2b', 'business to business'] },
  {
    id: 'industry:small-business',
    hub: '/digital-marketing-for-small-businesses',
    names: ['small business', 'small businesses', 'local business', 'local businesses'],
  },
]

/** Tools beyond the HubSpot integration list. */
const MORE_TOOLS: Entity[] = [
  { id: 'tool:hubspot', hub: '/hubspot-services', names: ['hubspot', 'hub spot'] },
  { id: 'tool:encompass', hub: '/encompass-los-and-hubspot', names: ['encompass', 'encompass los', 'ice mortgage'] },
  { id: 'tool:servicetitan', hub: '/servicetitan-and-hubspot-api', names: ['servicetitan', 'service titan'] },
  { id: 'tool:total-expert', hub: '/total-expert-vs-hubspot', names: ['total expert'] },
  { id: 'tool:google-analytics', names: ['ga4', 'google analytics', 'analytics 4'] },
]

/** The agency itself, as visitors address it ("your office", "you charge"): who to call, what it
 * sells, what it costs, whether it hires. */
const AGENCY: Entity[] = [
  {
    id: 'agency:contact',
    names: [
      'your office',
      'your offices',
      'your address',
      'your phone',
      'your email',
      'your email address',
      'you located',
      'you based',
      'call you',
      'contact you',
      'reach you',
      'email you',
      'talk to someone',
      'talk to a person',
    ],
  },
  { id: 'agency:services', names: ['services do you offer', 'services you offer', 'what do you offer', 'what do you do', 'what services', 'your services'] },
  {
    id: 'agency:pricing',
    names: ['your prices', 'your price', 'your pricing', 'your fees', 'your fee', 'your rates', 'you charge', 'do you cost', 'your packages'],
  },
  { id: 'agency:careers', names: ['you hiring', 'work for you', 'work at proofline', 'join your team', 'your team hiring'] },
]

/** Other names visitors use for the site's cities. */
const CITY_ALIASES: Record<string, string[]> = {
  'new-york': ['nyc', 'new york city', 'manhattan', 'brooklyn'],
  'los-angeles': ['la', 'l.a'],
  'san-francisco': ['sf', 'san fran', 'bay area'],
}

/** Every entity of the site: its cities, states, tools and industries. */
export function chatbotEntities(ctx: SiteContext): Entity[] {
  const { data } = ctx
  const tools: Entity[] = data.hubspotTools.map((t) => ({
    id: `tool:${t.slug}`,
    hub: toolUrl(t.slug),
    names: [t.name, t.slug.replace(/-/g, ' '), t.name.replace(/\s*\(.*\)$/, ''), t.name.replace(/\.(com|io)$/i, '')],
  }))
  return [
    ...data.cities.map((c) => ({ id: `city:${c.slug}`, hub: cityUrl('digital-marketing', c), names: [c.name, ...(CITY_ALIASES[c.slug] ?? [])] })),
    ...data.states.map((s) => ({ id: `state:${s.slug}`, hub: `/states/${s.slug}`, names: [s.name] })),
    ...AGENCY,
    ...MORE_TOOLS,
    ...tools,
    ...INDUSTRIES,
  ]
}

export function chatbotSources(ctx: SiteContext): SourceDoc[] {
  const { data, catalog } = ctx
  const phrases = entityPhrases(chatbotEntities(ctx))
  const exists = (url: string) => catalog.byUrl.has(url.split('#')[0])
  const docs: SourceDoc[] = []
  /** A page and the questions it answers: one document for the page, one per FAQ on it. */
  const topic = (kind: string, url: string, page: Topic, explicit: string[] = [], extra = '') => {
    // The questions of a page are about what the page is about ("Encompass LOS and HubSpot…").
    const entities = [...new Set([...explicit, ...findEntities(phrases, page.h1)])]
    docs.push({
      page: true,
      kind,
      title: page.h1,
      answer: excerpt(page.description, PAGE_ANSWER_MAX),
      url,
      body: `${page.title} ${page.eyebrow ?? ''} ${excerpt(page.intro, BODY_INTRO)} ${sectionText(page.sections)} ${extra}`,
      keywords: page.keywords,
      entities,
    })
    for (const faq of page.faqs) docs.push({ kind, title: faq.question, answer: excerpt(faq.answer), url, body: page.h1, entities })
  }

  // /faq groups its answers by category, in order of first appearance (templates/FaqIndexTemplate.tsx).
  const categories = [...new Set(data.faq.map((f) => f.category))]
  for (const faq of data.faq) {
    const url = categories.length > 1 ? `/faq#faq-${categories.indexOf(faq.category) + 1}` : '/faq'
    const entities = faq.category === 'Pricing' && /cost/i.test(faq.question) ? ['agency:pricing'] : []
    docs.push({ kind: 'FAQ', title: faq.question, answer: excerpt(faq.answer), url, body: faq.category, entities })
  }
  for (const qa of data.qa) {
    docs.push({
      kind: 'Q&A',
      title: qa.question,
      answer: excerpt(qa.answer[0]),
      url: `/faq/${qa.slug}`,
      body: `${excerpt(qa.answer.slice(1).join(' '), BODY_INTRO)} ${qa.category}`,
      keywords: qa.keywords,
    })
  }
  for (const page of data.servicePages) {
    topic('Service', `/services/${page.slug}`, { ...page, h1: `${page.name}: ${page.h1}` }, [], page.deliverables.join('. '))
  }
  const families = [
    ['Guide', data.landingPages, []],
    ['Guide', data.contentPages, []],
    ['HubSpot', data.hubspotPages, ['tool:hubspot']],
    ['API', data.apiServices, []],
    ['Integration', data.integrations, ['tool:hubspot']],
    ['Mortgage', data.mortgage, ['industry:mortgage']],
  ] as const
  for (const [kind, pages, entities] of families) for (const page of pages) topic(kind, `/${page.slug}`, page, [...entities])

  for (const tool of data.hubspotTools) {
    const url = toolUrl(tool.slug)
    const entities = ['tool:hubspot', `tool:${tool.slug}`]
    docs.push({
      page: true,
      kind: 'Integration',
      title: `HubSpot + ${tool.name} integration`,
      answer: excerpt(`${tool.vendorSummary} Sync: ${tool.syncDirection}.`, PAGE_ANSWER_MAX),
      url,
      body: `${tool.category} ${tool.useCases.map((u) => u.title).join('. ')} ${tool.setupSteps.join('. ')}`,
      entities,
    })
    for (const faq of tool.faqs)
      docs.push({ kind: 'Integration', title: faq.question, answer: excerpt(faq.answer), url, body: `HubSpot ${tool.name}`, entities })
  }

  const services = new Map(data.cityServices.map((s) => [s.id, s]))
  const states = new Map(data.states.map((s) => [s.slug, s]))
  for (const city of data.cities) {
    const state = states.get(city.state)
    for (const id of city.services) {
      const service = services.get(id)!
      const url = cityUrl(id, city)
      const fill = (text: string) => text.replaceAll('{city}', city.name)
      const entities = [`city:${city.slug}`, `state:${city.state}`]
      docs.push({
        page: true,
        kind: 'City',
        title: `${service.name} in ${city.name}, ${city.stateCode.toUpperCase()}`,
        answer: excerpt(`${fill(service.summary)}`, PAGE_ANSWER_MAX),
        url,
        body: `${service.shortName} ${state?.name ?? ''} ${excerpt(city.overview, BODY_INTRO)} ${city.industries.join('. ')} ${city.neighborhoods.join(' ')}`,
        keywords: service.keywords,
        entities,
      })
      for (const faq of service.faqs)
        docs.push({ kind: 'City', title: fill(faq.question), answer: excerpt(fill(faq.answer)), url, body: `${service.shortName} ${city.name}`, entities })
    }
  }
  for (const state of data.states) {
    docs.push({
      page: true,
      kind: 'State',
      title: `Digital marketing in ${state.name}`,
      answer: excerpt(state.marketingAngle, PAGE_ANSWER_MAX),
      url: `/states/${state.slug}`,
      body: `${state.capital} ${state.largestCity} ${state.region} ${state.industries.join('. ')} ${excerpt(state.overview, BODY_INTRO)}`,
      entities: [`state:${state.slug}`],
    })
  }
  for (const study of data.caseStudies) {
    const best = study.results[0]
    docs.push({
      page: true,
      kind: 'Case study',
      title: `${study.client} case study: ${study.industry}`,
      answer: excerpt(`${study.summary} Result: ${best.value} ${best.label}.`, PAGE_ANSWER_MAX),
      url: `/case-studies/${study.slug}`,
      body: `${study.title} ${study.description} ${study.location} ${study.services.join('. ')} ${study.results.map((r) => r.label).join('. ')}`,
    })
  }
  for (const job of data.jobs) {
    docs.push({
      page: true,
      kind: 'Career',
      title: `Job opening: ${job.title}`,
      answer: excerpt(`${job.summary} ${job.remote ? 'Remote' : job.location}, ${job.department}.`, PAGE_ANSWER_MAX),
      url: `/careers/${job.slug}`,
      body: `careers hiring ${job.department} ${job.location} ${job.responsibilities.join('. ')} ${job.requirements.join('. ')}`,
    })
  }
  for (const post of data.posts) {
    docs.push({
      page: true,
      kind: 'Post',
      title: post.title,
      answer: excerpt(post.description, PAGE_ANSWER_MAX),
      url: `/blog/${post.slug}`,
      body: `${post.tags.join(' ')} ${excerpt(post.markdown.replace(/[#*_>`[\]()]/g, ' '), BODY_INTRO)}`,
    })
  }
  for (const page of data.pages) {
    if (page.noindex || page.path === '/') continue
    docs.push({
      page: true,
      kind: 'Page',
      title: page.h1,
      answer: excerpt(page.description, PAGE_ANSWER_MAX),
      url: page.path,
      body: `${page.title} ${excerpt(page.intro, BODY_INTRO)} ${sectionText(page.sections)}`,
      keywords: page.keywords,
      entities: page.path === '/careers' ? ['agency:careers'] : [],
    })
  }
  // The agency itself: where it is, how to reach it, what it sells (site.yaml and the service list).
  const { contact, brand } = data.site
  const { address } = contact
  docs.push({
    kind: 'FAQ',
    title: 'Where are you located, and what is your phone number and email?',
    answer: `Call us toll-free at ${contact.phone} (${contact.hours}), email ${contact.email}, or visit ${brand.name} at ${address.street}, ${address.city}, ${address.region} ${address.postalCode}.`,
    url: '/contact',
    body: 'contact phone call email office address location located visit hours reach talk speak person',
    entities: ['agency:contact'],
  })
  docs.push({
    kind: 'Service',
    title: 'What services do you offer?',
    answer: excerpt(`${brand.name} offers ${data.servicePages.map((p) => p.name).join(', ')}.`),
    url: '/services',
    body: `services offer help agency ${data.servicePages.map((p) => `${p.name} ${p.eyebrow}`).join(' ')}`,
    entities: ['agency:services'],
  })
  return docs.filter((doc) => exists(doc.url))
}

export function buildChatbotIndex(ctx: SiteContext): ChatIndex {
  return buildChatIndex(chatbotSources(ctx), chatbotEntities(ctx))
}

/** Writes the index; answers its size raw and gzipped (level 9, as the build precompresses). */
export function writeChatbotIndex(ctx: SiteContext, outDir: string): { docs: number; json: Buffer } {
  const index = buildChatbotIndex(ctx)
  const json = Buffer.from(JSON.stringify(index))
  fs.writeFileSync(path.join(outDir, CHATBOT_INDEX_FILE), json)
  return { docs: index.docs.length, json }
}

/** The index's size gzipped at the highest level, for the build's log (a publish does not pay for it). */
export const gzipSize = (json: Buffer) => zlib.gzipSync(json, { level: 9 }).length
