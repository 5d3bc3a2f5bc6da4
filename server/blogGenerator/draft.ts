// From a brief to a draft post (issue 12): a title and slug, the outline of its post type, the
// facts the site already holds (services, case-study figures, city facts, FAQs and Q&A, each with
// a link to its page), suggested internal links and tags, and the SEO score. Everything here is
// assembled from data/ and the brief's evidence: no language model writes any of it, and the draft
// says so at its top. The writer replaces the notes under each heading with prose.
import { TITLE_MAX } from '../../shared/posts.ts'
import { scoreSeo, type SeoReport } from '../../shared/seo.ts'
import { termsOf } from '../trends/score.ts'
import { cityLink, POST_TYPE_LABELS, type Brief, type PostType, type SiteIndex } from './briefs.ts'

export type Fact = { kind: 'service' | 'case-study' | 'city' | 'faq' | 'qa'; text: string; link: string }
export type Draft = {
  title: string
  slug: string
  postType: PostType
  outline: string[]
  facts: Fact[]
  links: string[]
  tags: string[]
  focusKeyphrase: string
  body: string
  excerpt: string
  seo: SeoReport
}

type Section = { heading: string; facts: Fact['kind'][] }
const Q: Fact['kind'][] = ['faq', 'qa']
/** The outline of each post type, and which facts go under which heading. */
const OUTLINES: Record<PostType, (topic: string) => Section[]> = {
  'how-to': (t) => [
    { heading: `What “${t}” involves`, facts: ['service', 'city'] },
    { heading: 'What you need before you start', facts: [] },
    { heading: 'Step by step', facts: [] },
    { heading: 'How long it takes and what it costs', facts: [] },
    { heading: 'Mistakes we see', facts: [] },
    { heading: 'How we do it for clients', facts: ['case-study'] },
    { heading: 'Questions clients ask', facts: Q },
  ],
  comparison: (t) => [
    { heading: `The choice behind “${t}”`, facts: [] },
    { heading: 'Each option at a glance', facts: ['service'] },
    { heading: 'Side by side: cost, time, results', facts: ['case-study'] },
    { heading: 'Which to choose when', facts: ['city'] },
    { heading: 'Questions clients ask', facts: Q },
  ],
  'local-guide': (t) => [
    { heading: `${t}: the local picture`, facts: [] },
    { heading: 'The local market in figures', facts: ['city'] },
    { heading: 'What works here', facts: ['service'] },
    { heading: 'Results for local businesses', facts: ['case-study'] },
    { heading: 'Questions clients ask', facts: Q },
  ],
  'case-study': (t) => [
    { heading: `${t}: the client and the challenge`, facts: ['city'] },
    { heading: 'What we did', facts: ['service'] },
    { heading: 'Results in figures', facts: ['case-study'] },
    { heading: 'What other businesses can take from it', facts: [] },
    { heading: 'Questions clients ask', facts: Q },
  ],
  'faq-roundup': (t) => [
    { heading: `Questions about ${t}`, facts: ['service', 'city'] },
    { heading: 'The questions, answered', facts: Q },
    { heading: 'Where to read more', facts: ['case-study'] },
  ],
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')

/** Cuts at a word boundary so the title fits the head title's limit. */
export function fitTitle(text: string, max = TITLE_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  const first = clean.charAt(0).toUpperCase() + clean.slice(1)
  if (first.length <= max) return first
  const cut = first.slice(0, max + 1)
  return cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:–-]+$/, '')
}

function titleFor(brief: Brief, type: PostType, site: SiteIndex): string {
  if (brief.source === 'chatbot') return fitTitle(brief.topic)
  if (type === 'faq-roundup') {
    const qa = site.data.qa.find((q) => `/faq/${q.slug}` === brief.page)
    return fitTitle(`${qa?.category ?? brief.topic}: the questions clients ask most`)
  }
  if (type === 'case-study') return fitTitle(`${brief.topic}: what a client project delivered`)
  if (type === 'local-guide') return fitTitle(`${brief.topic}: a local guide`)
  if (type === 'comparison') return fitTitle(`${brief.topic}: how the options compare`)
  return fitTitle(`${brief.topic}: a practical guide`)
}

const overlap = (a: ReadonlySet<string>, text: string, site: SiteIndex) => termsOf(text, site.entities).filter((t) => a.has(t)).length

