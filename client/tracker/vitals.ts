// Core Web Vitals measured first-party (no library, no CDN): LCP, INP, CLS and TTFB of the page
// load, each reported once as a `web_vital` event when the page is first hidden or left (issue 13,
// docs/decisions/121-tracker-additions.md). The arithmetic is pure and unit-tested; the observers
// follow the definitions web.dev gives (and the web-vitals library implements):
// - LCP: the last largest-contentful-paint entry before the first input or hide;
// - CLS: the largest "session window" of layout shifts without recent input (shifts < 1 s apart,
//   window ≤ 5 s);
// - INP: the longest interaction (event-timing entries grouped by interactionId), ignoring one
//   per 50 interactions, as the p98 approximation does;
// - TTFB: responseStart of the navigation entry.

export type Shift = { value: number; startTime: number; hadRecentInput: boolean }

/** CLS: the largest sum of shifts in a session window (gap < 1 s, window ≤ 5 s). */
export function clsOf(shifts: readonly Shift[]): number {
  let best = 0
  let current = 0
  let first = 0
  let last = 0
  for (const s of shifts) {
    if (s.hadRecentInput) continue
    if (current && s.startTime - last < 1000 && s.startTime - first < 5000) current += s.value
    else {
      current = s.value
      first = s.startTime
    }
    last = s.startTime
    best = Math.max(best, current)
  }
  return Math.round(best * 10_000) / 10_000
}

/** INP from each interaction's longest duration: the worst, skipping one per 50 interactions. */
export function inpOf(durations: readonly number[]): number {
  if (!durations.length) return 0
  const sorted = [...durations].sort((a, b) => b - a)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length / 50))])
}

type Report = (name: 'LCP' | 'INP' | 'CLS' | 'TTFB', value: number) => void

/** Starts the observers; answers the function that reports (once) what was measured. */
export function observeVitals(report: Report): () => void {
  let lcp = 0
  let lcpFinal = false
  const shifts: Shift[] = []
  const interactions = new Map<number, number>()
  const observe = (type: string, onEntries: (list: PerformanceEntryList) => void, extra: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((l) => onEntries(l.getEntries())).observe({ type, buffered: true, ...extra } as PerformanceObserverInit)
    } catch {
      // Not supported by this browser (Safari has no layout-shift or event timing): not reported.
    }
  }
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1)
    if (last && !lcpFinal) lcp = last.startTime
  })
  observe('layout-shift', (entries) => {
    for (const e of entries as unknown as Shift[]) shifts.push({ value: e.value, startTime: e.startTime, hadRecentInput: e.hadRecentInput })
  })
  observe(
    'event',
    (entries) => {
      for (const e of entries as unknown as { interactionId?: number; duration: number }[])
        if (e.interactionId) interactions.set(e.interactionId, Math.max(interactions.get(e.interactionId) ?? 0, e.duration))
    },
    { durationThreshold: 16 },
  )
  for (const type of ['keydown', 'pointerdown'] as const) addEventListener(type, () => (lcpFinal = true), { once: true, capture: true, passive: true })
  let reported = false
  return () => {
    if (reported) return
    reported = true
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (nav && nav.responseStart > 0) report('TTFB', Math.round(nav.responseStart))
    if (lcp > 0) report('LCP', Math.round(lcp))
    if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) report('CLS', clsOf(shifts))
    if (interactions.size) report('INP', inpOf([...interactions.values()]))
  }
}
