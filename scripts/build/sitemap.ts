// sitemap.xml lists every canonical, indexable URL with its lastmod; robots.txt keeps crawlers
// out of /admin and /api and names the sitemap.
import fs from 'node:fs'
import path from 'node:path'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export const robotsDisallow = ['/admin$', '/admin/', '/api/']

export function sitemapUrls(ctx: SiteContext) {
  return ctx.catalog.entries.filter((e) => !e.isAlias && !e.noindex)
}

export function writeSitemap(ctx: SiteContext, outDir: string) {
  const urls = sitemapUrls(ctx)
    .map((e) => `  <url><loc>${escapeXml(ctx.siteUrl + e.url)}</loc><lastmod>${ctx.lastmod(e.sources)}</lastmod></url>`)
    .join('\n')
  fs.writeFileSync(
    path.join(outDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  )
  // Rules match by prefix: a bare "Disallow: /api" would also hide /api-integration-services and
  // every other /api-* page, so the folders are closed with a trailing slash ("$" ends a rule).
  fs.writeFileSync(
    path.join(outDir, 'robots.txt'),
    `User-agent: *\n${robotsDisallow.map((rule) => `Disallow: ${rule}`).join('\n')}\n\nSitemap: ${ctx.siteUrl}/sitemap.xml\n`,
  )
}
