// A tag's own fields from /admin/tags (name, description, SEO title and description) make the
// head and hero of its /tag/ page; without them the page keeps the head made from its posts.
import { afterEach, describe, expect, it } from 'vitest'
import { setDbPosts } from '../../data/dbPosts.ts'
import { sitemapUrls } from '../../scripts/build/sitemap.ts'
import { getSiteContext } from '../_shared/siteContext.ts'
import data from './+data.ts'

const snapshot = (tags: NonNullable<Parameters<typeof setDbPosts>[0]>['tags']) => ({ version: Date.now(), posts: [], claimed: [], from: 'test', tags })

describe('tag page head', () => {
  afterEach(() => setDbPosts(undefined))

  it('uses the database tag’s SEO title, SEO description, name and description', () => {
    setDbPosts(
      snapshot([
        {
          slug: 'seo',
          name: 'Search Engine Optimisation',
          description: 'How we rank service businesses.',
          seoTitle: 'SEO Articles and Guides',
          seoDescription: 'Our guides to SEO for service businesses.',
        },
      ]),
    )
    const page = data({ urlPathname: '/tag/seo' } as never)
    expect(page.seo.title).toBe('SEO Articles and Guides')
    expect(page.seo.description).toBe('Our guides to SEO for service businesses.')
    expect(page.props).toMatchObject({ name: 'Search Engine Optimisation', description: 'How we rank service businesses.' })
  })

  it('falls back to the head made from the posts when the tag has no SEO fields', () => {
    setDbPosts(snapshot([{ slug: 'seo', name: 'Search', description: '', seoTitle: null, seoDescription: null }]))
    const page = data({ urlPathname: '/tag/seo' } as never)
    expect(page.seo.title).toBe(`Search Articles | ${page.seo.siteName} Blog`)
    expect(page.seo.description).toMatch(/article/)
    setDbPosts(undefined)
    expect(data({ urlPathname: '/tag/seo' } as never).seo.title).toMatch(/^Seo Articles \| /)
  })

  it('a tag marked noindex gets the site’s noindex robots and leaves the sitemap; unmarked, it comes back', () => {
    const tag = (noindex: boolean) => ({ slug: 'seo', name: 'SEO', description: '', seoTitle: null, seoDescription: null, noindex })
    const inSitemap = () => sitemapUrls(getSiteContext()).some((e) => e.url === '/tag/seo')
    setDbPosts(snapshot([tag(true)]))
    expect(data({ urlPathname: '/tag/seo' } as never).seo.robots).toBe('noindex, follow')
    expect(getSiteContext().catalog.byUrl.get('/tag/seo')?.noindex).toBe(true)
    expect(inSitemap()).toBe(false)
    // Another tag stays indexable.
    expect(data({ urlPathname: '/tag/ppc' } as never).seo.robots).toBe('index, follow, max-image-preview:large')
    setDbPosts(snapshot([tag(false)]))
    expect(data({ urlPathname: '/tag/seo' } as never).seo.robots).toBe('index, follow, max-image-preview:large')
    expect(inSitemap()).toBe(true)
  })
})
