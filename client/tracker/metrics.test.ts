// The tracker's engagement score and milestones (spec section 9), exact values.
import { describe, expect, it } from 'vitest'
import { dueMilestones, engagementScore, SCROLL_MILESTONES, scrollPercent, TIME_MILESTONES } from './metrics.ts'

describe('engagementScore', () => {
  it('is up to 5 minutes × 20 + max scroll × 0.3 + up to 10 events × 5', () => {
    expect(engagementScore({ ms: 0, maxScroll: 0, events: 0 })).toBe(0)
    expect(engagementScore({ ms: 60_000, maxScroll: 50, events: 3 })).toBe(20 + 15 + 15)
    expect(engagementScore({ ms: 90_000, maxScroll: 100, events: 6 })).toBe(30 + 30 + 30)
    expect(engagementScore({ ms: 10 * 60_000, maxScroll: 100, events: 25 })).toBe(100 + 30 + 50)
    expect(engagementScore({ ms: 12_345, maxScroll: 33, events: 1 })).toBe(19.02)
  })
})

describe('milestones', () => {
  it('are the spec values', () => {
    expect(SCROLL_MILESTONES).toEqual([25, 50, 75, 90, 100])
    expect(TIME_MILESTONES).toEqual([30, 60, 120, 300])
  })

  it('lists each reached milestone not sent yet, in order', () => {
    expect(dueMilestones(SCROLL_MILESTONES, 80, new Set())).toEqual([25, 50, 75])
    expect(dueMilestones(SCROLL_MILESTONES, 100, new Set([25, 50]))).toEqual([75, 90, 100])
    expect(dueMilestones(TIME_MILESTONES, 29.9, new Set())).toEqual([])
  })

  it('measures scroll as the share of the scrollable height', () => {
    expect(scrollPercent(0, 800, 4000)).toBe(0)
    expect(scrollPercent(1600, 800, 4000)).toBe(50)
    expect(scrollPercent(3200, 800, 4000)).toBe(100)
    expect(scrollPercent(0, 800, 600)).toBe(100)
  })
})
