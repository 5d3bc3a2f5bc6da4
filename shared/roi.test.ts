import { describe, expect, it } from 'vitest'
import { computeRoi } from './roi.ts'

describe('computeRoi (spec section 9)', () => {
  it('gives the initial display 37500 / 250 / 125000 / 18750 for the defaults', () => {
    expect(computeRoi({ traffic: '10000', conversionRate: '2.5', averageOrderValue: '500', profitMargin: '30' })).toEqual({
      monthlyProfit: 37500,
      conversions: 250,
      revenue: 125000,
      optimizedProfit: 18750,
    })
  })

  it('rounds conversions, profit and the optimized half', () => {
    // 1234 × 3.3 / 100 = 40.722 → 41; 41 × 99.5 = 4079.5; × 17 / 100 = 693.515 → 694; 694 / 2 = 347
    expect(computeRoi({ traffic: '1234', conversionRate: '3.3', averageOrderValue: '99.5', profitMargin: '17' })).toEqual({
      monthlyProfit: 694,
      conversions: 41,
      revenue: 4079.5,
      optimizedProfit: 347,
    })
  })

  it('falls back to each default for an empty or invalid input', () => {
    expect(computeRoi({ traffic: '', conversionRate: 'abc', averageOrderValue: ' ', profitMargin: 'NaN' })).toEqual(
      computeRoi({ traffic: '10000', conversionRate: '2.5', averageOrderValue: '500', profitMargin: '30' }),
    )
    expect(computeRoi({ traffic: '2000', conversionRate: '', averageOrderValue: '', profitMargin: '' }).conversions).toBe(50)
  })
})
