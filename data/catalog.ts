// The one catalog of public URLs, derived from the data. Pre-rendering, sitemap.xml, the link
// checker, the nav checks and the tests all read this list; no other list of routes exists.
import { DataError, type SiteData } from './loadData.ts'

export const families = [
  'home',
  'static',
  'city',
  'state',
  'hubspot',
  'hubspot-tool',
  'integration',
  'api-service',
  'mortgage',
  'landing',
  'content',
  'legal',
  'service',
  'blog-post',
  'tag',
  'qa',
  'case-study',
  'job',
] as const
export type Family = (typeof families)[number]

export type CatalogEntry = {
  /** Path of this URL, e.g. "/seo-services-austin-tx". */
  url: string
  family: Family
  /** Name of the template in templates/ that renders it. */
  template: string
  /** What identifies the record(s) behind the page, e.g. { service, city }. */
  params: Record<string, string>
  /** Path of the primary URL: itself, or the page an alias shows. */
  canonical: string
  isAlias: boolean
  /** Name of the data file(s) the page is made from (for lastmod and error messages). */
  sources: string[]
  noindex: boolean
}

export type Catalog = {
  entries: CatalogEntry[]
  byUrl: Map<string, CatalogEntry>
  ofFamily: (family: Family) => CatalogEntry[]
}

const staticTemplates: Record<string, string> = {
  '/': 'HomeTemplate',
  '/services': 'ServicesIndexTemplate',
  '/case-studies': 'CaseStudiesTemplate',
  '/portfolio': 'PortfolioTemplate',
  '/about': 'AboutTemplate',
  '/contact': 'ContactTemplate',
  '/careers': 'CareersTemplate',
  '/blog': 'BlogIndexTemplate',
  '/locations': 'LocationsTemplate',
  '/thank-you': 'ThankYouTemplate',
  '/unsubscribed': 'UnsubscribedTemplate',
  '/partners': 'PartnersTemplate',
  '/apply': 'ApplyTemplate',
  '/faq': 'FaqIndexTemplate',
  '/roi-calculators': 'RoiCalculatorsTemplate',
  '/free-quote': 'QuoteTemplate',
  '/integrations': 'IntegrationsTemplate',
}

export const cityUrl = (service: string, city: { slug: string; stateCode: string }) =>
  `/${service}-${city.slug}-${city.stateCode}`
export const toolUrl = (tool: string) => `/hubspot-${tool}-integration`

/** Cross-file references that a schema alone cannot check. */
function checkReferences(data: SiteData) {
  const states = new Set(data.states.map((s) => s.slug))
  const services = new Set(data.cityServices.map((s) => s.id))
  const problems: { path: string; message: string }[] = []
  data.cities.forEach((city, i) => {
    if (!states.has(city.state)) problems.push({ path: `[${i} "${city.slug}"].state`, message: 'a state slug from states.yaml' })
    city.services.forEach((id, j) => {
      if (!services.has(id)) problems.push({ path: `[${i} "${city.slug}"].services[${j}]`, message: 'a service id from city-services.yaml' })
    })
  })
  if (problems.length) throw new DataError('cities.yaml', problems)
  const tools = new Set(data.hubspotTools.map((t) => t.slug))
  const toolProblems = data.hubspotTools.flatMap((tool, i) =>
    tool.related
      .map((slug, j) => ({ slug, j }))
      .filter(({ slug }) => !tools.has(slug) || slug === tool.slug)
      .map(({ j }) => ({ path: `[${i} "${tool.slug}"].related[${j}]`, message: 'the slug of another tool in hubspot-tools.yaml' })),
  )
  if (toolProblems.length) throw new DataError('hubspot-tools.yaml', toolProblems)
}

