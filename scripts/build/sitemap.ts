// sitemap.xml lists every canonical, indexable URL with its lastmod; robots.txt keeps crawlers
// out of /admin and /api and names the sitemap.
import fs from 'node:fs'
import path from 'node:path'
import { canonicalHref } from '../../data/catalog.ts'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export const robotsDisallow = ['/admin$', '/admin/', '/api/']

/** Primary, indexable pages whose canonical link is their own URL (a post canonical elsewhere is left out). */
export function sitemapUrls(ctx: SiteContext) {
  return ctx.catalog.entries.filter((e) => !e.isAlias && !e.noindex && canonicalHref(e, ctx.siteUrl) === `${ctx.siteUrl}${e.url}`)
}

/** sitemap.xml for these URLs: shared by the build and the immediate re-apply of a page override
 * (server/cms/apply.ts), so both write the same bytes. */
export function sitemapXml(siteUrl: string, pages: { url: string; lastmod: string }[]): string {
  const urls = pages.map((e) => `  <url><loc>${escapeXml(siteUrl + e.url)}</loc><lastmod>${e.lastmod}</lastmod></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** sitemap.xml and robots.txt as [file name, text]. `byOverride`: for each page a page override
 * (/admin/cms) applies to, whether its effective head is indexable: such a page is listed or left
 * out by that answer, not by its data (so an override can also put a noindex page back), as
 * server/cms/store.ts's immediate re-apply does from the inventory. */
export function sitemapFiles(ctx: SiteContext, byOverride: ReadonlyMap<string, boolean> = new Map()): [string, string][] {
  const listed = new Set(sitemapUrls(ctx).map((e) => e.url))
  const pages = ctx.catalog.entries
    .filter((e) => !e.isAlias && (byOverride.get(e.url) ?? listed.has(e.url)))
    .map((e) => ({ url: e.url, lastmod: ctx.lastmod(e.sources) }))
  // Rules match by prefix: a bare "Disallow: /api" would also hide /api-integration-services and
  // every other /api-* page, so the folders are closed with a trailing slash ("$" ends a rule).
  return [
    ['sitemap.xml', sitemapXml(ctx.siteUrl, pages)],
    ['robots.txt', `User-agent: *\n${robotsDisallow.map((rule) => `Disallow: ${rule}`).join('\n')}\n\nSitemap: ${ctx.siteUrl}/sitemap.xml\n`],
  ]
}

/** `byOverride`: see sitemapFiles. */
export function writeSitemap(ctx: SiteContext, outDir: string, byOverride: ReadonlyMap<string, boolean> = new Map()) {
  for (const [name, text] of sitemapFiles(ctx, byOverride)) fs.writeFileSync(path.join(outDir, name), text)
}
