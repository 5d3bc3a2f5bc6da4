// Where the blog's feeds live and what their settings are: shared by the feed writer
// (server/feeds/writeFeeds.ts), the head of blog pages (autodiscovery links), the feed-fetch log
// and /admin/syndication. See docs/decisions/110-feeds.md.
import { z } from 'zod'

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const
export type FeedFormat = (typeof FEED_FORMATS)[number]

export const FEED_MIME: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
}

const FILE_OF: Record<FeedFormat, string> = { rss: 'feed.xml', atom: 'atom.xml', json: 'feed.json' }
const LABEL: Record<FeedFormat, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' }

/** The scope of a feed: the whole blog, or one tag. */
export type FeedScope = { kind: 'blog' } | { kind: 'tag'; tag: string }

/** Site-relative path of a feed: /blog/feed.xml, /tag/analytics/atom.xml... */
export function feedPath(scope: FeedScope, format: FeedFormat): string {
  return scope.kind === 'blog' ? `/blog/${FILE_OF[format]}` : `/tag/${scope.tag}/${FILE_OF[format]}`
}

/** The feed a request path names, or null: what the feed-fetch log counts. */
export function feedOfPath(pathname: string): { scope: FeedScope; format: FeedFormat } | null {
  const blog = /^\/blog\/(feed\.xml|atom\.xml|feed\.json)$/.exec(pathname)
  const tag = /^\/tag\/([a-z0-9]+(?:-[a-z0-9]+)*)\/(feed\.xml|atom\.xml|feed\.json)$/.exec(pathname)
  const file = blog?.[1] ?? tag?.[2]
  if (!file) return null
  const format = (Object.keys(FILE_OF) as FeedFormat[]).find((f) => FILE_OF[f] === file)!
  return { scope: tag ? { kind: 'tag', tag: tag[1] } : { kind: 'blog' }, format }
}

export type FeedLink = { type: string; title: string; href: string }

/** The autodiscovery links of a page: the blog's feeds on /blog and every post; a tag page
 * lists its own feeds first, then the blog's. */
export function feedLinksOf(page: { url: string; family: string; params: Record<string, string> }, brand: string): FeedLink[] {
  const blog = FEED_FORMATS.map((f) => ({ type: FEED_MIME[f], title: `${brand} blog (${LABEL[f]})`, href: feedPath({ kind: 'blog' }, f) }))
  if (page.family === 'tag' && page.params.tag) {
    const scope: FeedScope = { kind: 'tag', tag: page.params.tag }
    return [...FEED_FORMATS.map((f) => ({ type: FEED_MIME[f], title: `${brand} blog: ${page.params.tag} (${LABEL[f]})`, href: feedPath(scope, f) })), ...blog]
  }
  if (page.family === 'blog-post' || page.url === '/blog') return blog
  return []
}

export const FEED_ITEM_LIMIT_MAX = 100

export const FeedSettingsSchema = z.object({
  /** Full post HTML in each item, or only the excerpt (with a link to the post). */
  content: z.enum(['full', 'excerpt']),
  itemLimit: z.number().int().min(1, 'At least 1 item.').max(FEED_ITEM_LIMIT_MAX, `At most ${FEED_ITEM_LIMIT_MAX} items.`),
  /** WebSub hub the feeds announce and publishing pings; null: none. */
  hubUrl: z
    .string()
    .trim()
    .url('A full URL, e.g. https://pubsubhubbub.appspot.com/.')
    .refine((u) => /^https?:\/\//.test(u), 'An http(s) URL.')
    .nullable(),
})
export type FeedSettings = z.infer<typeof FeedSettingsSchema>

export const DEFAULT_FEED_SETTINGS: FeedSettings = { content: 'full', itemLimit: 20, hubUrl: null }
