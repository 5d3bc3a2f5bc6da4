// The mobile three-step lead form (spec sections 3 and 4). Off in data/site.yaml, so the built
// site has none; with features.mobileLeadForm on (the layout's add-ons rendered with the flag,
// helpers/features.ts) it shows on small screens: steps 1-3, Back stops at 1, a progress bar at
// step/3, the four budget options, and it is stored as a 'Mobile Lead Form' lead.
import { expect, test, type Page } from '@playwright/test'
import { closeDb, findLead, uniqueEmail } from './helpers/db.ts'
import { serveWithFeatures } from './helpers/features.ts'
import { waitForIsland } from './helpers/islands.ts'

test.afterAll(closeDb)

const trigger = (page: Page) => page.getByRole('button', { name: 'Quick quote' })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Get a free quote' })

async function expectStep(page: Page, step: number, title: string) {
  const bar = dialog(page).getByRole('progressbar', { name: 'Progress' })
  await expect(bar).toHaveAttribute('aria-valuenow', String(step))
  await expect(bar).toHaveAttribute('aria-valuetext', `Step ${step} of 3`)
  // The filled part of the bar is step/3 of its width (once its width transition has ended).
  await expect
    .poll(() => bar.evaluate((el) => (el.firstElementChild as HTMLElement).getBoundingClientRect().width / el.getBoundingClientRect().width))
    .toBeCloseTo(step / 3, 3)
  await expect(dialog(page).getByRole('heading', { level: 3 })).toHaveText(`Step ${step} of 3: ${title}`)
  await expect(dialog(page).getByText(`Step ${step} of 3`, { exact: true })).toBeVisible()
}

async function openForm(page: Page) {
  await page.setViewportSize({ width: 390, height: 800 })
  await serveWithFeatures(page, '/', { mobileLeadForm: true })
  await page.goto('/')
  await waitForIsland(page, 'MobileLeadForm')
  await trigger(page).click()
  await expect(dialog(page)).toBeVisible()
}

test('off by default: the built site has no mobile lead form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await waitForIsland(page, 'ChatLauncher')
  await expect(page.locator('[data-island="MobileLeadForm"]')).toHaveCount(0)
  await expect(trigger(page)).toHaveCount(0)
})

test('with the flag on it shows on small screens only', async ({ page }) => {
  await serveWithFeatures(page, '/', { mobileLeadForm: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await waitForIsland(page, 'MobileLeadForm')
  await expect(trigger(page)).toBeHidden()
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(trigger(page)).toBeVisible()
})

test('three steps forward and back, Back stops at step 1, each step checks its own fields', async ({ page }) => {
  await openForm(page)
  await expectStep(page, 1, 'How can we reach you?')
  await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0)

  await dialog(page).getByRole('button', { name: 'Next' }).click()
  await expect(dialog(page).getByLabel('Your name')).toHaveAccessibleDescription('Enter your name.')
  await expect(dialog(page).getByLabel('Email')).toHaveAccessibleDescription('Enter your email address.')
  await expect(dialog(page).getByLabel('Your name')).toBeFocused()
  await expectStep(page, 1, 'How can we reach you?')

  await dialog(page).getByLabel('Your name').fill('Dana Whitfield')
  await dialog(page).getByLabel('Email').fill('dana@example.com')
  await dialog(page).getByRole('button', { name: 'Next' }).click()
  await expectStep(page, 2, 'About your business')
  const budgets = dialog(page).getByRole('radiogroup', { name: 'Monthly budget' }).getByRole('radio')
  await expect(budgets).toHaveCount(4)
  for (const [i, label] of ['Under $5,000 / month', '$5,000 - $15,000 / month', '$15,000 - $50,000 / month', '$50,000+ / month'].entries()) {
    await expect(budgets.nth(i)).toHaveAccessibleName(label)
  }
  await expect(budgets.nth(0)).toHaveAttribute('value', 'under-5k')
  await expect(budgets.nth(3)).toHaveAttribute('value', '50k-plus')
  await dialog(page).getByRole('button', { name: 'Next' }).click()
  await expect(dialog(page).getByText('Choose a monthly budget.')).toBeVisible()
  await expectStep(page, 2, 'About your business')

  await dialog(page).getByRole('radio', { name: '$15,000 - $50,000 / month' }).check()
  await dialog(page).getByRole('button', { name: 'Next' }).click()
  await expectStep(page, 3, 'About your project')
  await expect(dialog(page).getByRole('button', { name: 'Send request' })).toBeVisible()

  await dialog(page).getByRole('button', { name: 'Back' }).click()
  await expectStep(page, 2, 'About your business')
  await expect(dialog(page).getByRole('radio', { name: '$15,000 - $50,000 / month' })).toBeChecked()
  await dialog(page).getByRole('button', { name: 'Back' }).click()
  await expectStep(page, 1, 'How can we reach you?')
  await expect(dialog(page).getByLabel('Your name')).toHaveValue('Dana Whitfield')
  await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0)
})

test("it is sent as a 'Mobile Lead Form' lead", async ({ page }) => {
  const email = uniqueEmail('mobile-form')
  await openForm(page)
  await dialog(page).getByLabel('Your name').fill('Dana Whitfield')
  await dialog(page).getByLabel('Email').fill(email)
  await dialog(page).getByRole('textbox', { name: 'Phone (optional)' }).fill('512 555 0199')
  await dialog(page).getByRole('button', { name: 'Next' }).click()
  await dialog(page).getByLabel('Company').fill('Whitfield Roofing')
  await dialog(page).getByRole('radio', { name: '$5,000 - $15,000 / month' }).check()
  await dialog(page).getByRole('button', { name: 'Next' }).click()
  await dialog(page).getByLabel('What would you like help with?').fill('More roof replacement leads.')
  await dialog(page).getByRole('button', { name: 'Send request' }).click()

  await expect(dialog(page).getByRole('status')).toHaveText('Thanks, Dana! A strategist will contact you within 24 hours.')
  const row = await findLead(email)
  expect(row).toMatchObject({
    kind: 'lead',
    is_spam: 0,
    name: 'Dana Whitfield',
    phone: '+15125550199',
    company: 'Whitfield Roofing',
    message: 'Budget: $5,000 - $15,000 / month\n\nMore roof replacement leads.',
    source: 'Mobile Lead Form',
    campaign: 'Free Quote Request',
  })
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(trigger(page)).toBeFocused()
})

test('a modal: page scroll is locked, focus stays inside, Escape or the backdrop closes it and focus returns to its button', async ({ page }) => {
  await openForm(page)
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
  await expect(dialog(page)).toHaveAttribute('aria-modal', 'true')
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.mouse.click(195, 20)
  await expect(dialog(page)).toHaveCount(0)
  await expect(trigger(page)).toBeFocused()
  await trigger(page).click()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(trigger(page)).toBeFocused()
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
})
