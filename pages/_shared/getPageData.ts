// Joins the data to the templates: for one catalog entry, the props of its template, its
// breadcrumbs and its complete head (meta, Open Graph, JSON-LD). Runs at pre-render time only.
import { marked } from 'marked'
import { cityUrl, toolUrl, type CatalogEntry, type Family } from '../../data/catalog.ts'
import { DataError } from '../../data/loadData.ts'
import { lookup, must } from '../../data/lookup.ts'
import type { City } from '../../data/schema.ts'
import type * as P from '../../templates/props.ts'
import type { Chrome, Crumb, FaqPair, Link, PageData, Seo } from '../../templates/types.ts'
import { headOf, titleCase, topicList, upper } from './heads.ts'
import { blogPostingLd, breadcrumbLd, faqLd, jobPostingLd, organizationLd, qaPageLd, serviceLd } from './jsonLd.ts'
import { getSiteContext, type SiteContext } from './siteContext.ts'

const familyHub: Partial<Record<Family, Crumb>> = {
  city: { name: 'Locations', url: '/locations' },
  state: { name: 'Locations', url: '/locations' },
  hubspot: { name: 'Integrations', url: '/integrations' },
  'hubspot-tool': { name: 'Integrations', url: '/integrations' },
  integration: { name: 'Integrations', url: '/integrations' },
  'api-service': { name: 'API integration', url: '/services/api-integration' },
  mortgage: { name: 'Mortgage marketing', url: '/mortgage-marketing-agency' },
  landing: { name: 'Services', url: '/services' },
  content: { name: 'Services', url: '/services' },
  service: { name: 'Services', url: '/services' },
  'blog-post': { name: 'Blog', url: '/blog' },
  tag: { name: 'Blog', url: '/blog' },
  qa: { name: 'FAQ', url: '/faq' },
  'case-study': { name: 'Case Studies', url: '/case-studies' },
  job: { name: 'Careers', url: '/careers' },
}

const familyLabel: Partial<Record<Family, string>> = {
  hubspot: 'HubSpot',
  integration: 'Integration',
  'api-service': 'API services',
  mortgage: 'Mortgage marketing',
  landing: 'Digital marketing',
  content: 'Guide',
  legal: 'Legal',
}

/** Deterministic small number from a string, so builds are reproducible. */
export function stableNumber(text: string, min: number, span: number): number {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return min + ((h >>> 0) % span)
}

function linkTo(ctx: SiteContext, url: string, file: string, field: string): Link {
  const entry = ctx.catalog.byUrl.get(url.split('#')[0] || '/')
  if (!entry) throw new DataError(file, [{ path: field, message: `an internal URL that exists (${url} is not a page)` }])
  return { label: headOf(entry, ctx.data).label, href: url }
}

/** The `count` cities nearest to `city` (great-circle distance) that offer `service`. */
export function nearestCities(city: City, cities: City[], service: string, count: number): City[] {
  const rad = Math.PI / 180
  const distance = (other: City) => {
    const dLat = (other.geo.lat - city.geo.lat) * rad
    const dLng = (other.geo.lng - city.geo.lng) * rad
    const a = Math.sin(dLat / 2) ** 2 + Math.cos(city.geo.lat * rad) * Math.cos(other.geo.lat * rad) * Math.sin(dLng / 2) ** 2
    return Math.atan2(Math.sqrt(a), Math.sqrt(1 - a))
  }
  const best: { city: City; d: number }[] = []
  for (const other of cities) {
    if (other.slug === city.slug || !other.services.includes(service)) continue
    const d = distance(other)
    if (best.length === count && d >= best[count - 1].d) continue
    best.push({ city: other, d })
    best.sort((a, b) => a.d - b.d)
    if (best.length > count) best.pop()
  }
  return best.map((b) => b.city)
}

function siblingsOf(ctx: SiteContext, entry: CatalogEntry, count: number): Link[] {
  const list = ctx.catalog.ofFamily(entry.family).filter((e) => !e.isAlias)
  const at = list.findIndex((e) => e.url === entry.canonical)
  return Array.from({ length: Math.min(count, list.length - 1) }, (_, i) => list[(at + 1 + i) % list.length]).map((e) => ({
    label: headOf(e, ctx.data).label,
    href: e.url,
  }))
}

