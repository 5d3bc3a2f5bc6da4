// Loads the data and the URL catalog once per build process. Server-only: pages reach it from
// their data, route and pre-render hooks, never from a +Page (that would ship the data to the browser).
// Published database posts (data/dbPosts.ts) are merged in; when their snapshot changes (the
// server's incremental publisher), the catalog is rebuilt from the same file data.
import { buildCatalog, DATABASE_SOURCE, type Catalog } from '../../data/catalog.ts'
import { getDbPosts, mergePosts, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { defaultDataDir, loadData, type SiteData } from '../../data/loadData.ts'
import { lastModified } from './lastModified.ts'

export type SiteContext = {
  data: SiteData
  catalog: Catalog
  /** Absolute origin used for canonical URLs, without a trailing slash. */
  siteUrl: string
  lastmod: (sources: string[]) => string
}

let files: { data: SiteData; lastmod: (sources: string[]) => string } | undefined
let cached: { ctx: SiteContext; snapshot: DbPostsSnapshot | undefined; version: number | undefined } | undefined

export function getSiteContext(): SiteContext {
  const snapshot = getDbPosts()
  if (cached && cached.snapshot === snapshot && cached.version === snapshot?.version) return cached.ctx
  if (!files) {
    const dataDir = process.env.DATA_DIR || undefined
    files = { data: loadData(dataDir), lastmod: lastModified(dataDir ?? defaultDataDir) }
  }
  const data: SiteData = { ...files.data, posts: mergePosts(files.data.posts, snapshot) }
  const catalog = buildCatalog(data)
  const siteUrl = (process.env.SITE_URL || data.site.url).replace(/\/+$/, '')
  const dbDates = new Map((snapshot?.posts ?? []).map((p) => [`${DATABASE_SOURCE}${p.slug}`, p.lastmod]))
  const fileLastmod = files.lastmod
  const lastmod = (sources: string[]) => {
    const own = sources.filter((s) => dbDates.has(s))
    if (!own.length) return fileLastmod(sources)
    const rest = sources.filter((s) => !dbDates.has(s))
    return [...own.map((s) => dbDates.get(s)!), ...(rest.length ? [fileLastmod(rest)] : [])].sort().at(-1)!
  }
  const ctx = { data, catalog, siteUrl, lastmod }
  cached = { ctx, snapshot, version: snapshot?.version }
  return ctx
}
