// Vike glue shared by the page families: each family folder routes the catalog URLs of its
// family (aliases included) and lists them for pre-rendering.
import type { CatalogEntry, Family } from '../../data/catalog.ts'
import { getRenderOnly } from '../../data/dbPosts.ts'
import { getSiteContext } from './siteContext.ts'

type RouteContext = { urlPathname: string }
type Match = (entry: CatalogEntry) => boolean

const route = (match: Match) => (pageContext: RouteContext) => {
  const entry = getSiteContext().catalog.byUrl.get(pageContext.urlPathname)
  return entry !== undefined && match(entry)
}
// The incremental publisher (server/posts/publisher.ts) renders only the URLs it names.
const prerender = (match: Match) => () => {
  const only = getRenderOnly()
  return getSiteContext()
    .catalog.entries.filter((e) => match(e) && (!only || only.has(e.url)))
    .map((e) => e.url)
}

const ofFamily =
  (family: Family): Match =>
  (e) =>
    e.family === family
/** A page of pages.yaml: its own URL and its aliases. */
const ofStaticPage =
  (path: string): Match =>
  (e) =>
    e.family === 'static' && e.canonical === path

export const routeFamily = (family: Family) => route(ofFamily(family))
export const prerenderFamily = (family: Family) => prerender(ofFamily(family))
export const routeStaticPage = (path: string) => route(ofStaticPage(path))
export const prerenderStaticPage = (path: string) => prerender(ofStaticPage(path))
