// The lead screen and the audit log in Chromium against the real server: a job application's
// résumé downloads from the lead screen, a quote's services of interest show as labels, and the
// audit log names who signed in and when, to the second; the list, wider than a small window,
// scrolls inside its card.
import fs from 'node:fs'
import { expect } from '@playwright/test'
import { adminApi, seedLead, signInWithApi, signInWithForm, test, uniqueId } from './helpers/admin.ts'

test.describe.configure({ mode: 'parallel' })

const formToken = async (request: import('@playwright/test').APIRequestContext) =>
  ((await (await request.get('/api/form-token')).json()) as { token: string }).token
const pdf = Buffer.from(`%PDF-1.4\n% résumé for the e2e test ${'.'.repeat(2000)}\n%%EOF\n`)

test('a job application’s résumé downloads from the lead screen', async ({ page, playwright, baseURL }) => {
  const email = `applicant-${uniqueId()}@example.com`
  const applied = await page.request.post('/api/applications', {
    multipart: {
      openingId: 'senior-seo-strategist',
      name: 'Dorothy Vaughan',
      email,
      phone: '512 555 0142',
      links: 'https://example.com/dv',
      coverLetter: 'I have led technical SEO for regional lenders and want to bring that to your clients.',
      formToken: await formToken(page.request),
      resume: { name: 'Dorothy Vaughan CV.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  })
  expect(applied.status(), await applied.text()).toBe(201)
  const { id } = (await applied.json()) as { id: number }

  await signInWithApi(page.request)
  await page.goto(`/admin/leads/${id}/show`)
  const submission = page.getByRole('region', { name: 'Submission' })
  // The first screen loads the admin bundle and the record: allow for a busy machine.
  await expect(submission).toContainText(email, { timeout: 20_000 })
  await expect(submission).toContainText('Senior SEO Strategist')
  await expect(submission).not.toContainText('storedName')
  const link = submission.getByRole('link', { name: /Download Dorothy Vaughan CV\.pdf/ })
  await expect(link).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toBe('Dorothy Vaughan CV.pdf')
  expect(fs.readFileSync((await download.path())!).equals(pdf)).toBe(true)

  // The same address without a session gives nothing.
  const anonymous = await playwright.request.newContext({ baseURL })
  const refused = await anonymous.get(`/api/admin/leads/${id}/resume`)
  expect(refused.status()).toBe(401)
  expect(refused.headers()['content-type']).toMatch(/^application\/json/)
  await anonymous.dispose()
})

test('a quote’s services of interest show as labels, not raw JSON', async ({ page }) => {
  const quoted = await page.request.post('/api/quotes', {
    data: {
      name: 'Annie Easley',
      email: `quote-${uniqueId()}@example.com`,
      company: 'Easley Lending',
      website: 'easley.example.com',
      services: ['seo-services', 'ppc-management'],
      budget: '5k-15k',
      timeline: 'asap',
      consent: true,
      formToken: await formToken(page.request),
    },
  })
  expect(quoted.status(), await quoted.text()).toBe(201)
  const { id } = (await quoted.json()) as { id: number }

  await signInWithApi(page.request)
  await page.goto(`/admin/leads/${id}/show`)
  const submission = page.getByRole('region', { name: 'Submission' })
  await expect(submission).toContainText('Annie Easley', { timeout: 20_000 })
  await expect(submission.getByText('Services of interest')).toBeVisible()
  await expect(submission.getByText('SEO Services', { exact: true })).toBeVisible()
  await expect(submission.getByText('PPC Management', { exact: true })).toBeVisible()
  await expect(submission).toContainText('$5,000 - $15,000 / month')
  await expect(submission).toContainText('As soon as possible')
  await expect(submission).not.toContainText('["')
  await expect(submission).not.toContainText('seo-services')
})

test('the audit log shows who signed in and when, to the second', async ({ page }) => {
  await signInWithForm(page)
  await expect(page.getByRole('heading', { level: 1, name: /^Overview/ })).toBeVisible()
  const csrf = await signInWithApi(page.request)
  const me = await adminApi(page.request, csrf, 'GET', '/auth/me')
  const name = (me.body as { user: { name: string } }).user.name
  await page.goto(`/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'sign_in' }))}`)
  const row = page.getByRole('row').filter({ hasText: 'Signed in' }).first()
  await expect(row).toContainText(name, { timeout: 20_000 })
  // A full date and time: "Nov 24, 2026, 5:42:35 AM" (month, day, year, hours, minutes, seconds).
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}/)
})

test('the leads list, wider than a small window, scrolls inside its card and not the page', async ({ page }) => {
  await seedLead(page.request)
  await signInWithApi(page.request)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto('/admin/leads')
  const table = page.getByRole('table')
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  expect(await table.evaluate((t) => t.scrollWidth > t.parentElement!.clientWidth)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  // The app bar still spans the page: nothing is laid out beyond it.
  const bar = await page.getByRole('banner').boundingBox()
  expect(bar?.width).toBe(1024)
})
