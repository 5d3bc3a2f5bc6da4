// WXR items → normalised posts, assets and skipped items. Statuses: publish → published,
// future → scheduled, draft and pending → draft; private, trash and auto-draft are skipped with
// the reason; attachments are assets; menu items, revisions and custom post types are skipped as
// "not content". Yoast SEO's title and description come from the post meta (its %%variables%%
// resolved or dropped); the featured image from _thumbnail_id through the attachments.
import type { Readable } from 'node:stream'
import { htmlToMarkdown, imageUrls } from './toMarkdown.ts'
import { slugify, urlPath, type ImportedPost, type ImportStatus, type NormalisedItem } from './types.ts'
import { readWxr, type WxrAuthor, type WxrItem } from './wxr.ts'

const STATUS: Record<string, ImportStatus> = { publish: 'published', future: 'scheduled', draft: 'draft', pending: 'draft' }
const SKIPPED_STATUS: Record<string, string> = {
  private: 'private on WordPress: not imported, so nothing private becomes public',
  trash: 'in the WordPress trash',
  'auto-draft': 'an empty auto-draft WordPress created',
  inherit: 'a revision',
}

/** Yoast's %%title%%, %%sep%%, %%sitename%%…: title and separator resolved, the rest dropped. */
export function yoastText(value: string | undefined, title: string, siteName: string): string | null {
  if (!value?.trim()) return null
  const out = value
    .replace(/%%title%%/g, title)
    .replace(/%%sitename%%/g, siteName)
    .replace(/%%sep%%/g, '-')
    .replace(/%%[a-z_]+%%/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+-\s*$/, '')
    .trim()
  return out || null
}

export type WordPressContext = { siteKey: string; siteName: string; baseUrl: string; authors: Map<string, WxrAuthor> }

/**
 * One WXR item → one normalised item. `attachments` maps attachment ids to URLs (read earlier in
 * the file, or a second pass). `convert: false` leaves the body unconverted (empty markdown, no
 * images): the first pass of a dry run or an import needs only each item's identity, status and
 * old addresses, and the HTML conversion is most of the cost.
 */
export function normaliseWxrItem(item: WxrItem, ctx: WordPressContext, attachments: Map<string, string>, convert = true): NormalisedItem {
  const location = `line ${item.line}`
  const sourceKey = `wordpress:${ctx.siteKey}:${item.id}`
  const skip = (reason: string): NormalisedItem => ({
    kind: 'skipped',
    item: { sourceKey, sourceId: item.id, location, itemType: item.type || 'item', title: item.title, reason },
  })
  if (!item.id) return skip('no wp:post_id: the export is incomplete')
  if (item.type === 'attachment') {
    if (!item.attachmentUrl) return skip('an attachment without wp:attachment_url')
    return { kind: 'asset', asset: { sourceId: item.id, url: item.attachmentUrl, location, title: item.title } }
  }
  if (item.type !== 'post' && item.type !== 'page') return skip(`not content (${item.type || 'no post type'})`)
  if (SKIPPED_STATUS[item.status]) return skip(SKIPPED_STATUS[item.status])
  const status = STATUS[item.status]
  if (!status) return skip(`unknown status "${item.status}"`)
  const { markdown, unknown } = convert ? htmlToMarkdown(item.content) : { markdown: '', unknown: [] as string[] }
  const author = ctx.authors.get(item.creator)
  const thumb = item.meta._thumbnail_id ? (attachments.get(item.meta._thumbnail_id) ?? null) : null
  const oldUrls = new Set<string>()
  const linkPath = item.link ? urlPath(item.link, ctx.baseUrl) : null
  if (linkPath && linkPath !== '/') oldUrls.add(linkPath)
  oldUrls.add(item.type === 'page' ? `/?page_id=${item.id}` : `/?p=${item.id}`)
  const title = item.title || '(untitled)'
  const post: ImportedPost = {
    sourceKey,
    source: 'wordpress',
    sourceId: item.id,
    location,
    type: item.type,
    title,
    slug: item.slug ? slugify(decodeURIComponent(item.slug)) : slugify(title),
    status,
    publishedAt: item.date || null,
    author: author?.displayName || item.creator,
    authorEmail: author?.email ?? '',
    markdown,
    excerpt: item.excerpt,
    tags: item.categories.filter((c) => c.domain === 'post_tag').map((c) => c.slug || slugify(c.name)),
    categories: item.categories.filter((c) => c.domain === 'category').map((c) => c.slug || slugify(c.name)),
    featureImage: thumb,
    seoTitle: yoastText(item.meta._yoast_wpseo_title, title, ctx.siteName),
    seoDescription: yoastText(item.meta._yoast_wpseo_metadesc, title, ctx.siteName),
    oldUrls: [...oldUrls],
    oldLink: item.link || null,
    images: imageUrls(markdown),
    unknownMarkup: unknown,
  }
  return { kind: 'post', post }
}

/**
 * Reads a WXR stream and yields every item normalised, in file order. WordPress writes
 * attachments before or after the posts that use them; a featured image whose attachment comes
 * later is resolved by `resolveLater` (the caller's second pass), never dropped: the post keeps
 * its _thumbnail_id in `pendingThumbnails`.
 */
export async function* readWordPress(
  stream: Readable,
  file: string,
  { attachments = new Map<string, string>(), convert = true }: { attachments?: Map<string, string>; convert?: boolean } = {},
): AsyncGenerator<NormalisedItem & { thumbnailId?: string }> {
  const ctx: WordPressContext = { siteKey: '', siteName: '', baseUrl: '', authors: new Map() }
  for await (const event of readWxr(stream, file)) {
    if (event.kind === 'site') {
      ctx.siteName = event.title
      ctx.baseUrl = event.link || event.baseUrl
      ctx.siteKey = urlPath(ctx.baseUrl) !== null ? new URL(ctx.baseUrl).host : event.title || 'site'
    } else if (event.kind === 'author') ctx.authors.set(event.author.login, event.author)
    else if (event.kind === 'item') {
      if (event.item.type === 'attachment' && event.item.attachmentUrl) attachments.set(event.item.id, event.item.attachmentUrl)
      const normalised = normaliseWxrItem(event.item, ctx, attachments, convert)
      yield event.item.meta._thumbnail_id ? { ...normalised, thumbnailId: event.item.meta._thumbnail_id } : normalised
    }
  }
}
