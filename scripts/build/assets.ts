// Images the site needs, drawn at build time (no stock photos, nothing from a CDN): the favicon,
// the logo, one Open Graph card per page family and an avatar per testimonial.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { families } from '../../data/catalog.ts'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const logoSvg = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#0f172a"/>
<path d="M9 23V9h7.5a4.5 4.5 0 010 9H13" fill="none" stroke="#fb923c" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M18 23l5-5" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`

const familyCaption: Record<string, string> = {
  home: 'Marketing That Proves',
  static: 'Marketing That Proves',
  city: 'Local digital marketing',
  state: 'Digital marketing in all 50 states',
  hubspot: 'HubSpot services',
  'hubspot-tool': 'HubSpot integrations',
  integration: 'CRM and LOS integrations',
  'api-service': 'API integration services',
  mortgage: 'Mortgage marketing',
  landing: 'Digital marketing agency',
  content: 'Guides',
  legal: 'Policies',
  service: 'Services',
  'blog-post': 'The Proofline blog',
  tag: 'The Proofline blog',
  qa: 'Marketing questions answered',
  'case-study': 'Client results',
  job: 'Careers',
}

function ogSvg(brand: string, caption: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e293b"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<path d="M0 560 L300 470 L560 500 L820 360 L1200 250 L1200 630 L0 630 Z" fill="#c2410c" opacity="0.9"/>
<g transform="translate(80 90) scale(3)"><rect width="32" height="32" rx="7" fill="#fb923c"/><path d="M9 23V9h7.5a4.5 4.5 0 010 9H13" fill="none" stroke="#0f172a" stroke-width="3" stroke-linecap="round"/></g>
<text x="80" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#ffffff">${escape(brand)}</text>
<text x="80" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#fed7aa">${escape(caption)}</text>
</svg>`
}

function avatarSvg(name: string, seed: number) {
  const hues = [18, 200, 160, 265, 340, 45]
  const hue = hues[seed % hues.length]
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escape(name)}">
<rect width="160" height="160" rx="80" fill="hsl(${hue} 70% 38%)"/>
<circle cx="80" cy="62" r="28" fill="hsl(${hue} 60% 82%)"/>
<path d="M28 140c8-30 30-44 52-44s44 14 52 44" fill="hsl(${hue} 60% 82%)"/>
<text x="80" y="152" text-anchor="middle" font-family="Arial, sans-serif" font-size="18" font-weight="700" fill="#fff">${escape(initials)}</text>
</svg>`
}

export async function writeAssets(ctx: SiteContext, outDir: string) {
  const { site, testimonials } = ctx.data
  fs.mkdirSync(path.join(outDir, 'og'), { recursive: true })
  fs.mkdirSync(path.join(outDir, 'images', 'testimonials'), { recursive: true })
  fs.writeFileSync(path.join(outDir, 'favicon.svg'), logoSvg(32))
  await sharp(Buffer.from(logoSvg(512))).png().toFile(path.join(outDir, 'logo.png'))
  await sharp(Buffer.from(ogSvg(site.brand.name, site.brand.tagline))).png().toFile(path.join(outDir, site.seo.defaultImage.slice(1)))
  await Promise.all(families.map((family) => sharp(Buffer.from(ogSvg(site.brand.name, familyCaption[family]))).png().toFile(path.join(outDir, 'og', `${family}.png`))))
  testimonials.forEach((t, i) => {
    const file = path.join(outDir, t.photo.slice(1))
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, avatarSvg(t.clientName, i))
  })
}
