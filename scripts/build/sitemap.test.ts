// sitemap.xml with page overrides (/admin/cms): the full build and the incremental publisher list a
// page by its effective head, as the immediate re-apply (server/cms/store.ts) does from the
// inventory, so an override can take a page out and also put a noindex page back.
import { describe, expect, it } from 'vitest'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { sitemapFiles } from './sitemap.ts'

const locs = (files: [string, string][]) => [...new Map(files).get('sitemap.xml')!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

describe('sitemap.xml', () => {
  const ctx = getSiteContext()
  const own = (url: string) => `${ctx.siteUrl}${url}`

  it('lists indexable primary pages, not noindex pages or aliases', () => {
    const listed = locs(sitemapFiles(ctx))
    expect(listed).toContain(own('/about'))
    expect(listed).not.toContain(own('/thank-you'))
    const alias = ctx.catalog.entries.find((e) => e.isAlias)!
    expect(listed).not.toContain(own(alias.url))
  })

  it('follows page overrides both ways, in catalog order', () => {
    expect(ctx.catalog.byUrl.get('/thank-you')?.noindex).toBe(true)
    const plain = locs(sitemapFiles(ctx))
    const listed = locs(
      sitemapFiles(
        ctx,
        new Map([
          ['/thank-you', true],
          ['/about', false],
        ]),
      ),
    )
    expect(listed).toContain(own('/thank-you'))
    expect(listed).not.toContain(own('/about'))
    expect(listed).toHaveLength(plain.length)
    const order = ctx.catalog.entries.map((e) => own(e.url))
    expect(listed).toEqual([...listed].sort((a, b) => order.indexOf(a) - order.indexOf(b)))
    // An override that keeps the page as it was changes nothing.
    expect(locs(sitemapFiles(ctx, new Map([['/about', true]])))).toEqual(plain)
  })
})
