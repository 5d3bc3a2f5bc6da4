import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirs } from '../tests/tempDirs.ts'
import { buildCatalog, canonicalHref } from './catalog.ts'
import { sitemapUrls } from '../scripts/build/sitemap.ts'
import { AggregateDataError, DataError, defaultDataDir, loadData, parseBlogPost, parseDataFile } from './loadData.ts'
import { CitySchema, SiteSchema } from './schema.ts'
import { z } from 'zod'

const tmp = tempDirs('data')

/** A copy of the real data folder with one file replaced. */
function dataWith(file: string, edit: (text: string) => string) {
  const dir = tmp('copy')
  fs.cpSync(defaultDataDir, dir, { recursive: true, filter: (src) => !src.endsWith('.ts') })
  const full = path.join(dir, file)
  fs.writeFileSync(full, edit(fs.readFileSync(full, 'utf8')))
  return dir
}

function problemsOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected an error')
}

describe('data files', () => {
  it('the real data folder is valid', () => {
    const data = loadData()
    expect(data.states).toHaveLength(50)
    expect(data.cities).toHaveLength(10)
  })

  it('a wrong type names the file, the record, the field and what was expected', () => {
    const message = problemsOf(() =>
      parseDataFile('cities.yaml', '- slug: austin\n  name: Austin\n  population: lots\n', z.array(CitySchema)),
    )
    expect(message).toContain('cities.yaml')
    expect(message).toContain('[0 "austin"].population: Invalid input: expected number, received string')
    expect(message).toContain('[0 "austin"].stateCode')
  })

  it('a field limit says what was expected', () => {
    const site = fs.readFileSync(path.join(defaultDataDir, 'site.yaml'), 'utf8').replace('phone: (888) 555-0142', 'phone: 512-867-5309')
    const message = problemsOf(() => parseDataFile('site.yaml', site, SiteSchema))
    expect(message).toContain('site.yaml')
    expect(message).toContain('contact.phone: a fictional toll-free number like (888) 555-0142')
  })

  it('invalid YAML is reported with the file name', () => {
    const error = (() => {
      try {
        parseDataFile('states.yaml', 'slug: [unclosed', z.array(z.unknown()))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(DataError)
    expect((error as DataError).file).toBe('states.yaml')
    expect((error as Error).message).toContain('not valid YAML/JSON')
  })

  it('loadData collects the problems of every bad file before failing', () => {
    const dir = dataWith('states.yaml', (t) => t.replace(/code: al\b/, 'code: ALA'))
    fs.writeFileSync(path.join(dir, 'jobs.yaml'), '- slug: Not A Slug\n')
    const error = (() => {
      try {
        loadData(dir)
      } catch (e) {
        return e
      }
    })() as AggregateDataError
    expect(error).toBeInstanceOf(AggregateDataError)
    expect(error.errors.map((e) => e.file).sort()).toEqual(['jobs.yaml', 'states.yaml'])
    expect(error.message).toMatch(/states\.yaml:\n {2}- \[0 "alabama"\]\.code/)
    expect(error.message).toContain('jobs.yaml:\n  - [0 "Not A Slug"].slug: a lowercase slug of letters, digits and single hyphens')
    expect(error.message).toContain('[0 "Not A Slug"].salary: Invalid input: expected object, received undefined')
  })

  it('a missing file is reported', () => {
    const dir = dataWith('faq.yaml', (t) => t)
    fs.rmSync(path.join(dir, 'faq.yaml'))
    expect(problemsOf(() => loadData(dir))).toContain('faq.yaml:\n  - (root): the file is missing')
  })

  it('a blog post needs front matter and a real body', () => {
    expect(problemsOf(() => parseBlogPost('blog/x.md', 'no front matter'))).toContain('blog/x.md')
    const short = `---\ntitle: A short post title\ndescription: ${'d'.repeat(60)}\ndate: 2026-01-01\nauthor: A\ntags: [seo]\n---\nToo short.`
    expect(problemsOf(() => parseBlogPost('blog/x.md', short))).toContain('body: a post body of at least 250 words')
    const badDate = short.replace('2026-01-01', '01/02/2026')
    expect(problemsOf(() => parseBlogPost('blog/x.md', badDate))).toContain('date: a date written YYYY-MM-DD')
  })

  it('a file post may set noindex and a canonical URL in its front matter, as a database post does', () => {
    const post = 'blog/core-web-vitals-landing-pages.md'
    const withMeta = (lines: string) => dataWith(post, (t) => t.replace(/^---\n/, `---\n${lines}\n`))
    const own = buildCatalog(loadData(defaultDataDir)).byUrl.get('/blog/core-web-vitals-landing-pages')!
    expect(own.noindex).toBe(false)
    expect(own.canonicalUrl).toBeUndefined()

    const site = buildCatalog(loadData(withMeta('noindex: true\ncanonicalUrl: /services/seo/')))
    const entry = site.byUrl.get('/blog/core-web-vitals-landing-pages')!
    expect(entry.noindex).toBe(true)
    expect(entry.canonicalUrl).toBe('/services/seo')
    expect(canonicalHref(entry, 'https://www.example.com')).toBe('https://www.example.com/services/seo')
    expect(sitemapUrls({ catalog: site, siteUrl: 'https://www.example.com' } as never).some((e) => e.url === entry.url)).toBe(false)

    const elsewhere = buildCatalog(loadData(withMeta('canonicalUrl: https://news.example.org/cwv')))
    expect(elsewhere.byUrl.get(entry.url)?.canonicalUrl).toBe('https://news.example.org/cwv')
    expect(elsewhere.byUrl.get(entry.url)?.noindex).toBe(false)

    expect(problemsOf(() => buildCatalog(loadData(withMeta('canonicalUrl: /no-such-page'))))).toContain(
      `${post}:\n  - canonicalUrl: a page of the site (/no-such-page is not one), a full https:// URL, or no canonicalUrl`,
    )
    expect(problemsOf(() => loadData(withMeta('canonicalUrl: //evil.example.com/x')))).toContain('canonicalUrl: a site path like /services/seo or a full https:// URL')
    expect(problemsOf(() => loadData(withMeta('noindex: sometimes')))).toContain('noindex')
  })

  it('cross-file references are checked by the catalog', () => {
    const dir = dataWith('cities.yaml', (t) => t.replace('state: texas', 'state: texsa'))
    expect(problemsOf(() => buildCatalog(loadData(dir)))).toMatch(/cities\.yaml:\n {2}- \[\d+ "\w+"\]\.state: a state slug from states\.yaml/)
  })

  it('two records claiming one URL stop the build', () => {
    const dir = dataWith('aliases.yaml', (t) => `${t}\n- { from: /about, to: /contact }\n`)
    expect(problemsOf(() => buildCatalog(loadData(dir)))).toContain('aliases.yaml')
  })
})
