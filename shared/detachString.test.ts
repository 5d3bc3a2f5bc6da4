import { describe, expect, it } from 'vitest'
import { createStringPool, detachString } from './detachString.ts'

describe('detachString', () => {
  it('returns the same characters, quotes, escapes and non-ASCII included', () => {
    const html = `<a href="/a-long-path/with?q=1&amp;x=\\"y\\"">Zürich – “quoted” \\u2028 line</a>`
    for (const s of ['', 'short', html, html.slice(3, 40), html.slice(9, 60)]) expect(detachString(s)).toBe(s)
  })
})

describe('createStringPool', () => {
  it('keeps one copy per value and gives it back for equal strings', () => {
    const pool = createStringPool()
    const page1 = '<a href="/digital-marketing/austin-tx">Austin</a>'
    const page2 = `<nav>${page1}</nav>`
    const a = pool(page1.slice(9, 37))
    const b = pool(page2.slice(14, 42))
    expect(a).toBe('/digital-marketing/austin-tx')
    expect(b).toBe(a)
  })

  it('starts afresh past its size limit and still returns equal strings', () => {
    const pool = createStringPool(2)
    expect([pool('/first-page-url'), pool('/second-page-url'), pool('/third-page-url'), pool('/first-page-url')]).toEqual([
      '/first-page-url',
      '/second-page-url',
      '/third-page-url',
      '/first-page-url',
    ])
  })
})
