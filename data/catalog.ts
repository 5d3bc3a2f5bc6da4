// The one catalog of public URLs, derived from the data. Pre-rendering, sitemap.xml, the link
// checker, the nav checks and the tests all read this list; no other list of routes exists.
import { DataError, type SiteData } from './loadData.ts'

/** Every page family (one folder in pages/ each) with the caption of its Open Graph card,
 * drawn by the build as og/{family}.png. */
export const familyCaptions = {
  home: 'Marketing That Proves',
  static: 'Marketing That Proves',
  city: 'Local digital marketing',
  state: 'Digital marketing in all 50 states',
  hubspot: 'HubSpot services',
  'hubspot-tool': 'HubSpot integrations',
  integration: 'CRM and LOS integrations',
  'api-service': 'API integration services',
  mortgage: 'Mortgage marketing',
  landing: 'Digital marketing agency',
  content: 'Guides',
  legal: 'Policies',
  service: 'Services',
  'blog-post': 'The Proofline blog',
  tag: 'The Proofline blog',
  qa: 'Marketing questions answered',
  'case-study': 'Client results',
  job: 'Careers',
}
export type Family = keyof typeof familyCaptions
/** The source of a post published from the admin: "database: posts/<slug>" (not a file). */
export const DATABASE_SOURCE = 'database: posts/'
export const families = Object.keys(familyCaptions) as Family[]

export type CatalogEntry = {
  /** Path of this URL, e.g. "/seo-services-austin-tx". */
  url: string
  family: Family
  /** Link text of this URL wherever another page links to it, e.g. "SEO in Austin, TX". */
  label: string
  /** What identifies the record(s) behind the page, e.g. { service, city }. */
  params: Record<string, string>
  /** Path of the primary URL: itself, or the page an alias shows. */
  canonical: string
  isAlias: boolean
  /** Name of the data file(s) the page is made from (for lastmod and error messages). */
  sources: string[]
  noindex: boolean
  /** The canonical link a database post's `canonicalUrl` sets instead of its own URL: a site path
   * ("/services/seo") or a full http(s) URL. Absent: the page's own `canonical`. */
  canonicalUrl?: string
}

/** The absolute URL of the page's `<link rel="canonical">` (and og:url): its `canonicalUrl` when it
 * has one, else its primary URL. The head, the site checks and sitemap.xml all read it here. */
export const canonicalHref = (entry: Pick<CatalogEntry, 'canonical' | 'canonicalUrl'>, siteUrl: string): string =>
  entry.canonicalUrl ? (entry.canonicalUrl.startsWith('/') ? `${siteUrl}${entry.canonicalUrl}` : entry.canonicalUrl) : `${siteUrl}${entry.canonical}`

export type Catalog = {
  entries: CatalogEntry[]
  byUrl: Map<string, CatalogEntry>
  ofFamily: (family: Family) => CatalogEntry[]
}

/** The pages of pages.yaml that have a layout of their own: '/' is pages/home, every other one
 * a folder in pages/static/. A path of pages.yaml outside this list stops the build. */
export const staticPaths = [
  '/',
  '/services',
  '/case-studies',
  '/portfolio',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/locations',
  '/thank-you',
  '/unsubscribed',
  '/subscribed',
  '/partners',
  '/apply',
  '/faq',
  '/roi-calculators',
  '/free-quote',
  '/integrations',
]

export const cityUrl = (service: string, city: { slug: string; stateCode: string }) =>
  `/${service}-${city.slug}-${city.stateCode}`
export const toolUrl = (tool: string) => `/hubspot-${tool}-integration`

export const upper = (code: string) => code.toUpperCase()
export const titleCase = (slug: string) => slug.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ')
/** "SEO in Austin, TX": the link text of a city page, also the start of its title. */
export const cityLabel = (service: { shortName: string }, city: { name: string; stateCode: string }) => `${service.shortName} in ${city.name}, ${upper(city.stateCode)}`

/** One key per vike page (a folder in pages/): the family, or the path of a static page. Tests
 * and the audit use it to visit one URL of each page. */
export const pageKey = (entry: CatalogEntry) => (entry.family === 'static' ? entry.canonical : entry.family)

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

/** `noindexTags`: tags staff marked noindex in /admin/tags; their /tag/ pages get noindex (meta
 * robots, out of sitemap.xml), in the full build and the incremental publisher alike. */
