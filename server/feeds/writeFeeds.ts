// The blog's feeds: RSS 2.0, Atom (RFC 4287) and JSON Feed 1.1, for the blog and for each tag.
// `renderFeeds` is pure (posts + settings + site in, files out) so the full build and the
// incremental publisher produce the same bytes; `writeFeeds` writes them atomically with their
// .gz/.br beside them. Hand-written rather than the `feed` package: see docs/decisions/110-feeds.md.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { marked } from 'marked'
import { FEED_FORMATS, FEED_MIME, feedPath, type FeedFormat, type FeedScope, type FeedSettings } from '../../shared/feeds.ts'

/** A blog post as the catalog has it (file or database post). */
export type FeedPost = {
  slug: string
  title: string
  /** The excerpt. */
  description: string
  /** Publication day or instant (YYYY-MM-DD or ISO 8601). */
  date: string
  updated?: string
  author: string
  tags: string[]
  markdown: string
  /** Featured image, site-relative or absolute; sent as enclosure / attachment. */
  image?: { url: string; alt: string } | null
}

export type FeedSite = { siteUrl: string; brand: string; tagline: string; language?: string }
export type FeedFile = { path: string; body: string; type: string }

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
}

/** XML text and attribute escaping (also drops the control characters XML 1.0 forbids). */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- removing the control characters XML 1.0 forbids is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

/** A day (YYYY-MM-DD) is midnight UTC; an instant stays as it is. */
const instant = (value: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
/** RFC 822 (RSS 2.0), four-digit year as RFC 1123 allows: "Tue, 18 Mar 2025 00:00:00 GMT". */
export const rfc822 = (value: string) => instant(value).toUTCString()
/** RFC 3339 (Atom, JSON Feed), whole seconds: "2025-03-18T00:00:00Z". */
export const rfc3339 = (value: string) =>
  instant(value)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')

/** Root-relative and fragment-only links and sources in post HTML made absolute: feed readers
 * resolve relative URLs inconsistently, so none are left. */
export function absolutizeHtml(html: string, siteUrl: string, pageUrl: string): string {
  return html
    .replace(/(\s(?:href|src|poster)=)"(\/(?!\/)[^"]*)"/g, (_m, attr: string, url: string) => `${attr}"${siteUrl}${url}"`)
    .replace(/(\shref=)"(#[^"]*)"/g, (_m, attr: string, frag: string) => `${attr}"${pageUrl}${frag}"`)
    .replace(
      /(\ssrcset=)"([^"]*)"/g,
      (_m, attr: string, set: string) =>
        `${attr}"${set
          .split(',')
          .map((part) => part.trim().replace(/^\/(?!\/)/, `${siteUrl}/`))
          .join(', ')}"`,
    )
}

const absolute = (url: string, siteUrl: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`)

type Item = {
  url: string
  title: string
  summary: string
  html: string | null
  published: string
  updated: string
  author: string
  tags: string[]
  image: { url: string; alt: string; type: string; length: number } | null
}

function itemsOf(posts: FeedPost[], settings: FeedSettings, site: FeedSite, imageSize: (url: string) => number): Item[] {
  return [...posts]
    .sort((a, b) => instant(b.date).getTime() - instant(a.date).getTime() || a.slug.localeCompare(b.slug))
    .slice(0, settings.itemLimit)
    .map((post) => {
      const url = `${site.siteUrl}/blog/${post.slug}`
      const image = post.image
        ? {
            url: absolute(post.image.url, site.siteUrl),
            alt: post.image.alt,
            type: IMAGE_TYPES[path.extname(post.image.url.split('?')[0]).toLowerCase()] ?? 'application/octet-stream',
            length: imageSize(post.image.url),
          }
        : null
      return {
        url,
        title: post.title,
        summary: post.description,
        html: settings.content === 'full' ? fullContentOf(post.markdown, site.siteUrl, url) : null,
        published: post.date,
        updated: post.updated && instant(post.updated) > instant(post.date) ? post.updated : post.date,
        author: post.author,
        tags: post.tags,
        image,
      }
    })
}

/** A post's feed HTML, kept per Markdown and URL: a post sits in the blog feed and in each of its
 * tags' feeds, and a publish renders every feed again, so each post's Markdown is parsed once,
 * not once per feed per publish. The same function of the same input: the same bytes. */
const contentCache = new Map<string, string>()
const CONTENT_CACHE_MAX = 500
function fullContentOf(markdown: string, siteUrl: string, url: string): string {
  const key = `${siteUrl}\n${url}\n${markdown}`
  let html = contentCache.get(key)
  if (html === undefined) {
    html = absolutizeHtml(marked.parse(markdown, { async: false }), siteUrl, url)
    if (contentCache.size >= CONTENT_CACHE_MAX) contentCache.delete(contentCache.keys().next().value!)
    contentCache.set(key, html)
  }
  return html
}

type Channel = { title: string; description: string; pageUrl: string; feedUrl: (f: FeedFormat) => string; updated: string | null }

function rss(channel: Channel, items: Item[], site: FeedSite, hub: string | null): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.pageUrl)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<language>${site.language ?? 'en-us'}</language>`,
    ...(channel.updated ? [`<lastBuildDate>${rfc822(channel.updated)}</lastBuildDate>`] : []),
    `<atom:link href="${escapeXml(channel.feedUrl('rss'))}" rel="self" type="${FEED_MIME.rss}"/>`,
    ...(hub ? [`<atom:link href="${escapeXml(hub)}" rel="hub"/>`] : []),
  ]
  for (const item of items) {
    lines.push(
      '<item>',
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(item.url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      `<pubDate>${rfc822(item.published)}</pubDate>`,
      `<dc:creator>${escapeXml(item.author)}</dc:creator>`,
      ...item.tags.map((t) => `<category>${escapeXml(t)}</category>`),
      `<description>${escapeXml(item.summary)}</description>`,
      ...(item.html ? [`<content:encoded>${escapeXml(item.html)}</content:encoded>`] : []),
      ...(item.image ? [`<enclosure url="${escapeXml(item.image.url)}" length="${item.image.length}" type="${item.image.type}"/>`] : []),
      '</item>',
    )
  }
  lines.push('</channel>', '</rss>', '')
  return lines.join('\n')
}

