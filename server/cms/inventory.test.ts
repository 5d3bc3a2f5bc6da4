// The inventory's word count (countWords) against the split-and-filter it replaced.
import { describe, expect, it } from 'vitest'
import { countWords, pageFacts } from './inventory.ts'

const reference = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length

describe('countWords', () => {
  it.each([
    '',
    '   ',
    'one',
    '  two words  ',
    'Austin, TX — 3 offices; 24/7 support.',
    '-- ... !!! — –',
    'don’t «quoted» café naïve 漢字 ٣ ٤٥',
    'tabs\tand\nnew\r\nlines\vand\fform feeds',
    'nbsp\u00a0split, em\u2003space, ideographic\u3000space, bom\ufeffword, line\u2028sep, narrow\u202fnbsp',
    'emoji 🚀 alone, 🚀rocket, 𝐀 math letter, 𝟙 math digit',
    'lone \ud800 high, lone \udc00 low, pair \ud835\udc00 ok, x\ud800',
  ])('counts %j like split(/\\s+/) and a Unicode test per token', (text) => {
    expect(countWords(text)).toBe(reference(text))
  })

  it('agrees with the reference on random text over awkward characters', () => {
    const pool = [
      'a',
      'Z',
      '7',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      '-',
      '—',
      '’',
      'é',
      '漢',
      '٣',
      '🚀',
      '𝐀',
      '\ud800',
      '\udc00',
      '&',
      '.',
      'x',
    ]
    let seed = 1
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => pool[Math.floor(random() * pool.length)]).join('')
      expect(countWords(text), JSON.stringify(text)).toBe(reference(text))
    }
  })

  it('is what pageFacts reports for the words of <main>', () => {
    const html =
      '<html><head><title>T</title><link rel="canonical" href="https://x.test/a"/></head><body><header>Menu words</header>' +
      '<main><h1>Local SEO in Austin</h1><p>We&nbsp;rank &amp; grow — 3 offices.</p><script>var notWords = 1</script><a href="/b">Link</a></main></body></html>'
    expect(pageFacts(html).words).toBe(reference('  Local SEO in Austin    We rank x grow — 3 offices.     Link  '))
    // Local SEO in Austin We rank &amp; (an entity counts as a word, as it always did) grow 3 offices Link
    expect(pageFacts(html).words).toBe(11)
  })
})
