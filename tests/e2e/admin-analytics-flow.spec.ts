// Issue 13's closed loop, walked the way staff walk it: a visitor lands on the home page from an
// affiliate link (a campaign name of its own per run), scrolls, clicks the phone number, goes on to
// the quote page and sends the form. Signed in through the login form, staff find that visit in
// realtime on /admin/analytics, its channel and campaign on /admin/web-traffic, its conversion on
// /admin/attribution with the lead behind the number, and, from that lead, its journey on
// /admin/visitors. The screens read the raw table for the current hour, so nothing waits for a
// rollup; data that arrives by the tracker's flush is awaited with reloads, never with sleeps.
import { expect, test, type Page } from '@playwright/test'
import { signInWithForm, uniqueId } from './helpers/admin.ts'
import { gotoWithIsland } from './helpers/islands.ts'
import { adminViolations } from './helpers/axe.ts'

// Anonymous visitors are a daily hash of address and user agent, and every test browser shares
// 127.0.0.1: this visitor gets a user agent of its own so other tests' visits stay other visitors.
test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 analytics-flow/${uniqueId()}` })

/** Makes the tracker flush its queue now (it sends on the page going hidden), then shows the page again. */
async function flushTracker(page: Page, sent: (body: string) => boolean) {
  const request = page.waitForRequest((r) => r.url().endsWith('/api/events') && sent(r.postData() ?? ''), { timeout: 30_000 })
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await request
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

test('an affiliate visit that scrolls, calls and asks for a quote is found in realtime, web traffic, attribution and its journey', async ({ page }) => {
  test.setTimeout(180_000)
  const id = uniqueId()
  const source = `partner-${id}`
  const campaign = `flow-${id}`
  const email = `flow-${id}@example.com`

  // Every event batch the tracker sends, to check the scroll milestones left the browser.
  const sentEvents: { type: string; path: string; value?: number }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/events') && r.method() === 'POST')
      sentEvents.push(...(JSON.parse(r.postData() ?? '{"events":[]}') as { events: typeof sentEvents }).events)
  })

  // The visit: the home page from an affiliate link.
  await page.goto(`/?utm_source=${source}&utm_medium=affiliate&utm_campaign=${campaign}`)
  await expect(page.locator('html[data-analytics="on"]')).toBeAttached({ timeout: 30_000 })
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  // The phone link in the footer: the tracker records the click (capture phase); no dialer opens.
  await page.evaluate(() => document.addEventListener('click', (e) => (e.target as Element).closest('a[href^="tel:"]') && e.preventDefault()))
  await page.locator('footer a[href^="tel:"]').first().click()
  await flushTracker(page, (body) => body.includes('"name":"call"'))
  expect(sentEvents.filter((e) => e.type === 'scroll_depth' && e.path.startsWith('/?')).map((e) => e.value)).toEqual(
    expect.arrayContaining([25, 50, 75, 90, 100]),
  )

  // On to the quote form: a second page view of the same visit.
  await gotoWithIsland(page, '/free-quote', 'QuoteForm')
  const form = page.getByRole('form', { name: 'Free quote request' })
  await form.getByLabel('Your name').fill('Flo Flowers')
  await form.getByLabel('Work email').fill(email)
  await form.getByLabel('Company').fill('Flo Flowers Ltd')
  await form.getByLabel('Website').fill('floflowers.example.com')
  await form.getByRole('checkbox', { name: 'SEO Services' }).check()
  await form.getByRole('radio', { name: '$5,000 - $15,000 / month' }).check()
  await form.getByLabel('When do you want to start?').selectOption({ label: 'In 1-3 months' })
  await form.getByLabel('Goals, current results or anything we should know').fill('Wedding season bookings from local search.')
  await form.getByRole('checkbox', { name: /I agree to be contacted/ }).check()
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page).toHaveURL(/\/thank-you$/)

  // Staff sign in through the login form.
  await signInWithForm(page)
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 })

  // Realtime (last 30 minutes): the affiliate channel and the pages of this visit.
  await page.goto('/admin/analytics')
  const channels = page.getByRole('region', { name: 'Realtime: channels in the last 30 minutes' })
  const pages = page.getByRole('region', { name: 'Realtime: pages in the last 30 minutes' })
  await expect(async () => {
    await page.reload()
    await expect(channels.getByRole('cell', { name: 'affiliate', exact: true })).toBeVisible({ timeout: 10_000 })
    await expect(pages.getByRole('cell', { name: '/free-quote', exact: true })).toBeVisible()
  }).toPass({ timeout: 60_000 })

  // Web traffic: the channel, then source / medium / campaign.
  await page.goto('/admin/web-traffic')
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('cell', { name: 'affiliate', exact: true }).first()).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 60_000 })
  await page.goto('/admin/web-traffic?by=campaign')
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('cell', { name: `${source} / affiliate / ${campaign}` }).first()).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 60_000 })

  // Attribution by campaign: the lead counts under first and last touch, linked to the lead.
  await page.goto('/admin/attribution')
  await page.getByRole('button', { name: 'Campaign' }).click()
  const firstTouch = page
    .getByRole('region', { name: /^First touch/ })
    .getByRole('row')
    .filter({ hasText: campaign })
  const lastTouch = page
    .getByRole('region', { name: /^Last touch/ })
    .getByRole('row')
    .filter({ hasText: campaign })
  await expect(firstTouch).toBeVisible({ timeout: 30_000 })
  await expect(lastTouch).toBeVisible()
  await expect(firstTouch.getByRole('link').first()).toHaveText('1')
  await firstTouch.getByRole('link').first().click()

  // The leads list behind the number: narrowed by the search once it has reached the URL.
  await expect(page).toHaveURL(/#?\/leads\?/)
  await expect(page.getByText(email)).toBeVisible({ timeout: 30_000 })
  await page.getByPlaceholder('Search leads').fill(email)
  await expect(page).toHaveURL((url) => decodeURIComponent(url.href).includes(`"q":"${email}"`), { timeout: 15_000 })
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1)
  await page.getByRole('row').filter({ hasText: email }).click()

  // From the lead to its journey on /admin/visitors.
  await page.getByRole('link', { name: 'Visitor journey' }).click()
  await expect(page).toHaveURL(/\/visitors\/lead\/\d+/)
  await expect(page.getByRole('heading', { level: 1, name: 'Journey of Flo Flowers' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(`First touch: ${source} / affiliate / ${campaign}`, { exact: false })).toBeVisible()
  const visit = page.getByRole('region', { name: 'Visit 1' })
  await expect(visit.getByText(`affiliate · ${source} / affiliate / ${campaign}`)).toBeVisible()
  await expect(visit.getByText('Clicked the phone number on /', { exact: true })).toBeVisible()
  await expect(visit.getByText('Viewed /free-quote', { exact: true })).toBeVisible()
  await expect(visit.getByText(/Submitted the Free quote request form on \/free-quote/)).toBeVisible()
  // A lead's journey, a screen met only here, passes axe (docs/decisions/213-admin-headings.md).
  expect(await adminViolations(page)).toEqual([])
})
