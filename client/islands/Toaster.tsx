// Renders the toast store (./toast.ts) in one region on every page. F8 moves focus to the region;
// a toast closes after its duration (paused while hovered or focused), with its close button, or
// when swiped right by 50 px or more.
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { useStore } from '../ui/useStore.ts'
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type Toast } from '../ui/toast.ts'

export const SWIPE_DISMISS_PX = 50

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false)
  const [offset, setOffset] = useState(0)
  const remaining = useRef(toast.duration)
  const swipe = useRef<{ pointerId: number; startX: number } | null>(null)

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return
    const startedAt = Date.now()
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current)
    return () => {
      window.clearTimeout(timer)
      remaining.current -= Date.now() - startedAt
    }
  }, [paused, toast.id])

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    if ((event.target as Element).closest('button')) return
    swipe.current = { pointerId: event.pointerId, startX: event.clientX }
    event.currentTarget.setPointerCapture?.(event.pointerId)
  }
  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    if (swipe.current?.pointerId !== event.pointerId) return
    setOffset(Math.max(0, event.clientX - swipe.current.startX))
  }
  function onPointerUp(event: PointerEvent<HTMLLIElement>) {
    if (swipe.current?.pointerId !== event.pointerId) return
    const distance = event.clientX - swipe.current.startX
    swipe.current = null
    if (distance >= SWIPE_DISMISS_PX) dismissToast(toast.id)
    else setOffset(0)
  }
  function onPointerCancel() {
    swipe.current = null
    setOffset(0)
  }

  const destructive = toast.variant === 'destructive'
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => e.currentTarget.contains(e.relatedTarget as Node | null) || setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.3, 1 - offset / 200) : undefined }}
      className={`pointer-events-auto relative w-full touch-pan-y select-none rounded-lg border p-4 pr-12 shadow-lg ${offset ? '' : 'transition-transform'} ${
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-ink'
      }`}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description && <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-700'}`}>{toast.description}</p>}
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Close notification"
        className={`absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 ${
          destructive ? 'text-white hover:bg-red-800 focus-visible:outline-white' : 'text-slate-600 hover:bg-slate-100 focus-visible:outline-brand-600'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </li>
  )
}

export function Toaster() {
  const toasts = useStore(subscribeToasts, getToasts, getServerToasts)
  const region = useRef<HTMLElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return
      event.preventDefault()
      region.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section
      ref={region}
      aria-label="Notifications"
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto w-full max-w-[420px] p-4 outline-none focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-brand-600 sm:inset-x-auto sm:bottom-0 sm:right-0 sm:top-auto"
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  )
}
export default Toaster
