import { describe, expect, it } from 'vitest'
import { classifyOpen } from './classifyOpen.ts'

const T = 1_800_000_000_000
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const appleMail = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)'

describe('classifyOpen', () => {
  it.each([
    ['Gmail image proxy', 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', 'gmail-proxy'],
    ['Apple Mail Privacy Protection', 'Mozilla/5.0', 'apple-mpp'],
    ['Yahoo proxy', 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html', 'yahoo-proxy'],
    ['a Barracuda scanner', 'Barracuda Sentinel (EE)', 'scanner'],
    ['a script', 'python-requests/2.31', 'scanner'],
    ['a headless browser', 'Mozilla/5.0 HeadlessChrome/120.0', 'scanner'],
    ['no user agent', '', 'no-user-agent'],
  ])('labels %s as a machine open', (_label, userAgent, reason) => {
    expect(classifyOpen({ userAgent, sentAt: T - 3600_000, now: T, kind: 'open' })).toEqual({ machine: true, reason })
  })

  it('labels a human client a minute after delivery as human', () => {
    expect(classifyOpen({ userAgent: appleMail, sentAt: T - 60_000, now: T, kind: 'open' })).toEqual({ machine: false, reason: '' })
    expect(classifyOpen({ userAgent: chrome, sentAt: T - 60_000, now: T, kind: 'click' })).toEqual({ machine: false, reason: '' })
  })

  it('labels an open within seconds of delivery as machine, and a click within 5 s', () => {
    expect(classifyOpen({ userAgent: appleMail, sentAt: T - 3_000, now: T, kind: 'open' })).toEqual({ machine: true, reason: 'too-fast' })
    expect(classifyOpen({ userAgent: appleMail, sentAt: T - 9_999, now: T, kind: 'open' }).machine).toBe(true)
    expect(classifyOpen({ userAgent: appleMail, sentAt: T - 10_000, now: T, kind: 'open' }).machine).toBe(false)
    expect(classifyOpen({ userAgent: chrome, sentAt: T - 2_000, now: T, kind: 'click' })).toEqual({ machine: true, reason: 'too-fast' })
    expect(classifyOpen({ userAgent: chrome, sentAt: T - 6_000, now: T, kind: 'click' }).machine).toBe(false)
  })

  it('without a send time (tracking off) judges by the user agent only', () => {
    expect(classifyOpen({ userAgent: chrome, sentAt: null, now: T, kind: 'open' }).machine).toBe(false)
    // Only image fetches (opens) come through Apple's proxy: the bare "Mozilla/5.0" rule is for opens.
    expect(classifyOpen({ userAgent: 'Mozilla/5.0', sentAt: null, now: T, kind: 'click' }).machine).toBe(false)
  })
})
