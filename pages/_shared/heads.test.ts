import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../data/catalog.ts'
import { loadData } from '../../data/loadData.ts'
import { fitText, headOf } from './heads.ts'

const data = loadData()
const catalog = buildCatalog(data)

describe('page heads', () => {
  it('fitText cuts at a word boundary with an ellipsis', () => {
    expect(fitText('short text', 60)).toBe('short text')
    expect(fitText('How long does search engine optimization take to show results', 30)).toBe('How long does search engine…')
    expect(fitText('How long does search engine optimization take', 30).length).toBeLessThanOrEqual(30)
  })

  it('composes city titles and descriptions within the limits', () => {
    const head = headOf(catalog.byUrl.get('/social-media-marketing-houston-tx')!, data)
    expect(head.title).toBe('Social Media Marketing in Houston, TX | Proofline Digital')
    expect(head.description.length).toBeLessThanOrEqual(160)
    expect(head.description).toContain('Houston, TX')
  })

  it('names the data file when a generated title cannot fit', () => {
    const long = { ...data, cities: data.cities.map((c) => (c.slug === 'austin' ? { ...c, name: 'Austin'.repeat(12) } : c)) }
    expect(() => headOf(catalog.byUrl.get('/seo-services-austin-tx')!, long)).toThrow(/cities\.yaml "austin" \+ city-services\.yaml "seo-services"/)
  })
})
