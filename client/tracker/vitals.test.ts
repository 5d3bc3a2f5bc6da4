// The web-vitals arithmetic of the first-party tracker (CLS session windows, INP's p98 rule).
import { describe, expect, it } from 'vitest'
import { clsOf, inpOf } from './vitals.ts'

describe('clsOf', () => {
  it('takes the largest session window, not the sum of all shifts', () => {
    const shifts = [
      { value: 0.05, startTime: 100, hadRecentInput: false },
      { value: 0.05, startTime: 600, hadRecentInput: false },
      // 3 s later: a new window
      { value: 0.08, startTime: 3600, hadRecentInput: false },
    ]
    expect(clsOf(shifts)).toBe(0.1)
  })
  it('closes a window after 5 s and ignores shifts right after input', () => {
    const steady = Array.from({ length: 12 }, (_, i) => ({ value: 0.01, startTime: i * 900, hadRecentInput: false }))
    expect(clsOf(steady)).toBe(0.06) // 0, 900 … 4500 ms: six shifts fit in the first 5 s window
    expect(clsOf([{ value: 0.5, startTime: 10, hadRecentInput: true }])).toBe(0)
  })
})

describe('inpOf', () => {
  it('is the worst interaction below 50 interactions, and skips one per 50 above', () => {
    expect(inpOf([])).toBe(0)
    expect(inpOf([40, 320, 80])).toBe(320)
    expect(inpOf([...Array(60).fill(50), 900])).toBe(50)
  })
})
