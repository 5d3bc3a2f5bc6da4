// The 404 page has no catalog entry, so it gets the chrome from the site data directly.
import type { Chrome } from '../../templates/types.ts'
import { chromeOf } from './getPageData.ts'
import { getSiteContext } from './siteContext.ts'

export const notFoundChrome = (): Chrome => chromeOf(getSiteContext())
