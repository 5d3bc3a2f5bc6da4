// Spec section 9, the traffic source of a visit: one implementation shared by the server (lead
// attribution) and the browser (the visitor tracker). Exact values.
import { describe, expect, it } from 'vitest'
import { classifyTrafficSource } from './trafficSource.ts'

describe('classifyTrafficSource', () => {
  it('returns utm_source when present, trimmed, whatever the referrer', () => {
    expect(classifyTrafficSource({ utmSource: 'newsletter', referrer: 'https://www.google.com/' })).toBe('newsletter')
    expect(classifyTrafficSource({ utmSource: ' facebook ', referrer: '' })).toBe('facebook')
    expect(classifyTrafficSource({ utmSource: '  linkedin ', referrer: '' })).toBe('linkedin')
    expect(classifyTrafficSource({ utmSource: 'Google', referrer: 'https://facebook.com/' })).toBe('Google')
  })

  it('search engines are organic-search', () => {
    for (const referrer of [
      'https://www.google.com/search?q=seo+austin',
      'https://www.google.co.uk/',
      'https://google.co.uk/',
      'https://www.bing.com/search?q=ppc',
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

  it('social sites are social-media', () => {
    for (const referrer of [
      'https://www.facebook.com/',
      'https://l.facebook.com/l.php?u=x',
      'https://t.co/abc',
      'https://x.com/someone',
      'https://www.linkedin.com/feed/',
      'https://www.instagram.com/',
      'https://www.reddit.com/r/marketing',
      'https://www.youtube.com/watch?v=1',
      'https://www.tiktok.com/@a',
      'https://www.pinterest.com/pin/1',
    ]) {
      expect(classifyTrafficSource({ referrer }), referrer).toBe('social-media')
    }
  })

  it('any other site is referral, even one whose name contains a search engine', () => {
    expect(classifyTrafficSource({ referrer: 'https://partner.example.org/resources' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://hubspot.com/partners' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://googleusercontent.example.com/' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://notgoogle.example/' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://google.evil.example/' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'blog.example.org/post' })).toBe('referral')
    expect(classifyTrafficSource({ utmSource: '   ', referrer: 'https://partner.example.com' })).toBe('referral')
  })

  it('no referrer is direct-traffic', () => {
    expect(classifyTrafficSource({})).toBe('direct-traffic')
    expect(classifyTrafficSource({ referrer: '' })).toBe('direct-traffic')
    expect(classifyTrafficSource({ utmSource: '', referrer: '' })).toBe('direct-traffic')
    expect(classifyTrafficSource({ utmSource: '  ', referrer: null })).toBe('direct-traffic')
    expect(classifyTrafficSource({ utmSource: null, referrer: '   ' })).toBe('direct-traffic')
  })
})
