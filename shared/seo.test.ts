import { describe, expect, it } from 'vitest'
import { containsPhrase, firstParagraph, headingsOf, linksOf, readability, scoreSeo, syllables, type SeoInput } from './seo.ts'

const statusOf = (post: SeoInput, id: string, opts?: Parameters<typeof scoreSeo>[1]) => scoreSeo(post, opts).checks.find((c) => c.id === id)?.status

const good: SeoInput = {
  title: 'Local SEO Checklist: 12 Steps for Service Businesses',
  slug: 'local-seo-checklist',
  excerpt:
    'A local SEO checklist for service businesses: the Google Business Profile fields, citations and reviews that move map rankings, in the order to do them.',
  focusKeyphrase: 'local SEO checklist',
  body: [
    'This local SEO checklist is the order we work in. Each step takes an hour or less.',
    '',
    '## Why a local SEO checklist helps',
    '',
    'Map results change when the profile is complete. See [our SEO service](/services/seo) and the [Google guidelines](https://support.google.com/business/answer/3038177).',
    '',
    'Fill in every field. Add photos each month. Ask each happy client for a review.',
  ].join('\n'),
}

describe('scoreSeo', () => {
  it('gives every check of a well-prepared draft "good"', () => {
    const report = scoreSeo(good)
    expect(report.checks.filter((c) => c.status !== 'good').map((c) => c.id)).toEqual([])
    expect(report.score).toBe(100)
  })

  it('checks title and description lengths against the build limits', () => {
    expect(statusOf({ ...good, title: 'x'.repeat(61) }, 'title-length')).toBe('bad')
    expect(statusOf({ ...good, title: 'Local SEO checklist' }, 'title-length')).toBe('ok')
    // The SEO title, when set, is the head title.
    expect(statusOf({ ...good, seoTitle: 'Short' }, 'title-length')).toBe('ok')
    expect(statusOf({ ...good, excerpt: '' }, 'description-length')).toBe('bad')
    expect(statusOf({ ...good, excerpt: 'A short description of the post.' }, 'description-length')).toBe('ok')
    expect(statusOf({ ...good, excerpt: 'y'.repeat(161) }, 'description-length')).toBe('bad')
  })

  it('looks for the keyphrase in the title, first paragraph, slug and a subheading', () => {
    expect(statusOf({ ...good, title: 'Twelve Steps to Rank on the Map for Service Firms' }, 'keyphrase-title')).toBe('bad')
    expect(statusOf({ ...good, body: good.body.replace('This local SEO checklist is', 'This list is') }, 'keyphrase-intro')).toBe('bad')
    expect(statusOf({ ...good, slug: 'twelve-steps' }, 'keyphrase-slug')).toBe('ok')
    expect(statusOf({ ...good, body: good.body.replace('## Why a local SEO checklist helps', '## Why it helps') }, 'keyphrase-heading')).toBe('ok')
    const none = scoreSeo({ ...good, focusKeyphrase: '' })
    expect(none.checks.find((c) => c.id === 'keyphrase')?.status).toBe('bad')
    expect(none.score).toBeLessThan(100)
  })

  it('wants exactly one h1: the title', () => {
    expect(statusOf({ ...good, body: `# Another h1\n\n${good.body}` }, 'one-h1')).toBe('bad')
    expect(statusOf({ ...good, body: `${good.body}\n\n<h1>HTML h1</h1>` }, 'one-h1')).toBe('bad')
    expect(statusOf(good, 'one-h1')).toBe('good')
  })

  it('counts internal and outbound links (the site host counts as internal)', () => {
    const noOut = { ...good, body: good.body.replace(/ and the \[Google guidelines\]\([^)]*\)/, '') }
    expect(statusOf(noOut, 'outbound-links')).toBe('ok')
    const noIn = { ...good, body: good.body.replace('[our SEO service](/services/seo)', 'our service') }
    expect(statusOf(noIn, 'internal-links')).toBe('bad')
    expect(linksOf('[a](https://www.example.com/x) [b](https://other.org) ![img](/media/posts/a.webp)', 'example.com')).toEqual({
      internal: ['https://www.example.com/x'],
      outbound: ['https://other.org'],
    })
  })

  it('flags a keyphrase another page already targets, but not the post itself', () => {
    const used = [{ url: '/blog/old-post', title: 'Old post', keyphrases: ['Local SEO Checklist'] }]
    const report = scoreSeo(good, { used })
    const c = report.checks.find((x) => x.id === 'keyphrase-unique')!
    expect(c.status).toBe('bad')
    expect(c.message).toContain('/blog/old-post')
    expect(statusOf(good, 'keyphrase-unique', { used: [{ url: '/x', title: 'X', keyphrases: ['local seo audit'] }] })).toBe('good')
  })

  it('scores readability: Flesch reading ease and long sentences', () => {
    const easy = readability('The cat sat on the mat. It was a sunny day. We went out to play.')
    expect(easy.sentences).toBe(3)
    expect(easy.words).toBe(16)
    expect(easy.fleschReadingEase).toBeGreaterThan(90)
    const hard =
      'Comprehensive organizational transformation necessitates interdepartmental collaboration, institutional accountability, and systematic prioritization of measurable, strategically significant performance indicators across heterogeneous operational environments.'
    const r = readability(hard)
    expect(r.fleschReadingEase).toBeLessThan(0)
    expect(r.longSentenceShare).toBe(1)
    expect(statusOf({ ...good, body: hard }, 'reading-ease')).toBe('bad')
    expect(statusOf({ ...good, body: hard }, 'sentence-length')).toBe('bad')
    expect(statusOf({ ...good, body: '' }, 'reading-ease')).toBe('bad')
  })

  it('moves the score as the title changes', () => {
    const low = scoreSeo({ ...good, title: 'Twelve Steps' }).score
    const high = scoreSeo(good).score
    expect(high).toBeGreaterThan(low)
  })
})

describe('helpers', () => {
  it('matches phrases as whole words, ignoring case, hyphens and accents', () => {
    expect(containsPhrase('The Local-SEO checklist, revised', 'local seo checklist')).toBe(true)
    expect(containsPhrase('Localseo checklist', 'local seo')).toBe(false)
    expect(containsPhrase('Café marketing', 'cafe marketing')).toBe(true)
  })
  it('finds headings outside code blocks and the first real paragraph', () => {
    expect(headingsOf('# A\n\n```\n# not a heading\n```\n\n## B\n\nC\n===\n').map((h) => [h.level, h.text])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [1, 'C'],
    ])
    expect(firstParagraph('## Heading\n\n![alt](/a.webp)\n\nThe **first** [paragraph](/x).')).toBe('The first paragraph.')
  })
  it('estimates syllables', () => {
    expect(['cat', 'table', 'readability', 'marketing', 'the'].map(syllables)).toEqual([1, 2, 5, 3, 1])
  })
})
