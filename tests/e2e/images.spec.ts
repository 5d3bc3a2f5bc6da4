// Lazy images in Chromium (spec section 2): nothing loads until an image comes within 50 px of the
// viewport; then the WebP variant made at build time loads first, the original if that fails,
// a testimonial's placeholder portrait if both fail, and otherwise 'Image unavailable'.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'

const testimonialImages = '**/images/testimonials/*'
// Before it loads, an image is hidden (no alt text flashes), so locate it by its attributes.
const firstPhoto = (page: Page) => page.locator('img[alt^="Photo of "]').first()
const boxOf = (img: Locator) => img.locator('xpath=ancestor::*[@data-img][1]')
const caseImage = (page: Page) => page.locator('img[data-src^="/images/case-studies/"]').first()

/** Scrolls so that the element's top edge sits `below` px under the bottom of the viewport. */
async function placeBelowViewport(el: Locator, below: number) {
  await el.evaluate((node, gap) => {
    const top = node.getBoundingClientRect().top + window.scrollY
    window.scrollTo({ top: top - window.innerHeight - gap, behavior: 'instant' })
  }, below)
}

test('nothing loads before an image is within 50 px of the viewport; then the WebP variant loads', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (r) => r.url().includes('/images/testimonials/') && requested.push(new URL(r.url()).pathname))
  await page.goto('/')
  const photo = firstPhoto(page)
  await expect(photo).toHaveAttribute('data-state', 'pending')
  await expect(photo).not.toHaveAttribute('src', /./)

  await placeBelowViewport(photo, 100)
  await page.waitForTimeout(500)
  expect(requested).toEqual([])
  await expect(photo).toHaveAttribute('data-state', 'pending')

  await placeBelowViewport(photo, 40)
  await expect(photo).toHaveAttribute('data-state', 'loaded')
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/testimonials\/[a-z-]+\.webp$/)
  expect(requested[0]).toMatch(/\.webp$/)
  expect(requested.some((u) => u.endsWith('.png'))).toBe(false)
})

test('falls back to the original when the WebP variant fails', async ({ page }) => {
  await page.route('**/images/testimonials/*.webp', (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto('/')
  const photo = firstPhoto(page)
  await boxOf(photo).scrollIntoViewIfNeeded()
  await expect(photo).toHaveAttribute('data-state', 'loaded')
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/testimonials\/[a-z-]+\.png$/)
})

test('a testimonial photo that fails falls back to the placeholder portrait', async ({ page }) => {
  await page.route(testimonialImages, (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto('/about')
  const photo = firstPhoto(page)
  await boxOf(photo).scrollIntoViewIfNeeded()
  await expect(photo).toHaveAttribute('data-state', 'loaded')
  expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe('/images/placeholder-avatar.svg')
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
})

test("an image without a placeholder shows 'Image unavailable' when every source fails", async ({ page }) => {
  await page.route('**/images/case-studies/*', (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto('/')
  const card = page.locator('li > article').filter({ has: page.getByRole('link', { name: /^Dialed Wraps/ }) })
  const box = card.locator('[data-img]')
  await box.scrollIntoViewIfNeeded()
  await expect(box).toHaveText('Image unavailable')
  await expect(box.locator('img')).toHaveCount(0)
})

test('case study illustrations load as WebP, and every raster image has its WebP variant', async ({ page, request }) => {
  await page.goto('/')
  const img = caseImage(page)
  await boxOf(img).scrollIntoViewIfNeeded()
  await expect(img).toHaveAttribute('data-state', 'loaded')
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.webp$/)

  const dir = path.resolve('dist/client/images')
  const rasters = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(png|jpe?g)$/.test(f))
  expect(rasters.length).toBeGreaterThanOrEqual(6)
  for (const file of rasters) expect(fs.existsSync(path.join(dir, file.replace(/\.(png|jpe?g)$/, '.webp'))), file).toBe(true)
  const res = await request.get(
    `/images/${rasters[0]
      .replace(/\.(png|jpe?g)$/, '.webp')
      .split(path.sep)
      .join('/')}`,
  )
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('image/webp')
})
