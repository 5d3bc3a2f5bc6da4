import { describe, expect, it } from 'vitest'
import { importLabel, parseSearchConsoleCsv, pathOfPage, termsOfRow } from './searchConsole.ts'

describe('parseSearchConsoleCsv', () => {
  it('reads Queries.csv as Search Console writes it (CTR in %, decimal positions, quoted commas)', () => {
    const parsed = parseSearchConsoleCsv(
      '\uFEFFTop queries,Clicks,Impressions,CTR,Position\r\nhubspot crm migration,42,1200,3.5%,7.2\r\n"seo agency austin, tx","1,204",30000,4.01%,3\r\n',
    )
    expect(parsed.errors).toEqual([])
    expect(parsed.kind).toBe('queries')
    expect(parsed.rows).toEqual([
      { line: 2, item: 'hubspot crm migration', clicks: 42, impressions: 1200, ctr: 0.035, position: 7.2 },
      { line: 3, item: 'seo agency austin, tx', clicks: 1204, impressions: 30000, ctr: 0.0401, position: 3 },
    ])
  })

  it('reads Pages.csv, a decimal comma, and missing optional columns', () => {
    const parsed = parseSearchConsoleCsv('Top pages,Clicks,Impressions,Position,Country\nhttps://www.example.com/services/seo/,10,100,"2,5",USA\n')
    expect(parsed.errors).toEqual([])
    expect(parsed.kind).toBe('pages')
    expect(parsed.rows[0]).toMatchObject({ item: 'https://www.example.com/services/seo/', ctr: null, position: 2.5 })
    expect(parsed.ignoredColumns).toEqual(['Country'])
  })

  it('names every bad line and field, and imports nothing', () => {
    const parsed = parseSearchConsoleCsv(
      [
        'Top queries,Clicks,Impressions,CTR,Position',
        'ppc audit,3,40,7.5%,4.1',
        ',1,2,50%,1',
        'local seo,many,10,1%,2',
        'PPC Audit,1,1,100%,1',
        'web design,1,10,150%,0.5',
      ].join('\n'),
    )
    expect(parsed.errors).toEqual([
      { line: 3, message: 'The query is empty.' },
      { line: 4, message: 'Clicks "many" is not a whole number.' },
      { line: 5, message: expect.stringContaining('appears twice (also line 2)') },
      { line: 6, message: 'CTR "150%" is not a percentage between 0% and 100%; Position "0.5" is not an average position (1 or more).' },
    ])
  })

  it('says which file to upload instead, and rejects empty or header-only files', () => {
    expect(parseSearchConsoleCsv('Date,Clicks,Impressions,CTR,Position\n2026-11-01,1,2,50%,1').errors[0].message).toContain('Dates.csv')
    expect(parseSearchConsoleCsv('Keyword,Volume\nseo,10').errors[0]).toMatchObject({ line: 1, message: expect.stringContaining('Top queries') })
    expect(parseSearchConsoleCsv('Top queries,Impressions\nseo,10').errors[0].message).toContain('"Clicks"')
    expect(parseSearchConsoleCsv('').errors[0].message).toContain('empty')
    expect(parseSearchConsoleCsv('Top queries,Clicks,Impressions\n').errors[0].message).toContain('no rows')
    expect(parseSearchConsoleCsv('Top pages,Clicks,Impressions\nnot a url,1,2').errors[0]).toMatchObject({
      line: 2,
      message: expect.stringContaining('not a page address'),
    })
  })
})

describe('joining imported rows to first-party terms', () => {
  const entities = [{ match: 'hubspot crm', term: 'HubSpot CRM' }]
  it('uses the trends normaliser for queries and `page /path` for pages', () => {
    expect(termsOfRow('queries', 'HubSpot CRM migrations for agencies', entities)).toEqual(['HubSpot CRM', 'migration', 'agency'])
    expect(termsOfRow('pages', 'https://www.example.com/services/seo/?utm_source=x', entities)).toEqual(['page /services/seo/', 'page /services/seo'])
    expect(pathOfPage('/faq#pricing')).toBe('/faq')
  })
  it('labels an import "as of" the end of its period, or its import day', () => {
    expect(importLabel({ period_from: '2026-10-01', period_to: '2026-10-28', uploaded_at: '2026-11-24T10:00:00.000Z' })).toMatchObject({
      label: 'Imported from Search Console, as of 2026-10-28',
      period: 'Covers 2026-10-01 to 2026-10-28.',
    })
    expect(importLabel({ period_from: null, period_to: null, uploaded_at: '2026-11-24T10:00:00.000Z' }).label).toBe(
      'Imported from Search Console, as of 2026-11-24',
    )
  })
})
