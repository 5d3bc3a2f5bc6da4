// Loads the data and the URL catalog once per build process. Server-only: pages reach it from
// their data, route and pre-render hooks, never from a +Page (that would ship the data to the browser).
import { buildCatalog, type Catalog } from '../../data/catalog.ts'
import { defaultDataDir, loadData, type SiteData } from '../../data/loadData.ts'
import { lastModified } from './lastModified.ts'

export type SiteContext = {
  data: SiteData
  catalog: Catalog
  /** Absolute origin used for canonical URLs, without a trailing slash. */
  siteUrl: string
  lastmod: (sources: string[]) => string
}

let cached: SiteContext | undefined

/** The build script and the bundled pre-render hooks are two copies of this module in one
 * process: the build shares its context through globalThis (`share`), so the data is parsed and
 * validated once per build, not once more in the hooks (keyed by data folder and site URL). A
 * dev server shares nothing, so a reloaded module still reads the data afresh. */
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('site.siteContext')] ??= new Map()) as Map<string, SiteContext>

export function getSiteContext({ share = false } = {}): SiteContext {
  if (!cached) {
    const dataDir = process.env.DATA_DIR || undefined
    const key = `${dataDir ?? defaultDataDir}\n${process.env.SITE_URL ?? ''}`
    cached = shared.get(key)
    if (!cached) {
      const data = loadData(dataDir)
      const catalog = buildCatalog(data)
      const siteUrl = (process.env.SITE_URL || data.site.url).replace(/\/+$/, '')
      cached = { data, catalog, siteUrl, lastmod: lastModified(dataDir ?? defaultDataDir) }
      if (share) shared.set(key, cached)
    }
  }
  return cached
}
