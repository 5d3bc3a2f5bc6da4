// 'Results We Deliver' (spec section 2): the six result cards in a row that advances by one card
// every 3000 ms and wraps to the start. The visible Pause button stops it; it also waits while
// the pointer is over it or focus is inside, and does not move at all when reduced motion is
// preferred. The row is a focusable scroll area, so keyboard users scroll it with the arrow keys
// and Tab leaves it like any other control: there is nothing to get trapped in.
import { useEffect, useRef, useState } from 'react'
import { useReducedMotion } from '../ui/useReducedMotion.ts'
import { useIslandId } from './islandIds.ts'

export const CAROUSEL_INTERVAL_MS = 3000

export type ResultsCarouselProps = { label: string; items: { value: string; label: string; detail: string }[] }

export function ResultsCarousel({ label, items }: ResultsCarouselProps) {
  const id = useIslandId('results')
  const track = useRef<HTMLDivElement>(null)
  const [stopped, setStopped] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reduced = useReducedMotion()
  const running = !stopped && !hovered && !focused && !reduced

  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => {
      const el = track.current
      const card = el?.querySelector('li')
      if (!el || !card) return
      const step = card.getBoundingClientRect().width + parseFloat(getComputedStyle(el.firstElementChild!).columnGap || '0')
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2
      el.scrollTo({ left: atEnd ? 0 : el.scrollLeft + step, behavior: 'smooth' })
    }, CAROUSEL_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [running])

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={`${id}-heading`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => e.currentTarget.contains(e.relatedTarget as Node | null) || setFocused(false)}
    >
      <div className="flex items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-ink">
          {label}
        </h2>
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? 'Play results carousel' : 'Pause results carousel'}
          className={`inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${reduced ? 'invisible' : ''}`}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="currentColor">
            {stopped ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M4 2h3v12H4zM9 2h3v12H9z" />}
          </svg>
          {stopped ? 'Play' : 'Pause'}
        </button>
      </div>
      <div
        ref={track}
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="group"
        aria-label={`${label}: scroll sideways for more`}
        className="mt-3 snap-x snap-mandatory overflow-x-auto pb-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ul className="flex gap-4">
          {items.map((item) => (
            <li key={item.label} className="w-60 shrink-0 snap-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="text-3xl font-extrabold text-brand-600">{item.value}</p>
              <p className="mt-1 font-semibold text-ink">{item.label}</p>
              <p className="mt-2 text-sm leading-6 text-slate-700">{item.detail}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
export default ResultsCarousel
