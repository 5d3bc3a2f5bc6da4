// The feeds parsed back and checked against their specs: RSS 2.0 (required channel and item
// elements, RFC 822 dates, permalink guids), Atom (RFC 4287: feed and entry id/title/updated,
// author, self link, RFC 3339 dates) and JSON Feed 1.1 (version, items with id, dates); escaping
// of hostile titles; absolute URLs inside content; the item limit; excerpt mode; enclosures and
// attachments; the WebSub hub link; ids stable from one run to the next; tag feeds.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { loadData } from '../../data/loadData.ts'
import { DEFAULT_FEED_SETTINGS, feedOfPath, feedPath, type FeedSettings } from '../../shared/feeds.ts'
import { absolutizeHtml, renderFeeds, writeFeeds, type FeedPost, type FeedSite } from './writeFeeds.ts'

const site: FeedSite = { siteUrl: 'https://www.proofline.example.com', brand: 'Proofline Digital', tagline: 'Marketing that proves its return' }
const arrays = new Set(['rss.channel.item', 'rss.channel.atom:link', 'rss.channel.item.category', 'feed.entry', 'feed.link', 'feed.entry.link'])
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name, jpath) => arrays.has(String(jpath)) })

const hostile: FeedPost = {
  slug: 'ads-tests-r-d',
  title: 'A/B tests <that> "work" & R&D\'s role',
  description: 'Why <b>bold</b> claims & small samples mislead; a 5-step check.',
  date: '2026-11-20',
  updated: '2026-11-22',
  author: 'Nora Whitaker',
  tags: ['analytics', 'testing'],
  markdown:
    'Read [our guide](/blog/utm-naming-conventions) and [the FAQ](#faq).\n\n![Chart of lift](/images/lift.webp)\n\n## FAQ {#faq}\n\nControl chars \u0001 are dropped.',
  image: { url: '/images/lift.webp', alt: 'A lift chart' },
}

function parseXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true)
  return parser.parse(body)
}

const rfc822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

