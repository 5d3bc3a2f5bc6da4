// Spec section 9: the traffic source classification, exact values.
import { describe, expect, it } from 'vitest'
import { classifyTrafficSource } from '../../server/api/trafficSource.ts'

describe('classifyTrafficSource', () => {
  it('returns utm_source when present, whatever the referrer', () => {
    expect(classifyTrafficSource({ utmSource: 'newsletter', referrer: 'https://www.google.com/' })).toBe('newsletter')
    expect(classifyTrafficSource({ utmSource: '  linkedin ', referrer: '' })).toBe('linkedin')
    expect(classifyTrafficSource({ utmSource: 'Google', referrer: 'https://facebook.com/' })).toBe('Google')
  })

  it('classifies search-engine referrers as organic-search', () => {
    for (const referrer of [
      'https://www.google.com/search?q=seo+austin',
      'https://google.co.uk/',
      'https://www.bing.com/search?q=x',
      'https://search.yahoo.com/search?p=x',
      'https://duckduckgo.com/',
      'https://yandex.ru/search/?text=x',
      'https://www.baidu.com/s?wd=x',
      'https://www.ecosia.org/search?q=x',
      'https://search.brave.com/search?q=x',
    ]) {
      expect(classifyTrafficSource({ referrer }), referrer).toBe('organic-search')
    }
  })

  it('classifies social sites as social-media', () => {
    for (const referrer of ['https://www.facebook.com/', 'https://l.facebook.com/l.php?u=x', 'https://t.co/abc', 'https://x.com/someone', 'https://www.linkedin.com/feed/', 'https://www.instagram.com/', 'https://www.reddit.com/r/marketing', 'https://www.youtube.com/watch?v=1', 'https://www.tiktok.com/@a', 'https://www.pinterest.com/pin/1']) {
      expect(classifyTrafficSource({ referrer }), referrer).toBe('social-media')
    }
  })

  it('classifies any other referrer as referral', () => {
    expect(classifyTrafficSource({ referrer: 'https://hubspot.com/partners' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://notgoogle.example/' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://google.evil.example/' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'blog.example.org/post' })).toBe('referral')
    expect(classifyTrafficSource({ utmSource: '   ', referrer: 'https://partner.example.com' })).toBe('referral')
  })

  it('classifies no referrer as direct-traffic', () => {
    expect(classifyTrafficSource({})).toBe('direct-traffic')
    expect(classifyTrafficSource({ utmSource: '', referrer: '' })).toBe('direct-traffic')
    expect(classifyTrafficSource({ utmSource: null, referrer: '   ' })).toBe('direct-traffic')
  })
})
