// A database post's own noindex and canonical URL (decision 104): the head the full build and the
// incremental publisher both render (robots, canonical link, og:url, BlogPosting's
// mainEntityOfPage) and sitemap.xml, from the catalog of the posts' snapshot.
import { afterEach, describe, expect, it } from 'vitest'
import { setDbPosts, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { sitemapUrls } from '../../scripts/build/sitemap.ts'
import { getSiteContext } from '../_shared/siteContext.ts'
import data from './+data.ts'

const URL = '/blog/lsa-cost-per-job'
const post = (over: Partial<DbPostsSnapshot['posts'][number]> = {}): DbPostsSnapshot['posts'][number] => ({
  slug: 'lsa-cost-per-job',
  title: 'Local Services Ads: Cost per Job',
  description: 'How to turn the cost per lead Google reports for Local Services Ads into a cost per booked job your finance team trusts.',
  date: '2026-11-20',
  author: 'Jordan Mercer',
  tags: ['ppc'],
  markdown: 'Local Services Ads charge per lead, so the number to watch is the cost of each booked job.',
  origin: 'database',
  lastmod: '2026-11-20',
  ...over,
})
const publish = (p: DbPostsSnapshot['posts'][number]) => setDbPosts({ version: Date.now() + Math.random(), posts: [p], claimed: [p.slug], from: 'test' })
const head = () => data({ urlPathname: URL } as never).seo
const mainEntity = () => (head().jsonLd.find((ld) => ld['@type'] === 'BlogPosting') as { mainEntityOfPage: string }).mainEntityOfPage
const inSitemap = () => sitemapUrls(getSiteContext()).some((e) => e.url === URL)

afterEach(() => setDbPosts(undefined))

describe('a database post’s noindex and canonical URL', () => {
  it('without them: its own URL as canonical, indexable, in the sitemap', () => {
    publish(post())
    const { siteUrl } = getSiteContext()
    expect(head().robots).toBe('index, follow, max-image-preview:large')
    expect(head().canonical).toBe(`${siteUrl}${URL}`)
    expect(mainEntity()).toBe(`${siteUrl}${URL}`)
    expect(inSitemap()).toBe(true)
  })

  it('noindex: the site’s noindex robots and out of the sitemap, still listed on /blog', () => {
    publish(post({ noindex: true }))
    expect(head().robots).toBe('noindex, follow')
    expect(head().canonical).toBe(`${getSiteContext().siteUrl}${URL}`)
    expect(getSiteContext().catalog.byUrl.get(URL)?.noindex).toBe(true)
    expect(inSitemap()).toBe(false)
    expect(getSiteContext().data.posts.map((p) => p.slug)).toContain('lsa-cost-per-job')
    // Another post stays indexable.
    expect(sitemapUrls(getSiteContext()).some((e) => e.url === '/blog/core-web-vitals-landing-pages')).toBe(true)
  })

  it('a full URL as canonical: that link and og:url, the JSON-LD’s page, out of the sitemap', () => {
    publish(post({ canonicalUrl: 'https://partner.example.com/lsa-cost-per-job' }))
    expect(head().canonical).toBe('https://partner.example.com/lsa-cost-per-job')
    expect(mainEntity()).toBe('https://partner.example.com/lsa-cost-per-job')
    expect(head().robots).toBe('index, follow, max-image-preview:large')
    expect(inSitemap()).toBe(false)
  })

  it('a site path as canonical is made absolute; its own path is no override', () => {
    publish(post({ canonicalUrl: '/services' }))
    expect(head().canonical).toBe(`${getSiteContext().siteUrl}/services`)
    expect(inSitemap()).toBe(false)
    publish(post({ canonicalUrl: URL }))
    expect(getSiteContext().catalog.byUrl.get(URL)?.canonicalUrl).toBeUndefined()
    expect(head().canonical).toBe(`${getSiteContext().siteUrl}${URL}`)
    expect(inSitemap()).toBe(true)
  })
})
