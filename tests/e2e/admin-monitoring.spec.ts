// Monitoring in Chromium against the real server (issue 14): an error thrown on a public page
// reaches the first-party beacon and shows as a group in the admin, which staff resolve; a
// submission flagged as spam is released with "Not spam" and shows in Leads; the monitoring page
// states that its checks are an internal probe and lists them.
import { expect, test } from '@playwright/test'
import { adminApi, seedLead, signInWithApi, uniqueId } from './helpers/admin.ts'

test.describe.configure({ mode: 'parallel' })

test('an error thrown on a page shows as its group in monitoring', async ({ page }) => {
  // Beacon, grouping, sign-in and two admin screens: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000)
  const id = uniqueId()
  await page.goto('/')
  await page.waitForLoadState('load')
  const thrown = page.waitForEvent('pageerror')
  await page.evaluate((tag) => {
    setTimeout(() => {
      throw new TypeError(`Cannot read properties of undefined (reading 'monitoring-${tag}')`)
    }, 0)
  }, id)
  expect((await thrown).message).toContain(`monitoring-${id}`)

  const csrf = await signInWithApi(page.request)
  const filter = encodeURIComponent(JSON.stringify({ q: `monitoring-${id}` }))
  await expect
    .poll(async () => ((await adminApi(page.request, csrf, 'GET', `/error-groups?filter=${filter}`)).body as unknown[]).length, { timeout: 15_000 })
    .toBe(1)

  await page.goto('/admin/error-groups')
  await page.getByLabel('Message or page').fill(`monitoring-${id}`)
  // The filter applies after a debounce by navigating: wait for it, or it would undo the row click.
  await expect(page).toHaveURL(new RegExp(`filter=.*monitoring-${id}`), { timeout: 20_000 })
  const row = page.getByRole('row', { name: new RegExp(`monitoring-${id}`) })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await expect(row).toContainText('TypeError')
  await expect(row).toContainText('Chrome')
  await row.click()
  await expect(page.getByText(`TypeError: Cannot read properties of undefined (reading 'monitoring-${id}')`).first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('table', { name: 'Page or request' })).toContainText('/')
  await page.getByRole('button', { name: 'Resolve' }).click()
  await expect(page.getByText(/Marked resolved/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible()
})

test('a spam submission marked not spam becomes a lead', async ({ page }) => {
  const email = `spam-review-${uniqueId()}@example.com`
  // The honeypot field is filled: stored flagged, answered 201 like any lead.
  await seedLead(page.request, { email, fax: '+1 555 0199' })
  await signInWithApi(page.request)

  await page.goto('/admin/leads')
  await expect(page.getByRole('heading', { name: 'Leads' }).first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(email)).toHaveCount(0)

  await page.goto('/admin/spam-review')
  const row = page.getByRole('row', { name: new RegExp(email) })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await expect(row).toContainText('honeypot')
  await row.getByRole('cell', { name: email }).click()
  await page.getByRole('button', { name: 'Not spam' }).click()
  await expect(page.getByText(/it is now a lead/)).toBeVisible()

  await page.goto('/admin/leads')
  await expect(page.getByText(email)).toBeVisible({ timeout: 20_000 })
})

test('the monitoring page says its checks are an internal probe and lists them', async ({ page }) => {
  await signInWithApi(page.request)
  await page.goto('/admin/monitoring')
  await expect(page.getByText(/These uptime checks are an internal probe/)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('No external vantage point configured.')).toBeVisible()
  await page.getByRole('tab', { name: 'Uptime' }).click()
  const table = page.getByRole('table', { name: 'Uptime over 24h' })
  await expect(table).toContainText('Database', { timeout: 20_000 })
  await expect(table).toContainText('Form token (lead API)')
  await page.getByRole('button', { name: '90d' }).click()
  await expect(page.getByRole('table', { name: 'Uptime over 90d' })).toBeVisible()
})