export function chromeOf(ctx: SiteContext): Chrome {
  const { site } = ctx.data
  return { brand: site.brand, contact: site.contact, social: site.social, nav: site.nav, footer: site.footer, features: site.features, year: new Date().getFullYear() }
}

function contactOf(ctx: SiteContext): P.ContactInfo {
  const { site } = ctx.data
  return { phone: site.contact.phone, phoneE164: site.contact.phoneE164, email: site.contact.email, brand: site.brand.name }
}

const withCity = (faqs: FaqPair[], city: string) => faqs.map((f) => ({ question: f.question.replaceAll('{city}', city), answer: f.answer.replaceAll('{city}', city) }))

type Built = { props: unknown; crumbs: Crumb[]; faqs?: FaqPair[]; extraLd?: Record<string, unknown>[]; ogType?: Seo['ogType'] }

function build(entry: CatalogEntry, ctx: SiteContext, url: string): Built {
  const { data } = ctx
  const head = headOf(entry, data)
  const hub = familyHub[entry.family]
  const crumbs: Crumb[] = [{ name: 'Home', url: '/' }, ...(hub && hub.url !== entry.canonical ? [hub] : []), { name: head.label, url: entry.canonical }]
  const contact = contactOf(ctx)
  const p = entry.params
  const at = lookup(data)
  switch (entry.family) {
    case 'home':
    case 'static':
      return { props: staticProps(ctx, p.path), crumbs: entry.family === 'home' ? [] : crumbs, ...staticLd(ctx, p.path) }
    case 'city': {
      const city = must(at.city, p.city)
      const service = must(at.service, p.service)
      const state = must(at.state, city.state)
      const serviceIndex = data.cityServices.indexOf(service)
      // Rotate which local facts lead, so pages for one city do not read alike.
      const facts = city.facts.map((_, i) => city.facts[(i + serviceIndex) % city.facts.length]).slice(0, 3)
      const faqs = withCity(service.faqs, city.name)
      const props: P.CityProps = {
        city,
        stateName: state.name,
        stateUrl: `/states/${state.slug}`,
        service,
        h1: head.label,
        facts,
        faqs,
        otherServices: city.services.filter((s) => s !== service.id).map((s) => linkTo(ctx, cityUrl(s, city), 'cities.yaml', `${city.slug}.services`)),
        otherCities: nearestCities(city, data.cities, service.id, 8).map((c) => linkTo(ctx, cityUrl(service.id, c), 'cities.yaml', `${c.slug}.services`)),
        servicePage: linkTo(ctx, service.servicePage, 'city-services.yaml', `${service.id}.servicePage`),
        contact,
      }
      const cityCrumbs: Crumb[] = [{ name: 'Home', url: '/' }, { name: 'Locations', url: '/locations' }, { name: state.name, url: props.stateUrl }, { name: head.label, url: entry.canonical }]
      return {
        props,
        crumbs: cityCrumbs,
        faqs,
        extraLd: [serviceLd({ name: head.label, description: service.summary, url: `${ctx.siteUrl}${entry.canonical}`, serviceType: service.name, areaServed: `${city.name}, ${state.name}` }, ctx.siteUrl)],
      }
    }
    case 'state': {
      const state = must(at.state, p.state)
      const index = data.states.indexOf(state)
      const props: P.StateProps = {
        state,
        h1: `Digital marketing in ${state.name}`,
        cities: (at.citiesByState.get(state.slug) ?? []).flatMap((c) => c.services.map((s) => linkTo(ctx, cityUrl(s, c), 'cities.yaml', c.slug))),
        services: data.servicePages.slice(0, 8).map((s) => ({ label: s.name, href: `/services/${s.slug}` })),
        neighbours: data.states
          .filter((s, i) => s.region === state.region && i !== index)
          .slice(0, 6)
          .map((s) => ({ label: s.name, href: `/states/${s.slug}` })),
        contact,
      }
      return { props, crumbs }
    }
    case 'hubspot-tool': {
      const tool = must(at.tool, p.tool)
      const props: P.ToolProps = {
        tool,
        h1: `HubSpot and ${tool.name} integration`,
        related: tool.related.map((slug) => linkTo(ctx, toolUrl(slug), 'hubspot-tools.yaml', `${tool.slug}.related`)),
        guides: ['/hubspot-custom-integration', '/hubspot-api', '/services/crm-integration', '/integrations']
          .filter((u) => ctx.catalog.byUrl.has(u))
          .map((u) => linkTo(ctx, u, 'hubspot-tools.yaml', 'guides')),
        contact,
      }
      return { props, crumbs, faqs: tool.faqs }
    }
    case 'hubspot':
    case 'integration':
    case 'api-service':
    case 'mortgage':
    case 'landing':
    case 'content':
    case 'legal': {
      const page = topicList(entry.family, data).find((x) => x.slug === p.slug)!
      const file = entry.sources[0]
      const props: P.TopicProps = {
        page,
        familyLabel: familyLabel[entry.family]!,
        related: page.related.map((u, i) => linkTo(ctx, u, file, `${page.slug}.related[${i}]`)),
        siblings: siblingsOf(ctx, entry, 4),
        contact,
      }
      return { props, crumbs, faqs: page.faqs }
    }
    case 'service': {
      const page = must(at.servicePage, p.slug)
      const props: P.ServiceProps = {
        page,
        cities: page.cityService
          ? data.cities.filter((c) => c.services.includes(page.cityService!)).map((c) => linkTo(ctx, cityUrl(page.cityService!, c), 'service-pages.yaml', `${page.slug}.cityService`))
          : [],
        related: page.related.map((u, i) => linkTo(ctx, u, 'service-pages.yaml', `${page.slug}.related[${i}]`)),
        siblings: siblingsOf(ctx, entry, 4),
        contact,
      }
      return {
        props,
        crumbs,
        faqs: page.faqs,
        extraLd: [serviceLd({ name: page.name, description: page.description, url: `${ctx.siteUrl}${entry.canonical}`, serviceType: page.name, areaServed: 'United States' }, ctx.siteUrl)],
      }
    }
    case 'blog-post': {
      const post = must(at.post, p.slug)
      const props: P.BlogPostProps = {
        post: { slug: post.slug, title: post.title, description: post.description, date: post.date, updated: post.updated, author: post.author, tags: post.tags },
        html: marked.parse(post.markdown, { async: false }),
        readingMinutes: Math.max(1, Math.round(post.markdown.split(/\s+/).length / 220)),
        more: data.posts.filter((x) => x.slug !== post.slug).slice(0, 3).map((x) => ({ label: x.title, href: `/blog/${x.slug}` })),
      }
      return { props, crumbs, ogType: 'article', extraLd: [blogPostingLd(post, `${ctx.siteUrl}${url}`, `${ctx.siteUrl}/og/blog-post.png`, data.site, ctx.siteUrl)] }
    }
    case 'tag': {
      const props: P.TagProps = {
        tag: p.tag,
        posts: postSummaries(ctx).filter((x) => x.tags.includes(p.tag)),
        tags: ctx.catalog.ofFamily('tag').map((e) => ({ label: titleCase(e.params.tag), href: e.url })),
      }
      return { props, crumbs }
    }
    case 'qa': {
      const qa = must(at.qa, p.slug)
      const upvotes = stableNumber(qa.slug, 12, 40)
      const props: P.QaProps = { qa, upvotes, more: data.qa.filter((x) => x !== qa).slice(0, 5).map((x) => ({ label: x.question, href: `/faq/${x.slug}` })) }
      return { props, crumbs, extraLd: [qaPageLd(qa, `${ctx.siteUrl}${url}`, upvotes)] }
    }
    case 'case-study': {
      const study = must(at.caseStudy, p.slug)
      const props: P.CaseStudyProps = { study, more: data.caseStudies.filter((x) => x !== study).map((x) => ({ label: x.client, href: `/case-studies/${x.slug}` })), contact }
      return { props, crumbs }
    }
    case 'job': {
      const job = must(at.job, p.slug)
      const props: P.JobProps = { job, applyUrl: `/apply?opening=${job.slug}`, more: data.jobs.filter((x) => x !== job).map((x) => ({ label: x.title, href: `/careers/${x.slug}` })) }
      return { props, crumbs, extraLd: [jobPostingLd(job, data.site, ctx.siteUrl)] }
    }
  }
}

