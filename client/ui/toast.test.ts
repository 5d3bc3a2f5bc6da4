// The toast store: one toast at a time (a new one replaces the current one), 5000 ms by default.
import { afterEach, describe, expect, it } from 'vitest'
import { dismissToast, getToasts, subscribeToasts, toast, TOAST_DURATION_MS } from './toast.ts'

describe('toast store', () => {
  afterEach(() => dismissToast())

  it('keeps one toast: a new one replaces the current one', () => {
    toast({ title: 'First' })
    const id = toast({ title: 'Calculation Saved', description: 'Your ROI calculation has been saved successfully.' })
    expect(getToasts()).toEqual([
      { id, title: 'Calculation Saved', description: 'Your ROI calculation has been saved successfully.', variant: 'default', duration: TOAST_DURATION_MS },
    ])
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
