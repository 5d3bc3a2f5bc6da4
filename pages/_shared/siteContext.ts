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

export function getSiteContext(): SiteContext {
  if (!cached) {
    const dataDir = process.env.DATA_DIR || undefined
    const data = loadData(dataDir)
    const catalog = buildCatalog(data)
    const siteUrl = (process.env.SITE_URL || data.site.url).replace(/\/+$/, '')
    cached = { data, catalog, siteUrl, lastmod: lastModified(dataDir ?? defaultDataDir) }
  }
  return cached
}