/** The facts the site holds about a brief, most specific first. */
export function factsFor(brief: Brief, site: SiteIndex): Fact[] {
  const { data } = site
  const terms = new Set(brief.terms)
  const facts: Fact[] = []
  const services = new Set(brief.entities.filter((e) => site.entityKind.get(e) === 'service'))
  for (const s of data.servicePages)
    if (services.has(s.name) || overlap(terms, s.name, site) > 0)
      facts.push({ kind: 'service', text: `${s.name}: ${s.description} Deliverables: ${s.deliverables.slice(0, 4).join(', ')}.`, link: `/services/${s.slug}` })
  for (const s of data.cityServices)
    if (services.has(s.name))
      facts.push({
        kind: 'service',
        text: `${s.name}: ${s.metric.value} ${s.metric.label}. Deliverables: ${s.deliverables.slice(0, 4).join(', ')}.`,
        link: s.servicePage,
      })
  const serviceWords = new Set([...services].flatMap((s) => termsOf(s)))
  for (const c of data.caseStudies) {
    const related =
      c.services.some((s) => services.has(s) || termsOf(s).some((w) => serviceWords.has(w))) || overlap(terms, `${c.industry} ${c.location}`, site) > 0
    if (related)
      facts.push({
        kind: 'case-study',
        text: `${c.client} (${c.industry}, ${c.location}, ${c.durationMonths} months): ${c.results.map((r) => `${r.value} ${r.label}`).join('; ')}.`,
        link: `/case-studies/${c.slug}`,
      })
  }
  for (const name of brief.entities.filter((e) => site.entityKind.get(e) === 'city')) {
    const city = data.cities.find((c) => c.name === name)
    const link = cityLink(data, name)
    if (city && link)
      facts.push({
        kind: 'city',
        text: `${city.name}: population ${city.population.toLocaleString('en-US')} (metro ${city.metroPopulation.toLocaleString('en-US')}); industries: ${city.industries.slice(0, 4).join(', ')}. ${city.facts[0]}`,
        link,
      })
  }
  const scored = [
    ...data.qa.map((q) => ({
      n: overlap(terms, `${q.question} ${q.keywords.join(' ')}`, site),
      fact: { kind: 'qa' as const, text: `${q.question} ${q.answer[0]}`, link: `/faq/${q.slug}` },
    })),
    ...data.faq.map((f) => ({ n: overlap(terms, f.question, site), fact: { kind: 'faq' as const, text: `${f.question} ${f.answer}`, link: `/faq#${f.id}` } })),
  ]
    .filter((x) => x.n > 0 && x.fact.link !== brief.page)
    .sort((a, b) => b.n - a.n)
  if (brief.page?.startsWith('/faq/')) {
    const own = data.qa.find((q) => `/faq/${q.slug}` === brief.page)
    if (own) {
      facts.push({ kind: 'qa', text: `${own.question} ${own.answer[0]}`, link: brief.page })
      for (const q of data.qa.filter((o) => o.category === own.category && o.slug !== own.slug))
        facts.push({ kind: 'qa', text: `${q.question} ${q.answer[0]}`, link: `/faq/${q.slug}` })
    }
  }
  for (const x of scored.slice(0, 5)) facts.push(x.fact)
  const seen = new Set<string>()
  return facts.filter((f) => !seen.has(f.link) && seen.add(f.link)).slice(0, 12)
}

export function buildDraft(brief: Brief, site: SiteIndex, { postType, knownTags, date }: { postType?: PostType; knownTags: string[]; date: string }): Draft {
  const type = postType ?? brief.postType
  const title = titleFor(brief, type, site)
  const facts = factsFor(brief, site)
  const links = [...new Set([...(brief.page ? [brief.page] : []), ...facts.map((f) => f.link), '/free-quote'])].slice(0, 8)
  const slugs = new Set(knownTags)
  const wanted = [...brief.entities, ...brief.terms].map(slugify).filter(Boolean)
  const tags = [...new Set([...wanted.filter((t) => slugs.has(t)), ...brief.entities.map(slugify).filter(Boolean)])].slice(0, 5)
  const focusKeyphrase = (brief.entities[0] ?? brief.terms.slice(0, 2).join(' ')).toLowerCase()
  const sections = OUTLINES[type](brief.topic.replace(/\?$/, ''))
  const outline = sections.map((x) => x.heading)
  const lines: string[] = [
    `> Draft assembled by the blog generator on ${date} from demand (${brief.demandLabel}). No language model wrote any of it: the headings are the outline of a ${POST_TYPE_LABELS[type].toLowerCase()}, and the notes under them are facts the site already holds, with links. Replace the notes with your text before publishing.`,
    '',
    `Why this post: ${brief.evidence.map((e) => e.text).join('; ')}.`,
    '',
  ]
  for (const section of sections) {
    lines.push(`## ${section.heading}`, '')
    const own = facts.filter((f) => section.facts.includes(f.kind))
    if (own.length === 0) lines.push('- To write: no page of the site covers this yet.')
    for (const f of own) lines.push(`- ${f.text} [Read more](${f.link})`)
    lines.push('')
  }
  lines.push('## Related pages', '', ...links.map((l) => `- [${l}](${l})`), '')
  const body = lines.join('\n')
  const draft = { title, slug: slugify(title), body, excerpt: '', tags, focusKeyphrase }
  return { ...draft, postType: type, outline, facts, links, seo: scoreSeo({ ...draft, seoTitle: null, seoDescription: null }) }
}
