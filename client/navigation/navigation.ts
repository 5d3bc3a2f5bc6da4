// Client-side navigation on top of the islands (spec section 2, decisions 002 and 021). A click on
// an internal link fetches the target page's pre-rendered HTML while 'Loading ...' shows, swaps
// <main> and the page's head tags, unmounts the islands of the old <main> and hydrates the new
// ones. Scroll goes to the top on every location change; a hash link on the same page scrolls
// smoothly to its target, a hash link to another page navigates first and scrolls 100 ms later.
// Focus moves to <main> (or the hash target) so screen readers start on the new content.
// Anything unexpected (an error page, a non-HTML answer, a new deploy) is a normal page load.
import { hydrateIslands, unmountIslands } from '../islands/hydrateIslands.ts'
import { enhanceImages } from '../ui/lazyImages.ts'
import { dispatchNavigate as notify } from './navigationEvents.ts'

export const HASH_SCROLL_DELAY_MS = 100
export const LOADING_TEXT = 'Loading ...'

/** Head elements that belong to the page, replaced on every navigation. */
const PAGE_HEAD =
  'meta[name="description"], meta[name="keywords"], meta[name="robots"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"]'

let shown: URL
let pending: AbortController | undefined
let indicator: HTMLElement | undefined

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** The URL a click on this link should open here, or null when the browser should handle it. */
export function interceptable(event: MouseEvent, anchor: HTMLAnchorElement, here: Location = location): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  if (anchor.relList.contains('external') || !anchor.getAttribute('href')) return null
  let url: URL
  try {
    url = new URL(anchor.href, here.href)
  } catch {
    return null
  }
  // Other sites, tel:, mailto: (their origin is "null"), the API, the staff area and files.
  if (url.origin !== here.origin) return null
  if (/^\/(api|admin)(\/|$)/.test(url.pathname)) return null
  if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return null
  return url
}

const samePage = (url: URL) => url.pathname === shown.pathname && url.search === shown.search

function focusWithoutScroll(el: HTMLElement) {
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.setAttribute('tabindex', '-1')
  el.focus({ preventScroll: true })
}

function scrollToHash(hash: string, { focus }: { focus: boolean }): boolean {
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // Not percent-encoded: use as written.
  }
  const target = id ? (document.getElementById(id) ?? document.getElementsByName(id)[0]) : null
  if (!target) return false
  target.scrollIntoView({ behavior: reducedMotion() ? 'instant' : 'smooth', block: 'start' })
  if (focus) focusWithoutScroll(target)
  return true
}

function setLoading(on: boolean) {
  if (!indicator) return
  indicator.textContent = on ? LOADING_TEXT : ''
  indicator.classList.toggle('opacity-0', !on)
  document.getElementById('main')?.toggleAttribute('aria-busy', on)
}

const entryScript = (doc: Document) => doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? ''

/** Checks the fetched page can be shown here and returns its <main>. */
function mainOf(doc: Document): HTMLElement {
  const next = doc.getElementById('main')
  if (!next || !document.getElementById('main')) throw new Error('The page has no <main id="main">')
  if (entryScript(doc) !== entryScript(document)) throw new Error('The site was deployed again since this page loaded')
  // Inside the parsed page <noscript> holds real elements; adopted into this page its images
  // would load at once.
  for (const el of next.querySelectorAll('noscript')) el.remove()
  return next
}

function swap(doc: Document, next: HTMLElement) {
  const main = document.getElementById('main')!
  unmountIslands(main)
  main.className = next.className
  main.replaceChildren(...[...next.childNodes].map((node) => document.adoptNode(node)))
  document.title = doc.title
  for (const el of document.head.querySelectorAll(PAGE_HEAD)) el.remove()
  for (const el of doc.head.querySelectorAll(PAGE_HEAD)) document.head.append(document.importNode(el, true))
  hydrateIslands(main)
  enhanceImages(main)
}

async function navigate(url: URL, kind: 'push' | 'pop') {
  pending?.abort()
  const controller = new AbortController()
  pending = controller
  setLoading(true)
  try {
    const response = await fetch(url.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin', signal: controller.signal })
    const type = response.headers.get('content-type') ?? ''
    // A 404 is a page like any other here (the fallback page); other errors get a real load.
    if ((!response.ok && response.status !== 404) || !type.includes('text/html')) throw new Error(`${response.status} ${type}`)
    const html = await response.text()
    if (controller.signal.aborted) return
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const next = mainOf(doc)
    const target = new URL(response.redirected && response.url ? response.url : url.href)
    target.hash = url.hash
    if (kind === 'push') {
      if (target.href === location.href) history.replaceState(history.state, '', target.href)
      else history.pushState(null, '', target.href)
    } else if (target.href !== location.href) history.replaceState(history.state, '', target.href)
    shown = target
    swap(doc, next)
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    focusWithoutScroll(document.getElementById('main')!)
    // Unless another navigation happened meanwhile.
    if (url.hash) window.setTimeout(() => shown === target && scrollToHash(url.hash, { focus: true }), HASH_SCROLL_DELAY_MS)
    notify(kind)
  } catch (error) {
    if (controller.signal.aborted) return
    console.debug('Client-side navigation failed; loading the page normally.', error)
    if (kind === 'push') location.assign(url.href)
    else location.reload()
  } finally {
    if (pending === controller) {
      pending = undefined
      setLoading(false)
    }
  }
}

function onClick(event: MouseEvent) {
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(anchor instanceof HTMLAnchorElement)) return
  const url = interceptable(event, anchor)
  if (!url) return
  event.preventDefault()
  if (samePage(url) && url.hash) {
    pending?.abort()
    if (url.href !== location.href) history.pushState(null, '', url.href)
    scrollToHash(url.hash, { focus: true })
    notify('hash')
    return
  }
  void navigate(url, 'push')
}

function onPopState() {
  const url = new URL(location.href)
  if (samePage(url)) {
    if (!url.hash || !scrollToHash(url.hash, { focus: false })) window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    notify('hash')
    return
  }
  void navigate(url, 'pop')
}

export function startNavigation() {
  if (!('DOMParser' in window) || !document.getElementById('main')) return
  shown = new URL(location.href)
  // The spec resets scroll on every location change, including back and forward.
  history.scrollRestoration = 'manual'
  indicator = document.createElement('div')
  indicator.setAttribute('role', 'status')
  indicator.setAttribute('aria-live', 'polite')
  indicator.className =
    'pointer-events-none fixed left-1/2 top-3 z-[70] -translate-x-1/2 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white shadow-lg transition-opacity opacity-0'
  document.body.append(indicator)
  document.addEventListener('click', onClick)
  window.addEventListener('popstate', onPopState)
}
