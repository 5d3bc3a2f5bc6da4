// Loads the data and the URL catalog once per build process. Server-only: pages reach it from
// their data, route and pre-render hooks, never from a +Page (that would ship the data to the browser).
// Published database posts (data/dbPosts.ts) are merged in; when their snapshot changes (the
// server's incremental publisher), the catalog is rebuilt from the same file data.
import { buildCatalog, DATABASE_SOURCE, type Catalog } from '../../data/catalog.ts'
import { getDbPosts, mergePosts, noindexTagsOf, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { defaultDataDir, loadData, type SiteData } from '../../data/loadData.ts'
import { lastModified } from './lastModified.ts'

export type SiteContext = {
  data: SiteData
  catalog: Catalog
  /** Absolute origin used for canonical URLs, without a trailing slash. */
  siteUrl: string
  lastmod: (sources: string[]) => string
}

type Entry = {
  files: { data: SiteData; lastmod: (sources: string[]) => string }
  ctx?: SiteContext
  snapshot?: DbPostsSnapshot
  version?: number
}

let local: Entry | undefined

/** The build script and the bundled pre-render hooks are two copies of this module in one
 * process: the build shares its entry through globalThis (`share`), so the data is parsed and
 * validated once per build, not once more in the hooks (keyed by data folder and site URL). A
 * dev server shares nothing, so a reloaded module still reads the data afresh. */
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('site.siteContext')] ??= new Map()) as Map<string, Entry>

export function getSiteContext({ share = false } = {}): SiteContext {
  if (!local) {
    const dataDir = process.env.DATA_DIR || undefined
    const key = `${dataDir ?? defaultDataDir}\n${process.env.SITE_URL ?? ''}`
    local = shared.get(key)
    if (!local) {
      local = { files: { data: loadData(dataDir), lastmod: lastModified(dataDir ?? defaultDataDir) } }
      if (share) shared.set(key, local)
    }
  }
  const entry = local
  const snapshot = getDbPosts()
  if (entry.ctx && entry.snapshot === snapshot && entry.version === snapshot?.version) return entry.ctx
  const { files } = entry
  const data: SiteData = { ...files.data, posts: mergePosts(files.data.posts, snapshot) }
  const catalog = buildCatalog(data, { noindexTags: noindexTagsOf(snapshot) })
  const siteUrl = (process.env.SITE_URL || data.site.url).replace(/\/+$/, '')
  const dbDates = new Map((snapshot?.posts ?? []).map((p) => [`${DATABASE_SOURCE}${p.slug}`, p.lastmod]))
  const lastmod = (sources: string[]) => {
    const own = sources.filter((s) => dbDates.has(s))
    if (!own.length) return files.lastmod(sources)
    const rest = sources.filter((s) => !dbDates.has(s))
    return [...own.map((s) => dbDates.get(s)!), ...(rest.length ? [files.lastmod(rest)] : [])].sort().at(-1)!
  }
  const ctx = { data, catalog, siteUrl, lastmod }
  Object.assign(entry, { ctx, snapshot, version: snapshot?.version })
  return ctx
}
