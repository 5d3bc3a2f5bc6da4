// Spec section 9, the traffic source of a visit: one implementation shared by the server (lead
// attribution) and the browser (the visitor tracker). Exact values.
import { describe, expect, it } from 'vitest'
import { classifyTrafficSource as serverClassify } from '../server/api/trafficSource.ts'
import { classifyTrafficSource } from './trafficSource.ts'

describe('classifyTrafficSource', () => {
  it('is the one the server uses', () => {
    expect(serverClassify).toBe(classifyTrafficSource)
  })

  it('returns utm_source when present, trimmed, whatever the referrer', () => {
    expect(classifyTrafficSource({ utmSource: 'newsletter', referrer: 'https://www.google.com/' })).toBe('newsletter')
    expect(classifyTrafficSource({ utmSource: ' facebook ', referrer: '' })).toBe('facebook')
  })

  it('search engines are organic-search', () => {
    expect(classifyTrafficSource({ referrer: 'https://www.google.com/search?q=seo' })).toBe('organic-search')
    expect(classifyTrafficSource({ referrer: 'https://www.google.co.uk/' })).toBe('organic-search')
    expect(classifyTrafficSource({ referrer: 'https://www.bing.com/search?q=ppc' })).toBe('organic-search')
    expect(classifyTrafficSource({ referrer: 'https://duckduckgo.com/' })).toBe('organic-search')
  })

  it('social sites are social-media', () => {
    expect(classifyTrafficSource({ referrer: 'https://l.facebook.com/l.php' })).toBe('social-media')
    expect(classifyTrafficSource({ referrer: 'https://t.co/x' })).toBe('social-media')
    expect(classifyTrafficSource({ referrer: 'https://www.linkedin.com/feed/' })).toBe('social-media')
  })

  it('other sites are referral, no referrer is direct-traffic', () => {
    expect(classifyTrafficSource({ referrer: 'https://partner.example.org/resources' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: 'https://googleusercontent.example.com/' })).toBe('referral')
    expect(classifyTrafficSource({ referrer: '' })).toBe('direct-traffic')
    expect(classifyTrafficSource({})).toBe('direct-traffic')
    expect(classifyTrafficSource({ utmSource: '  ', referrer: null })).toBe('direct-traffic')
  })
})
