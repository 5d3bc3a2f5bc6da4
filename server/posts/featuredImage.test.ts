// A featured image's variants and sizes as the blog post page takes them (issue 11).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { featuredImageOf, webpSize } from './featuredImage.ts'
import { storeImage } from './media.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'featured-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const image = (width: number, height: number, channels: 3 | 4) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 64, b: 175, alpha: 0.5 } } })

describe('featured images', () => {
  it('reads the size of lossy, lossless and extended (alpha) WebP files, and nothing from other files', async () => {
    const cases: [string, Sharp][] = [
      ['lossy.webp', image(321, 123, 3).webp()],
      ['lossless.webp', image(300, 77, 3).webp({ lossless: true })],
      ['alpha.webp', image(250, 99, 4).webp({ alphaQuality: 50 })],
    ]
    for (const [file, img] of cases) await img.toFile(path.join(dir, file))
    expect(webpSize(path.join(dir, 'lossy.webp'))).toEqual({ width: 321, height: 123 })
    expect(webpSize(path.join(dir, 'lossless.webp'))).toEqual({ width: 300, height: 77 })
    expect(webpSize(path.join(dir, 'alpha.webp'))).toEqual({ width: 250, height: 99 })
    await image(10, 10, 3).png().toFile(path.join(dir, 'x.png'))
    expect(webpSize(path.join(dir, 'x.png'))).toBeUndefined()
    expect(webpSize(path.join(dir, 'missing.webp'))).toBeUndefined()
  })

  it('lists an upload’s variants narrowest first with their sizes; keeps other URLs as they are', async () => {
    const media = path.join(dir, 'media')
    const stored = await storeImage(await image(1200, 900, 3).png().toBuffer(), 'Team photo.png', media)
    const got = featuredImageOf(stored.url, 'The team at the Austin office', media)
    expect(got).toEqual({
      url: `/media/posts/${stored.name}-960w.webp`,
      alt: 'The team at the Austin office',
      variants: [
        { url: `/media/posts/${stored.name}-480w.webp`, width: 480, height: 360 },
        { url: `/media/posts/${stored.name}-960w.webp`, width: 960, height: 720 },
        { url: `/media/posts/${stored.name}-1200w.webp`, width: 1200, height: 900 },
      ],
    })
    // Not on this machine, or not an upload: the URL and alt only (no srcset, no guessed size).
    expect(featuredImageOf(stored.url, 'Alt', path.join(dir, 'elsewhere'))).toEqual({ url: stored.url, alt: 'Alt', variants: [] })
    expect(featuredImageOf('https://cdn.example.com/a.jpg', 'Alt', media)).toEqual({ url: 'https://cdn.example.com/a.jpg', alt: 'Alt', variants: [] })
  })
})
