import { expect, test } from '@playwright/test'

test('home renders with its heading, nav and footer', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('h1')).toContainText('Marketing That Proves')
  await expect(page.getByRole('contentinfo')).toContainText('(888) 555-0142')
})

test('a nav link navigates to its page', async ({ page, isMobile }) => {
  await page.goto('/')
  if (isMobile) {
    // A click before the island hydrates would land on server-rendered markup and do nothing.
    await expect(page.locator('[data-island="MobileMenu"]')).toHaveAttribute('data-hydrated', '')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Site menu' }).getByRole('link', { name: 'Locations' }).click()
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click()
  }
  await expect(page).toHaveURL(/\/locations$/)
  await expect(page.locator('h1')).toHaveText('Locations we serve')
})

test('an unknown path shows the fallback page with status 404', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.locator('h1')).toHaveText('Page not found')
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible()
})

test('on a small screen the overlay menu opens, locks scroll, and Escape returns focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/seo-services-austin-tx')
  await expect(page.locator('[data-island="MobileMenu"]')).toHaveAttribute('data-hydrated', '')
  const button = page.getByRole('button', { name: 'Open menu' })
  await button.click()
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible()
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toHaveCount(0)
  await expect(button).toBeFocused()
})
