// Serving the built site as it would be built with other data/site.yaml feature flags: the page
// is fetched from the real server and the layout's flag-dependent part (SiteAddons, the same
// component the build renders) is swapped for its rendering with the given flags. The rest of the
// page, its scripts and the API stay the real ones. See docs/decisions/033-mobile-lead-form.md.
import type { Page } from '@playwright/test'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { chromeOf } from '../../../pages/_shared/chrome.ts'
import { getSiteContext } from '../../../pages/_shared/siteContext.ts'
import { SiteAddons } from '../../../templates/layout/SiteAddons.tsx'
import type { Chrome } from '../../../templates/types.ts'

const addonsHtml = (features: Partial<Chrome['features']>) => {
  const chrome = chromeOf(getSiteContext())
  return renderToStaticMarkup(createElement(SiteAddons, { chrome: { ...chrome, features: { ...chrome.features, ...features } } }))
}

/** Serves `path` as built with `features` overriding data/site.yaml. */
export async function serveWithFeatures(page: Page, path: string, features: Partial<Chrome['features']>) {
  const built = addonsHtml({})
  const wanted = addonsHtml(features)
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      if (!html.includes(built)) throw new Error(`The built ${path} does not contain the layout's add-ons as rendered now; rebuild the site.`)
      await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body: html.replace(built, wanted) })
    },
  )
}
