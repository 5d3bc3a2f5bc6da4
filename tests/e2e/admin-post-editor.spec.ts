// The post editor in Chromium against the real server and build (issue 11): staff upload an image
// into a draft (webp variant served from the site, Markdown with its alt text at the caret), watch
// the SEO panel's score move as the title takes the focus keyphrase, see "Saved at hh:mm" from
// autosave, and open the signed preview link: the draft rendered by the site's template, noindex,
// out of the sitemap; a forged link is refused; "Revoke preview links" makes the shared link answer
// 410 while a fresh one (and the editor's own preview) works.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

const sentence = 'A complete Google Business Profile with fresh photos and steady reviews wins more calls from the map. '

test('upload an image into a post, see the SEO score change with the title, open the preview link', async ({ page }) => {
  test.setTimeout(180_000)
  const csrf = await signInWithApi(page.request)
  const slug = `local-seo-checklist-${uniqueId()}`
  const created = await adminApi(page.request, csrf, 'POST', '/posts', {
    title: 'Twelve steps for service firms',
    slug,
    body: `This local SEO checklist is the order we work in.\n\n## Why a local SEO checklist helps\n\n${sentence.repeat(30)}\n\nRead [our services](/services).`,
    excerpt: 'A local SEO checklist for service businesses: the profile fields, citations and reviews that move map rankings, in the order to do them.',
    tags: ['seo'],
    author: 'Jordan Mercer',
    focusKeyphrase: 'local SEO checklist',
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.id as number

  await page.goto(`/admin/posts/${id}`)
  const score = page.getByTestId('seo-score')
  await expect(score).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('[data-check="keyphrase-title"]')).toHaveAttribute('data-status', 'bad')
  const before = Number(await score.textContent())

  // The title takes the keyphrase: the score goes up at once, computed in the browser.
  const title = 'Local SEO Checklist: 12 Steps for Service Firms'
  await page.locator('#post-title').fill(title)
  await expect(page.locator('[data-check="keyphrase-title"]')).toHaveAttribute('data-status', 'good')
  await expect.poll(async () => Number(await score.textContent())).toBeGreaterThan(before)

  // Upload an image into the body, at the end of the first paragraph.
  const body = page.locator('#post-body')
  await body.click()
  await body.evaluate((el: HTMLTextAreaElement) => {
    const at = el.value.indexOf('\n\n')
    el.setSelectionRange(at, at)
  })
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer()
  const upload = page.getByTestId('body-image-upload')
  await upload.locator('input[type="file"]').setInputFiles({ name: 'map-pack.png', mimeType: 'image/png', buffer: png })
  await upload.getByLabel('Alt text (required)').fill('The map pack showing three local businesses')
  await upload.getByRole('button', { name: 'Upload' }).click()
  await expect(upload.getByText(/Uploaded: 1200×600, 3 webp size/)).toBeVisible({ timeout: 20_000 })
  const markdown = /!\[The map pack showing three local businesses\]\((\/media\/posts\/map-pack-[0-9a-f]{8}-960w\.webp)\)/
  await expect(body).toHaveValue(markdown)
  const value = await body.inputValue()
  expect(value.indexOf('![The map pack')).toBeLessThan(value.indexOf('## Why'))
  const src = markdown.exec(value)![1]
  const image = await page.request.get(src)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/webp')

  // Autosave (3 s after the last change) writes the draft.
  await expect(page.getByText(/^Saved at \d\d:\d\d/)).toBeVisible({ timeout: 20_000 })

  // The live preview: the draft through the site's own template, in the editor.
  const frame = page.frameLocator('iframe[title="Preview of the draft as it will be published"]')
  await expect(frame.locator('h1')).toHaveText(title, { timeout: 60_000 })
  await expect(frame.locator(`img[alt="The map pack showing three local businesses"]`)).toHaveAttribute('src', src)

  // Copy preview link, then open it as anyone would.
  await page.getByRole('button', { name: 'Copy preview link' }).click()
  const link = await page.getByTestId('preview-link').inputValue()
  expect(link).toMatch(/\/preview\/posts\/\d+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/)
  const visitor = await page.context().browser()!.newContext()
  const reader = await visitor.newPage()
  const response = await reader.goto(link)
  expect(response!.status()).toBe(200)
  expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(reader.locator('h1')).toHaveText(title, { timeout: 30_000 })
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expect(reader.locator(`img[alt="The map pack showing three local businesses"]`)).toBeVisible()
  // The site's stylesheet applies (the real template, not a bare render).
  expect(await reader.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0)
  const forged = await reader.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
  expect(forged!.status()).toBe(403)

  // Revoke preview links: the shared link answers 410, a fresh one works, the editor's preview too.
  await page.getByRole('button', { name: 'Revoke preview links' }).click()
  await page.getByRole('button', { name: 'Revoke links' }).click()
  await expect(page.getByText(/Preview links revoked/)).toBeVisible()
  await expect(page.getByTestId('preview-link')).toHaveCount(0)
  const revoked = await reader.goto(link)
  expect(revoked!.status()).toBe(410)
  expect(revoked!.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(reader.locator('h1')).toHaveText('Preview link revoked')
  await page.getByRole('button', { name: 'Copy preview link' }).click()
  const fresh = await page.getByTestId('preview-link').inputValue()
  expect(fresh).not.toBe(link)
  expect((await reader.goto(fresh))!.status()).toBe(200)
  await expect(reader.locator('h1')).toHaveText(title, { timeout: 30_000 })
  await expect(frame.locator('h1')).toHaveText(title, { timeout: 60_000 })
  await visitor.close()

  // A draft is never live and never in the sitemap.
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404)
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap).not.toContain(slug)
  expect(sitemap).not.toContain('/preview/')
})
