// Analytics end to end (issue 13): a visitor lands with UTM tags, scrolls, clicks the phone link
// and sends the quote form; signed in to the admin, staff find that visit in realtime, its
// campaign in web traffic, the conversion in attribution with the lead linked, and its journey.
import { expect, test } from '@playwright/test'
import { signInWithApi, uniqueId } from './helpers/admin.ts'
import { gotoWithIsland } from './helpers/islands.ts'

// Anonymous visitors are a daily hash of address and user agent: every test browser shares
// 127.0.0.1, so this one gets a user agent of its own (other tests' visits stay other visitors).
test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 analytics-e2e/${uniqueId()}` })

test('a UTM visit that calls and asks for a quote shows in realtime, web traffic, attribution and the visitor journey', async ({ page }) => {
  test.setTimeout(120_000)
  const campaign = `e2e-${uniqueId()}`
  const email = `analytics-${uniqueId()}@example.com`
  await gotoWithIsland(page, `/free-quote?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`, 'QuoteForm')
  await expect(page.locator('html[data-analytics="on"]')).toBeAttached({ timeout: 15_000 })

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  // The phone link: the tracker records the click (capture phase); the dialer is not opened.
  await page.evaluate(() => document.addEventListener('click', (e) => (e.target as Element).closest('a[href^="tel:"]') && e.preventDefault()))
  const events = page.waitForRequest((r) => r.url().endsWith('/api/events') && (r.postData() ?? '').includes('"name":"call"'), { timeout: 15_000 })
  await page.locator('a[href^="tel:"]').first().click()
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }))
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await events
  await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }))
  await page.evaluate(() => window.scrollTo(0, 0))

  const form = page.getByRole('form', { name: 'Free quote request' })
  await form.getByLabel('Your name').fill('Rosa Analytics')
  await form.getByLabel('Work email').fill(email)
  await form.getByLabel('Company').fill('Rosa Roofing')
  await form.getByLabel('Website').fill('rosaroofing.example.com')
  await form.getByRole('checkbox', { name: 'SEO Services' }).check()
  await form.getByRole('radio', { name: '$5,000 - $15,000 / month' }).check()
  await form.getByLabel('When do you want to start?').selectOption({ label: 'In 1-3 months' })
  await form.getByLabel('Goals, current results or anything we should know').fill('More roof replacement leads in Austin, please.')
  await form.getByRole('checkbox', { name: /I agree to be contacted/ }).check()
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page).toHaveURL(/\/thank-you$/)

  await signInWithApi(page.request)

  // Realtime: the visit's channel in the last 30 minutes.
  await page.goto('/admin/analytics')
  const realtime = page.getByRole('region', { name: 'Realtime: channels in the last 30 minutes' })
  await expect(realtime.getByRole('cell', { name: 'paid-search' })).toBeVisible({ timeout: 20_000 })

  // Web traffic by source / medium / campaign.
  await page.goto('/admin/web-traffic?by=campaign')
  await expect(page.getByRole('cell', { name: `google / cpc / ${campaign}` })).toBeVisible({ timeout: 20_000 })

  // Attribution: the campaign under first touch, its lead count linking to the lead.
  await page.goto('/admin/attribution')
  await page.getByRole('button', { name: 'Campaign' }).click()
  const firstTouch = page.getByRole('region', { name: /^First touch/ })
  const row = firstTouch.getByRole('row').filter({ hasText: campaign })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await row.getByRole('link').first().click()
  await expect(page.getByText(email)).toBeVisible({ timeout: 20_000 })

  // The lead's journey, from the lead screen.
  await page.getByText(email).click()
  await page.getByRole('link', { name: 'Visitor journey' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Journey of/ })).toBeVisible()
  await expect(page.getByText('Clicked the phone number on /free-quote')).toBeVisible()
  await expect(page.getByText(/Submitted the Free quote request form on \/free-quote/)).toBeVisible()
})

test('the visitors screen pages through sessions, newest first', async ({ page }) => {
  test.setTimeout(120_000)
  // 105 affiliate visits, each from a browser of its own (a visitor is a hash of address and user agent).
  const run = uniqueId()
  for (let i = 0; i < 105; i++) {
    const reply = await page.request.post('/api/events', {
      headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 paging-e2e/${run}/${i}` },
      data: {
        events: [
          {
            type: 'page_view',
            path: `/free-quote?utm_source=partner-${run}&utm_medium=affiliate`,
            visitorId: `paging-${run}-${i}`,
            sessionId: `tab-${run}-${i}`,
            at: Date.now(),
          },
        ],
      },
    })
    expect(reply.status(), await reply.text()).toBe(202)
  }
  await signInWithApi(page.request)
  await page.goto('/admin/visitors?channel=affiliate')
  const pages = page.getByRole('navigation', { name: 'Pages of sessions' })
  await expect(page.getByRole('heading', { name: 'Sessions 1–100, newest first' })).toBeVisible({ timeout: 20_000 })
  await expect(pages.getByRole('button', { name: 'Newer sessions' })).toBeDisabled()
  // A session list has no previous period to compare with: no switch that would do nothing.
  await expect(page.getByRole('form', { name: 'Date range' }).getByLabel('From')).toBeVisible()
  await expect(page.getByLabel('Compare to previous period')).toHaveCount(0)
  await pages.getByRole('button', { name: 'Older sessions' }).click()
  await expect(page.getByRole('heading', { name: /^Sessions 101–\d+, newest first$/ })).toBeVisible()
  await expect(page.getByRole('cell', { name: `partner-${run} / affiliate` }).first()).toBeVisible()
  await pages.getByRole('button', { name: 'Newer sessions' }).click()
  await expect(page.getByRole('heading', { name: 'Sessions 1–100, newest first' })).toBeVisible()
})
