// A form sent in the first seconds on a page carries the same first-touch and last-touch
// attribution as a later one. The visitor tracker (which stores attribution) loads after idle,
// with a 3000 ms requestIdleCallback timeout: here it never runs, so whatever attribution the
// stored lead has came from the form path itself (client/forms/useForm.ts, formAttribution()).
import { expect, test, type Page } from '@playwright/test'
import { closeDb, findLead, uniqueEmail } from './helpers/db.ts'
import { gotoWithIsland } from './helpers/islands.ts'

test.afterAll(closeDb)

const CAMPAIGN = '?utm_source=newsletter&utm_medium=email&utm_campaign=early-bird&gclid=early-click'

/** The visitor tracker's idle callback (timeout 3000 ms) never runs; every other one does. */
async function withoutVisitorTracker(page: Page) {
  await page.addInitScript(() => {
    const original = window.requestIdleCallback?.bind(window)
    if (!original) return
    window.requestIdleCallback = (callback, options) => (options?.timeout === 3000 ? 0 : original(callback, options))
  })
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('pl_attribution') ?? 'null') as Record<string, string> | null)

function expectTouches(
  row: { utm_source: string; utm_medium: string; utm_campaign: string; first_touch: string; last_touch: string; landing_page: string },
  landingPage: string,
) {
  expect(row).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'early-bird', landing_page: landingPage })
  expect(row.first_touch).toMatch(/^newsletter \/ email \/ early-bird @ \d{4}-\d\d-\d\dT/)
  expect(row.last_touch).toBe(row.first_touch)
}

test("a contact message sent right after landing carries the landing's first and last touch", async ({ page }) => {
  await withoutVisitorTracker(page)
  const email = uniqueEmail('early-contact')
  await gotoWithIsland(page, `/contact${CAMPAIGN}`, 'ContactForm')
  expect(await stored(page)).toBeNull()
  const form = page.getByRole('form', { name: 'Contact form' })
  await form.getByLabel('Your name').fill('Early Bird')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Subject').fill('Right away')
  await form.getByLabel('Message').fill('Sent within the first seconds on the page.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('status')).toContainText('Thanks, Early Bird.')

  const row = await findLead(email)
  expectTouches(row, `/contact${CAMPAIGN}`)
  // The same record a later submit (or the tracker) reads: the touches do not change.
  expect(await stored(page)).toMatchObject({ firstTouch: row.first_touch, lastTouch: row.last_touch, gclid: 'early-click' })
})

test('the exit popup sent before the tracker ran carries the same touches', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') })
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'))
  await withoutVisitorTracker(page)
  await page.goto(`/${CAMPAIGN}`)
  await page.clock.runFor(2000)
  await expect(page.locator('[data-island="ExitIntentPopup"]')).toHaveAttribute('data-hydrated', '')
  expect(await stored(page)).toBeNull()
  await page.mouse.move(300, 200)
  await page.mouse.move(300, 1)
  await page.mouse.move(300, -20)
  await page.clock.runFor(100)
  const dialog = page.getByRole('dialog', { name: 'Get your free marketing quote' })
  const email = uniqueEmail('early-popup')
  await dialog.getByRole('textbox', { name: 'Work email' }).fill(email)
  const response = page.waitForResponse((r) => r.url().endsWith('/api/leads'))
  await dialog.getByRole('button', { name: 'Get My Free Quote' }).click()
  expect((await response).status()).toBe(201)

  const row = await findLead(email)
  expect(row).toMatchObject({ source: 'Exit Intent Popup', traffic_source: 'newsletter' })
  expectTouches(row, `/${CAMPAIGN}`)
  expect(row.first_touch).toContain('@ 2026-03-02T09:00:')
})
