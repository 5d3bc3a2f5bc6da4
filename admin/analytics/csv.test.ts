import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'

describe('toCsv', () => {
  it('quotes commas and quotes, defuses formulas, ends lines with CRLF', () => {
    const csv = toCsv(
      [
        { key: 'k', label: 'Page', value: (r: { k: string; n: number }) => r.k },
        { key: 'n', label: 'Views', value: (r) => r.n },
      ],
      [
        { k: '/a,b', n: 3 },
        { k: '=HYPERLINK("x")', n: 1 },
      ],
    )
    expect(csv).toBe('Page,Views\r\n"/a,b",3\r\n"\'=HYPERLINK(""x"")",1\r\n')
  })
})
