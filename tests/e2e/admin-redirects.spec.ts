// Redirects in Chromium against the real server (issue 10): a visitor hits a missing URL, staff
// open the 404 log, create a redirect from it in one click (the closest catalog URL pre-filled),
// and the old URL then lands on the new page.
import { expect, test } from '@playwright/test'
import { signInWithApi, uniqueId } from './helpers/admin.ts'

test('create a redirect from the 404 log, then the old URL lands on the new one', async ({ page }) => {
  test.setTimeout(120_000)
  const oldPath = `/blog/core-web-vitals-landing-page-${uniqueId()}`
  const missing = await page.goto(oldPath)
  expect(missing?.status()).toBe(404)

  await signInWithApi(page.request)
  // 404s are written in batches (every 5 s): reload until the path is listed.
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: oldPath, exact: true }) })
  await expect(async () => {
    await page.goto('/admin/not-found')
    await expect(row).toBeVisible({ timeout: 15_000 })
  }).toPass({ timeout: 60_000 })

  await row.getByRole('button', { name: `Create a redirect for ${oldPath}` }).click()
  await expect(page).toHaveURL(/\/admin\/redirects\/create/, { timeout: 20_000 })
  await expect(page.getByLabel('Old URL')).toHaveValue(oldPath)
  await expect(page.getByLabel('New URL')).toHaveValue('/blog/core-web-vitals-landing-pages')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Redirect saved.')).toBeVisible({ timeout: 15_000 })

  await page.goto(`${oldPath}?utm_source=e2e`)
  await expect(page).toHaveURL(/\/blog\/core-web-vitals-landing-pages\?utm_source=e2e$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test("the overview lists the week's new 404s, with the same one-click redirect", async ({ page }) => {
  test.setTimeout(120_000)
  const oldPath = `/services/technical-seo-audit-${uniqueId()}`
  // Twelve visits: more hits than any other test's missing URL, so it heads the card.
  for (let i = 0; i < 12; i++) expect((await page.request.get(oldPath)).status()).toBe(404)

  await signInWithApi(page.request)
  const card = page.getByRole('region', { name: 'New 404s this week' })
  const row = card.getByRole('row').filter({ has: page.getByRole('cell', { name: oldPath, exact: true }) })
  // 404 hits reach the table through the periodic counter flush, possibly over several flushes:
  // reload until all twelve are counted.
  await expect(async () => {
    await page.goto('/admin')
    await expect(row.getByRole('cell', { name: '12', exact: true })).toBeVisible({ timeout: 15_000 })
  }).toPass({ timeout: 60_000 })
  await row.getByRole('button', { name: `Create a redirect for ${oldPath}` }).click()
  await expect(page).toHaveURL(/\/admin\/redirects\/create/, { timeout: 20_000 })
  await expect(page.getByLabel('Old URL')).toHaveValue(oldPath)
  await expect(page.getByLabel('New URL')).not.toHaveValue('')
})
