// The home page in Chromium: the sections in the spec's order, the rotating headline and the
// results carousel (timers driven by Playwright's clock), the ROI calculator against the real API
// with its toasts, the toast system itself, the tooltips and the FAQ accordion.
import { expect, test, type Page } from '@playwright/test'

const PHRASES = [
  'ROI',
  'Revenue Growth',
  'Pipeline Impact',
  'Qualified Leads',
  'Lower Acquisition Costs',
  'Closed-Won Deals',
  'Return on Ad Spend',
  'Customer Lifetime Value',
  'Sales Velocity',
  'Attribution You Trust',
  'Booked Appointments',
  'Profitable Growth',
  'Real Business Results',
]

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`)

/** Goes to a page under a paused fake clock and waits until the named islands are interactive. */
async function openPaused(page: Page, url: string, islands: string[]) {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') })
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'))
  await page.goto(url)
  for (const name of islands) await expect(island(page, name)).toHaveAttribute('data-hydrated', '')
}

test.describe('sections', () => {
  test('appear in the spec order with the spec texts and links', async ({ page }) => {
    await page.goto('/')
    const main = page.getByRole('main')
    // Promo banner first, linking to the quote form.
    await expect(main.getByRole('link').first()).toHaveAttribute('href', '/free-quote')
    const headings = await main.locator('h1, h2').allInnerTexts()
    const order = [
      /^Marketing That Proves/,
      /^Results We Deliver$/,
      /^Trusted by/i,
      /^How We're Different$/,
      /^Proven Performance Results$/,
      /^Data-driven/,
      /^Services/,
      /^Case studies$/,
      /^What is better marketing worth/,
      /^Our three-step process$/,
      /^What clients say$/,
      /^Everything you need/,
      /^Frequently asked questions$/,
      /^Ready to see/,
    ]
    let at = -1
    for (const pattern of order) {
      const next = headings.findIndex((h, i) => i > at && pattern.test(h.replace(/\s+/g, ' ').trim()))
      expect(next, `${pattern} after "${headings[at]}"`).toBeGreaterThan(at)
      at = next
    }

    for (const text of ['+312%', 'SQL Growth', '3.7x', 'ROAS', '-38%', 'CAC', '+847%', 'Organic Traffic', '+156%', 'Conversion Rate', 'CRM Integration']) {
      await expect(page.getByRole('region', { name: 'Results We Deliver' })).toContainText(text)
    }
    await expect(main.getByRole('link', { name: 'See All Case Studies' })).toHaveAttribute('href', '/case-studies')
    await expect(main.getByRole('link', { name: 'Get A Free Quote' }).first()).toHaveAttribute('href', '/free-quote')
    await expect(main.getByRole('link', { name: 'Call (888) 555-0142' }).first()).toHaveAttribute('href', 'tel:+18885550142')

    for (const title of ['Complete Attribution', 'True Integration', 'ROI-First Strategy', 'Website Optimization', 'CRM Integration', 'Marketing Campaigns']) {
      await expect(main.getByRole('heading', { name: title, exact: true }).first()).toBeVisible()
    }
    const stats = main.locator('section', { has: page.getByRole('heading', { name: 'Proven Performance Results' }) })
    for (const figure of ['500+', '$48M+', '212%', '150+', '4.2x']) await expect(stats).toContainText(figure)
    await expect(main).toContainText('We only take clients when we can deliver ROI.')
    for (const name of ['HubSpot', 'Salesforce', 'Google Ads'])
      await expect(main.locator('section', { has: page.getByRole('heading', { name: /Trusted by/i }) })).toContainText(name)

    const services = main.locator('section', { has: page.getByRole('heading', { name: /^Services/ }) })
    const hrefs = await services.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(['/services/seo', '/pay-per-click-advertising', '/services/crm-integration', '/free-quote', '/case-studies'])

    await expect(page.locator('#calculator')).toContainText('Calculate ROI')
    const process = page.locator('#process')
    await expect(process.getByRole('heading', { level: 3 })).toHaveText(['Diagnose', 'Integrate', 'Scale'])
  })
})

test.describe('hero headline', () => {
  test('shows one of 13 phrases after "Marketing That Proves" and moves on every 3500 ms', async ({ page }) => {
    await openPaused(page, '/', ['HeroRotator'])
    const h1 = page.getByRole('heading', { level: 1 })
    await expect(h1).toHaveText(`Marketing That Proves ${PHRASES[0]}`)
    for (let i = 1; i <= PHRASES.length; i++) {
      await page.clock.runFor(3499)
      await expect(h1).toHaveText(`Marketing That Proves ${PHRASES[(i - 1) % PHRASES.length]}`)
      await page.clock.runFor(1)
      await expect(h1).toHaveText(`Marketing That Proves ${PHRASES[i % PHRASES.length]}`)
    }
  })

  test('pauses while hovered and while focus is inside, and the Pause button stops it', async ({ page, isMobile }) => {
    await openPaused(page, '/', ['HeroRotator'])
    const h1 = page.getByRole('heading', { level: 1 })
    if (!isMobile) {
      await h1.hover()
      await page.clock.runFor(10_000)
      await expect(h1).toHaveText(`Marketing That Proves ${PHRASES[0]}`)
      await page.mouse.move(5, 600)
      await page.clock.runFor(3500)
      await expect(h1).toHaveText(`Marketing That Proves ${PHRASES[1]}`)
    }

    const pause = page.getByRole('button', { name: 'Pause rotating headline' })
    await pause.focus()
    const before = await h1.innerText()
    await page.clock.runFor(10_000)
    await expect(h1).toHaveText(before)
    await pause.blur()
    await page.clock.runFor(3500)
    await expect(h1).not.toHaveText(before)

    await pause.click()
    await expect(page.getByRole('button', { name: 'Play rotating headline' })).toBeVisible()
    await page.getByRole('button', { name: 'Play rotating headline' }).blur()
    await page.mouse.move(5, 600)
    const stopped = await h1.innerText()
    await page.clock.runFor(10_000)
    await expect(h1).toHaveText(stopped)
  })

  test('stays on the first phrase when reduced motion is preferred', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openPaused(page, '/', ['HeroRotator'])
    await page.clock.runFor(20_000)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Marketing That Proves ${PHRASES[0]}`)
    await expect(page.getByRole('button', { name: 'Pause rotating headline' })).toBeHidden()
  })
})

