// Checks every pre-rendered page of the shared build (dist/client): head tags, JSON-LD, one h1,
// real and unique body copy, breadcrumbs, sitemap and robots.txt.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { htmlFileOf, inspectPage, type PageFacts } from '../../scripts/build/checkSite.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { jsonLdProblems } from './jsonLdRules.ts'

const outDir = path.resolve(import.meta.dirname, '../../dist/client')
const ctx = getSiteContext()
const pages = new Map<string, PageFacts>()
const landingFamilies = new Set(['city', 'state', 'hubspot', 'hubspot-tool', 'integration', 'api-service', 'mortgage', 'landing', 'content', 'service'])

beforeAll(() => {
  if (!fs.existsSync(path.join(outDir, 'sitemap.xml'))) throw new Error('dist/client is not built: run `npm run build` (npm test does it first)')
  for (const entry of ctx.catalog.entries) pages.set(entry.url, inspectPage(fs.readFileSync(htmlFileOf(outDir, entry.url), 'utf8')))
})

describe('every pre-rendered page', () => {
  it('has each head tag exactly once, within limits, with absolute URLs', () => {
    const problems: string[] = []
    for (const entry of ctx.catalog.entries) {
      const page = pages.get(entry.url)!
      const once = (name: string, values: string[]) => values.length !== 1 && problems.push(`${entry.url}: ${values.length} × ${name}`)
      once('title', page.titles)
      once('description', page.descriptions)
      once('canonical', page.canonicals)
      once('robots', page.robots)
      for (const name of ['keywords', 'og:title', 'og:description', 'og:image', 'og:url', 'og:type', 'twitter:card', 'twitter:image', 'twitter:title'])
        once(name, page.meta(name))
      if (page.titles[0]?.length > 60) problems.push(`${entry.url}: title longer than 60`)
      if (page.descriptions[0]?.length > 160) problems.push(`${entry.url}: description longer than 160`)
      if (page.canonicals[0] !== `${ctx.siteUrl}${entry.canonical}`) problems.push(`${entry.url}: canonical ${page.canonicals[0]}`)
      if (!page.meta('og:image')[0]?.startsWith(`${ctx.siteUrl}/`)) problems.push(`${entry.url}: og:image not absolute`)
      const image = page.meta('og:image')[0]?.slice(ctx.siteUrl.length + 1)
      if (image && !fs.existsSync(path.join(outDir, image))) problems.push(`${entry.url}: og:image ${image} missing`)
      if (page.h1s.length !== 1) problems.push(`${entry.url}: ${page.h1s.length} h1`)
    }
    expect(problems).toEqual([])
  })

  it('has unique titles, descriptions and canonicals among primary pages', () => {
    const primaries = ctx.catalog.entries.filter((e) => !e.isAlias)
    for (const pick of [(p: PageFacts) => p.titles[0], (p: PageFacts) => p.descriptions[0], (p: PageFacts) => p.canonicals[0]]) {
      const values = primaries.map((e) => pick(pages.get(e.url)!))
      expect(new Set(values).size).toBe(values.length)
    }
  })

  it('has JSON-LD that parses with the required properties', () => {
    const problems: string[] = []
    for (const entry of ctx.catalog.entries) {
      const page = pages.get(entry.url)!
      problems.push(...page.jsonLdErrors.map((e) => `${entry.url}: ${e}`))
      const types = page.jsonLd.map((n) => (n as { '@type': string })['@type'])
      for (const t of ['Organization', 'ProfessionalService']) if (!types.includes(t)) problems.push(`${entry.url}: no ${t}`)
      if (entry.family !== 'home' && !types.includes('BreadcrumbList')) problems.push(`${entry.url}: no BreadcrumbList`)
      const expectType = { qa: 'QAPage', 'blog-post': 'BlogPosting', job: 'JobPosting', service: 'Service', city: 'Service' }[entry.family as string]
      if (expectType && !types.includes(expectType)) problems.push(`${entry.url}: no ${expectType}`)
      // FAQs show as native disclosures, or as the home page accordion (buttons with aria-expanded).
      const showsFaqs = page.root.querySelectorAll('main details summary, main [data-faq-accordion] button[aria-expanded]').length > 0
      if (showsFaqs !== types.includes('FAQPage')) problems.push(`${entry.url}: FAQ markup ${types.includes('FAQPage')} but FAQs shown ${showsFaqs}`)
      for (const node of page.jsonLd) problems.push(...jsonLdProblems(node as Record<string, unknown>).map((p) => `${entry.url}: ${p}`))
    }
    expect(problems).toEqual([])
  })

  it('gives each landing page at least 300 words of its own body text', () => {
    const short: string[] = []
    const bodies = new Map<string, string>()
    for (const entry of ctx.catalog.entries.filter((e) => !e.isAlias && landingFamilies.has(e.family))) {
      const text = pages.get(entry.url)!.mainText
      const words = text.split(' ').length
      if (words < 300) short.push(`${entry.url}: ${words} words`)
      const other = bodies.get(text)
      if (other) short.push(`${entry.url}: same body text as ${other}`)
      bodies.set(text, entry.url)
    }
    expect(short).toEqual([])
  })

  it('shows no two primary pages with the same body text', () => {
    const seen = new Map<string, string>()
    const same: string[] = []
    for (const entry of ctx.catalog.entries.filter((e) => !e.isAlias)) {
      const text = pages.get(entry.url)!.mainText
      if (seen.has(text)) same.push(`${entry.url} = ${seen.get(text)}`)
      seen.set(text, entry.url)
    }
    expect(same).toEqual([])
  })

  it('renders breadcrumbs on nested pages and links related pages', () => {
    const problems: string[] = []
    for (const entry of ctx.catalog.entries.filter((e) => e.family !== 'home')) {
      const page = pages.get(entry.url)!
      if (!page.root.querySelector('nav[aria-label="Breadcrumb"]')) problems.push(`${entry.url}: no breadcrumbs`)
      if (landingFamilies.has(entry.family) && page.root.querySelectorAll('nav[aria-label="Related pages"] a').length < 3)
        problems.push(`${entry.url}: fewer than 3 related links`)
    }
    expect(problems).toEqual([])
  })

  it('links each city page to other services in the city and other cities for the service', () => {
    const page = pages.get('/seo-services-austin-tx')!
    const related = page.root.querySelectorAll('nav[aria-label="Related pages"] a').map((a) => a.getAttribute('href'))
    expect(related).toEqual(expect.arrayContaining(['/ppc-management-austin-tx', '/seo-services-dallas-tx', '/states/texas']))
  })

  it('marks /thank-you and /unsubscribed noindex and everything else indexable', () => {
    for (const entry of ctx.catalog.entries) {
      const robots = pages.get(entry.url)!.robots[0]
      expect(robots.startsWith('noindex'), entry.url).toBe(entry.url === '/thank-you' || entry.url === '/unsubscribed' || entry.url === '/subscribed')
    }
  })

  it('renders each alias as its primary page with a canonical to the primary', () => {
    const alias = pages.get('/austin')!
    const primary = pages.get('/digital-marketing-austin-tx')!
    expect(alias.canonicals).toEqual(primary.canonicals)
    expect(alias.mainText).toBe(primary.mainText)
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists every canonical indexable URL once with a lastmod', () => {
    const xml = fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8')
    const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)].map((m) => m[1])
    const expected = ctx.catalog.entries.filter((e) => !e.isAlias && !e.noindex).map((e) => `${ctx.siteUrl}${e.url}`)
    expect(locs.sort()).toEqual(expected.sort())
    expect(locs).not.toContain(`${ctx.siteUrl}/austin`)
  })

  it('disallows /admin and /api and names the sitemap', () => {
    const robots = fs.readFileSync(path.join(outDir, 'robots.txt'), 'utf8')
    expect(robots).toContain('Disallow: /admin$')
    expect(robots).toContain('Disallow: /admin/')
    expect(robots).toContain('Disallow: /api/')
    // Rules are prefixes ("$" anchors the end): no public page may fall under one.
    const rules = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1])
    const blocked = (url: string) => rules.some((rule) => (rule.endsWith('$') ? url === rule.slice(0, -1) : url.startsWith(rule)))
    expect(ctx.catalog.entries.filter((e) => blocked(e.url)).map((e) => e.url)).toEqual([])
    expect(['/admin', '/admin/leads', '/api/leads'].every(blocked)).toBe(true)
    expect(robots).toContain(`Sitemap: ${ctx.siteUrl}/sitemap.xml`)
  })

  it('precompresses text assets with gzip and brotli', () => {
    expect(fs.existsSync(path.join(outDir, 'index.html.br'))).toBe(true)
    expect(fs.existsSync(path.join(outDir, 'index.html.gz'))).toBe(true)
  })
})