describe('feeds', () => {
  const posts: FeedPost[] = [...loadData().posts, hostile]
  const files = renderFeeds(posts, DEFAULT_FEED_SETTINGS, site, (url) => (url === '/images/lift.webp' ? 48213 : 0))
  const file = (p: string) => files.find((f) => f.path === p)!.body

  it('writes RSS, Atom and JSON Feed for the blog and for every tag', () => {
    const tags = [...new Set(posts.flatMap((p) => p.tags))]
    expect(files).toHaveLength(3 * (1 + tags.length))
    for (const tag of tags) for (const f of ['rss', 'atom', 'json'] as const) expect(files.some((x) => x.path === feedPath({ kind: 'tag', tag }, f))).toBe(true)
    expect(feedOfPath('/tag/analytics/atom.xml')).toEqual({ scope: { kind: 'tag', tag: 'analytics' }, format: 'atom' })
    expect(feedOfPath('/blog/feed.json')).toEqual({ scope: { kind: 'blog' }, format: 'json' })
    expect(feedOfPath('/blog/other.xml')).toBeNull()
  })

  it('RSS 2.0: required channel and item elements, RFC 822 dates, guid permalinks, enclosure, escaping', () => {
    const { rss } = parseXml(file('/blog/feed.xml'))
    expect(rss['@version']).toBe('2.0')
    const channel = rss.channel
    expect(channel.title).toBe('Proofline Digital blog')
    expect(channel.link).toBe('https://www.proofline.example.com/blog')
    expect(channel.description).toBeTruthy()
    expect(channel['atom:link'].find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe('https://www.proofline.example.com/blog/feed.xml')
    expect(channel.lastBuildDate).toMatch(rfc822)
    expect(channel.item).toHaveLength(posts.length)
    for (const item of channel.item) {
      expect(item.title).toBeTruthy()
      expect(item.link).toMatch(/^https:\/\/www\.proofline\.example\.com\/blog\/[a-z0-9-]+$/)
      expect(item.guid['#text']).toBe(item.link)
      expect(item.guid['@isPermaLink']).toBe('true')
      expect(item.pubDate).toMatch(rfc822)
      expect(new Date(item.pubDate).getTime()).not.toBeNaN()
    }
    // Newest first: the hostile post (2026) leads; its title survives escaping exactly.
    const first = channel.item[0]
    expect(first.title).toBe(hostile.title)
    expect(file('/blog/feed.xml')).toContain('<title>A/B tests &lt;that&gt; &quot;work&quot; &amp; R&amp;D&apos;s role</title>')
    expect(first.pubDate).toBe('Fri, 20 Nov 2026 00:00:00 GMT')
    expect(first.enclosure).toEqual({ '@url': 'https://www.proofline.example.com/images/lift.webp', '@length': '48213', '@type': 'image/webp' })
    expect(first.category).toEqual(['analytics', 'testing'])
    expect(file('/blog/feed.xml')).not.toContain('\u0001')
  })

  it('Atom (RFC 4287): feed and entry ids, titles, updated, author, self link; content with absolute URLs', () => {
    const { feed } = parseXml(file('/blog/atom.xml'))
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    expect(feed.id).toBe('https://www.proofline.example.com/blog/atom.xml')
    expect(feed.title).toBeTruthy()
    expect(feed.updated).toBe('2026-11-22T00:00:00Z')
    expect(feed.author.name).toBe('Proofline Digital')
    expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe('https://www.proofline.example.com/blog/atom.xml')
    for (const entry of feed.entry) {
      expect(entry.id).toMatch(/^https:\/\//)
      expect(entry.title['#text']).toBeTruthy()
      expect(entry.updated).toMatch(rfc3339)
      expect(entry.published).toMatch(rfc3339)
      expect(entry.author.name).toBeTruthy()
      expect(entry.link.find((l: Record<string, string>) => l['@rel'] === 'alternate')['@href']).toBe(entry.id)
    }
    const first = feed.entry[0]
    expect(first.updated).toBe('2026-11-22T00:00:00Z')
    expect(first.link.find((l: Record<string, string>) => l['@rel'] === 'enclosure')).toMatchObject({ '@type': 'image/webp', '@length': '48213' })
    const html = new XMLParser({ ignoreAttributes: false }).parse(`<c>${file('/blog/atom.xml').match(/<content type="html">([^<]*)<\/content>/)![1]}</c>`)
      .c as string
    expect(html).toContain('href="https://www.proofline.example.com/blog/utm-naming-conventions"')
    expect(html).toContain('src="https://www.proofline.example.com/images/lift.webp"')
    expect(html).toContain('href="https://www.proofline.example.com/blog/ads-tests-r-d#faq"')
    expect(html).not.toMatch(/(href|src)="\//)
  })

  it('JSON Feed 1.1: version, feed_url, items with id, content, dates, authors, attachments', () => {
    const feed = JSON.parse(file('/blog/feed.json'))
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
    expect(feed.title).toBeTruthy()
    expect(feed.feed_url).toBe('https://www.proofline.example.com/blog/feed.json')
    expect(feed.home_page_url).toBe('https://www.proofline.example.com/blog')
    expect(feed.authors).toEqual([{ name: 'Proofline Digital', url: 'https://www.proofline.example.com' }])
    for (const item of feed.items) {
      expect(typeof item.id).toBe('string')
      expect(item.content_html ?? item.content_text).toBeTruthy()
      expect(item.date_published).toMatch(rfc3339)
    }
    expect(feed.items[0]).toMatchObject({
      id: 'https://www.proofline.example.com/blog/ads-tests-r-d',
      title: hostile.title,
      date_modified: '2026-11-22T00:00:00Z',
      image: 'https://www.proofline.example.com/images/lift.webp',
      attachments: [{ url: 'https://www.proofline.example.com/images/lift.webp', mime_type: 'image/webp', title: 'A lift chart', size_in_bytes: 48213 }],
    })
    expect(feed.hubs).toBeUndefined()
  })

  it('ids and bytes are stable: the same posts give the same files; a new post adds one id and keeps the others', () => {
    expect(renderFeeds(posts, DEFAULT_FEED_SETTINGS, site, (u) => (u === '/images/lift.webp' ? 48213 : 0))).toEqual(files)
    const more = renderFeeds([...posts, { ...hostile, slug: 'second', title: 'Second post on testing', date: '2026-11-23' }], DEFAULT_FEED_SETTINGS, site)
    const ids = (body: string) => JSON.parse(body).items.map((i: { id: string }) => i.id)
    const before = ids(file('/blog/feed.json'))
    const after = ids(more.find((f) => f.path === '/blog/feed.json')!.body)
    expect(after).toEqual(['https://www.proofline.example.com/blog/second', ...before])
  })

  it('settings: item limit, excerpt only, WebSub hub in all three formats', () => {
    const settings: FeedSettings = { content: 'excerpt', itemLimit: 3, hubUrl: 'https://hub.example.com/' }
    const out = renderFeeds(posts, settings, site)
    const get = (p: string) => out.find((f) => f.path === p)!.body
    const { rss } = parseXml(get('/blog/feed.xml'))
    expect(rss.channel.item).toHaveLength(3)
    expect(rss.channel.item[0]['content:encoded']).toBeUndefined()
    expect(rss.channel.item[0].description).toBe(hostile.description)
    expect(rss.channel['atom:link'].find((l: Record<string, string>) => l['@rel'] === 'hub')['@href']).toBe('https://hub.example.com/')
    const { feed } = parseXml(get('/blog/atom.xml'))
    expect(feed.entry).toHaveLength(3)
    expect(feed.entry[0].content).toBeUndefined()
    expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'hub')['@href']).toBe('https://hub.example.com/')
    const json = JSON.parse(get('/blog/feed.json'))
    expect(json.items).toHaveLength(3)
    expect(json.items[0].content_html).toBeUndefined()
    expect(json.items[0].content_text).toBe(hostile.description)
    expect(json.hubs).toEqual([{ type: 'WebSub', url: 'https://hub.example.com/' }])
  })

  it('tag feeds hold only their tag', () => {
    const json = JSON.parse(file('/tag/testing/feed.json'))
    expect(json.items.map((i: { id: string }) => i.id)).toEqual(['https://www.proofline.example.com/blog/ads-tests-r-d'])
    expect(json.home_page_url).toBe('https://www.proofline.example.com/tag/testing')
  })

  it('writeFeeds writes atomically with .gz/.br and removes the feeds of tags gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feeds-'))
    try {
      writeFeeds(dir, posts, DEFAULT_FEED_SETTINGS, site)
      expect(fs.existsSync(path.join(dir, 'tag/testing/feed.xml.br'))).toBe(true)
      expect(fs.existsSync(path.join(dir, 'blog/feed.json.gz'))).toBe(true)
      const second = writeFeeds(
        dir,
        posts.filter((p) => p !== hostile),
        DEFAULT_FEED_SETTINGS,
        site,
      )
      expect(second.removed.sort()).toEqual(['/tag/testing/atom.xml', '/tag/testing/feed.json', '/tag/testing/feed.xml'])
      expect(second.written).not.toContain('/tag/testing/feed.xml')
      expect(fs.existsSync(path.join(dir, 'tag/testing/feed.xml'))).toBe(false)
      expect(fs.existsSync(path.join(dir, 'tag/testing/feed.xml.br'))).toBe(false)
      expect(fs.readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.tmp'))).toBe(false)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('absolutizeHtml leaves absolute and protocol-relative URLs alone', () => {
    expect(
      absolutizeHtml(
        '<a href="https://x.example/a">x</a><img src="//cdn.example/i.png"><img srcset="/a.webp 1x, /b.webp 2x">',
        'https://s.example',
        'https://s.example/p',
      ),
    ).toBe('<a href="https://x.example/a">x</a><img src="//cdn.example/i.png"><img srcset="https://s.example/a.webp 1x, https://s.example/b.webp 2x">')
  })
})
