// The social-media calendar in Chromium against the real server (issue 15): a scheduled post
// shows in its day of the month view, with its state in words, and "Move to…" (the keyboard
// alternative to dragging) reschedules it to another day through the schedule endpoint.
import { expect, test } from '@playwright/test'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

const pad = (n: number) => String(n).padStart(2, '0')
/** A datetime-local value (the browser's local time). */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`

test.use({ actionTimeout: 20_000 })

test('a scheduled post shows in its day; "Move to…" and dragging reschedule it; the week view puts it in its hour', async ({ page }) => {
  test.setTimeout(120_000)
  const id = uniqueId()
  const csrf = await signInWithApi(page.request)
  const account = await adminApi(page.request, csrf, 'POST', '/social-accounts', { network: 'linkedin', name: `Calendar LinkedIn ${id}` })
  expect(account.status, JSON.stringify(account.body)).toBeLessThan(300)
  const title = `Calendar check ${id}`
  const post = await adminApi(page.request, csrf, 'POST', '/social-media', {
    title,
    text: 'Five landing-page fixes that lift conversions.',
    variants: [{ account_id: Number(account.body.id) }],
  })
  expect(post.status, JSON.stringify(post.body)).toBeLessThan(300)
  const postId = Number(post.body.id)
  // Two days ahead at 10:00 local: always inside the six weeks the month view shows.
  const first = new Date()
  first.setDate(first.getDate() + 2)
  first.setHours(10, 0, 0, 0)
  const scheduled = await adminApi(page.request, csrf, 'POST', `/social-media/${postId}/schedule`, { at: first.toISOString() })
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
  expect(scheduled.body.status).toBe('scheduled')

  await page.goto('/admin/social-media')
  await page.getByRole('link', { name: 'Calendar' }).click()
  await expect(page).toHaveURL(/\/admin\/social-media\/calendar$/, { timeout: 20_000 })
  const dayLabel = (ms: number) =>
    page.evaluate((t) => new Date(t).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }), ms)
  const firstCell = page.getByRole('gridcell', { name: await dayLabel(first.getTime()), exact: true })
  const item = firstCell.getByRole('listitem', { name: new RegExp(`^${title}, Scheduled, `) })
  await expect(item).toBeVisible({ timeout: 20_000 })
  await expect(item).toContainText('Scheduled')

  // Keyboard alternative: "Move to…", a date-time field, Save.
  const second = new Date(first)
  second.setDate(second.getDate() + 2)
  second.setHours(15, 30, 0, 0)
  await item.getByRole('button', { name: `Move “${title}” to…` }).click()
  const dialog = page.getByRole('dialog', { name: `Move “${title}”` })
  await dialog.getByLabel('New date and time (your local time)').fill(localInput(second))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Moved “${title}” to`)).toBeVisible({ timeout: 20_000 })
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('gridcell', { name: await dayLabel(second.getTime()), exact: true }).getByRole('listitem', { name: new RegExp(`^${title}, `) }),
  ).toBeVisible()
  await expect(firstCell.getByRole('listitem', { name: new RegExp(`^${title}, `) })).toHaveCount(0)

  // The server has the new time (the schedule endpoint wrote and audited it).
  const after = await adminApi(page.request, csrf, 'GET', `/social-media/${postId}`)
  expect(after.status).toBe(200)
  expect(after.body.status).toBe('scheduled')
  expect(new Date(String(after.body.scheduled_at)).getTime()).toBe(second.getTime())
  const audit = await adminApi(
    page.request,
    csrf,
    'GET',
    `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'social-media', record_id: postId }))}`,
  )
  expect(audit.status).toBe(200)
  expect(JSON.stringify(audit.body)).toContain(second.toISOString())

  // Drag it one day on: same time of day.
  const third = new Date(second)
  third.setDate(third.getDate() + 1)
  const thirdCell = page.getByRole('gridcell', { name: await dayLabel(third.getTime()), exact: true })
  // The next day may be in the month's sixth row, below the fold: an HTML drag cannot scroll, so
  // bring the target into view first (the source row is just above it).
  await thirdCell.scrollIntoViewIfNeeded()
  await page
    .getByRole('gridcell', { name: await dayLabel(second.getTime()), exact: true })
    .getByRole('listitem', { name: new RegExp(`^${title}, `) })
    .dragTo(thirdCell)
  await expect(thirdCell.getByRole('listitem', { name: new RegExp(`^${title}, Scheduled, `) })).toBeVisible({ timeout: 20_000 })
  const dragged = await adminApi(page.request, csrf, 'GET', `/social-media/${postId}`)
  expect(new Date(String(dragged.body.scheduled_at)).getTime()).toBe(third.getTime())

  // The week view puts it in its hour.
  await page.getByRole('button', { name: 'Week', exact: true }).click()
  const monday = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)).getTime()
  const weeksAhead = Math.round((monday(third) - monday(new Date())) / (7 * 86_400_000))
  for (let i = 0; i < weeksAhead; i++) await page.getByRole('button', { name: 'Next week' }).click()
  await expect(
    page
      .getByRole('gridcell', { name: `${await dayLabel(third.getTime())}, 15:00`, exact: true })
      .getByRole('listitem', { name: new RegExp(`^${title}, Scheduled, `) }),
  ).toBeVisible({ timeout: 20_000 })
})
