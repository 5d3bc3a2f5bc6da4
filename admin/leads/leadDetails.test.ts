// The lead screen's reading of form details: choices as labels, never raw JSON.
import { describe, expect, it } from 'vitest'
import { fileSize, humanKey, leadDetailItems } from './leadDetails.ts'

describe('leadDetailItems', () => {
  it('shows a quote’s services of interest, budget and timeline as labels', () => {
    const items = leadDetailItems({
      website: 'example.com',
      services: ['seo-services', 'ppc-management'],
      serviceLabels: ['SEO Services', 'PPC Management'],
      budget: '5k-15k',
      budgetLabel: '$5,000 - $15,000 / month',
      timeline: '1-3-months',
      timelineLabel: 'In 1-3 months',
      consent: true,
    })
    expect(items).toEqual([
      { key: 'website', label: 'Website', type: 'link', href: 'https://example.com/', text: 'example.com' },
      { key: 'services', label: 'Services of interest', type: 'labels', values: ['SEO Services', 'PPC Management'] },
      { key: 'budget', label: 'Monthly budget', type: 'text', value: '$5,000 - $15,000 / month' },
      { key: 'timeline', label: 'Timeline', type: 'text', value: 'In 1-3 months' },
      { key: 'consent', label: 'Agreed to be contacted', type: 'text', value: 'Yes' },
    ])
  })

  it('falls back to the ids for services stored without their names', () => {
    expect(leadDetailItems({ services: ['seo-services', 'local-seo'] })).toEqual([
      { key: 'services', label: 'Services of interest', type: 'labels', values: ['seo-services', 'local-seo'] },
    ])
    expect(leadDetailItems({ services: ['seo-services', 'local-seo'], serviceLabels: ['SEO Services'] })[0]).toMatchObject({
      values: ['SEO Services', 'local-seo'],
    })
  })

  it('shows a job application’s opening, links and résumé, not the stored file name', () => {
    const items = leadDetailItems({
      openingId: 'senior-seo-strategist',
      openingTitle: 'Senior SEO Strategist',
      links: 'https://example.com/portfolio',
      resume: { storedName: '6f1c…pdf', originalName: 'KJ resume.pdf', size: 48_213, sha256: 'ab', contentType: 'application/pdf' },
    })
    expect(items).toEqual([
      { key: 'openingId', label: 'Opening', type: 'text', value: 'Senior SEO Strategist' },
      { key: 'links', label: 'Links', type: 'text', value: 'https://example.com/portfolio' },
      { key: 'resume', label: 'Résumé', type: 'resume', fileName: 'KJ resume.pdf', size: 48_213 },
    ])
  })

  it('links only http(s) websites', () => {
    expect(leadDetailItems({ website: 'javascript:alert(1)' })[0]).toMatchObject({ type: 'text', value: 'javascript:alert(1)' })
    expect(leadDetailItems({ website: 'http://shop.example.org/a' })[0]).toMatchObject({ type: 'link', href: 'http://shop.example.org/a' })
    expect(leadDetailItems({ website: '' })[0]).toMatchObject({ type: 'text', value: '—' })
  })

  it('names unknown fields readably and never prints JSON', () => {
    expect(leadDetailItems({ subject: 'Partnership', preferredChannel: 'phone', tags: ['a', 'b'], extra: { callBack: true, at: null } })).toEqual([
      { key: 'subject', label: 'Subject', type: 'text', value: 'Partnership' },
      { key: 'preferredChannel', label: 'Preferred channel', type: 'text', value: 'phone' },
      { key: 'tags', label: 'Tags', type: 'labels', values: ['a', 'b'] },
      { key: 'extra', label: 'Extra', type: 'text', value: 'Call back: Yes, At: —' },
    ])
    expect(leadDetailItems(null)).toEqual([])
    expect(leadDetailItems([1, 2])).toEqual([])
  })
})

describe('humanKey and fileSize', () => {
  it('reads keys and sizes as people write them', () => {
    expect(humanKey('utmSourceDetail')).toBe('Utm source detail')
    expect(humanKey('landing_page')).toBe('Landing page')
    expect(fileSize(900)).toBe('900 B')
    expect(fileSize(48_213)).toBe('47.1 KB')
    expect(fileSize(3_400_000)).toBe('3.2 MB')
  })
})
