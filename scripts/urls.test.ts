import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../data/catalog.ts'
import { loadData } from '../data/loadData.ts'
import { formatUrls } from './urls.ts'

const catalog = buildCatalog(loadData())

describe('npm run urls', () => {
  it('lists every catalog URL once, under its family, with its link text', () => {
    const out = formatUrls(catalog)
    for (const entry of catalog.entries) expect(out).toContain(`  ${entry.url}  `)
    expect(out.match(/^ {2}\//gm)).toHaveLength(catalog.entries.length)
    expect(out).toContain('  /seo-services-austin-tx  SEO Services in Austin, TX')
  })

  it('shows where an alias points and keeps to the families asked for', () => {
    const out = formatUrls(catalog, ['static'])
    expect(out).toContain('  /about-us  → /about')
    expect(out.startsWith('static (')).toBe(true)
    expect(out).not.toContain('/states/')
  })
})
