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
  // Each network's checks, as you type, in each account's variant section.
  const liSection = page.getByRole('region', { name: `LinkedIn variant: Proofline LinkedIn ${id}` })
  const xSection = page.getByRole('region', { name: `X variant: proofline_x_${id}` })
  await expect(liSection.getByText('LinkedIn check: accepted.')).toBeVisible()
  await expect(xSection.getByText('X check: accepted.')).toBeVisible()

  // An X variant over X's 280 characters: the live count says so, and the server's message shows
  // on that variant's field when saving; shortened, it saves.
  const xText = xSection.getByLabel('Text for X (empty: the post’s text)')
  const tooLong = `Core Web Vitals for landing pages: LCP under 2.5 s, INP under 200 ms, CLS under 0.1. ${'We measured every client landing page this quarter and fixed the slow hero images first. '.repeat(3)}{link}`
  await xText.fill(tooLong)
  await expect(xSection.getByText(/^\d+ of 280 characters \(X counts each link as 23\): \d+ too many\./)).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(xSection.getByText(/^X takes at most 280 characters: this text has \d+\. Shorten it by \d+\./).first()).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/admin\/social-media\/create/)
  await xText.fill('Core Web Vitals for landing pages, in one checklist: {link}')
  await expect(xSection.getByText('X check: accepted.')).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { name: `${title} — Draft` })).toBeVisible({ timeout: 20_000 })

  // Edit: the LinkedIn variant gets its own first comment; the X variant keeps its text.
  await page.getByRole('link', { name: 'Edit text and variants' }).click()
  await expect(page).toHaveURL(/\/admin\/social-media\/\d+$/, { timeout: 20_000 })
  await expect(xSection.getByLabel('Text for X (empty: the post’s text)')).toHaveValue('Core Web Vitals for landing pages, in one checklist: {link}')
  await liSection.getByLabel('First comment on LinkedIn (empty: the post’s)').fill('Which of the three metrics trips your pages most?')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { name: `${title} — Draft` })).toBeVisible({ timeout: 20_000 })
  const postId = Number(/\/social-media\/(\d+)\/show/.exec(page.url())?.[1])
  const saved = await adminApi(page.request, csrf, 'GET', `/social-media/${postId}`)
  expect(saved.body.variants.map((v: { text: string; first_comment: string }) => [v.text, v.first_comment])).toEqual([
    ['', 'Which of the three metrics trips your pages most?'],
    ['Core Web Vitals for landing pages, in one checklist: {link}', ''],
  ])

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
    await expect(card.getByLabel('Text', { exact: true })).toHaveValue(
      label === 'LinkedIn'
        ? /^Our Core Web Vitals checklist for landing pages: http:\/\/\S+\/s\/[\w-]+$/
        : /^Core Web Vitals for landing pages, in one checklist: http:\/\/\S+\/s\/[\w-]+$/,
    )
    if (label === 'LinkedIn') await expect(card.getByLabel('First comment')).toHaveValue('Which of the three metrics trips your pages most?')
    const url = label === 'LinkedIn' ? `https://www.linkedin.com/feed/update/urn:li:activity:${Date.now()}` : `https://x.com/proofline/status/${Date.now()}`
    await card.getByLabel(`Address of the post on ${label}`).fill(url)
    await card.getByRole('button', { name: 'Mark posted' }).click()
    await expect(card.getByRole('heading', { name: `${label}: ${account} — Posted` })).toBeVisible({ timeout: 20_000 })
    await expect(card.getByRole('link', { name: url })).toHaveAttribute('href', url)
  }
  await expect(page.getByRole('heading', { name: `${title} — Posted` })).toBeVisible({ timeout: 20_000 })
})
