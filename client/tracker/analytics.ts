// The analytics tracker, loaded after idle (2000 ms) by schedule.ts, never part of the initial
// bundle. It records (spec section 7): a page view on load and on each route change; scroll depth
// at 25/50/75/90/100 %; time on page at 30/60/120/300 s (checked every 5 s); timings (load,
// DOMContentLoaded, first byte, largest contentful paint); and an engagement score when the page
// is hidden or left, sent only above 50. Events are batched and sent to /api/events with
// navigator.sendBeacon as text/plain JSON ({ events }, shared/contract.ts EventBatchSchema). Nothing
// is loaded from or sent to another site: GA4 forwarding, when switched on, is done by the server
// (server/analytics/ga4.ts, the Measurement Protocol through the job runner).
import type { z } from 'zod'
import type { AnalyticsEventSchema } from '../../shared/contract.ts'
import { getSessionId, getVisitorId, hadVisitorId } from './ids.ts'
import { observeVitals } from './vitals.ts'
import {
  BATCH_SIZE,
  dueMilestones,
  engagementScore,
  ENGAGEMENT_THRESHOLD,
  MAX_BATCH,
  SCROLL_MILESTONES,
  scrollPercent,
  TICK_MS,
  TIME_MILESTONES,
} from './metrics.ts'

export const EVENTS_ENDPOINT = '/api/events'
export const POPSTATE_FALLBACK_MS = 1000

/** One event as sent (optional fields may be left out); types only, zod stays out of this chunk. */
type AnalyticsEvent = z.input<typeof AnalyticsEventSchema>

type EventFields = Pick<AnalyticsEvent, 'value' | 'name' | 'referrer' | 'props'>
type Page = {
  path: string
  referrer: string
  /** performance.now() when the page was shown: 0 for the loaded page (navigation start). */
  start: number
  maxScroll: number
  /** Events of this page view counted by the engagement score (all but timings and engagement). */
  events: number
  scrollSent: Set<number>
  timeSent: Set<number>
  engagementSent: boolean
}

let started = false

const currentPath = () => location.pathname + location.search
const clip = (value: string, max: number) => value.slice(0, max)

function send(events: AnalyticsEvent[]) {
  const body = JSON.stringify({ events })
  // sendBeacon survives the page being closed and sends text/plain, which needs no CORS preflight.
  const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_ENDPOINT, body)
  if (!queued) {
    fetch(EVENTS_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'text/plain' } }).catch(
      (error: unknown) => console.debug('Analytics events were not sent:', error),
    )
  }
}

/** Global Privacy Control or Do Not Track: the tracker does not start (the server would drop it too). */
export function privacyOptOut(nav: Navigator & { globalPrivacyControl?: boolean } = navigator): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1'
}

/** A form's name in events: its aria-label, id or name, else "form". */
export const formName = (form: HTMLFormElement) => clip(form.getAttribute('aria-label') || form.id || form.getAttribute('name') || 'form', 120)

