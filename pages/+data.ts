// Runs at pre-render time for every page: the page's props, breadcrumbs and head.
import type { PageContextServer } from 'vike/types'
import { getPageData } from './_shared/getPageData.ts'

export default function data(pageContext: PageContextServer) {
  return getPageData(pageContext.urlPathname)
}
