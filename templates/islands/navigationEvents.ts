// The event client-side navigation (./navigation.ts) fires on window after every location change
// it handles, once the new page is in place: analytics count a page view, islands outside <main>
// (which live on across navigations) reset what is per page.
export const NAVIGATE_EVENT = 'pl:navigate'

export type NavigateDetail = { url: string; title: string; kind: 'push' | 'pop' | 'hash' }

export function onNavigate(listener: (detail: NavigateDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<NavigateDetail>).detail)
  window.addEventListener(NAVIGATE_EVENT, handler)
  return () => window.removeEventListener(NAVIGATE_EVENT, handler)
}
