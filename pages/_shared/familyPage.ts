// Vike glue shared by the page families: each family folder routes the catalog URLs of its
// family (aliases included) and lists them for pre-rendering.
import type { CatalogEntry, Family } from '../../data/catalog.ts'
import { getRenderOnly } from '../../data/dbPosts.ts'
import { getSiteContext } from './siteContext.ts'

type RouteContext = { urlOriginal: string; urlPathname: string }
type Match = (entry: CatalogEntry) => boolean

// vike calls every page's route function for every URL it routes, and `urlPathname` is a getter
// that parses the URL on each read (about 9% of the pre-render's CPU, decision 164). A catalog URL
// is a plain path (no base, query, hash or escapes), so when the original URL is one it is its
// own pathname; any other URL (a query string in dev, a typo) is looked up by its pathname.
const route = (match: Match) => (pageContext: RouteContext) => {
  const { byUrl } = getSiteContext().catalog
  const entry = byUrl.get(pageContext.urlOriginal) ?? byUrl.get(pageContext.urlPathname)
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
