// Pure parts of the browser helpers: the toast store (one at a time, 5000 ms default) and the
// swipe classification of the touch helpers (over 50 px sideways, not mostly vertical).
import { afterEach, describe, expect, it } from 'vitest'
import { dismissToast, getToasts, subscribeToasts, toast, TOAST_DURATION_MS } from '../../templates/islands/toast.ts'
import { swipeDirection } from '../../templates/islands/touch.ts'

describe('toast store', () => {
  afterEach(() => dismissToast())

  it('keeps one toast: a new one replaces the current one', () => {
    toast({ title: 'First' })
    const id = toast({ title: 'Calculation Saved', description: 'Your ROI calculation has been saved successfully.' })
    expect(getToasts()).toEqual([{ id, title: 'Calculation Saved', description: 'Your ROI calculation has been saved successfully.', variant: 'default', duration: TOAST_DURATION_MS }])
    expect(TOAST_DURATION_MS).toBe(5000)
  })

  it('removes a dismissed toast and tells subscribers', () => {
    let calls = 0
    const stop = subscribeToasts(() => calls++)
    const id = toast({ title: 'Error', description: 'Failed to save calculation. Please try again.', variant: 'destructive' })
    dismissToast(id + 1)
    expect(getToasts()).toHaveLength(1)
    dismissToast(id)
    expect(getToasts()).toEqual([])
    stop()
    expect(calls).toBe(3)
  })
})

describe('swipeDirection', () => {
  it('needs more than 50 px sideways', () => {
    expect(swipeDirection(50, 0)).toBeNull()
    expect(swipeDirection(51, 0)).toBe('swipeRight')
    expect(swipeDirection(-51, 0)).toBe('swipeLeft')
  })

  it('ignores gestures that are mostly vertical beyond 10 px', () => {
    expect(swipeDirection(80, 10)).toBe('swipeRight')
    expect(swipeDirection(80, 60)).toBe('swipeRight')
    expect(swipeDirection(60, 80)).toBeNull()
    expect(swipeDirection(-60, -61)).toBeNull()
  })
})

describe('ErrorBoundary', () => {
  it('renders its island until an error, then the spec texts with Try Again and Go Home', async () => {
    const { createElement } = await import('react')
    const { renderToString } = await import('react-dom/server')
    const { ErrorBoundary, ErrorFallback } = await import('../../templates/islands/ErrorBoundary.tsx')
    expect(renderToString(createElement(ErrorBoundary, null, createElement('p', null, 'Calculator')))).toBe('<p>Calculator</p>')

    const state = ErrorBoundary.getDerivedStateFromError('boom')
    expect(state.error).toBeInstanceOf(Error)
    expect(state.error?.message).toBe('boom')

    const html = renderToString(createElement(ErrorFallback, { onReset: () => {} }))
    expect(html).toContain('Something went wrong')
    expect(html).toContain('We&#x27;re sorry, but something unexpected happened. Our team has been notified and is working on a fix.')
    expect(html).toContain('>Try Again</button>')
    expect(html).toContain('href="/"')
    expect(html).toContain('>Go Home</a>')
  })
})
