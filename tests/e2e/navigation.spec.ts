// Client-side navigation in Chromium: links load the next page's HTML behind a 'Loading ...'
// status, without a full page load; the head, scroll and focus follow; hash links scroll (after
// 100 ms when they lead to another page); back and forward work; the 404 page shows; anything the
// script cannot show becomes a normal page load.
import { expect, test, type Page } from '@playwright/test'

/** A marker on window: it survives client-side navigation and disappears on a full page load. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { plMarker: string }).plMarker = 'same document'))
const marker = (page: Page) => page.evaluate(() => (window as unknown as { plMarker?: string }).plMarker ?? null)

/** Desktop-width layout, so the main navigation is visible in both projects. */
test.use({ viewport: { width: 1280, height: 800 } })

async function ready(page: Page, url: string) {
  await page.goto(url)
  await expect(page.locator('[data-island="MobileMenu"]')).toHaveAttribute('data-hydrated', '')
  await markWindow(page)
}

test('a link loads the page in place behind "Loading ...", with its head, at the top, focus on <main>', async ({ page }) => {
  await ready(page, '/')
  await page.mouse.wheel(0, 1500)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)

  // Hold the page's HTML so the loading state can be seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/locations', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click()
  const status = page.getByRole('status').filter({ hasText: 'Loading ...' })
  await expect(status).toBeVisible()
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', '')
  release()

  await expect(page).toHaveURL(/\/locations$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locations we serve')
  await expect(status).toHaveCount(0)
  expect(await marker(page)).toBe('same document')
  await expect(page).toHaveTitle('Locations We Serve | Cities and States | Proofline')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /serves businesses in all 50 states/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/locations$/)
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.getByRole('main')).toBeFocused()
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', '')
})

test('islands of the new page hydrate and the old ones are gone; back and forward restore pages at the top', async ({ page }) => {
  await ready(page, '/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ROI Calculators' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marketing ROI calculators')
  await expect(page.locator('[data-island="HeroRotator"]')).toHaveCount(0)
  await expect(page.locator('[data-island="RoiCalculator"]')).toHaveAttribute('data-hydrated', '')
  await page.route('**/api/roi-calculation', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":1}' }))
  await page.getByRole('button', { name: 'Calculate ROI' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Calculation Saved')

  await page.mouse.wheel(0, 800)
  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Marketing That Proves')
  await expect(page.locator('[data-island="HeroRotator"]')).toHaveAttribute('data-hydrated', '')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goForward()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marketing ROI calculators')
  expect(await marker(page)).toBe('same document')
})

test('a hash link on the same page scrolls smoothly to its target and focuses it', async ({ page }) => {
  // Smoothness is asserted on what the page asks the browser for (sampling scroll positions misses
  // the intermediate frames on a busy machine): record each scrollIntoView call and its options.
  await page.addInitScript(() => {
    const calls: { id: string; behavior: string | undefined; block: string | undefined }[] = []
    ;(window as unknown as { __scrollCalls: typeof calls }).__scrollCalls = calls
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      const opts = typeof options === 'object' ? options : {}
      calls.push({ id: this.id, behavior: opts.behavior, block: opts.block })
      return original.call(this, options)
    }
  })
  await ready(page, '/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Process' }).click()
  await expect(page).toHaveURL(/\/#process$/)
  const calls = await page.evaluate(() => (window as unknown as { __scrollCalls: unknown[] }).__scrollCalls)
  expect(calls).toEqual([{ id: 'process', behavior: 'smooth', block: 'start' }])
  // And the page does get there.
  const target = await page.locator('#process').evaluate((el) => el.getBoundingClientRect().top + window.scrollY - 96)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(target - 2)
  await expect(page.locator('#process')).toBeFocused()
  expect(await marker(page)).toBe('same document')
})

test('a hash link to another page navigates first, then scrolls to the target 100 ms later', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') })
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'))
  await ready(page, '/locations')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Process' }).click()
  await expect(page).toHaveURL(/\/#process$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Marketing That Proves')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.clock.runFor(99)
  await page.waitForTimeout(150)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.clock.runFor(1)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  await expect(page.locator('#process')).toBeFocused()
  expect(await marker(page)).toBe('same document')
})

test('reduced motion: a hash link jumps without smooth scrolling', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await ready(page, '/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Process' }).click()
  const target = await page.locator('#process').evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY - 96))
  // Read in the same task as the click handler ran: an instant jump is already complete.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(target - 2)
})

test('the skip link moves focus to the main content', async ({ page }) => {
  await ready(page, '/about')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await expect(page).toHaveURL(/#main$/)
})

test('an unknown page shows the fetched 404 page in place', async ({ page }) => {
  await ready(page, '/')
  await page.evaluate(() => {
    const a = document.createElement('a')
    a.href = '/no-such-page-here'
    a.textContent = 'Broken link'
    document.getElementById('main')!.prepend(a)
  })
  await page.getByRole('link', { name: 'Broken link' }).click()
  await expect(page).toHaveURL(/\/no-such-page-here$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  expect(await marker(page)).toBe('same document')
})

test('errors and links it should not handle become normal page loads', async ({ page, context }) => {
  await ready(page, '/')
  // A server error while fetching: the page loads the normal way (and shows what the server sends).
  let first = true
  await page.route('**/faq', async (route) => {
    if (first && route.request().resourceType() === 'fetch') {
      first = false
      await route.fulfill({ status: 500, contentType: 'text/html', body: '<main id="main">error</main>' })
    } else await route.continue()
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions')
  expect(await marker(page)).toBeNull()

  // A modified click is the browser's: Ctrl+click opens a new tab and this page stays.
  await markWindow(page)
  const opened = context.waitForEvent('page')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Services' })
    .click({ modifiers: ['ControlOrMeta'] })
  await (await opened).close()
  await expect(page).toHaveURL(/\/faq$/)
  expect(await marker(page)).toBe('same document')

  // tel: links are left to the browser: the click reaches window with its default action intact.
  await page.evaluate(() =>
    window.addEventListener('click', (e) => {
      ;(window as unknown as { telDefaultPrevented: boolean }).telDefaultPrevented = e.defaultPrevented
      e.preventDefault()
    }),
  )
  const tel = page.getByRole('contentinfo').getByRole('link', { name: '(888) 555-0142' })
  await expect(tel).toHaveAttribute('href', 'tel:+18885550142')
  await tel.click()
  expect(await page.evaluate(() => (window as unknown as { telDefaultPrevented?: boolean }).telDefaultPrevented)).toBe(false)
  expect(await marker(page)).toBe('same document')
})
