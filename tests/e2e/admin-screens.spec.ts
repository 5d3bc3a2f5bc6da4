// Every staff path of the spec opens its screen: a signed-in admin sees the screen's own heading,
// never react-admin's "Not Found" page, and the browser logs no error while it loads.
import { expect, test } from '@playwright/test'
import { signInWithApi } from './helpers/admin.ts'

const SCREENS = [
  '/redirects',
  '/not-found',
  '/posts',
  '/tags',
  '/cms',
  '/syndication',
  '/analytics',
  '/web-traffic',
  '/attribution',
  '/visitors',
  '/monitoring',
  '/error-groups',
  '/incidents',
  '/spam-review',
  '/trends',
  '/subscribers',
  '/newsletter-campaigns',
  '/newsletter-analytics',
]

for (const path of SCREENS) {
  test(`/admin${path} opens its screen`, async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await signInWithApi(page.request)
    await page.goto(`/admin${path}`)
    await expect(page.locator('#main-content, main').first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Not Found', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('alert').filter({ hasText: /could not|failed|error/i })).toHaveCount(0)
    expect(errors).toEqual([])
  })
}
