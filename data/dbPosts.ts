// Published posts from the database, handed to the catalog (issue 11). The full build and the
// server's incremental publisher read them from the database and set them here, on globalThis:
// the pre-render hooks run from vike's bundled server code, a second copy of these modules, and
// globalThis is what both copies share. Without a snapshot the site is built from data/blog/ alone.
import type { BlogPost } from './loadData.ts'

export type DbPostsSnapshot = {
  /** Bumped on every change: the site context rebuilds its catalog when it moves. */
  version: number
  /** Published posts (BlogPost with the date of their last change as lastmod). */
  posts: (BlogPost & { lastmod: string })[]
  /** Every slug the database holds (any status): a file post with one of them is superseded. */
  claimed: string[]
  /** Where they came from, for the build's log: "PostgreSQL", "SQLite var/app.sqlite". */
  from: string
  /** The database's tags with their own head and description (the tag pages use them). */
  tags?: DbTagMeta[]
}

/** A tag's name, description and SEO fields as staff set them in /admin/tags. `noindex` keeps
 * its /tag/ page out of search results and sitemap.xml (the catalog entry's noindex). */
export type DbTagMeta = { slug: string; name: string; description: string; seoTitle: string | null; seoDescription: string | null; noindex?: boolean }

const SNAPSHOT = Symbol.for('proofline.dbPosts')
const ONLY = Symbol.for('proofline.renderOnly')
type Global = { [SNAPSHOT]?: DbPostsSnapshot; [ONLY]?: ReadonlySet<string> }
const g = globalThis as unknown as Global

export const setDbPosts = (snapshot: DbPostsSnapshot | undefined) => {
  g[SNAPSHOT] = snapshot
}
export const getDbPosts = (): DbPostsSnapshot | undefined => g[SNAPSHOT]

/** The tag's own fields from the database, when staff gave it any. */
export const dbTagMeta = (slug: string): DbTagMeta | undefined => g[SNAPSHOT]?.tags?.find((t) => t.slug === slug)

/** The tags staff marked noindex in /admin/tags (the catalog gives their /tag/ entries noindex). */
export const noindexTagsOf = (snapshot: DbPostsSnapshot | undefined): ReadonlySet<string> =>
  new Set((snapshot?.tags ?? []).filter((t) => t.noindex).map((t) => t.slug))

/** Restricts pre-rendering to these URLs (the incremental publisher); undefined renders all. */
export const setRenderOnly = (urls: ReadonlySet<string> | undefined) => {
  g[ONLY] = urls
}
export const getRenderOnly = (): ReadonlySet<string> | undefined => g[ONLY]

/** The catalog's posts: file posts not claimed by the database, plus the database's published
 * posts, newest first (ties by slug), the one order every list of posts uses. */
export function mergePosts(filePosts: BlogPost[], snapshot: DbPostsSnapshot | undefined): BlogPost[] {
  if (!snapshot) return filePosts
  const claimed = new Set(snapshot.claimed)
  return [...filePosts.filter((p) => !claimed.has(p.slug)), ...snapshot.posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}
