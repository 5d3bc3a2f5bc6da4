// The social-media queue per account in Chromium against the real server (issue 15, "a queue with
// time slots per account"; decision 183): give an account two weekly slots, see them free in the
// next two weeks, then "Share next" two drafts into them in order (checked through the API).
import { expect, test } from '@playwright/test'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

test.use({ actionTimeout: 20_000 })

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

test('an account gets time slots; "Share next" fills them with drafts in order', async ({ page }) => {
  test.setTimeout(120_000)
  const id = uniqueId()
  const csrf = await signInWithApi(page.request)
  const name = `Queue LinkedIn ${id}`
  const account = await adminApi(page.request, csrf, 'POST', '/social-accounts', { network: 'linkedin', name })
  expect(account.status, JSON.stringify(account.body)).toBeLessThan(300)
  const accountId = Number(account.body.id)
  const drafts: Array<{ id: number; title: string }> = []
  for (const title of [`Landing-page audit tips ${id}`, `UTM naming guide ${id}`]) {
    const res = await adminApi(page.request, csrf, 'POST', '/social-media', {
      title,
      text: `${title.replace(` ${id}`, '')}: what we check first on every client site.`,
      variants: [{ account_id: accountId }],
    })
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
    drafts.push({ id: Number(res.body.id), title })
  }
  // Tomorrow (UTC) at 10:00 and 16:00 UTC: both ahead whatever the time now.
  const now = new Date()
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  const weekday = WEEKDAYS[new Date(tomorrow).getUTCDay()]
  const slot10 = new Date(tomorrow + 10 * 3_600_000).toISOString()
  const slot16 = new Date(tomorrow + 16 * 3_600_000).toISOString()

  await page.goto('/admin/social-media')
  await page.getByRole('link', { name: 'Queue' }).click()
  await expect(page).toHaveURL(/\/admin\/social-media\/queue$/, { timeout: 20_000 })
  await page.getByRole('combobox', { name: /^Account/ }).click()
  await page.getByRole('option', { name: `LinkedIn: ${name}` }).click()
  await expect(page.getByText('No slots yet: “Share next” needs at least one.')).toBeVisible()

  const slots = page.getByRole('region', { name: 'Time slots (UTC)' })
  await slots.getByRole('button', { name: 'Add a slot' }).click()
  await slots.getByRole('button', { name: 'Add a slot' }).click()
  for (const [n, time] of [
    [1, '10:00'],
    [2, '16:00'],
  ] as const) {
    await slots.getByRole('combobox', { name: new RegExp(`^Slot ${n} weekday`) }).click()
    await page.getByRole('option', { name: weekday, exact: true }).click()
    await slots.getByLabel(`Slot ${n} time (UTC)`).fill(time)
  }
  await slots.getByRole('button', { name: 'Save slots' }).click()
  await expect(page.getByText(`Saved 2 time slots for ${name}.`)).toBeVisible({ timeout: 20_000 })
  const stored = await adminApi(page.request, csrf, 'GET', `/social-accounts/${accountId}`)
  expect(stored.body.slots).toEqual([
    { day: new Date(tomorrow).getUTCDay(), time: '10:00' },
    { day: new Date(tomorrow).getUTCDay(), time: '16:00' },
  ])

  const table = page.getByRole('table', { name: `Queue of ${name}` })
  await expect(table.getByRole('row').nth(1)).toContainText('Free')
  // Two weeks of two weekly slots: four rows, all free.
  await expect(table.getByRole('row')).toHaveCount(5)

  for (const d of drafts) {
    await page.getByRole('button', { name: `Share “${d.title}” next` }).click()
    await expect(page.getByText(new RegExp(`^“${d.title}” goes next: `))).toBeVisible({ timeout: 20_000 })
  }
  await expect(table.getByRole('row').nth(1)).toContainText(drafts[0].title)
  await expect(table.getByRole('row').nth(1)).toContainText('Scheduled')
  await expect(table.getByRole('row').nth(2)).toContainText(drafts[1].title)
  await expect(table.getByRole('row').nth(3)).toContainText('Free')
  await expect(page.getByText('No drafts for this account.')).toBeVisible()
  for (const [d, at] of [
    [drafts[0], slot10],
    [drafts[1], slot16],
  ] as const) {
    const post = await adminApi(page.request, csrf, 'GET', `/social-media/${d.id}`)
    expect(post.body).toMatchObject({ status: 'scheduled', scheduled_at: at })
  }
})
