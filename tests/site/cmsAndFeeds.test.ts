// The build's output for /admin/cms and the feeds: the inventory lists every catalog URL; every
// page's head carries each tag an override sets exactly once, and setting a page's own values
// changes no byte (so an override applied at once equals the full build's, and removing it restores
// the page); sitemap.xml is the one the server regenerates from the inventory; the feeds are
// written and precompressed, and blog pages link to them for autodiscovery.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { htmlFileOf } from '../../scripts/build/checkSite.ts'
import { sitemapXml } from '../../scripts/build/sitemap.ts'
import { isIndexable, readHead, setHead } from '../../server/cms/headOverride.ts'
import { inventoryFileOf, type InventoryFile } from '../../server/cms/inventory.ts'
import { FEED_FORMATS, feedPath } from '../../shared/feeds.ts'

const built = path.resolve(import.meta.dirname, '../../dist/client')
const ctx = getSiteContext()
const inventory = JSON.parse(fs.readFileSync(inventoryFileOf(built), 'utf8')) as InventoryFile

describe('cms inventory and feeds in the build', () => {
  it('the inventory lists every catalog URL, in catalog order, with its head as rendered', () => {
    expect(inventory.pages.map((p) => p.url)).toEqual(ctx.catalog.entries.map((e) => e.url))
    const post = inventory.pages.find((p) => p.url === '/blog/utm-naming-conventions')!
    expect(post).toMatchObject({ family: 'blog-post', sources: ['blog/utm-naming-conventions.md'], isAlias: false })
    expect(post.head.title).toBe('UTM Naming Conventions That Keep GA4 Reports Clean')
    expect(post.words).toBeGreaterThan(800)
    expect(post.links.length).toBeGreaterThan(0)
  })

  it('setHead with a page’s own values is a no-op on every page; each overridable tag appears once', () => {
    for (const entry of ctx.catalog.entries) {
      const html = fs.readFileSync(htmlFileOf(built, entry.url), 'utf8')
      const head = html.slice(0, html.indexOf('</head>'))
      for (const tag of [
        '<title>',
        '<meta property="og:title"',
        '<meta name="twitter:title"',
        '<meta name="description"',
        '<meta property="og:description"',
        '<meta name="twitter:description"',
        '<link rel="canonical"',
        '<meta property="og:url"',
        '<meta name="robots"',
      ])
        expect(head.split(tag).length - 1, `${entry.url} ${tag}`).toBe(1)
      expect(setHead(html, readHead(html)) === html, entry.url).toBe(true)
    }
  })

  it('sitemap.xml is what the server regenerates from the inventory', () => {
    const pages = inventory.pages.filter((p) => !p.isAlias && isIndexable(p.head, inventory.siteUrl + p.url))
    expect(fs.readFileSync(path.join(built, 'sitemap.xml'), 'utf8')).toBe(sitemapXml(inventory.siteUrl, pages))
  })

  it('feeds for the blog and every tag, precompressed; autodiscovery links on blog pages only', () => {
    const tags = [...new Set(ctx.data.posts.flatMap((p) => p.tags))]
    for (const scope of [{ kind: 'blog' as const }, ...tags.map((tag) => ({ kind: 'tag' as const, tag }))]) {
      for (const format of FEED_FORMATS) {
        const file = path.join(built, feedPath(scope, format).slice(1))
        const body = fs.readFileSync(file)
        expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(body), file).toBe(true)
        expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(body), file).toBe(true)
      }
    }
    const links = (url: string) =>
      [...fs.readFileSync(htmlFileOf(built, url), 'utf8').matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]+" href="([^"]+)"\/>/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      )
    const blogFeeds = ['application/rss+xml /blog/feed.xml', 'application/atom+xml /blog/atom.xml', 'application/feed+json /blog/feed.json']
    expect(links('/blog')).toEqual(blogFeeds)
    expect(links('/blog/utm-naming-conventions')).toEqual(blogFeeds)
    expect(links('/tag/analytics')).toEqual([
      'application/rss+xml /tag/analytics/feed.xml',
      'application/atom+xml /tag/analytics/atom.xml',
      'application/feed+json /tag/analytics/feed.json',
      ...blogFeeds,
    ])
    expect(links('/about')).toEqual([])
  })
})
