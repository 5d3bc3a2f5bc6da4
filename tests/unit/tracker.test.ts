// The tracker's pure parts with exact values: the engagement score and milestones (spec section
// 9), and first/last-touch attribution from a landing.
import { describe, expect, it } from 'vitest'
import { describeTouch, nextAttribution, type Attribution } from '../../templates/islands/tracker/attribution.ts'
import { dueMilestones, engagementScore, SCROLL_MILESTONES, scrollPercent, TIME_MILESTONES } from '../../templates/islands/tracker/metrics.ts'

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

describe('nextAttribution', () => {
  const at = new Date('2026-03-02T15:00:00.000Z')
  const later = new Date('2026-03-09T10:30:00.000Z')
  const site = 'https://www.proofline.example.com'

  it('records the first landing, with first touch = last touch', () => {
    const a = nextAttribution(null, { href: `${site}/services?utm_source=google&utm_medium=cpc&utm_campaign=brand&gclid=g1#top`, referrer: 'https://www.google.com/' }, at)
    expect(a).toEqual({
      source: 'google',
      referrer: 'https://www.google.com/',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'brand',
      utmTerm: '',
      utmContent: '',
      gclid: 'g1',
      fbclid: '',
      msclkid: '',
      landingPage: '/services?utm_source=google&utm_medium=cpc&utm_campaign=brand&gclid=g1',
      firstTouch: 'google / cpc / brand @ 2026-03-02T15:00:00.000Z',
      lastTouch: 'google / cpc / brand @ 2026-03-02T15:00:00.000Z',
    })
  })

  it('a first direct visit is direct-traffic', () => {
    expect(nextAttribution(null, { href: `${site}/`, referrer: '' }, at)).toMatchObject({ source: 'direct-traffic', landingPage: '/', firstTouch: 'direct-traffic @ 2026-03-02T15:00:00.000Z' })
  })

  it('keeps the stored attribution on direct or internal visits and on the same attribution again', () => {
    const stored = nextAttribution(null, { href: `${site}/?utm_source=newsletter`, referrer: '' }, at)!
    expect(nextAttribution(stored, { href: `${site}/about`, referrer: '' }, later)).toBeNull()
    expect(nextAttribution(stored, { href: `${site}/about`, referrer: `${site}/` }, later)).toBeNull()
    expect(nextAttribution(stored, { href: `${site}/pricing?utm_source=newsletter`, referrer: '' }, later)).toBeNull()
  })

  it('a landing with new attribution moves the last touch and keeps the first', () => {
    const stored = nextAttribution(null, { href: `${site}/?utm_source=newsletter&utm_medium=email`, referrer: '' }, at)!
    const next = nextAttribution(stored, { href: `${site}/blog`, referrer: 'https://www.linkedin.com/feed/' }, later) as Attribution
    expect(next).toMatchObject({ source: 'social-media', referrer: 'https://www.linkedin.com/feed/', utmSource: '', utmMedium: '', landingPage: '/blog' })
    expect(next.firstTouch).toBe('newsletter / email @ 2026-03-02T15:00:00.000Z')
    expect(next.lastTouch).toBe('social-media @ 2026-03-09T10:30:00.000Z')
  })

  it('clips values to what the API accepts', () => {
    const long = 'x'.repeat(500)
    const a = nextAttribution(null, { href: `${site}/?utm_source=${long}&fbclid=${long}`, referrer: '' }, at)!
    expect(a.utmSource).toHaveLength(200)
    expect(a.fbclid).toHaveLength(256)
    expect(a.source).toHaveLength(120)
    expect(a.firstTouch.length).toBeLessThanOrEqual(200)
    expect(describeTouch({ source: 'x'.repeat(300), utmMedium: '', utmCampaign: '' }, at)).toMatch(/ @ 2026-03-02T15:00:00\.000Z$/)
  })
})
