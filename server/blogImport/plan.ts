// The dry run: what importing each item would do (create, update, unchanged, skip) and why, from
// the normalised items and what an earlier import stored (by source key and content hash). The
// same plan drives the import, so a second import of the same file creates nothing new. Pure.
import crypto from 'node:crypto'
import type { ImportedPost, NormalisedItem } from './types.ts'

export type Stored = { sourceKey: string; slug: string; hash: string }
export type PlanAction = 'create' | 'update' | 'unchanged' | 'skip' | 'asset'
export type PlanEntry = {
  action: PlanAction
  sourceKey: string
  itemType: string
  title: string
  location: string
  slug: string | null
  reason: string
  warnings: string[]
}

/** What identifies a post's imported content: everything but where it sat in the file. */
export function postHash(post: ImportedPost): string {
  const { location: _location, ...content } = post
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32)
}

export type Planner = {
  plan(item: NormalisedItem): PlanEntry
  /**
   * The slug a post gets (its earlier import's, else its own, else with a -2… suffix), decided
   * once per source key in file order. The first pass calls it with the post's identity only, so
   * every new URL is known before any body is converted; plan() reuses it.
   */
  assignSlug(post: { sourceKey: string; slug: string }): string
  /** The slug each source key gets (after conflicts), for link rewriting. */
  slugs: Map<string, string>
}

/**
 * `stored(sourceKey)`: the post an earlier import wrote; `slugOwner(slug)`: the source key of the
 * post holding that slug (null for a post written by hand), undefined when it is free.
 */
export function createPlanner(stored: (sourceKey: string) => Stored | undefined, slugOwner: (slug: string) => string | null | undefined): Planner {
  const slugs = new Map<string, string>()
  const taken = new Set<string>()
  const slugWarnings = new Map<string, string>()
  const free = (slug: string, key: string) => {
    const owner = slugOwner(slug)
    return !taken.has(slug) && (owner === undefined || owner === key)
  }
  const assignSlug = (post: { sourceKey: string; slug: string }) => {
    const known = slugs.get(post.sourceKey)
    if (known) return known
    const previous = stored(post.sourceKey)
    let slug = previous?.slug ?? post.slug
    if (!previous && !free(slug, post.sourceKey)) {
      let n = 2
      while (!free(`${post.slug}-${n}`, post.sourceKey)) n++
      slug = `${post.slug}-${n}`
      slugWarnings.set(post.sourceKey, `the slug "${post.slug}" is taken; imported as "${slug}"`)
    }
    taken.add(slug)
    slugs.set(post.sourceKey, slug)
    return slug
  }
  return {
    slugs,
    assignSlug,
    plan(item) {
      if (item.kind === 'skipped') {
        const s = item.item
        return {
          action: 'skip',
          sourceKey: s.sourceKey,
          itemType: s.itemType,
          title: s.title,
          location: s.location,
          slug: null,
          reason: s.reason,
          warnings: [],
        }
      }
      if (item.kind === 'asset') {
        const a = item.asset
        return {
          action: 'asset',
          sourceKey: `asset:${a.sourceId}`,
          itemType: 'attachment',
          title: a.title,
          location: a.location,
          slug: null,
          reason: 'an image the posts may use',
          warnings: [],
        }
      }
      const post = item.post
      const warnings: string[] = []
      if (post.unknownMarkup.length) warnings.push(`kept as HTML: ${post.unknownMarkup.join(', ')}`)
      if (!post.markdown.trim()) warnings.push('empty body')
      const previous = stored(post.sourceKey)
      const slug = assignSlug(post)
      const conflict = slugWarnings.get(post.sourceKey)
      if (conflict) warnings.push(conflict)
      const base = { sourceKey: post.sourceKey, itemType: post.type, title: post.title, location: post.location, slug, warnings }
      if (!previous) return { ...base, action: 'create', reason: `new ${post.status} ${post.type}` }
      if (previous.hash === postHash(post)) return { ...base, action: 'unchanged', reason: 'already imported from this file, identical' }
      return { ...base, action: 'update', reason: 'imported before; the export has changed since' }
    },
  }
}