test.describe('results carousel', () => {
  const track = (page: Page) => page.getByRole('group', { name: /Results We Deliver: scroll sideways/ })
  const scrollLeft = (page: Page) => track(page).evaluate((el) => el.scrollLeft)
  /** scrollLeft once two reads 250 ms apart agree (a smooth scroll in flight has finished). */
  const settledScrollLeft = async (page: Page) => {
    let last = await scrollLeft(page)
    for (;;) {
      await page.waitForTimeout(250)
      const now = await scrollLeft(page)
      if (now === last) return now
      last = now
    }
  }

  test('advances every 3000 ms until paused with its visible button', async ({ page }) => {
    await openPaused(page, '/', ['ResultsCarousel'])
    await page.mouse.move(1, 1)
    expect(await scrollLeft(page)).toBe(0)
    await page.clock.runFor(2999)
    expect(await scrollLeft(page)).toBe(0)
    await page.clock.runFor(1)
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(100)

    await page.getByRole('button', { name: 'Pause results carousel' }).click()
    await page.getByRole('button', { name: 'Play results carousel' }).blur()
    await page.mouse.move(1, 1)
    // The smooth scroll started before the pause runs on to its slide (real time, not the page
    // clock): read the position once it has settled.
    const stoppedAt = await settledScrollLeft(page)
    await page.clock.runFor(9000)
    await page.waitForTimeout(400)
    expect(await scrollLeft(page)).toBe(stoppedAt)
    await page.getByRole('button', { name: 'Play results carousel' }).click()
    await page.getByRole('button', { name: 'Pause results carousel' }).blur()
    await page.mouse.move(1, 1)
    await page.clock.runFor(3000)
    await expect.poll(() => scrollLeft(page)).not.toBe(stoppedAt)
  })

  test('keyboard users tab in, scroll it with the arrow keys and tab out; it waits while focused', async ({ page }) => {
    await openPaused(page, '/', ['ResultsCarousel'])
    await page.getByRole('button', { name: 'Pause results carousel' }).focus()
    await page.keyboard.press('Tab')
    await expect(track(page)).toBeFocused()
    await page.clock.runFor(9000)
    await page.waitForTimeout(400)
    expect(await scrollLeft(page)).toBe(0)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'See All Case Studies' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(track(page)).toBeFocused()
  })
})

