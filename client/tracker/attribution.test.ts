// The tracker's first- and last-touch attribution from a landing, exact values.
import { describe, expect, it } from 'vitest'
import { describeTouch, nextAttribution, type Attribution } from './attribution.ts'

describe('nextAttribution', () => {
  const at = new Date('2026-03-02T15:00:00.000Z')
  const later = new Date('2026-03-09T10:30:00.000Z')
  const site = 'https://www.proofline.example.com'

  it('records the first landing, with first touch = last touch', () => {
    const a = nextAttribution(
      null,
      { href: `${site}/services?utm_source=google&utm_medium=cpc&utm_campaign=brand&gclid=g1#top`, referrer: 'https://www.google.com/' },
      at,
    )
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
    expect(nextAttribution(null, { href: `${site}/`, referrer: '' }, at)).toMatchObject({
      source: 'direct-traffic',
      landingPage: '/',
      firstTouch: 'direct-traffic @ 2026-03-02T15:00:00.000Z',
    })
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