function postSummaries(ctx: SiteContext): P.PostSummary[] {
  return ctx.data.posts.map((x) => ({ url: `/blog/${x.slug}`, title: x.title, description: x.description, date: x.date, author: x.author, tags: x.tags }))
}

function staticProps(ctx: SiteContext, path: string): P.StaticProps {
  const { data } = ctx
  const page = must(lookup(data).page, path)
  const base: P.StaticProps = { page, contact: contactOf(ctx), claims: data.site.claims, address: data.site.contact.address, hours: data.site.contact.hours }
  const services = () => data.servicePages.map((s) => ({ title: s.name, url: `/services/${s.slug}`, summary: s.description }))
  switch (path) {
    case '/':
      return { ...base, home: data.home, caseStudies: data.caseStudies, testimonials: data.testimonials, faqs: data.faq.filter((f) => f.home) }
    case '/services':
      return { ...base, services: services(), guides: ctx.catalog.ofFamily('landing').concat(ctx.catalog.ofFamily('content')).map((e) => ({ label: headOf(e, data).label, href: e.url })) }
    case '/case-studies':
    case '/portfolio':
      return { ...base, caseStudies: data.caseStudies, testimonials: data.testimonials }
    case '/about':
      return { ...base, testimonials: data.testimonials, partners: data.partners }
    case '/careers':
    case '/apply':
      return { ...base, jobs: data.jobs.map((j) => ({ ...j, url: `/careers/${j.slug}` })) }
    case '/blog':
      return { ...base, posts: postSummaries(ctx), tags: ctx.catalog.ofFamily('tag').map((e) => ({ label: titleCase(e.params.tag), href: e.url })) }
    case '/locations':
      return {
        ...base,
        locations: {
          cities: data.cities.map((c) => ({
            label: `${c.name}, ${upper(c.stateCode)}`,
            href: cityUrl(c.services.includes('digital-marketing') ? 'digital-marketing' : c.services[0], c),
            services: c.services.map((s) => ({ label: must(lookup(data).service, s).shortName, href: cityUrl(s, c) })),
          })),
          states: data.states.map((s) => ({ label: s.name, href: `/states/${s.slug}` })),
        },
      }
    case '/partners':
      return { ...base, partners: data.partners }
    case '/faq':
      return { ...base, faqs: data.faq, qa: data.qa.map((q) => ({ label: q.question, href: `/faq/${q.slug}` })) }
    case '/free-quote':
      return { ...base, quoteServices: data.cityServices.map((s) => ({ id: s.id, label: s.name })) }
    case '/integrations':
      return {
        ...base,
        tools: data.hubspotTools.map((t) => ({ label: t.name, href: toolUrl(t.slug), category: t.category })),
        guides: ctx.catalog.ofFamily('hubspot').concat(ctx.catalog.ofFamily('integration')).map((e) => ({ label: headOf(e, data).label, href: e.url })),
      }
    default:
      return base
  }
}

