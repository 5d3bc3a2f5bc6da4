// Social media in Chromium against the real server (issue 15). No network is connected on this
// machine, so the manual provider does the posting: compose a post with a LinkedIn and an X
// variant, schedule it a few seconds ahead, let the job runner make it due, read the
// ready-to-post pack, paste the address of the published post, and see it "posted" with it.
import { expect, test } from '@playwright/test'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

/** A datetime-local value (the browser's local time, with seconds) `ms` from now. */
function localInput(ms: number): string {
  const d = new Date(Date.now() + ms)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

test.use({ actionTimeout: 20_000 })

test('compose a LinkedIn and an X variant, schedule it, see the due pack, mark both posted with their addresses', async ({ page }) => {
  test.setTimeout(150_000)
  const id = uniqueId()
  const csrf = await signInWithApi(page.request)
  for (const [network, name] of [
    ['linkedin', `Proofline LinkedIn ${id}`],
    ['x', `proofline_x_${id}`],
  ]) {
    const res = await adminApi(page.request, csrf, 'POST', '/social-accounts', { network, name })
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  }

  await page.goto('/admin/social-media')
  await page.getByRole('link', { name: 'Compose' }).click()
  await expect(page).toHaveURL(/\/admin\/social-media\/create/, { timeout: 20_000 })
  const title = `Core Web Vitals checklist ${id}`
  await page.getByRole('textbox', { name: /^Title/ }).fill(title)
  await page.getByLabel('Text', { exact: true }).fill('Our Core Web Vitals checklist for landing pages: {link}')
  await page.getByLabel('Link', { exact: true }).fill('/blog/core-web-vitals-landing-pages')
  const accounts = page.getByRole('combobox', { name: 'Accounts' })
  for (const option of [`LinkedIn: Proofline LinkedIn ${id}`, `X: proofline_x_${id}`]) {
    await accounts.click()
    await accounts.fill(id)
    await page.getByRole('option', { name: option }).click()
  }
  // Each network's checks, as you type.
  await expect(page.getByText(`LinkedIn (Proofline LinkedIn ${id}): accepted.`)).toBeVisible()
  await expect(page.getByText(`X (proofline_x_${id}): accepted.`)).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { name: `${title} — Draft` })).toBeVisible({ timeout: 20_000 })

  await page.getByLabel('Post at (your local time)').fill(localInput(4_000))
  await page.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(page.getByRole('heading', { name: `${title} — Scheduled` })).toBeVisible({ timeout: 20_000 })

  // The job runner makes it due (it polls every 2 s): reload until it is.
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('heading', { name: `${title} — Due: post it by hand` })).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 60_000 })

  for (const [label, account] of [
    ['LinkedIn', `Proofline LinkedIn ${id}`],
    ['X', `proofline_x_${id}`],
  ]) {
    const card = page.getByRole('article', { name: new RegExp(`^${label}: ${account} — `) })
    await expect(card.getByRole('heading', { name: `Ready-to-post pack (copy to ${label})` })).toBeVisible()
    await expect(card.getByLabel('Text', { exact: true })).toHaveValue(/Our Core Web Vitals checklist for landing pages: http:\/\/\S+\/s\/\w+/)
    const url = label === 'LinkedIn' ? `https://www.linkedin.com/feed/update/urn:li:activity:${Date.now()}` : `https://x.com/proofline/status/${Date.now()}`
    await card.getByLabel(`Address of the post on ${label}`).fill(url)
    await card.getByRole('button', { name: 'Mark posted' }).click()
    await expect(card.getByRole('heading', { name: `${label}: ${account} — Posted` })).toBeVisible({ timeout: 20_000 })
    await expect(card.getByRole('link', { name: url })).toHaveAttribute('href', url)
  }
  await expect(page.getByRole('heading', { name: `${title} — Posted` })).toBeVisible({ timeout: 20_000 })
})
