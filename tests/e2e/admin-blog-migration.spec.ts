// Blog migration in Chromium against the real server (issue 12): upload the WordPress fixture and
// its media zip from /admin/blog-migration, run the dry run as a job (per-item table, filter), import as a
// job with its progress bar, read the reconciliation report, then open an imported post on the
// site (rendered by the incremental publisher the import ends with) and follow an old URL to it.
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signInWithApi } from './helpers/admin.ts'
import { adminViolations } from './helpers/axe.ts'

const fixtures = path.resolve(import.meta.dirname, '../fixtures/blog-import')

test('upload a WordPress export, dry run, import, and open an imported post on the site', async ({ page }) => {
  test.setTimeout(240_000)
  await signInWithApi(page.request)
  await page.goto('/admin/blog-migration')
  await expect(page.getByRole('menuitem', { name: 'Blog migration' })).toBeVisible({ timeout: 20_000 })

  await page.getByLabel('Export file (WordPress .xml, Ghost .json or Markdown .zip)').setInputFiles(path.join(fixtures, 'wordpress.wxr.xml'))
  await page.getByLabel('Media zip (wp-content/uploads), optional').setInputFiles(path.join(fixtures, 'media.zip'))
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/blog-migration\/\d+$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: /Import #\d+: wordpress\.wxr\.xml/ })).toBeVisible()

  // The dry run, a job of the runner: the request is answered at once (202), the screen polls
  // its progress; then every item with what will happen and why; nothing written yet.
  const dryRunStarted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/dry-run'))
  await page.getByRole('button', { name: '2. Run the dry run' }).click()
  expect((await dryRunStarted).status()).toBe(202)
  const items = page.getByRole('table', { name: 'Dry run items' })
  await expect(items.getByRole('row')).toHaveCount(11, { timeout: 60_000 })
  await expect(items.getByRole('row', { name: /Skip post Client pricing notes .*private on WordPress/ })).toBeVisible()
  await expect(page.getByText('1 missing.', { exact: false })).toBeVisible()
  await page.getByLabel('What happens').click()
  await page.getByRole('option', { name: 'Create' }).click()
  await expect(items.getByRole('row')).toHaveCount(6)
  await expect(items.getByRole('row', { name: /Create post Call tracking for HVAC companies/ })).toBeVisible()
  // The dry run's review, a screen met only here, passes axe (docs/decisions/213-admin-headings.md).
  expect(await adminViolations(page)).toEqual([])

  // The import, as a job: the progress bar, then the report whose totals add up.
  await page.getByRole('button', { name: '3. Import 10 items' }).click()
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/The totals add up: 10 of the file's 10 items are accounted for\./)).toBeVisible({ timeout: 120_000 })
  const counts = page.getByRole('table', { name: 'Items by type and outcome', exact: true })
  await expect(counts.getByRole('row', { name: /^All 5 0 0 3 0 2 10$/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Missing images' }).getByText('profile-photos.jpg', { exact: true })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Unknown shortcodes and blocks' }).first()).toBeVisible()
  await expect(page.getByText(/Published posts are live/)).toBeVisible()
  await expect(page.getByText(/5 of 5 old URLs land on a 200 page/)).toBeVisible({ timeout: 60_000 })
  // And so does the import's report.
  expect(await adminViolations(page)).toEqual([])

  // The imported post on the site, with its image converted to WebP and served here.
  const slug = await items
    .getByRole('row', { name: /Call tracking for HVAC companies/ })
    .getByRole('cell', { name: /^\/blog\// })
    .textContent()
  await page.goto(slug!)
  await expect(page.getByRole('heading', { level: 1, name: 'Call tracking for HVAC companies' })).toBeVisible()
  const image = page.locator('img[src$="/media/blog/2024/03/calls-by-source.webp"]').first()
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  // Its old ?p=ID address lands on it.
  await page.goto('/?p=101')
  await expect(page).toHaveURL(new RegExp(`${slug}$`))
})
