// Runs at pre-render time for every page: the page's props, breadcrumbs and head. The error
// page (404.html) has no catalog entry and no data.
import type { PageContextServer } from 'vike/types'
import { getPageData } from './_shared/getPageData.ts'
import { getSiteContext } from './_shared/siteContext.ts'

export default function data(pageContext: PageContextServer) {
  return getSiteContext().catalog.byUrl.has(pageContext.urlPathname) ? getPageData(pageContext.urlPathname) : undefined
}
