// A small built site for the /admin/cms tests and bench: pages with the head exactly as vike-react
// and pages/+Head.tsx render it, a sitemap.xml, and the build's dist/cms-inventory.json made with
// the build's own pageFacts. `count` synthetic city pages make a large site for the bench.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sitemapXml } from '../../scripts/build/sitemap.ts'
import { INDEX_ROBOTS } from '../../server/cms/headOverride.ts'
import { inventoryFileOf, pageFacts, writeInventory, type InventoryPage } from '../../server/cms/inventory.ts'

export const SITE = 'https://www.proofline.example.com'

type PageSpec = {
  url: string
  family: string
  title: string
  description: string
  links: string[]
  words: number
  sources: string[]
  params: Record<string, string>
  robots?: string
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const WORDS = 'Proofline ties every campaign to revenue with clean tracking, honest reporting and tested landing pages for local service businesses'.split(' ')

export function pageHtml(p: PageSpec): string {
  const canonical = SITE + p.url
  const text = Array.from({ length: p.words }, (_, i) => WORDS[i % WORDS.length]).join(' ')
  return `<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="UTF-8" />
    <title>${esc(p.title).replace(/'/g, '&#039;')}</title><meta property="og:title" content="${esc(p.title).replace(/'/g, '&#039;')}" />
    <meta name="description" content="${esc(p.description).replace(/'/g, '&#039;')}" /><meta property="og:description" content="${esc(p.description).replace(/'/g, '&#039;')}" />
    <link rel="canonical" href="${canonical}"/><meta name="robots" content="${p.robots ?? INDEX_ROBOTS}"/><meta property="og:url" content="${canonical}"/><meta name="twitter:title" content="${esc(p.title).replace(/'/g, '&#x27;')}"/><meta name="twitter:description" content="${esc(p.description).replace(/'/g, '&#x27;')}"/>
      </head>
      <body><header><a href="/">Home</a><a href="/about">About</a></header><main id="main"><h1>${esc(p.title)}</h1><p>${text}</p>${p.links.map((l) => `<a href="${l}">link</a>`).join('')}</main></body>
    </html>`
}

export const fixturePages = (count = 0): PageSpec[] => {
  const pages: PageSpec[] = [
    {
      url: '/',
      family: 'home',
      title: 'Proofline Digital | Marketing That Proves Its Return',
      description: 'Proofline Digital runs SEO, paid media and CRM work for service businesses and reports every result in revenue, not clicks.',
      links: ['/about', '/blog', '/services/seo'],
      words: 900,
      sources: ['home.yaml'],
      params: { path: '/' },
    },
    {
      url: '/about',
      family: 'static',
      title: "About Proofline Digital | Austin's Marketing Agency",
      description: 'Proofline Digital is an Austin agency of strategists, engineers and analysts who tie marketing spend to revenue for growing firms.',
      links: ['/'],
      words: 650,
      sources: ['pages.yaml'],
      params: { path: '/about' },
    },
    {
      url: '/blog',
      family: 'static',
      title: 'The Proofline Blog | Marketing Analytics Articles',
      description: 'Articles on attribution, UTM conventions, HubSpot lead scoring and landing page speed from the team at Proofline Digital.',
      links: ['/blog/utm-naming-conventions', '/no-such-page'],
      words: 120,
      sources: ['pages.yaml'],
      params: { path: '/blog' },
    },
    {
      url: '/blog/utm-naming-conventions',
      family: 'blog-post',
      title: 'UTM Naming Conventions That Keep GA4 Reports Clean',
      description: 'A practical UTM naming convention for GA4 and HubSpot, with lowercase rules, a medium list that maps to channels and a builder sheet.',
      links: ['/blog'],
      words: 1400,
      sources: ['blog/utm-naming-conventions.md'],
      params: { slug: 'utm-naming-conventions' },
    },
    {
      url: '/services/seo',
      family: 'service',
      title: 'SEO Services | Proofline Digital',
      description: 'Technical SEO, content and local search programs measured in qualified leads and revenue, with monthly reports your CFO can read.',
      links: [],
      words: 700,
      sources: ['service-pages.yaml'],
      params: { slug: 'seo' },
    },
    {
      url: '/services/ppc',
      family: 'service',
      title: 'SEO Services | Proofline Digital',
      description: 'Paid search and paid social programs tuned to booked revenue, with offline conversion imports and weekly budget pacing reviews.',
      links: [],
      words: 500,
      sources: ['service-pages.yaml'],
      params: { slug: 'ppc' },
    },
  ]
  for (let i = 0; i < count; i++) {
    pages.push({
      url: `/seo-services-city-${i}-tx`,
      family: 'city',
      title: `SEO in City ${i}, TX | Proofline Digital`,
      description: `Local SEO for businesses in City ${i}, Texas: map pack rankings, service pages and review programs measured in calls and booked jobs.`,
      links: [`/seo-services-city-${(i + 1) % count}-tx`, '/services/seo', '/about'],
      words: 250 + (i % 700),
      sources: ['cities.yaml', 'city-services.yaml', 'states.yaml'],
      params: { service: 'seo-services', city: `city-${i}` },
    })
  }
  return pages
}

/** Writes the site into a new temporary folder; returns its client folder (STATIC_DIR). */
export function writeFixtureSite({ count = 0, html = true } = {}): { staticDir: string; root: string; pages: InventoryPage[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-site-'))
  const staticDir = path.join(root, 'client')
  fs.mkdirSync(staticDir)
  const pages: InventoryPage[] = []
  for (const spec of fixturePages(count)) {
    const body = pageHtml(spec)
    if (html) {
      const file = path.join(staticDir, spec.url === '/' ? 'index.html' : `${spec.url.slice(1)}/index.html`)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, body)
    }
    pages.push({
      url: spec.url,
      family: spec.family,
      label: spec.title,
      params: spec.params,
      sources: spec.sources,
      isAlias: false,
      ...pageFacts(body),
      lastmod: '2026-11-01',
    })
  }
  fs.writeFileSync(path.join(staticDir, 'sitemap.xml'), sitemapXml(SITE, pages))
  writeInventory(inventoryFileOf(staticDir), { version: 1, siteUrl: SITE, builtAt: new Date().toISOString(), pages, files: ['/sitemap.xml', '/robots.txt'] })
  return { staticDir, root, pages }
}
