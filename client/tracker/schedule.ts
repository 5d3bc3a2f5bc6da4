// The only tracker code in the initial bundle: it notes where the visit landed, then loads the
// analytics tracker and the visitor tracker once the browser is idle (spec section 4: timeouts
// 2000 ms and 3000 ms, or 100 ms and 200 ms later where requestIdleCallback does not exist).
// Start-up failures are logged at debug level only (spec section 8).

/** Where this page load began; read by the visitor tracker and by getAttribution(). */
export type Landing = { href: string; referrer: string }

let landing: Landing | undefined

/** The landing of this page load (taken when the page started, before any client-side navigation). */
export function getLanding(): Landing {
  landing ??= { href: location.href, referrer: document.referrer }
  return landing
}

export const ANALYTICS_IDLE = { timeout: 2000, fallback: 100 }
export const VISITOR_IDLE = { timeout: 3000, fallback: 200 }

export function whenIdle(run: () => void, { timeout, fallback }: { timeout: number; fallback: number }) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout })
  else setTimeout(run, fallback)
}

export function scheduleTrackers() {
  getLanding()
  whenIdle(() => {
    import('./analytics.ts').then((m) => m.startAnalytics()).catch((error: unknown) => console.debug('Analytics did not start:', error))
  }, ANALYTICS_IDLE)
  whenIdle(() => {
    import('./visitor.ts').then((m) => m.startVisitorTracking(getLanding())).catch((error: unknown) => console.debug('Visitor tracking did not start:', error))
  }, VISITOR_IDLE)
}
