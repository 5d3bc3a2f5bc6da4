// The event client-side navigation (./navigation.ts) fires on document (bubbling to window) after
// every location change it handles, once the new page is in place: analytics count a page view,
// islands outside <main> (which live on across navigations) reset what is per page.
export const NAVIGATE_EVENT = 'pl:navigate'

export type NavigateDetail = {
  url: string
  /** Path and query, without the hash. */
  path: string
  title: string
  /** push: a link, pop: back/forward, hash: a hash change on the same page. */
  kind: 'push' | 'pop' | 'hash'
}

export function dispatchNavigate(kind: NavigateDetail['kind']) {
  const detail: NavigateDetail = { url: location.href, path: location.pathname + location.search, title: document.title, kind }
  document.dispatchEvent(new CustomEvent<NavigateDetail>(NAVIGATE_EVENT, { detail, bubbles: true }))
}

export function onNavigate(listener: (detail: NavigateDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<NavigateDetail>).detail)
  document.addEventListener(NAVIGATE_EVENT, handler)
  return () => document.removeEventListener(NAVIGATE_EVENT, handler)
}
