// What every family's data hook ends with: the head (meta, Open Graph, JSON-LD), the chrome,
// the breadcrumbs and the template's props, typed by that template. Runs at pre-render time.
import { canonicalHref, type CatalogEntry } from '../../data/catalog.ts'
import { feedLinksOf } from '../../shared/feeds.ts'
import type { Crumb, FaqPair, PageData, Seo } from '../../templates/types.ts'
import { chromeOf } from './chrome.ts'
import type { Head } from './headText.ts'
import { breadcrumbLd, faqLd, organizationLd } from './jsonLd.ts'
import { getSiteContext, type SiteContext } from './siteContext.ts'

/** The site and the catalog entry of the URL being rendered. */
export function pageOf(pageContext: { urlPathname: string }): { ctx: SiteContext; entry: CatalogEntry } {
  const ctx = getSiteContext()
  const entry = ctx.catalog.byUrl.get(pageContext.urlPathname)
  if (!entry) throw new Error(`No catalog entry for ${pageContext.urlPathname}`)
  return { ctx, entry }
}

type PageParts<P> = {
  head: Head
  props: P
  crumbs: Crumb[]
  /** Questions shown on the page, repeated as FAQPage JSON-LD. */
  faqs?: FaqPair[]
  /** JSON-LD of the page's own kind (Service, BlogPosting...). */
  extraLd?: Record<string, unknown>[]
  ogType?: Seo['ogType']
  /** Site-relative Open Graph image; default: the card of the family. */
  image?: string
  /** An absolute Open Graph image with its size and alt text (a post's featured image); wins over `image`. */
  ogImage?: { url: string; width?: number; height?: number; alt: string }
}

export function pageData<P>(ctx: SiteContext, entry: CatalogEntry, parts: PageParts<P>): PageData<P> {
  const { head, crumbs, faqs } = parts
  const jsonLd = [...organizationLd(ctx.data.site, ctx.siteUrl)]
  if (crumbs.length > 1) jsonLd.push(breadcrumbLd(crumbs, ctx.siteUrl))
  if (faqs?.length) jsonLd.push(faqLd(faqs))
  jsonLd.push(...(parts.extraLd ?? []))
  const seo: Seo = {
    title: head.title,
    description: head.description,
    keywords: head.keywords,
    canonical: canonicalHref(entry, ctx.siteUrl),
    robots: entry.noindex ? 'noindex, follow' : 'index, follow, max-image-preview:large',
    image: parts.ogImage?.url ?? `${ctx.siteUrl}${parts.image ?? `/og/${entry.family}.png`}`,
    ogType: parts.ogType ?? 'website',
    siteName: ctx.data.site.brand.name,
    twitterHandle: ctx.data.site.seo.twitterHandle,
    jsonLd,
  }
  if (parts.ogImage) seo.imageMeta = { width: parts.ogImage.width, height: parts.ogImage.height, alt: parts.ogImage.alt }
  const feeds = feedLinksOf(entry, ctx.data.site.brand.name)
  if (feeds.length) seo.feeds = feeds
  return { seo, chrome: chromeOf(ctx), breadcrumbs: crumbs, props: parts.props }
}
