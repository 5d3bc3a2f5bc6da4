// Images the site needs, drawn at build time (no stock photos, nothing from a CDN): the favicon,
// the logo, one Open Graph card per page family, a portrait per testimonial with the placeholder
// shown when one fails, and an illustration per case study. Every raster image under /images
// gets a WebP sibling, which templates/components/Img.tsx offers first.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { familyCaptions, families } from '../../data/catalog.ts'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { caseStudyImage, PLACEHOLDER_AVATAR } from '../../templates/components/imagePaths.ts'

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const logoSvg = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#0f172a"/>
<path d="M9 23V9h7.5a4.5 4.5 0 010 9H13" fill="none" stroke="#fb923c" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M18 23l5-5" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`

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

/** The stand-in for a testimonial photo that fails to load (spec section 8). */
const placeholderAvatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect width="160" height="160" rx="80" fill="#e2e8f0"/>
<circle cx="80" cy="64" r="28" fill="#94a3b8"/>
<path d="M28 140c8-30 30-44 52-44s44 14 52 44" fill="#94a3b8"/>
</svg>`

/** A case study card illustration: a rising bar chart in the study's colour with its headline result. */
function caseStudySvg(result: string, label: string, seed: number) {
  const hues = [22, 205, 158, 262, 338, 42, 190]
  const hue = hues[seed % hues.length]
  const bars = [0.28, 0.36, 0.33, 0.47, 0.55, 0.52, 0.68, 0.8, 0.92]
  const barWidth = 52
  const chart = bars
    .map((h, i) => {
      const height = Math.round(h * 250)
      return `<rect x="${430 + i * (barWidth + 14)}" y="${350 - height}" width="${barWidth}" height="${height}" rx="6" fill="hsl(${hue} 75% ${i === bars.length - 1 ? 55 : 80}%)" opacity="${0.55 + i * 0.05}"/>`
    })
    .join('')
  const points = bars.map((h, i) => `${430 + i * (barWidth + 14) + barWidth / 2},${350 - Math.round(h * 250) - 24}`).join(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500" viewBox="0 0 1000 500">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 16%)"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
<rect width="1000" height="500" fill="url(#bg)"/>
<g stroke="#ffffff" stroke-opacity="0.08">${[100, 175, 250, 325, 400].map((y) => `<line x1="0" y1="${y}" x2="1000" y2="${y}"/>`).join('')}</g>
${chart}
<polyline points="${points}" fill="none" stroke="#fb923c" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
<text x="60" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="700" fill="#ffffff">${escape(result)}</text>
<text x="64" y="310" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="hsl(${hue} 70% 82%)">${escape(label.length > 26 ? `${label.slice(0, 25)}…` : label)}</text>
<rect x="60" y="400" width="300" height="8" rx="4" fill="#c2410c"/>
</svg>`
}

/** Writes a WebP sibling for every PNG or JPEG under `dir` that has none yet. */
async function writeWebpVariants(dir: string): Promise<number> {
  let written = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(png|jpe?g)$/i.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const webp = file.replace(/\.(png|jpe?g)$/i, '.webp')
    if (fs.existsSync(webp)) continue
    await sharp(file).webp({ quality: 82 }).toFile(webp)
    written++
  }
  return written
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
  await sharp(Buffer.from(logoSvg(512)))
    .png()
    .toFile(path.join(outDir, 'logo.png'))
  await sharp(Buffer.from(ogSvg(site.brand.name, site.brand.tagline)))
    .png()
    .toFile(path.join(outDir, site.seo.defaultImage.slice(1)))
  await Promise.all(
    families.map((family) =>
      sharp(Buffer.from(ogSvg(site.brand.name, familyCaptions[family])))
        .png()
        .toFile(path.join(outDir, 'og', `${family}.png`)),
    ),
  )
  fs.writeFileSync(path.join(outDir, PLACEHOLDER_AVATAR.slice(1)), placeholderAvatarSvg)
  // Testimonial photos are raster files, like the real portraits they stand in for.
  await Promise.all(
    testimonials.map(async (t, i) => {
      const file = path.join(outDir, t.photo.slice(1))
      fs.mkdirSync(path.dirname(file), { recursive: true })
      const svg = Buffer.from(avatarSvg(t.clientName, i))
      if (/\.svg$/i.test(file)) fs.writeFileSync(file, svg)
      else await sharp(svg).resize(160, 160).toFile(file)
    }),
  )
  fs.mkdirSync(path.dirname(path.join(outDir, caseStudyImage('x').slice(1))), { recursive: true })
  await Promise.all(
    ctx.data.caseStudies.map((study, i) =>
      sharp(Buffer.from(caseStudySvg(study.results[0].value, study.industry, i)))
        .resize(800, 400)
        .png({ compressionLevel: 9, palette: true })
        .toFile(path.join(outDir, caseStudyImage(study.slug).slice(1))),
    ),
  )
  await writeWebpVariants(path.join(outDir, 'images'))
}