export function buildCatalog(data: SiteData, { noindexTags = new Set<string>() }: { noindexTags?: ReadonlySet<string> } = {}): Catalog {
  checkReferences(data)
  const entries: CatalogEntry[] = []
  const add = (url: string, family: Family, label: string, params: Record<string, string>, sources: string[], noindex = false) =>
    entries.push({ url, family, label, params, canonical: url, isAlias: false, sources, noindex })

  for (const page of data.pages) {
    if (!staticPaths.includes(page.path)) throw new DataError('pages.yaml', [{ path: `path ${page.path}`, message: `one of ${staticPaths.join(', ')}` }])
    add(page.path, page.path === '/' ? 'home' : 'static', page.h1, { path: page.path }, ['pages.yaml'], page.noindex)
  }
  const serviceById = new Map(data.cityServices.map((s) => [s.id, s]))
  for (const city of data.cities) {
    for (const service of city.services) {
      add(cityUrl(service, city), 'city', cityLabel(serviceById.get(service)!, city), { service, city: city.slug }, ['cities.yaml', 'city-services.yaml', 'states.yaml'])
    }
  }
  for (const state of data.states) add(`/states/${state.slug}`, 'state', state.name, { state: state.slug }, ['states.yaml', 'cities.yaml'])
  const topicFamilies = [
    ['hubspot', data.hubspotPages, 'hubspot-pages.yaml'],
    ['integration', data.integrations, 'integrations.yaml'],
    ['api-service', data.apiServices, 'api-services.yaml'],
    ['mortgage', data.mortgage, 'mortgage.yaml'],
    ['landing', data.landingPages, 'landing-pages.yaml'],
    ['content', data.contentPages, 'content-pages.yaml'],
    ['legal', data.legal, 'legal.yaml'],
  ] as const
  for (const [family, pages, file] of topicFamilies) {
    for (const page of pages) add(`/${page.slug}`, family, page.h1, { slug: page.slug }, [file])
  }
  for (const tool of data.hubspotTools) add(toolUrl(tool.slug), 'hubspot-tool', `HubSpot + ${tool.name}`, { tool: tool.slug }, ['hubspot-tools.yaml'])
  for (const page of data.servicePages) add(`/services/${page.slug}`, 'service', page.name, { slug: page.slug }, ['service-pages.yaml'])
  for (const post of data.posts) {
    const url = `/blog/${post.slug}`
    add(url, 'blog-post', post.title, { slug: post.slug }, [post.origin === 'database' ? `${DATABASE_SOURCE}${post.slug}` : `blog/${post.slug}.md`], post.noindex === true)
    // A post's own noindex and canonical URL (decision 104; a file post's from its front matter); its own path is no override.
    if (post.canonicalUrl && post.canonicalUrl !== url) entries[entries.length - 1].canonicalUrl = post.canonicalUrl
  }
  for (const tag of [...new Set(data.posts.flatMap((p) => p.tags))].sort()) add(`/tag/${tag}`, 'tag', `${titleCase(tag)} articles`, { tag }, ['blog'], noindexTags.has(tag))
  for (const qa of data.qa) add(`/faq/${qa.slug}`, 'qa', qa.question, { slug: qa.slug }, ['qa.yaml'])
  for (const study of data.caseStudies) add(`/case-studies/${study.slug}`, 'case-study', `${study.client} case study`, { slug: study.slug }, ['case-studies.yaml'])
  for (const job of data.jobs) add(`/careers/${job.slug}`, 'job', job.title, { slug: job.slug }, ['jobs.yaml'])

  const byUrl = new Map<string, CatalogEntry>()
  for (const entry of entries) {
    const clash = byUrl.get(entry.url)
    if (clash) {
      throw new DataError(entry.sources[0], [{ path: entry.url, message: `a URL of its own (already used by ${clash.sources[0]})` }])
    }
    byUrl.set(entry.url, entry)
  }
  // A file post's canonical site path must be a page of the site (a database post's is checked
  // before it is published, server/posts/service.ts checkPublishable).
  for (const entry of entries) {
    const target = entry.canonicalUrl
    if (entry.family === 'blog-post' && target?.startsWith('/') && !byUrl.has(target.toLowerCase()) && entry.sources[0].startsWith('blog/')) {
      throw new DataError(entry.sources[0], [{ path: 'canonicalUrl', message: `a page of the site (${target} is not one), a full https:// URL, or no canonicalUrl` }])
    }
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
