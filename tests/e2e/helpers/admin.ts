// Staff admin helpers for the browser tests: the e2e admin account (playwright.config.ts makes a
// throwaway password per run), signing in through the form or the API, and seeding records
// through the real public and admin APIs.
import crypto from 'node:crypto'
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test'

export const adminEmail = () => process.env.E2E_ADMIN_EMAIL ?? ''
export const adminPassword = () => process.env.E2E_ADMIN_PASSWORD ?? ''

export const uniqueId = () => crypto.randomBytes(5).toString('hex')

/** Playwright's `test`, failing a test on any uncaught script error or console error of its page.
 * A refused request (the 401 of a wrong password, the 403 of a role) is logged by Chromium as
 * "Failed to load resource" and is expected. */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use()
      expect(errors).toEqual([])
    },
    { auto: true },
  ],
})

/** Signs in through the login form and waits for the overview. */
export async function signInWithForm(page: Page, email = adminEmail(), password = adminPassword()) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Signs the page's browser context in through the API (its cookie jar is the browser's), for
 * tests about something other than the login form. Returns the CSRF token for API calls.
 */
export async function signInWithApi(request: APIRequestContext, email = adminEmail(), password = adminPassword()): Promise<string> {
  const res = await request.post('/api/admin/auth/login', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { csrfToken: string }).csrfToken
}

/** A lead sent as the public site's popup sends it (a fresh form token, so it is not spam). */
export async function seedLead(request: APIRequestContext, fields: Record<string, string> = {}) {
  const token = ((await (await request.get('/api/form-token')).json()) as { token: string }).token
  const email = fields.email ?? `lead-${uniqueId()}@example.com`
  const res = await request.post('/api/leads', {
    data: {
      email,
      firstName: 'Dana',
      lastName: `Lead ${uniqueId()}`,
      company: '',
      phone: '',
      message: 'Please call me about SEO.',
      source: 'Exit Intent Popup',
      campaign: 'Free Quote Request',
      formToken: token,
      ...fields,
    },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return { email, ...fields }
}

/** Calls the admin API as the signed-in context (CSRF token on writes). */
export async function adminApi(request: APIRequestContext, csrfToken: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const res = await request.fetch(`/api/admin${url}`, { method, data, headers: { 'X-CSRF-Token': csrfToken } })
  return { status: res.status(), body: res.headers()['content-type']?.includes('json') ? await res.json() : await res.text(), headers: res.headers() }
}
