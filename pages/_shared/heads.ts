// Title, description and link label of every catalog entry, computed from its data. Titles and
// descriptions made from a pattern are checked against the limits here, so an over-long city or
// tool name stops the build with the data file that caused it.
import type { CatalogEntry } from '../../data/catalog.ts'
import { DataError, type SiteData } from '../../data/loadData.ts'
import { lookup, must } from '../../data/lookup.ts'

export type Head = { title: string; description: string; keywords: string[]; label: string }

const TITLE_MAX = 60
const DESCRIPTION_MAX = 160

/** Shortens text at a word boundary to at most `max` characters, ending with an ellipsis. */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.-]+$/, '')}…`
}

/** The first candidate that fits the limit; the data file is named when none does. */
function firstFitting(candidates: string[], max: number, file: string, field: string): string {
  const fit = candidates.find((c) => c.length <= max)
  if (!fit) throw new DataError(file, [{ path: field, message: `text that makes a ${field} of at most ${max} characters (got "${candidates.at(-1)}")` }])
  return fit
}

export const upper = (code: string) => code.toUpperCase()
export const titleCase = (slug: string) => slug.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ')

export function headOf(entry: CatalogEntry, data: SiteData): Head {
  const brand = data.site.brand.name
  const short = brand.split(' ')[0]
  const p = entry.params
  const at = lookup(data)
  switch (entry.family) {
    case 'home':
    case 'static': {
      const page = must(at.page, p.path)
      return { title: page.title, description: page.description, keywords: page.keywords, label: page.h1 }
    }
    case 'city': {
      const city = must(at.city, p.city)
      const service = must(at.service, p.service)
      const place = `${city.name}, ${upper(city.stateCode)}`
      const label = `${service.shortName} in ${place}`
      const where = `cities.yaml "${city.slug}" + city-services.yaml "${service.id}"`
      return {
        title: firstFitting([`${label} | ${brand}`, `${label} | ${short}`, label], TITLE_MAX, where, 'title'),
        description: firstFitting(
          [
            `${service.name} for ${place} businesses: ${service.metric.value} ${service.metric.label}. Local strategy, CRM-verified reporting and a free quote.`,
            `${service.name} for ${place} businesses, with local strategy, CRM-verified reporting and a free quote from ${brand}.`,
            `${service.name} for ${place} businesses, with a free quote from ${brand}.`,
          ],
          DESCRIPTION_MAX,
          where,
          'description',
        ),
        keywords: [...service.keywords.map((k) => `${k} ${city.name}`), `${service.name.toLowerCase()} ${city.name}`],
        label,
      }
    }
    case 'state': {
      const state = must(at.state, p.state)
      const label = `Digital Marketing in ${state.name}`
      const where = `states.yaml "${state.slug}"`
      return {
        title: firstFitting([`${label} | ${brand}`, `${label} | ${short}`, label], TITLE_MAX, where, 'title'),
        description: firstFitting(
          [
            `Digital marketing for ${state.name} businesses: SEO, PPC, HubSpot and CRM integration tuned to ${state.industries[0].toLowerCase()} and ${state.industries[1].toLowerCase()}.`,
            `Digital marketing for ${state.name} businesses: SEO, PPC, HubSpot and CRM integration from ${brand}.`,
          ],
          DESCRIPTION_MAX,
          where,
          'description',
        ),
        keywords: [`digital marketing ${state.name}`, `SEO ${state.name}`, `marketing agency ${state.name}`],
        label: state.name,
      }
    }
    case 'hubspot-tool': {
      const tool = must(at.tool, p.tool)
      const label = `HubSpot ${tool.name} Integration`
      const where = `hubspot-tools.yaml "${tool.slug}"`
      const objects = tool.syncedObjects.map((o) => o.hubspot.toLowerCase())
      return {
        title: firstFitting([`${label} | ${short}`, label], TITLE_MAX, where, 'title'),
        description: firstFitting(
          [
            `Connect ${tool.name} and HubSpot: ${tool.syncDirection} sync of ${objects.join(', ')}, field mapping, setup steps and pitfalls to avoid.`,
            `Connect ${tool.name} and HubSpot: ${tool.syncDirection} sync, field mapping, setup steps and pitfalls to avoid.`,
          ],
          DESCRIPTION_MAX,
          where,
          'description',
        ),
        keywords: [`HubSpot ${tool.name} integration`, `${tool.name} HubSpot sync`, `connect ${tool.name} to HubSpot`],
        label: `HubSpot + ${tool.name}`,
      }
    }
    case 'hubspot':
    case 'integration':
    case 'api-service':
    case 'mortgage':
    case 'landing':
    case 'content':
    case 'legal': {
      const page = topicList(entry.family, data).find((x) => x.slug === p.slug)!
      return { title: page.title, description: page.description, keywords: page.keywords, label: page.h1 }
    }
    case 'service': {
      const page = must(at.servicePage, p.slug)
      return { title: page.title, description: page.description, keywords: page.keywords, label: page.name }
    }
    case 'blog-post': {
      const post = must(at.post, p.slug)
      return { title: post.title, description: post.description, keywords: post.tags.map(titleCase), label: post.title }
    }
    case 'tag': {
      const posts = data.posts.filter((x) => x.tags.includes(p.tag))
      const name = titleCase(p.tag)
      return {
        title: `${name} Articles | ${brand} Blog`,
        description: fitText(`${posts.length} ${name} article${posts.length === 1 ? '' : 's'} from the ${brand} blog: ${posts.map((x) => x.title).join('; ')}`, DESCRIPTION_MAX),
        keywords: [name, `${name} articles`, `${name} guide`],
        label: `${name} articles`,
      }
    }
    case 'qa': {
      const qa = must(at.qa, p.slug)
      const withBrand = `${qa.question} | ${short}`
      return {
        title: withBrand.length <= TITLE_MAX ? withBrand : fitText(qa.question, TITLE_MAX),
        description: fitText(qa.answer[0], DESCRIPTION_MAX),
        keywords: qa.keywords,
        label: qa.question,
      }
    }
    case 'case-study': {
      const study = must(at.caseStudy, p.slug)
      return { title: study.title, description: study.description, keywords: [study.industry, ...study.services], label: `${study.client} case study` }
    }
    case 'job': {
      const job = must(at.job, p.slug)
      const where = `jobs.yaml "${job.slug}"`
      return {
        title: firstFitting([`${job.title} Job in ${job.location} | ${short}`, `${job.title} | ${short} Careers`, job.title], TITLE_MAX, where, 'title'),
        description: fitText(job.summary, DESCRIPTION_MAX),
        keywords: [job.title, `${job.department} jobs`, `${job.location} jobs`],
        label: job.title,
      }
    }
  }
}

export function topicList(family: CatalogEntry['family'], data: SiteData) {
  switch (family) {
    case 'hubspot':
      return data.hubspotPages
    case 'integration':
      return data.integrations
    case 'api-service':
      return data.apiServices
    case 'mortgage':
      return data.mortgage
    case 'landing':
      return data.landingPages
    case 'content':
      return data.contentPages
    case 'legal':
      return data.legal
    default:
      throw new Error(`${family} is not a topic family`)
  }
}
