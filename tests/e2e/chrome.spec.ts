// The page chrome in Chromium: desktop navigation, the mobile overlay menu (focus trap, focus
// return, backdrop, scroll lock), the mobile call bar, the footer with its newsletter signup
// against the real API, and the error boundary around every island.
import { expect, test, type Page } from '@playwright/test'

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`)

test.describe('desktop navigation', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('has the spec links and the Get A Free Quote button', async ({ page }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))
    expect(links).toEqual([
      ['Services', '/services'],
      ['Case Studies', '/case-studies'],
      ['ROI Calculators', '/roi-calculators'],
      ['Process', '/#process'],
      ['Locations', '/locations'],
      ['FAQ', '/faq'],
    ])
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get A Free Quote' })).toHaveAttribute('href', '/free-quote')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Proofline Digital home' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 760 } })

  async function openMenu(page: Page) {
    await page.goto('/services')
    await expect(island(page, 'MobileMenu')).toHaveAttribute('data-hydrated', '')
    const button = page.getByRole('button', { name: 'Open menu' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Site menu' })
    await expect(dialog).toBeVisible()
    return { button, dialog }
  }

  test('lists the links plus Attribution Tracking, traps focus and locks the page scroll', async ({ page }) => {
    const { button, dialog } = await openMenu(page)
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const links = await dialog.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(links).toEqual([
      '/services',
      '/case-studies',
      '/roi-calculators',
      '/#process',
      '/locations',
      '/faq',
      '/marketing-attribution-tracking',
      '/free-quote',
    ])
    await expect(dialog.getByRole('link', { name: 'Attribution Tracking' })).toBeVisible()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')

    // Focus starts on the first link and never leaves the dialog.
    await expect(dialog.getByRole('link', { name: 'Services' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialog.getByRole('link', { name: 'Get A Free Quote' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })

  test('a backdrop click and the close button close it and return focus to the menu button', async ({ page }) => {
    const { button, dialog } = await openMenu(page)
    const panel = (await dialog.boundingBox())!
    await page.mouse.click(200, Math.min(panel.y + panel.height + 40, 740))
    await expect(dialog).toHaveCount(0)
    await expect(button).toBeFocused()

    await button.click()
    await dialog.getByRole('button', { name: 'Close menu' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(button).toBeFocused()
  })

  test('a link in it navigates and closes it', async ({ page }) => {
    const { dialog } = await openMenu(page)
    await dialog.getByRole('link', { name: 'Attribution Tracking' }).click()
    await expect(page).toHaveURL(/\/marketing-attribution-tracking$/)
    await expect(dialog).toHaveCount(0)
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })
})

test.describe('mobile call bar', () => {
  test('Call Now and Free Quote on small screens, dismissed for this page load only', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 760 })
    await page.goto('/contact')
    const bar = page.getByRole('complementary', { name: 'Call or get a quote' })
    await expect(bar).toBeVisible()
    await expect(bar.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+18885550142')
    await expect(bar.getByRole('link', { name: 'Free Quote' })).toHaveAttribute('href', '/free-quote')
    await expect(island(page, 'CallBar')).toHaveAttribute('data-hydrated', '')
    await bar.getByRole('button', { name: 'Dismiss call bar' }).click()
    await expect(bar).toHaveCount(0)

    // Still gone after moving to another page in place; back after a page load.
    await expect(island(page, 'MobileMenu')).toHaveAttribute('data-hydrated', '')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Site menu' }).getByRole('link', { name: 'FAQ' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions')
    await expect(bar).toHaveCount(0)
    await page.reload()
    await expect(bar).toBeVisible()
  })

  test('is not shown on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/contact')
    await expect(page.getByRole('complementary', { name: 'Call or get a quote' })).toBeHidden()
  })
})

test.describe('footer', () => {
  test('has every spec link and the two social profiles', async ({ page }) => {
    await page.goto('/services')
    const footer = page.getByRole('contentinfo')
    const hrefs = await footer.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    for (const href of [
      '/about',
      '/careers',
      '/contact',
      '/locations',
      '/blog',
      '/#calculator',
      '/case-studies',
      '/services',
      '/ai-marketing-automation',
      '/privacy',
      '/terms',
      '/security',
      '/partners',
    ]) {
      expect(hrefs, href).toContain(href)
    }
    expect(hrefs.filter((h) => h?.startsWith('https://')).length).toBe(2)
    await expect(footer.getByRole('link', { name: 'Proofline Digital on LinkedIn' })).toBeVisible()
    await expect(footer.getByRole('link', { name: 'Proofline Digital on YouTube' })).toBeVisible()
  })

  test('the newsletter signup posts to /api/newsletter with a form token and confirms', async ({ page }) => {
    await page.goto('/services')
    const form = page.getByRole('form', { name: 'Newsletter signup' })
    await form.scrollIntoViewIfNeeded()
    await expect(island(page, 'NewsletterForm')).toHaveAttribute('data-hydrated', '')
    await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
    const email = `news-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
    await form.getByRole('textbox', { name: 'Email address' }).fill(email)
    const request = page.waitForRequest((r) => r.url().endsWith('/api/newsletter') && r.method() === 'POST')
    const response = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'))
    await form.getByRole('button', { name: 'Subscribe' }).click()
    const body = (await request).postDataJSON() as Record<string, string>
    expect(body).toMatchObject({ email, source: 'Footer', landingPage: '/services' })
    expect(body.formToken).toBeTruthy()
    expect((await response).status()).toBe(201)
    await expect(form.getByRole('status')).toHaveText('Almost there: check your inbox and click the link to confirm. Your welcome email follows.')
  })
})

test.describe('error boundary', () => {
  // A real failure inside an island: number formatting breaks in the browser (as a missing locale
  // would) while the calculator renders. Nothing in the site reads this switch; the test flips it
  // back before pressing Try Again.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { breakNumberFormat: boolean }
      w.breakNumberFormat = true
      const original = Number.prototype.toLocaleString
      Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof original>) {
        if (w.breakNumberFormat) throw new RangeError('Locale data for en-US is unavailable')
        return original.apply(this, args)
      }
    })
  })

  test('shows the spec texts, logs the error, and Try Again renders the island again', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    await page.goto('/roi-calculators')
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert).toContainText('Something went wrong')
    await expect(alert).toContainText("We're sorry, but something unexpected happened. Our team has been notified and is working on a fix.")
    await expect(page.getByRole('button', { name: 'Calculate ROI' })).toHaveCount(0)
    expect(errors.some((e) => e.includes('Something went wrong while rendering') && e.includes('Locale data for en-US is unavailable'))).toBe(true)

    await page.evaluate(() => ((window as unknown as { breakNumberFormat: boolean }).breakNumberFormat = false))
    await alert.getByRole('button', { name: 'Try Again' }).click()
    await expect(alert).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Calculate ROI' })).toBeVisible()
    await expect(page.locator('dt', { hasText: /^Monthly profit$/ }).locator('xpath=following-sibling::dd')).toHaveText('$37,500')
  })

  test('Go Home goes to the home page', async ({ page }) => {
    await page.goto('/roi-calculators')
    const alert = page.getByRole('main').getByRole('alert')
    await alert.getByRole('link', { name: 'Go Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Marketing That Proves')
  })
})