export function buildCatalog(data: SiteData): Catalog {
  checkReferences(data)
  const entries: CatalogEntry[] = []
  const add = (url: string, family: Family, template: string, params: Record<string, string>, sources: string[], noindex = false) =>
    entries.push({ url, family, template, params, canonical: url, isAlias: false, sources, noindex })

  for (const page of data.pages) {
    const template = staticTemplates[page.path]
    if (!template) throw new DataError('pages.yaml', [{ path: `path ${page.path}`, message: `one of ${Object.keys(staticTemplates).join(', ')}` }])
    add(page.path, page.path === '/' ? 'home' : 'static', template, { path: page.path }, ['pages.yaml'], page.noindex)
  }
  for (const city of data.cities) {
    for (const service of city.services) {
      add(cityUrl(service, city), 'city', 'CityTemplate', { service, city: city.slug }, ['cities.yaml', 'city-services.yaml', 'states.yaml'])
    }
  }
  for (const state of data.states) add(`/states/${state.slug}`, 'state', 'StateTemplate', { state: state.slug }, ['states.yaml', 'cities.yaml'])
  const topicFamilies = [
    ['hubspot', 'HubspotTemplate', data.hubspotPages, 'hubspot-pages.yaml'],
    ['integration', 'HubspotTemplate', data.integrations, 'integrations.yaml'],
    ['api-service', 'ApiServiceTemplate', data.apiServices, 'api-services.yaml'],
    ['mortgage', 'MortgageTemplate', data.mortgage, 'mortgage.yaml'],
    ['landing', 'LandingTemplate', data.landingPages, 'landing-pages.yaml'],
    ['content', 'LandingTemplate', data.contentPages, 'content-pages.yaml'],
    ['legal', 'LegalTemplate', data.legal, 'legal.yaml'],
  ] as const
  for (const [family, template, pages, file] of topicFamilies) {
    for (const page of pages) add(`/${page.slug}`, family, template, { slug: page.slug }, [file])
  }
  for (const tool of data.hubspotTools) add(toolUrl(tool.slug), 'hubspot-tool', 'HubspotToolTemplate', { tool: tool.slug }, ['hubspot-tools.yaml'])
  for (const page of data.servicePages) add(`/services/${page.slug}`, 'service', 'ServiceTemplate', { slug: page.slug }, ['service-pages.yaml'])
  for (const post of data.posts) add(`/blog/${post.slug}`, 'blog-post', 'BlogPostTemplate', { slug: post.slug }, [`blog/${post.slug}.md`])
  for (const tag of [...new Set(data.posts.flatMap((p) => p.tags))].sort()) add(`/tag/${tag}`, 'tag', 'TagTemplate', { tag }, ['blog'])
  for (const qa of data.qa) add(`/faq/${qa.slug}`, 'qa', 'QaTemplate', { slug: qa.slug }, ['qa.yaml'])
  for (const study of data.caseStudies) add(`/case-studies/${study.slug}`, 'case-study', 'CaseStudyTemplate', { slug: study.slug }, ['case-studies.yaml'])
  for (const job of data.jobs) add(`/careers/${job.slug}`, 'job', 'JobTemplate', { slug: job.slug }, ['jobs.yaml'])

  const byUrl = new Map<string, CatalogEntry>()
  for (const entry of entries) {
    const clash = byUrl.get(entry.url)
    if (clash) {
      throw new DataError(entry.sources[0], [{ path: entry.url, message: `a URL of its own (already used by ${clash.sources[0]})` }])
    }
    byUrl.set(entry.url, entry)
  }
  data.aliases.forEach((alias, i) => {
    const target = byUrl.get(alias.to)
    if (!target) throw new DataError('aliases.yaml', [{ path: `[${i}].to`, message: `an existing page URL (${alias.to} is not one)` }])
    if (byUrl.has(alias.from)) throw new DataError('aliases.yaml', [{ path: `[${i}].from`, message: `a URL not already taken (${alias.from} is a page)` }])
    const entry: CatalogEntry = { ...target, url: alias.from, isAlias: true, canonical: target.url, sources: [...target.sources, 'aliases.yaml'] }
    entries.push(entry)
    byUrl.set(entry.url, entry)
  })

  const byFamily = new Map<Family, CatalogEntry[]>(families.map((f) => [f, []]))
  for (const entry of entries) byFamily.get(entry.family)!.push(entry)
  return { entries, byUrl, ofFamily: (family) => byFamily.get(family)! }
}
