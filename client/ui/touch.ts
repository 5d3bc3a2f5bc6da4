// Touch helpers (spec sections 4 and 9), started once per page load by pages/client.ts:
// - the body gets the mobile-optimised class and touch-action: manipulation;
// - pull-to-refresh: a downward pull of more than 100 px that starts at the top of the page shows
//   a refresh indicator for 1.5 s, then reloads;
// - a horizontal swipe of more than 50 px fires `swipeLeft` / `swipeRight` on document, unless
//   the gesture was mostly vertical (more than 10 px up or down and more vertical than sideways);
// - a touchend within 300 ms of the previous one is cancelled, so a double tap never zooms.
// Multi-finger touches are left alone: pinch-zoom stays available (decision 020, WCAG 1.4.4).
export const PULL_THRESHOLD_PX = 100
export const REFRESH_INDICATOR_MS = 1500
export const SWIPE_THRESHOLD_PX = 50
export const VERTICAL_SCROLL_PX = 10
export const DOUBLE_TAP_MS = 300
export const MOBILE_CLASS = 'mobile-optimized'

export type SwipeDetail = { distance: number; startX: number; startY: number; endX: number; endY: number }

/** Which swipe a one-finger gesture is, if any. */
export function swipeDirection(dx: number, dy: number): 'swipeLeft' | 'swipeRight' | null {
  const mostlyVertical = Math.abs(dy) > VERTICAL_SCROLL_PX && Math.abs(dy) > Math.abs(dx)
  if (mostlyVertical || Math.abs(dx) <= SWIPE_THRESHOLD_PX) return null
  return dx > 0 ? 'swipeRight' : 'swipeLeft'
}

type Gesture = { startX: number; startY: number; x: number; y: number; fromTop: boolean }

export function startTouchHelpers() {
  document.body.classList.add(MOBILE_CLASS)
  document.body.style.touchAction = 'manipulation'

  let gesture: Gesture | null = null
  let lastTouchEnd = 0
  let refreshing = false

  const indicator = () => {
    const el = document.createElement('div')
    el.setAttribute('role', 'status')
    el.className =
      'pointer-events-none fixed inset-x-0 top-3 z-[70] mx-auto flex w-max items-center gap-2 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white shadow-lg'
    el.innerHTML =
      '<svg aria-hidden="true" viewBox="0 0 24 24" class="h-4 w-4 animate-spin" fill="none" stroke="currentColor" stroke-width="2"><path d="M21 12a9 9 0 11-3-6.7M21 4v5h-5"/></svg>'
    el.append('Refreshing…')
    document.body.append(el)
    return el
  }

  document.addEventListener(
    'touchstart',
    (event) => {
      if (event.touches.length !== 1) {
        gesture = null
        return
      }
      const t = event.touches[0]
      gesture = { startX: t.clientX, startY: t.clientY, x: t.clientX, y: t.clientY, fromTop: window.scrollY <= 0 }
    },
    { passive: true },
  )

  document.addEventListener(
    'touchmove',
    (event) => {
      if (!gesture) return
      if (event.touches.length !== 1) {
        gesture = null
        return
      }
      gesture.x = event.touches[0].clientX
      gesture.y = event.touches[0].clientY
    },
    { passive: true },
  )

  document.addEventListener(
    'touchend',
    (event) => {
      const now = Date.now()
      if (now - lastTouchEnd < DOUBLE_TAP_MS && event.cancelable) event.preventDefault()
      lastTouchEnd = now

      const g = gesture
      gesture = null
      if (!g || event.touches.length > 0) return
      // The lifted finger's last position (the final touchmove may not have been delivered).
      const end = event.changedTouches[0]
      if (end) {
        g.x = end.clientX
        g.y = end.clientY
      }
      const dx = g.x - g.startX
      const dy = g.y - g.startY

      const direction = swipeDirection(dx, dy)
      if (direction) {
        const detail: SwipeDetail = { distance: Math.abs(dx), startX: g.startX, startY: g.startY, endX: g.x, endY: g.y }
        document.dispatchEvent(new CustomEvent<SwipeDetail>(direction, { detail }))
      }

      const pageLocked = document.body.style.overflow === 'hidden'
      if (g.fromTop && window.scrollY <= 0 && dy > PULL_THRESHOLD_PX && Math.abs(dy) > Math.abs(dx) && !pageLocked && !refreshing) {
        refreshing = true
        indicator()
        window.setTimeout(() => location.reload(), REFRESH_INDICATOR_MS)
      }
    },
    { passive: false },
  )

  document.addEventListener('touchcancel', () => (gesture = null), { passive: true })
}
