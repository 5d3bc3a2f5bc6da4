// Google Analytics 4, only when data/site.yaml sets features.ga4MeasurementId (empty by default,
// so by default nothing is loaded from outside the site). The standard gtag snippet: a dataLayer
// queue that gtag.js reads once it has loaded.
declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export type Gtag = (...args: unknown[]) => void

export const GA4_ID = /^G-[A-Z0-9]+$/

/** The measurement id rendered by the layout (templates/layout/SiteAddons.tsx), or ''. */
export function readMeasurementId(): string {
  const id = document.getElementById('pl-analytics')?.dataset.ga4 ?? ''
  return GA4_ID.test(id) ? id : ''
}

export function loadGa4(id: string): Gtag {
  const dataLayer = (window.dataLayer ??= [])
  // gtag.js only understands Arguments objects in the queue, not arrays.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments)
  }
  gtag('js', new Date())
  // Page views are sent by the tracker on each route change, not by gtag.js on load.
  gtag('config', id, { send_page_view: false })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
  script.onerror = () => console.debug('GA4 did not load:', script.src)
  document.head.append(script)
  return gtag
}