function staticLd(ctx: SiteContext, path: string): Pick<Built, 'faqs'> {
  if (path === '/') return { faqs: ctx.data.faq.filter((f) => f.home) }
  if (path === '/faq') return { faqs: ctx.data.faq }
  return {}
}

export function getPageData(url: string): PageData {
  const ctx = getSiteContext()
  const entry = ctx.catalog.byUrl.get(url)
  if (!entry) throw new Error(`No catalog entry for ${url}`)
  const head = headOf(entry, ctx.data)
  const built = build(entry, ctx, url)
  const jsonLd = [...organizationLd(ctx.data.site, ctx.siteUrl)]
  if (built.crumbs.length > 1) jsonLd.push(breadcrumbLd(built.crumbs, ctx.siteUrl))
  if (built.faqs?.length) jsonLd.push(faqLd(built.faqs))
  jsonLd.push(...(built.extraLd ?? []))
  const seo: Seo = {
    title: head.title,
    description: head.description,
    keywords: head.keywords,
    canonical: `${ctx.siteUrl}${entry.canonical}`,
    robots: entry.noindex ? 'noindex, follow' : 'index, follow, max-image-preview:large',
    image: `${ctx.siteUrl}${entry.family === 'home' || entry.family === 'static' ? ctx.data.site.seo.defaultImage : `/og/${entry.family}.png`}`,
    ogType: built.ogType ?? 'website',
    siteName: ctx.data.site.brand.name,
    twitterHandle: ctx.data.site.seo.twitterHandle,
    jsonLd,
  }
  return { seo, chrome: chromeOf(ctx), breadcrumbs: built.crumbs, template: entry.template, props: built.props as Record<string, unknown> }
}
