// Fingerprints group the same bug (other build hashes, line numbers, ids in the message, other
// browsers' stack syntax for the same frames) and keep different bugs apart; the noise filter
// drops extensions, ResizeObserver loops, bots and opaque cross-origin errors, and nothing else.
import { describe, expect, it } from 'vitest'
import { browserOf, fingerprint, noiseReason, normaliseMessage, parseFrames, type ErrorReport } from './errors.ts'

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const stackA = (hash: string, line: number) => `TypeError: Cannot read properties of undefined (reading 'price')
    at quoteTotal (https://www.example.com/assets/chunks/QuoteForm-${hash}.js:${line}:17)
    at QuoteForm (https://www.example.com/assets/chunks/QuoteForm-${hash}.js:${line + 40}:9)
    at renderWithHooks (https://www.example.com/assets/chunks/react-dom-Bx81kQp2.js:1:5520)
    at beginWork (https://www.example.com/assets/chunks/react-dom-Bx81kQp2.js:1:9901)`

const report = (over: Partial<ErrorReport>): ErrorReport => ({ source: 'browser', type: 'TypeError', message: 'boom', userAgent: CHROME_UA, ...over })

describe('error fingerprints', () => {
  it('groups two stacks of the same bug from different builds, lines and ids', () => {
    const a = fingerprint(report({ message: "Cannot read properties of undefined (reading 'price')", stack: stackA('D1x9aQ2c', 120) }))
    const b = fingerprint(report({ message: "Cannot read properties of undefined (reading 'price')", stack: stackA('Zk0PqT7w', 131) }))
    expect(a).toBe(b)
    const c = fingerprint(report({ type: 'Error', message: 'Quote 4821 failed for 3f2a9c1e-0b4d-4c1e-9a7e-12ab34cd56ef', stack: stackA('D1x9aQ2c', 1) }))
    const d = fingerprint(report({ type: 'Error', message: 'Quote 77 failed for 0c2a9c1e-0b4d-4c1e-9a7e-12ab34cd56ff', stack: stackA('Zk0PqT7w', 9) }))
    expect(c).toBe(d)
  })

  it('keeps different bugs apart: another message, another function, another source', () => {
    const base = report({ message: "Cannot read properties of undefined (reading 'price')", stack: stackA('D1x9aQ2c', 120) })
    const other = [
      { ...base, message: 'Failed to fetch' },
      { ...base, stack: base.stack!.replace('at quoteTotal', 'at roiTotal') },
      { ...base, type: 'RangeError' },
      { ...base, source: 'server' as const },
    ]
    const prints = new Set([base, ...other].map(fingerprint))
    expect(prints.size).toBe(5)
  })

  it('reads Chrome and Firefox stack lines alike, without positions or content hashes', () => {
    expect(parseFrames(stackA('D1x9aQ2c', 1)).slice(0, 2)).toEqual([
      { fn: 'quoteTotal', file: '/assets/chunks/QuoteForm.js' },
      { fn: 'QuoteForm', file: '/assets/chunks/QuoteForm.js' },
    ])
    expect(parseFrames('quoteTotal@https://www.example.com/assets/chunks/QuoteForm-D1x9aQ2c.js:120:17\n@debugger eval code:1:1')).toEqual([
      { fn: 'quoteTotal', file: '/assets/chunks/QuoteForm.js' },
      { fn: '<anonymous>', file: 'debugger eval code' },
    ])
    expect(normaliseMessage('Uncaught Error: timeout after 3000 ms at "https://x.example.com/a?b=1"')).toBe('Error: timeout after <n> ms at <str>')
  })
})

describe('noise filter', () => {
  it('drops extensions, ResizeObserver loops, bots and opaque cross-origin errors', () => {
    expect(noiseReason(report({ message: 'x is not defined', stack: 'at inject (chrome-extension://abcdef/content.js:1:2)' }))).toBe('extension')
    expect(noiseReason(report({ message: 'x', stack: 'fn@moz-extension://1234/script.js:1:1' }))).toBe('extension')
    expect(noiseReason(report({ message: 'ResizeObserver loop completed with undelivered notifications.' }))).toBe('resize-observer')
    expect(noiseReason(report({ message: 'ResizeObserver loop limit exceeded' }))).toBe('resize-observer')
    expect(noiseReason(report({ message: 'boom', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }))).toBe('bot')
    expect(noiseReason(report({ message: 'boom', userAgent: '' }))).toBe('bot')
    expect(noiseReason(report({ message: 'Script error.', stack: '' }))).toBe('cross-origin-script')
  })

  it('keeps real errors, including from headless browsers and on the server', () => {
    expect(noiseReason(report({ message: "Cannot read properties of undefined (reading 'price')", stack: stackA('a', 1) }))).toBeNull()
    expect(noiseReason(report({ message: 'boom', userAgent: CHROME_UA.replace('Chrome/', 'HeadlessChrome/') }))).toBeNull()
    expect(noiseReason({ source: 'server', message: 'ResizeObserver loop limit exceeded' })).toBeNull()
  })

  it('names the browser', () => {
    expect(browserOf(CHROME_UA)).toBe('Chrome 131')
    expect(
      browserOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari 18 (mobile)')
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133')
    expect(browserOf(undefined)).toBe('Server')
  })
})