test.describe('ROI calculator', () => {
  const attribution = {
    source: 'google',
    referrer: 'https://www.google.com/',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'spring-audit',
    utmTerm: 'roi calculator',
    utmContent: 'hero',
    gclid: 'gclid-123',
    fbclid: '',
    msclkid: '',
    landingPage: '/?utm_source=google',
    firstTouch: 'google / cpc / spring-audit @ 2026-03-01T10:00:00.000Z',
    lastTouch: 'google / cpc / spring-audit @ 2026-03-01T10:00:00.000Z',
  }
  const value = (page: Page, label: string) =>
    page
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd')

  test('shows 37500 / 250 / 125000 / 18750 and recalculates only when the button is pressed', async ({ page }) => {
    await page.goto('/#calculator')
    await expect(island(page, 'RoiCalculator')).toHaveAttribute('data-hydrated', '')
    await expect(value(page, 'Monthly profit')).toHaveText('$37,500')
    await expect(value(page, 'Monthly conversions')).toHaveText('250')
    await expect(value(page, 'Monthly revenue')).toHaveText('$125,000')
    await expect(value(page, 'Extra monthly profit with optimization')).toHaveText('$18,750')

    const calc = page.locator('#calculator')
    await calc.getByRole('textbox', { name: /^Monthly website visitors/ }).fill('20000')
    await calc.getByRole('textbox', { name: /^Conversion rate/ }).fill('3')
    await calc.getByRole('textbox', { name: /^Average order value/ }).fill('')
    await calc.getByRole('textbox', { name: /^Profit margin/ }).fill('abc')
    await expect(value(page, 'Monthly conversions')).toHaveText('250')
    await calc.getByRole('button', { name: 'Calculate ROI' }).click()
    // 600 conversions x $500 default order value = $300,000; 30% default margin = $90,000.
    await expect(value(page, 'Monthly conversions')).toHaveText('600')
    await expect(value(page, 'Monthly revenue')).toHaveText('$300,000')
    await expect(value(page, 'Monthly profit')).toHaveText('$90,000')
    await expect(value(page, 'Extra monthly profit with optimization')).toHaveText('$45,000')
  })

  test('saves with the attribution, reads Calculating... while saving, then shows the success toast', async ({ page }) => {
    await page.addInitScript((a) => localStorage.setItem('pl_attribution', JSON.stringify(a)), attribution)
    await page.goto('/roi-calculators')
    await expect(island(page, 'RoiCalculator')).toHaveAttribute('data-hydrated', '')
    // Hold the real request until the pending state has been seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/roi-calculation', async (route) => {
      await held
      await route.continue()
    })
    const request = page.waitForRequest('**/api/roi-calculation')
    const response = page.waitForResponse('**/api/roi-calculation')
    await page.getByRole('textbox', { name: /^Monthly website visitors/ }).fill('12000')
    await page.getByRole('button', { name: 'Calculate ROI' }).click()
    const busy = page.getByRole('button', { name: 'Calculating...' })
    await expect(busy).toBeDisabled()
    release()
    const body = (await request).postDataJSON() as Record<string, unknown>
    const sent = Object.fromEntries(Object.entries(attribution).filter(([, v]) => v !== ''))
    expect(body).toMatchObject({
      ...sent,
      traffic: '12000',
      conversionRate: '2.5',
      averageOrderValue: '500',
      profitMargin: '30',
      results: { conversions: 300, revenue: 150000, monthlyProfit: 45000, optimizedProfit: 22500 },
    })
    expect(body.userAgent).toBeTruthy()
    expect((await response).status()).toBe(201)

    const toasts = page.getByRole('region', { name: 'Notifications' })
    await expect(toasts.getByRole('status')).toContainText('Calculation Saved')
    await expect(toasts.getByRole('status')).toContainText('Your ROI calculation has been saved successfully.')
    await expect(page.getByRole('button', { name: 'Calculate ROI' })).toBeEnabled()
  })

  test('shows the destructive error toast when saving fails', async ({ page }) => {
    await page.goto('/roi-calculators')
    await expect(island(page, 'RoiCalculator')).toHaveAttribute('data-hydrated', '')
    await page.route('**/api/roi-calculation', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
    )
    await page.getByRole('button', { name: 'Calculate ROI' }).click()
    const alert = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
    await expect(alert).toContainText('Error')
    await expect(alert).toContainText('Failed to save calculation. Please try again.')
    await expect(alert).toHaveClass(/bg-red-700/)
  })
})

