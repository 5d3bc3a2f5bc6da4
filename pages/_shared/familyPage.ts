// Vike glue shared by the page families: each family folder routes the catalog URLs of its
// family and lists them for pre-rendering. The page data itself comes from pages/+data.ts.
import type { Family } from '../../data/catalog.ts'
import { getSiteContext } from './siteContext.ts'

type RouteContext = { urlPathname: string }

export function routeFamily(family: Family) {
  return (pageContext: RouteContext) => getSiteContext().catalog.byUrl.get(pageContext.urlPathname)?.family === family
}

export function prerenderFamily(family: Family) {
  return () => getSiteContext().catalog.entries.filter((e) => e.family === family).map((e) => e.url)
}
