// Tooltips (spec section 9): a pointer opens one after 700 ms, or at once when another tooltip
// closed less than 300 ms ago (the skip delay); keyboard focus opens it at once, Escape and blur
// close it, a tap toggles it. The text stays in the DOM (hidden when closed) and describes the
// trigger through aria-describedby, so screen readers get it without opening anything.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useIslandId } from './islandIds.ts'

export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** When the last tooltip closed, shared by every tooltip on the page for the skip delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY

/** `idKey` names the tooltip's text element within its island (unique per tooltip of the island). */
export function Tooltip({ content, label, idKey, className = '' }: { content: ReactNode; label: string; idKey: string; className?: string }) {
  const id = useIslandId(idKey)
  const [open, setOpen] = useState(false)
  const [shift, setShift] = useState(0)
  const timer = useRef<number | undefined>(undefined)
  const bubble = useRef<HTMLSpanElement>(null)

  function show(now: boolean) {
    window.clearTimeout(timer.current)
    if (now || Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true)
    else timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS)
  }
  function hide() {
    window.clearTimeout(timer.current)
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now()
      return false
    })
  }

  // Listening from the commit that opened it (a layout effect), not after the next paint: an
  // Escape pressed right after a tooltip opened on focus was lost while the passive effect that
  // adds the listener still waited for a frame (the browser test caught it once in ~30 runs).
  useLayoutEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  useEffect(() => () => window.clearTimeout(timer.current), [])

  // Keep the bubble inside the viewport on narrow screens.
  useLayoutEffect(() => {
    if (!open || !bubble.current) return setShift(0)
    const rect = bubble.current.getBoundingClientRect()
    const margin = 8
    if (rect.left < margin) setShift(margin - rect.left)
    else if (rect.right > window.innerWidth - margin) setShift(window.innerWidth - margin - rect.right)
  }, [open])

  return (
    <span className={`relative inline-flex align-middle ${className}`}>
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        onPointerEnter={(e) => e.pointerType === 'mouse' && show(false)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && hide()}
        onFocus={(e) => e.currentTarget.matches(':focus-visible') && show(true)}
        onBlur={hide}
        onClick={() => (open ? hide() : show(true))}
        className="inline-flex h-6 w-6 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 100-16 8 8 0 000 16zm-.75-11.5a1 1 0 112 0 1 1 0 01-2 0zM9 9.25A.75.75 0 019.75 8.5h.5a.75.75 0 01.75.75V13h.25a.75.75 0 010 1.5h-2a.75.75 0 010-1.5H10V10h-.25A.75.75 0 019 9.25z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      <span
        ref={bubble}
        id={id}
        role="tooltip"
        hidden={!open}
        style={shift ? { marginLeft: shift } : undefined}
        className="absolute bottom-full left-1/2 z-50 mb-2 w-64 -translate-x-1/2 rounded-md bg-ink px-3 py-2 text-left text-xs font-normal leading-5 text-white shadow-lg"
      >
        {content}
      </span>
    </span>
  )
}