export function startAnalytics() {
  if (started || privacyOptOut()) return
  started = true
  const returning = hadVisitorId()
  const visitorId = getVisitorId()
  const sessionId = getSessionId()
  const queue: AnalyticsEvent[] = []

  const newPage = (path: string, referrer: string, start: number): Page => ({
    path,
    referrer,
    start,
    maxScroll: 0,
    events: 0,
    scrollSent: new Set(),
    timeSent: new Set(),
    engagementSent: false,
  })
  let page = newPage(currentPath(), document.referrer, 0)

  function flush() {
    while (queue.length) send(queue.splice(0, MAX_BATCH))
  }

  function track(type: AnalyticsEvent['type'], fields: EventFields = {}) {
    const event: AnalyticsEvent = { type, path: clip(page.path, 2048), visitorId, sessionId, at: Date.now(), ...fields }
    queue.push(event)
    // The spec's engagement events: page view, milestones, clicks, submits (not timings, the
    // score itself, or the form views and starts added by issue 13).
    if (!['timing', 'engagement', 'form_view', 'form_start', 'web_vital'].includes(type)) page.events++
    if (queue.length >= BATCH_SIZE) flush()
  }

  // A 404 page view says so (props.status), for the 404 log of a CDN deployment (issue 10).
  const pageView = () =>
    track('page_view', {
      name: clip(document.title, 120),
      referrer: clip(page.referrer, 2048),
      ...(document.querySelector('[data-page-status="404"]')
        ? { props: { status: 404, ...(returning ? { returning } : {}) } }
        : returning
          ? { props: { returning } }
          : {}),
    })

  function onScroll() {
    const percent = scrollPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)
    page.maxScroll = Math.max(page.maxScroll, percent)
    for (const m of dueMilestones(SCROLL_MILESTONES, percent, page.scrollSent)) {
      page.scrollSent.add(m)
      track('scroll_depth', { value: m, name: `${m}%` })
    }
  }

  function checkTime() {
    const seconds = (performance.now() - page.start) / 1000
    for (const m of dueMilestones(TIME_MILESTONES, seconds, page.timeSent)) {
      page.timeSent.add(m)
      track('time_on_page', { value: m, name: `${m}s` })
    }
  }

  function sendEngagement() {
    const ms = performance.now() - page.start
    const score = engagementScore({ ms, maxScroll: page.maxScroll, events: page.events })
    // At most once per page view: the first time the page is hidden or left with a score above 50.
    if (page.engagementSent || score <= ENGAGEMENT_THRESHOLD) return
    page.engagementSent = true
    track('engagement', { value: score, props: { seconds: Math.round(ms / 1000), maxScroll: page.maxScroll, events: page.events } })
  }

  // Largest contentful paint: the last candidate before the first input, the page being hidden
  // or a route change, when it is final.
  let lcp = 0
  let lcpSent = false
  const lcpPath = page.path
  try {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1)
      if (last) lcp = last.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  } catch {
    // Browsers without LCP support report the other timings only.
  }
  function reportLcp() {
    if (lcpSent || lcp <= 0) return
    lcpSent = true
    queue.push({ type: 'timing', path: lcpPath, visitorId, sessionId, at: Date.now(), name: 'lcp', value: Math.round(lcp) })
  }
  for (const type of ['keydown', 'pointerdown'] as const) addEventListener(type, reportLcp, { once: true, capture: true, passive: true })

  function sendTimings() {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (!nav) return
    const timings: [string, number][] = [
      ['load', nav.loadEventEnd],
      ['dom_content_loaded', nav.domContentLoadedEventEnd],
      ['ttfb', nav.responseStart],
    ]
    for (const [name, value] of timings) if (value > 0) track('timing', { name, value: Math.round(value) })
  }

  // Web vitals of the page load: LCP, INP, CLS, TTFB, once, when the page is first hidden or left.
  const vitalsPath = page.path
  const reportVitals = observeVitals((name, value) => {
    queue.push({ type: 'web_vital', path: vitalsPath, visitorId, sessionId, at: Date.now(), name, value })
  })

  // Forms: a view when one is half on screen, a start at the first focus or input, a submit.
  const formsSeen = new Set<string>()
  const formsStarted = new Set<string>()
  const formObserver =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue
              const name = formName(entry.target as HTMLFormElement)
              formObserver?.unobserve(entry.target)
              if (formsSeen.has(name)) continue
              formsSeen.add(name)
              track('form_view', { name })
            }
          },
          { threshold: 0.5 },
        )
      : undefined
  const watchForms = () => document.querySelectorAll('form').forEach((form) => formObserver?.observe(form))
  function onFormStart(event: Event) {
    const form = (event.target as Element | null)?.closest?.('form')
    if (!form) return
    const name = formName(form)
    if (formsStarted.has(name)) return
    formsStarted.add(name)
    track('form_start', { name })
  }

  function onRoute(path: string) {
    if (path === page.path) return
    formsSeen.clear()
    formsStarted.clear()
    setTimeout(watchForms, 0)
    reportLcp()
    sendEngagement()
    page = newPage(path, location.origin + page.path, performance.now())
    pageView()
  }

  function onLeave() {
    reportVitals()
    reportLcp()
    sendEngagement()
    flush()
  }

  function onClick(event: MouseEvent) {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    if (!link) return
    if (link.protocol === 'tel:') track('click', { name: 'call', props: { href: clip(link.href, 512) } })
    else if (/^https?:$/.test(link.protocol) && link.origin !== location.origin) track('click', { name: 'outbound', props: { host: clip(link.hostname, 253) } })
    else if (link.origin === location.origin && ['/free-quote', '/quote', '/get-quote'].includes(link.pathname))
      track('click', { name: 'quote', props: { href: link.pathname } })
  }

  function onSubmit(event: SubmitEvent) {
    const form = event.target as HTMLFormElement
    track('form_submit', { name: formName(form) })
  }

  pageView()
  if (document.readyState === 'complete') sendTimings()
  else addEventListener('load', () => setTimeout(sendTimings, 0), { once: true })
  if (window.scrollY > 0) onScroll()

  addEventListener('scroll', onScroll, { passive: true })
  // Client-side navigation (client/navigation/navigation.ts) fires pl:navigate once the new page
  // is in place. Back/forward also fire popstate first; if no pl:navigate follows within a second
  // (navigation not running, or slow), the popstate counts the page view instead. A path already
  // counted is never counted twice, and hash changes are not page views.
  document.addEventListener('pl:navigate', (event) => {
    const detail = (event as CustomEvent<{ path?: unknown }>).detail
    const path = typeof detail?.path === 'string' && detail.path.startsWith('/') ? detail.path.split('#')[0] : currentPath()
    onRoute(path)
  })
  addEventListener('popstate', () => {
    const path = currentPath()
    setTimeout(() => path === currentPath() && onRoute(path), POPSTATE_FALLBACK_MS)
  })
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && onLeave())
  addEventListener('pagehide', onLeave)
  document.addEventListener('click', onClick, { capture: true, passive: true })
  document.addEventListener('submit', onSubmit, { capture: true, passive: true })
  document.addEventListener('focusin', onFormStart, { capture: true, passive: true })
  document.addEventListener('input', onFormStart, { capture: true, passive: true })
  watchForms()
  setInterval(() => {
    checkTime()
    flush()
  }, TICK_MS)
  // Lets tests (and anyone debugging) see that the deferred tracker is running.
  document.documentElement.dataset.analytics = 'on'
}
