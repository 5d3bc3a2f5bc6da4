import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../data/catalog.ts'
import { loadData } from '../../data/loadData.ts'
import { cityHead } from './head.ts'

const data = loadData()
const catalog = buildCatalog(data)

describe('city page head', () => {
  it('composes city titles and descriptions within the limits', () => {
    const entry = catalog.byUrl.get('/social-media-marketing-houston-tx')!
    const head = cityHead(entry, data)
    expect(entry.label).toBe('Social Media Marketing in Houston, TX')
    expect(head.title).toBe('Social Media Marketing in Houston, TX | Proofline Digital')
    expect(head.description.length).toBeLessThanOrEqual(160)
    expect(head.description).toContain('Houston, TX')
  })

  it('names the data file when a generated title cannot fit', () => {
    const long = { ...data, cities: data.cities.map((c) => (c.slug === 'austin' ? { ...c, name: 'Austin'.repeat(12) } : c)) }
    expect(() => cityHead(catalog.byUrl.get('/seo-services-austin-tx')!, long)).toThrow(/cities\.yaml "austin" \+ city-services\.yaml "seo-services"/)
  })
})
