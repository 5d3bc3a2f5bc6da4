// Ghost JSON exports (Settings → Labs → Export): posts and pages with their HTML, tags, authors,
// feature image and SEO meta (on the post, or in posts_meta for Ghost 5). A Ghost export is one
// JSON document, so it is parsed whole, within the upload's size limit (decision 151).
import { htmlToMarkdown, imageUrls } from './toMarkdown.ts'
import { slugify, type ImportStatus, type NormalisedItem } from './types.ts'
import { ImportFileError } from './wxr.ts'

type GhostPost = {
  id?: string
  title?: string
  slug?: string
  html?: string | null
  status?: string
  type?: string
  page?: boolean | number
  published_at?: string | null
  custom_excerpt?: string | null
  feature_image?: string | null
  meta_title?: string | null
  meta_description?: string | null
}
type GhostData = {
  posts?: GhostPost[]
  tags?: Array<{ id: string; slug: string; name: string }>
  posts_tags?: Array<{ post_id: string; tag_id: string; sort_order?: number }>
  users?: Array<{ id: string; name: string; email?: string }>
  posts_authors?: Array<{ post_id: string; author_id: string; sort_order?: number }>
  posts_meta?: Array<{ post_id: string; meta_title?: string | null; meta_description?: string | null }>
}

const STATUS: Record<string, ImportStatus> = { published: 'published', draft: 'draft', scheduled: 'scheduled' }
const ghostImage = (url: string | null | undefined, base: string) => (url ? url.replace(/^__GHOST_URL__/, base) : null)

/** Every post and page of a Ghost export, normalised; `siteUrl` replaces Ghost's __GHOST_URL__. */
export function readGhost(text: string, file: string, siteUrl = 'https://ghost.invalid'): NormalisedItem[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    const at = /position (\d+)/.exec(String(error))?.[1]
    const line = at ? text.slice(0, Number(at)).split('\n').length : null
    throw new ImportFileError(file, line, `not valid JSON (${(error as Error).message})`)
  }
  const root = json as { db?: Array<{ meta?: unknown; data?: GhostData }>; data?: GhostData }
  const data = root.db?.[0]?.data ?? root.data
  if (!data || !Array.isArray(data.posts))
    throw new ImportFileError(file, null, 'not a Ghost export: no db[0].data.posts. Export it from Ghost with Settings → Labs → Export your content.')
  const tags = new Map((data.tags ?? []).map((t) => [t.id, t.slug || slugify(t.name)]))
  const users = new Map((data.users ?? []).map((u) => [u.id, u]))
  const tagsOf = new Map<string, string[]>()
  for (const pt of [...(data.posts_tags ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))) {
    const slug = tags.get(pt.tag_id)
    if (slug) tagsOf.set(pt.post_id, [...(tagsOf.get(pt.post_id) ?? []), slug])
  }
  const authorOf = new Map<string, string>()
  for (const pa of [...(data.posts_authors ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0)))
    if (!authorOf.has(pa.post_id)) authorOf.set(pa.post_id, pa.author_id)
  const metaOf = new Map((data.posts_meta ?? []).map((m) => [m.post_id, m]))
  const base = siteUrl.replace(/\/+$/, '')

  return data.posts.map((p, i): NormalisedItem => {
    const id = String(p.id ?? '')
    const location = `posts[${i}]`
    const type = p.type === 'page' || p.page === true || p.page === 1 ? 'page' : 'post'
    const sourceKey = `ghost:${id}`
    const skip = (reason: string): NormalisedItem => ({
      kind: 'skipped',
      item: { sourceKey, sourceId: id, location, itemType: type, title: p.title ?? '', reason },
    })
    if (!id) return skip('no id')
    const status = STATUS[p.status ?? '']
    if (!status) return skip(`status "${p.status ?? ''}" is not imported`)
    if (typeof p.html !== 'string') return skip('no HTML in the export (export again from Ghost 5 or later, which includes it)')
    const { markdown, unknown } = htmlToMarkdown(p.html.replace(/__GHOST_URL__/g, base))
    const meta = metaOf.get(id)
    const author = users.get(authorOf.get(id) ?? '')
    const slug = p.slug ? slugify(p.slug) : slugify(p.title ?? id)
    return {
      kind: 'post',
      post: {
        sourceKey,
        source: 'ghost',
        sourceId: id,
        location,
        type,
        title: p.title || '(untitled)',
        slug,
        status,
        publishedAt: p.published_at ?? null,
        author: author?.name ?? '',
        authorEmail: author?.email ?? '',
        markdown,
        excerpt: p.custom_excerpt ?? '',
        tags: tagsOf.get(id) ?? [],
        categories: [],
        featureImage: ghostImage(p.feature_image, base),
        seoTitle: meta?.meta_title ?? p.meta_title ?? null,
        seoDescription: meta?.meta_description ?? p.meta_description ?? null,
        oldUrls: [`/${p.slug ?? slug}`],
        oldLink: null,
        images: imageUrls(markdown),
        unknownMarkup: unknown,
      },
    }
  })
}
