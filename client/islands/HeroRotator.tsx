// The home page headline (spec sections 2, 4 and 9): 'Marketing That Proves' followed by one of
// 13 phrases, the next one every 3500 ms. It pauses while the pointer is over it or focus is in
// it, stays on the first phrase when reduced motion is preferred, and the visible Pause button
// stops it for good (WCAG 2.2.2). The change is not announced: a live headline would interrupt
// screen reader users every few seconds.
import { useEffect, useState } from 'react'
import { useReducedMotion } from '../ui/useReducedMotion.ts'

export const PHRASE_INTERVAL_MS = 3500

export type HeroRotatorProps = { prefix: string; phrases: string[] }

export function HeroRotator({ prefix, phrases }: HeroRotatorProps) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const reduced = useReducedMotion()
  const running = !hovered && !focused && !stopped && !reduced && phrases.length > 1

  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % phrases.length), PHRASE_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [running, phrases.length])

  return (
    <div
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => e.currentTarget.contains(e.relatedTarget as Node | null) || setFocused(false)}
    >
      <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight text-ink sm:text-6xl">
        {prefix} <span className="block min-h-[2lh] text-brand-600 lg:min-h-[1lh]">{phrases[index]}</span>
      </h1>
      <button
        type="button"
        onClick={() => setStopped((s) => !s)}
        aria-label={stopped ? 'Play rotating headline' : 'Pause rotating headline'}
        className={`mt-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-white/70 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 ${reduced ? 'invisible' : ''}`}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3" fill="currentColor">
          {stopped ? <path d="M4 2.5v11l9-5.5z" /> : <path d="M4 2h3v12H4zM9 2h3v12H9z" />}
        </svg>
        {stopped ? 'Play' : 'Pause'}
      </button>
    </div>
  )
}
export default HeroRotator