function atom(channel: Channel, items: Item[], site: FeedSite, hub: string | null, fallbackUpdated: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${site.language ?? 'en-us'}">`,
    `<id>${escapeXml(channel.feedUrl('atom'))}</id>`,
    `<title>${escapeXml(channel.title)}</title>`,
    `<subtitle>${escapeXml(channel.description)}</subtitle>`,
    `<updated>${rfc3339(channel.updated ?? fallbackUpdated)}</updated>`,
    `<link rel="self" type="${FEED_MIME.atom}" href="${escapeXml(channel.feedUrl('atom'))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(channel.pageUrl)}"/>`,
    ...(hub ? [`<link rel="hub" href="${escapeXml(hub)}"/>`] : []),
    `<author><name>${escapeXml(site.brand)}</name><uri>${escapeXml(site.siteUrl)}</uri></author>`,
  ]
  for (const item of items) {
    lines.push(
      '<entry>',
      `<id>${escapeXml(item.url)}</id>`,
      `<title type="text">${escapeXml(item.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
      `<published>${rfc3339(item.published)}</published>`,
      `<updated>${rfc3339(item.updated)}</updated>`,
      `<author><name>${escapeXml(item.author)}</name></author>`,
      ...item.tags.map((t) => `<category term="${escapeXml(t)}"/>`),
      `<summary type="text">${escapeXml(item.summary)}</summary>`,
      ...(item.html ? [`<content type="html">${escapeXml(item.html)}</content>`] : []),
      ...(item.image
        ? [
            `<link rel="enclosure" type="${item.image.type}" length="${item.image.length}" href="${escapeXml(item.image.url)}" title="${escapeXml(item.image.alt)}"/>`,
          ]
        : []),
      '</entry>',
    )
  }
  lines.push('</feed>', '')
  return lines.join('\n')
}

function jsonFeed(channel: Channel, items: Item[], site: FeedSite, hub: string | null): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: channel.title,
    home_page_url: channel.pageUrl,
    feed_url: channel.feedUrl('json'),
    description: channel.description,
    language: site.language ?? 'en-US',
    authors: [{ name: site.brand, url: site.siteUrl }],
    ...(hub ? { hubs: [{ type: 'WebSub', url: hub }] } : {}),
    items: items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.title,
      ...(item.html ? { content_html: item.html } : { content_text: item.summary }),
      summary: item.summary,
      ...(item.image ? { image: item.image.url } : {}),
      date_published: rfc3339(item.published),
      date_modified: rfc3339(item.updated),
      authors: [{ name: item.author }],
      tags: item.tags,
      ...(item.image ? { attachments: [{ url: item.image.url, mime_type: item.image.type, title: item.image.alt, size_in_bytes: item.image.length }] } : {}),
    })),
  }
  return `${JSON.stringify(feed, null, 2)}\n`
}

/** Every feed file for these posts. `imageSize` gives an image's size in bytes (0 when unknown:
 * RSS and Atom want a length, and a reader treats 0 as "unknown"). */
export function renderFeeds(posts: FeedPost[], settings: FeedSettings, site: FeedSite, imageSize: (url: string) => number = () => 0): FeedFile[] {
  const scopes: { scope: FeedScope; posts: FeedPost[]; title: string; description: string; pageUrl: string }[] = [
    { scope: { kind: 'blog' }, posts, title: `${site.brand} blog`, description: site.tagline, pageUrl: `${site.siteUrl}/blog` },
  ]
  for (const tag of [...new Set(posts.flatMap((p) => p.tags))].sort()) {
    scopes.push({
      scope: { kind: 'tag', tag },
      posts: posts.filter((p) => p.tags.includes(tag)),
      title: `${site.brand} blog: ${tag}`,
      description: `Articles tagged ${tag} on the ${site.brand} blog.`,
      pageUrl: `${site.siteUrl}/tag/${tag}`,
    })
  }
  // The feeds' "updated" is the newest item's, never the build time: the same posts give the same bytes.
  const fallbackUpdated = '2000-01-01T00:00:00Z'
  const files: FeedFile[] = []
  for (const { scope, posts: scoped, title, description, pageUrl } of scopes) {
    const items = itemsOf(scoped, settings, site, imageSize)
    const updated = items.reduce<string | null>((max, i) => (max && instant(max) >= instant(i.updated) ? max : i.updated), null)
    const channel: Channel = { title, description, pageUrl, feedUrl: (f) => `${site.siteUrl}${feedPath(scope, f)}`, updated }
    const bodies: Record<FeedFormat, string> = {
      rss: rss(channel, items, site, settings.hubUrl),
      atom: atom(channel, items, site, settings.hubUrl, fallbackUpdated),
      json: jsonFeed(channel, items, site, settings.hubUrl),
    }
    for (const format of FEED_FORMATS) files.push({ path: feedPath(scope, format), body: bodies[format], type: FEED_MIME[format] })
  }
  return files
}

/** Writes a file atomically (temp file + rename), with .gz and .br beside it as the build does. */
export function writeAtomically(file: string, body: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const data = typeof body === 'string' ? Buffer.from(body) : body
  const variants: [string, Buffer][] = [[file, data]]
  if (data.length > 512) {
    variants.push([`${file}.gz`, zlib.gzipSync(data, { level: 9 })])
    variants.push([
      `${file}.br`,
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    ])
  }
  for (const [target, content] of variants) {
    const temp = `${target}.${process.pid}.tmp`
    fs.writeFileSync(temp, content)
    fs.renameSync(temp, target)
  }
}

/**
 * Writes every feed into outDir (the built site) and removes the feeds of tags no post has any
 * more. Returns the site-relative paths written and removed (give both to refreshStaticFiles; ping
 * the hub with `written`). Called by the full build and by the incremental publisher with the
 * catalog's blog posts.
 */
export function writeFeeds(
  outDir: string,
  posts: FeedPost[],
  settings: FeedSettings,
  site: FeedSite,
  { compress = true } = {},
): { written: string[]; removed: string[] } {
  const imageSize = (url: string) => {
    if (/^https?:\/\//.test(url)) return 0
    try {
      return fs.statSync(path.join(outDir, url.split('?')[0].replace(/^\/+/, ''))).size
    } catch {
      return 0
    }
  }
  const files = renderFeeds(posts, settings, site, imageSize)
  const wanted = new Set(files.map((f) => f.path))
  for (const file of files) {
    const target = path.join(outDir, file.path.slice(1))
    if (compress) writeAtomically(target, file.body)
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, file.body)
    }
  }
  // Tag feeds of tags that no longer exist.
  const removed: string[] = []
  const tagDir = path.join(outDir, 'tag')
  if (fs.existsSync(tagDir)) {
    for (const tag of fs.readdirSync(tagDir)) {
      for (const format of FEED_FORMATS) {
        const rel = feedPath({ kind: 'tag', tag }, format)
        if (wanted.has(rel) || !fs.existsSync(path.join(outDir, rel.slice(1)))) continue
        removed.push(rel)
        for (const suffix of ['', '.gz', '.br']) fs.rmSync(path.join(outDir, rel.slice(1)) + suffix, { force: true })
      }
    }
  }
  return { written: [...wanted], removed }
}
