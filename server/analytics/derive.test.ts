// Derivation of channel, device and goal from one event and its request (issue 13).
import { describe, expect, it } from 'vitest'
import { classifyLanding, goalOf, optedOut, pageKey, parseDevice } from './derive.ts'

const site = 'proofline.example.com'

describe('classifyLanding', () => {
  it.each([
    ['/seo?utm_source=google&utm_medium=cpc&utm_campaign=spring', '', { channel: 'paid-search', source: 'google', medium: 'cpc', campaign: 'spring' }],
    ['/ppc?gclid=abc123', '', { channel: 'paid-search', source: 'google', medium: 'cpc', clickId: 'gclid' }],
    ['/ppc?msclkid=x1', '', { channel: 'paid-search', source: 'bing', clickId: 'msclkid' }],
    // An ad shown on a search partner's or a Display Network site: the network is the source.
    ['/ppc?gclid=abc123', 'https://www.ask.example.net/results', { channel: 'paid-search', source: 'google', medium: 'cpc', referrerHost: 'ask.example.net' }],
    ['/ppc?msclkid=x1', 'https://news.example.org/', { channel: 'paid-search', source: 'bing', medium: 'cpc' }],
    // A tagged link keeps its utm_source over the click id.
    ['/ppc?gclid=abc123&utm_source=newsletter-partner&utm_medium=cpc', '', { source: 'newsletter-partner', medium: 'cpc' }],
    ['/social?fbclid=zz', 'https://l.facebook.com/', { channel: 'paid-social', source: 'l.facebook.com', clickId: 'fbclid' }],
    ['/?utm_source=newsletter&utm_medium=email&utm_campaign=nov', '', { channel: 'email', source: 'newsletter', campaign: 'nov' }],
    ['/?utm_source=partner&utm_medium=affiliate', '', { channel: 'affiliate' }],
    ['/?utm_source=acme&utm_medium=banner', '', { channel: 'display' }],
    ['/?utm_source=linkedin&utm_medium=social', '', { channel: 'social-media', source: 'linkedin' }],
    ['/?utm_source=podcast', '', { channel: 'campaign', source: 'podcast' }],
    ['/blog/seo', 'https://www.google.co.uk/', { channel: 'organic-search', source: 'google.co.uk', medium: 'organic' }],
    ['/blog/seo', 'https://duckduckgo.com/', { channel: 'organic-search' }],
    ['/blog', 'https://www.linkedin.com/feed/', { channel: 'social-media', medium: 'social' }],
    ['/blog', 'https://news.example.org/post/1', { channel: 'referral', source: 'news.example.org', medium: 'referral' }],
    ['/blog', '', { channel: 'direct-traffic', source: '(direct)', medium: '(none)', hasSignal: false }],
    ['/blog', `https://${site}/services`, { channel: 'direct-traffic', referrerHost: '', hasSignal: false }],
  ])('%s from %s', (path, referrer, expected) => {
    expect(classifyLanding(path, referrer, site)).toMatchObject(expected)
  })
})

describe('parseDevice', () => {
  it('reads device type, browser and OS', () => {
    expect(
      parseDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toEqual({ device: 'mobile', browser: 'Mobile Safari', os: 'iOS' })
    expect(parseDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      device: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
    })
    expect(
      parseDevice('Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1').device,
    ).toBe('tablet')
  })
  it('flags crawlers and empty agents as bots', () => {
    expect(parseDevice('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').device).toBe('bot')
    expect(parseDevice('').device).toBe('bot')
  })
})

describe('goalOf, pageKey, optedOut', () => {
  it('counts phone clicks and form submits as goals, nothing else', () => {
    expect(goalOf({ type: 'click', name: 'call' })).toBe('call')
    expect(goalOf({ type: 'form_submit', name: 'quote' })).toBe('form:quote')
    expect(goalOf({ type: 'click', name: 'outbound' })).toBe('')
    expect(goalOf({ type: 'form_start', name: 'quote' })).toBe('')
    expect(goalOf({ type: 'page_view' })).toBe('')
  })
  it('keys pages without query or fragment', () => {
    expect(pageKey('/seo-services?utm_source=x#top')).toBe('/seo-services')
    expect(pageKey('?a=1')).toBe('/')
  })
  it('honours GPC and DNT', () => {
    expect(optedOut({ gpc: '1' })).toBe(true)
    expect(optedOut({ dnt: '1' })).toBe(true)
    expect(optedOut({ gpc: '', dnt: '0' })).toBe(false)
  })
})
