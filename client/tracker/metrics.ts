// The tracker's numbers (spec section 9), kept pure so unit tests can check exact values.
export const SCROLL_MILESTONES = [25, 50, 75, 90, 100] as const
export const TIME_MILESTONES = [30, 60, 120, 300] as const
/** Time milestones are checked, and the event queue flushed, every 5 s. */
export const TICK_MS = 5000
/** A batch is sent as soon as it holds this many events. */
export const BATCH_SIZE = 20
/** EventBatchSchema accepts at most 50 events per request. */
export const MAX_BATCH = 50
export const ENGAGEMENT_THRESHOLD = 50

/**
 * Spec section 9: up to 5 minutes × 20, plus the deepest scroll percent × 0.3, plus up to 10
 * events × 5. Sent only when above 50.
 */
export function engagementScore({ ms, maxScroll, events }: { ms: number; maxScroll: number; events: number }): number {
  const score = Math.min(ms / 60_000, 5) * 20 + maxScroll * 0.3 + Math.min(events, 10) * 5
  return Math.round(score * 100) / 100
}

/** How far down the page the bottom of the viewport is, 0-100; a page that fits the window is 100. */
export function scrollPercent(scrollTop: number, viewportHeight: number, documentHeight: number): number {
  const scrollable = documentHeight - viewportHeight
  if (scrollable <= 0) return 100
  return Math.max(0, Math.min(100, Math.round((scrollTop / scrollable) * 100)))
}

/** The milestones reached by `value` that were not sent yet, in order. */
export function dueMilestones(milestones: readonly number[], value: number, sent: ReadonlySet<number>): number[] {
  return milestones.filter((m) => value >= m && !sent.has(m))
}
