// Pure parts of /admin/web-analytics and the GA4 import (decisions 122, 123): vital buckets, p75
// and ratings at Google's thresholds; funnel order and drop-off; journeys; GA4 CSV parsing.
import { describe, expect, it } from 'vitest'
import { funnel, journeys } from './funnels.ts'
import { parseGa4Csv } from './ga4Import.ts'
import { bucketOf, p75, rate } from './pageDetails.ts'

describe('web vitals', () => {
  it('puts every threshold on a bucket bound, so ratings are exact', () => {
    expect([bucketOf('LCP', 2500), bucketOf('LCP', 2501), bucketOf('INP', 200), bucketOf('INP', 201), bucketOf('CLS', 0.1), bucketOf('CLS', 0.1001)]).toEqual([
      2500, 2600, 200, 225, 100, 110,
    ])
    expect([rate('LCP', 2500), rate('LCP', 2600), rate('LCP', 4100), rate('CLS', 0.25), rate('TTFB', 1900)]).toEqual([
      'good',
      'needs improvement',
      'poor',
      'needs improvement',
      'poor',
    ])
  })
  it('reads the 75th percentile from a histogram', () => {
    const h = new Map([
      [1000, 3],
      [3000, 1],
      [5000, 4],
    ])
    expect(p75('LCP', h)).toBe(5000)
    expect(p75('CLS', new Map([[250, 1]]))).toBe(0.25)
    expect(p75('INP', new Map())).toBeNull()
  })
})

describe('funnels and journeys', () => {
  const paths = [
    { steps: ['p:/a', 'fv:quote', 'p:/b', 'fs:quote', 'fx:quote', 'g:form:quote'].join('\n') },
    { steps: ['fv:quote', 'p:/a', 'fs:quote'].join('\n') }, // the form was seen before the page: step 2 not reached in order
    { steps: ['p:/a', 'p:/c', 'g:call'].join('\n') },
  ]
  it('counts steps in order with drop-off', () => {
    const r = funnel(paths, [
      { kind: 'page', value: '/a' },
      { kind: 'form_view', value: '*' },
      { kind: 'form_submit', value: 'quote' },
    ])
    expect(r.steps.map((s) => [s.sessions, s.dropOff, s.dropOffRate, s.fromStart])).toEqual([
      [3, 0, 0, 100],
      [1, 2, 66.7, 33.3],
      [1, 0, 0, 33.3],
    ])
  })
  it('lists the pages before the first conversion', () => {
    expect(journeys(paths).rows.map((r) => r.path)).toEqual(['/a → /b → ✓ form:quote', '/a → /c → ✓ call'])
    expect(journeys(paths, 'call')).toMatchObject({ converting: 1, rows: [{ share: 100 }] })
  })
})

describe('GA4 CSV export', () => {
  it('reads comments, thousands separators and a totals row; names the lines at fault', () => {
    const ok = parseGa4Csv('# Property\n\nDate,Total users,Sessions,Region\n20261101,"1,200",1500,US\nGrand total,1200,1500,\n')
    expect(ok).toMatchObject({ errors: [], ignoredColumns: ['Region'], days: [{ day: '2026-11-01', users: 1200, sessions: 1500, page_views: null }] })
    const bad = parseGa4Csv('Date,Sessions\n2026-02-30,1\n20261101,1.5\n')
    expect(bad.errors.map((e) => e.line)).toEqual([2, 3])
    expect(parseGa4Csv('').errors[0].message).toContain('empty')
  })
})
