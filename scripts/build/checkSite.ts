// Checks the pre-rendered site as a crawler sees it: every internal link resolves, and no two
// primary pages share a title, description or canonical. The build fails on any problem.
import fs from 'node:fs'
import path from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { canonicalHref } from '../../data/catalog.ts'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { createStringPool, detachString } from '../../shared/detachString.ts'

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

const fileCache = new Map<string, boolean>()
function isFile(file: string) {
  let found = fileCache.get(file)
  if (found === undefined) fileCache.set(file, (found = fs.existsSync(file) && fs.statSync(file).isFile()))
  return found
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

/** What the build gate needs from a page, read with a few regular expressions: our own
 * machine-written HTML, so a full DOM parse per page (as the tests do) is not needed here. */
export type QuickFacts = Pick<PageFacts, 'titles' | 'descriptions' | 'canonicals' | 'h1s' | 'links' | 'jsonLdErrors'>

const pooled = createStringPool()

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1])

export function quickFacts(html: string): QuickFacts {
  const head = html.slice(0, html.indexOf('</head>'))
  const jsonLdErrors: string[] = []
  for (const json of all(head, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    try {
      JSON.parse(json)
    } catch (error) {
      jsonLdErrors.push((error as Error).message)
    }
  }
  // Kept until the end of the build: strings of their own, not views on the page's HTML.
  return {
    titles: all(head, /<title>([^<]*)<\/title>/g).map(detachString),
    descriptions: all(head, /<meta name="description" content="([^"]*)"/g).map(detachString),
    canonicals: all(head, /<link rel="canonical" href="([^"]*)"/g).map(detachString),
    h1s: all(html, /<h1[\s>]()/g),
    links: all(html, /<a\s[^>]*?href="([^"]*)"/g).map(pooled),
    jsonLdErrors,
  }
}

/** The build gate over facts gathered while pre-rendering (or read back from outDir). */
/** `canonicalOverrides`: URL → absolute canonical a page override sets (/admin/cms); such a page
 * is checked against it, and one pointing at another page is not a duplicate (like an alias). */
export function checkSite(
  ctx: SiteContext,
  outDir: string,
  factsByUrl?: Map<string, QuickFacts>,
  canonicalOverrides: ReadonlyMap<string, string> = new Map(),
  only?: ReadonlySet<string>,
): string[] {
  const problems: string[] = []
  const seen = { title: new Map<string, string>(), description: new Map<string, string>(), canonical: new Map<string, string>() }
  // `only` (the incremental publisher): report the problems of these pages; every page still
  // counts for duplicates, read from factsByUrl or outDir.
  const report = (url: string, other?: string) => !only || only.has(url) || (other !== undefined && only.has(other))
  for (const entry of ctx.catalog.entries) {
    const file = htmlFileOf(outDir, entry.url)
    let page = factsByUrl?.get(entry.url)
    if (!page) {
      if (!fs.existsSync(file)) {
        problems.push(`${entry.url}: not pre-rendered`)
        continue
      }
      page = quickFacts(fs.readFileSync(file, 'utf8'))
    }
    if (!report(entry.url)) {
      if (!entry.isAlias)
        for (const [kind, value] of [
          ['title', page.titles[0]],
          ['description', page.descriptions[0]],
          ['canonical', page.canonicals[0]],
        ] as const) {
          const other = seen[kind].get(value)
          if (other && only?.has(other)) problems.push(`${other}: same ${kind} as ${entry.url}: "${value}"`)
          else if (!other) seen[kind].set(value, entry.url)
        }
      continue
    }
    const one = (what: string, values: string[]) => values.length === 1 || problems.push(`${entry.url}: ${values.length} ${what} (expected exactly 1)`)
    one('<title>', page.titles)
    one('meta description', page.descriptions)
    one('canonical link', page.canonicals)
    one('<h1>', page.h1s)
    const expected = canonicalOverrides.get(entry.url) ?? canonicalHref(entry, ctx.siteUrl)
    if (page.canonicals[0] !== expected) problems.push(`${entry.url}: canonical ${page.canonicals[0]} should be ${expected}`)
    for (const error of page.jsonLdErrors) problems.push(`${entry.url}: JSON-LD does not parse: ${error}`)
    if (!entry.isAlias && expected === `${ctx.siteUrl}${entry.url}`) {
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
      if (/^\/(admin|login|dashboard)(\/|$|[?#])/.test(href)) continue // the admin app is served by the server, not pre-rendered
      const target = href.split(/[?#]/)[0] || '/'
      if (ctx.catalog.byUrl.has(target) || isFile(path.join(outDir, target.slice(1)))) continue
      problems.push(`${entry.url}: broken internal link ${href}`)
    }
  }
  return problems
}
