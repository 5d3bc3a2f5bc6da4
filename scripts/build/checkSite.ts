// Checks the pre-rendered site as a crawler sees it: every internal link resolves, and no two
// primary pages share a title, description or canonical. The build fails on any problem.
import fs from 'node:fs'
import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'

export type PageFacts = {
  titles: string[]
  descriptions: string[]
  canonicals: string[]
  robots: string[]
  h1s: string[]
  links: string[]
  jsonLd: unknown[]
  jsonLdErrors: string[]
  meta: (name: string) => string[]
  /** Visible text of <main>, whitespace collapsed. */
  mainText: string
  root: HTMLElement
}

export function htmlFileOf(outDir: string, url: string) {
  return url === '/' ? path.join(outDir, 'index.html') : path.join(outDir, url.slice(1), 'index.html')
}

export function inspectPage(html: string): PageFacts {
  const root = parse(html, { blockTextElements: { script: true, style: true } })
  const attr = (selector: string, name: string) => root.querySelectorAll(selector).map((el) => el.getAttribute(name) ?? '')
  const jsonLd: unknown[] = []
  const jsonLdErrors: string[] = []
  for (const script of root.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      jsonLd.push(JSON.parse(script.textContent))
    } catch (error) {
      jsonLdErrors.push((error as Error).message)
    }
  }
  const main = root.querySelector('main')
  return {
    titles: root.querySelectorAll('head title').map((t) => t.textContent.trim()),
    descriptions: attr('meta[name="description"]', 'content'),
    canonicals: attr('link[rel="canonical"]', 'href'),
    robots: attr('meta[name="robots"]', 'content'),
    h1s: root.querySelectorAll('h1').map((h) => h.textContent.trim()),
    links: attr('a[href]', 'href'),
    jsonLd,
    jsonLdErrors,
    meta: (name) => [...attr(`meta[name="${name}"]`, 'content'), ...attr(`meta[property="${name}"]`, 'content')],
    mainText: (main?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    root,
  }
}

export function checkSite(ctx: SiteContext, outDir: string): string[] {
  const problems: string[] = []
  const seen = { title: new Map<string, string>(), description: new Map<string, string>(), canonical: new Map<string, string>() }
  for (const entry of ctx.catalog.entries) {
    const file = htmlFileOf(outDir, entry.url)
    if (!fs.existsSync(file)) {
      problems.push(`${entry.url}: not pre-rendered`)
      continue
    }
    const page = inspectPage(fs.readFileSync(file, 'utf8'))
    const one = (what: string, values: string[]) => values.length === 1 || problems.push(`${entry.url}: ${values.length} ${what} (expected exactly 1)`)
    one('<title>', page.titles)
    one('meta description', page.descriptions)
    one('canonical link', page.canonicals)
    one('<h1>', page.h1s)
    if (page.canonicals[0] !== `${ctx.siteUrl}${entry.canonical}`) problems.push(`${entry.url}: canonical ${page.canonicals[0]} should be ${ctx.siteUrl}${entry.canonical}`)
    for (const error of page.jsonLdErrors) problems.push(`${entry.url}: JSON-LD does not parse: ${error}`)
    if (!entry.isAlias) {
      for (const [kind, value] of [
        ['title', page.titles[0]],
        ['description', page.descriptions[0]],
        ['canonical', page.canonicals[0]],
      ] as const) {
        const other = seen[kind].get(value)
        if (other) problems.push(`${entry.url}: same ${kind} as ${other}: "${value}"`)
        else seen[kind].set(value, entry.url)
      }
    }
    for (const href of page.links) {
      if (!href.startsWith('/') || href.startsWith('//')) continue
      const target = href.split(/[?#]/)[0] || '/'
      if (ctx.catalog.byUrl.has(target)) continue
      if (fs.existsSync(path.join(outDir, target.slice(1))) && fs.statSync(path.join(outDir, target.slice(1))).isFile()) continue
      problems.push(`${entry.url}: broken internal link ${href}`)
    }
  }
  return problems
}