test.describe('toasts', () => {
  async function showToast(page: Page) {
    await openPaused(page, '/roi-calculators', ['RoiCalculator', 'Toaster'])
    await page.route('**/api/roi-calculation', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":1}' }))
    await page.getByRole('button', { name: 'Calculate ROI' }).click()
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status')
    await expect(toast).toContainText('Calculation Saved')
    return toast
  }

  test('one at a time, removed after 5000 ms', async ({ page }) => {
    await showToast(page)
    await page.mouse.move(1, 1)
    // A second save fails: its error toast replaces the success toast.
    await page.unroute('**/api/roi-calculation')
    await page.route('**/api/roi-calculation', (route) => route.fulfill({ status: 500, body: '' }))
    await page.getByRole('button', { name: 'Calculate ROI' }).click()
    const region = page.getByRole('region', { name: 'Notifications' })
    const alert = region.getByRole('alert')
    await expect(alert).toContainText('Failed to save calculation. Please try again.')
    await expect(region.locator('li')).toHaveCount(1)
    await expect(region).not.toContainText('Calculation Saved')
    await page.clock.runFor(4999)
    await expect(alert).toBeVisible()
    await page.clock.runFor(1)
    await expect(alert).toHaveCount(0)
  })

  test('F8 moves focus to the notifications region', async ({ page }) => {
    await showToast(page)
    await page.keyboard.press('F8')
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeFocused()
  })

  test('a swipe right of 50 px dismisses it, a shorter one does not', async ({ page, isMobile }) => {
    const toast = await showToast(page)
    const box = (await toast.boundingBox())!
    const y = box.y + box.height / 2
    // Well inside the toast: after a short swipe it slides back into place.
    const x = box.x + box.width / 3
    // A finger on touch screens (pointer events from real touch input), the mouse elsewhere.
    const cdp = isMobile ? await page.context().newCDPSession(page) : null
    async function swipe(dx: number) {
      if (cdp) {
        // Touch input is processed asynchronously: wait for this gesture's end before the next.
        await page.evaluate(() => {
          const w = window as unknown as { touchEnded: Promise<unknown> }
          w.touchEnded = new Promise((resolve) => window.addEventListener('pointerup', resolve, { once: true, capture: true }))
        })
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
        for (let step = 1; step <= 4; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 4, y }] })
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
        await page.evaluate(() => (window as unknown as { touchEnded: Promise<unknown> }).touchEnded.then(() => null))
      } else {
        await page.mouse.move(x, y)
        await page.mouse.down()
        await page.mouse.move(x + dx, y, { steps: 4 })
        await page.mouse.up()
      }
    }
    await swipe(30)
    await expect(toast).toBeVisible()
    await expect(toast).not.toHaveAttribute('style', /translate/)
    await swipe(60)
    await expect(toast).toHaveCount(0)
  })
})

test.describe('tooltips', () => {
  test('open after 700 ms on hover, at once within the 300 ms skip delay, at once on focus; Escape closes', async ({ page, isMobile }) => {
    await openPaused(page, '/roi-calculators', ['RoiCalculator'])
    const visitors = page.getByRole('button', { name: 'About monthly website visitors' })
    const rate = page.getByRole('button', { name: 'About conversion rate' })
    const order = page.getByRole('button', { name: 'About average order value' })
    await expect(visitors).toHaveAccessibleDescription(/Sessions per month from your analytics/)

    if (!isMobile) {
      await visitors.hover()
      await page.clock.runFor(699)
      await expect(page.getByRole('tooltip')).toHaveCount(0)
      await page.clock.runFor(1)
      await expect(page.getByRole('tooltip')).toHaveText(/Sessions per month/)
      // Moving to the next trigger within 300 ms opens it at once.
      await rate.hover()
      await page.clock.runFor(100)
      await expect(page.getByRole('tooltip')).toHaveText(/Share of visitors who buy/)
      // After more than 300 ms away, the delay applies again.
      await page.mouse.move(1, 1)
      await page.clock.runFor(400)
      await order.hover()
      await page.clock.runFor(600)
      await expect(page.getByRole('tooltip')).toHaveCount(0)
      await page.clock.runFor(100)
      await expect(page.getByRole('tooltip')).toHaveText(/Revenue from one conversion/)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('tooltip')).toHaveCount(0)
      await page.mouse.move(1, 1)
    }
    await page.getByRole('textbox', { name: /^Monthly website visitors/ }).focus()
    await page.keyboard.press('Tab')
    await expect(rate).toBeFocused()
    await expect(page.getByRole('tooltip')).toHaveText(/Share of visitors who buy/)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('tooltip')).toHaveCount(0)
  })
})

test.describe('FAQ accordion', () => {
  test('six questions, at most one open, clicking the open one closes it', async ({ page }) => {
    await page.goto('/')
    const faq = page.locator('section', { has: page.getByRole('heading', { name: 'Frequently asked questions' }) })
    await faq.scrollIntoViewIfNeeded()
    await expect(island(page, 'FaqAccordion')).toHaveAttribute('data-hydrated', '')
    const buttons = faq.getByRole('button')
    await expect(buttons).toHaveCount(6)
    for (const b of await buttons.all()) await expect(b).toHaveAttribute('aria-expanded', 'false')

    const first = buttons.nth(0)
    const second = buttons.nth(1)
    const answerOf = async (b: typeof first) => page.locator(`[id="${await b.getAttribute('aria-controls')}"]`)
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(await answerOf(first)).toBeVisible()
    await expect(await answerOf(first)).toHaveRole('region')

    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(await answerOf(first)).toBeHidden()
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(1)

    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'false')
    await expect(await answerOf(second)).toBeHidden()
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0)
  })
})
