// The swipe classification of the touch helpers: over 50 px sideways, not mostly vertical.
import { describe, expect, it } from 'vitest'
import { swipeDirection } from './touch.ts'

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
