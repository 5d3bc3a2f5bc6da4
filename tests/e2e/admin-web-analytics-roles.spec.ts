// The web-analytics screens as the two staff roles below admin (issue 13, shared/permissions.ts):
// a marketing user opens /admin/web-analytics and /admin/web-traffic and gets their tables and
// chart; a sales user gets the "Access denied" screen on both, no Web analytics entry in
// the menu, and 403 from their API, while Attribution (read only for sales) still opens. And the
// screens a resource holds beside its list (the CRM's, which marketing may not open) say "Access
// denied" without sending a request the server refuses.
import { expect, test, type Browser } from '@playwright/test'
import { adminApi, signInWithApi, signInWithForm, uniqueId } from './helpers/admin.ts'
import { adminViolations } from './helpers/axe.ts'

/** Invites a user of `role` as the e2e admin, then signs them in in a context of their own with a
 * password they chose (a temporary password must be replaced first). */
async function staffPage(browser: Browser, adminRequest: Parameters<typeof signInWithApi>[0], role: 'marketing' | 'sales') {
  const csrf = await signInWithApi(adminRequest)
  const email = `${role}-${uniqueId()}@example.com`
  const invited = await adminApi(adminRequest, csrf, 'POST', '/users', { email, name: `${role === 'sales' ? 'Sam' : 'Morgan'} ${uniqueId()}`, role })
  expect(invited.status, JSON.stringify(invited.body)).toBe(201)
  const temporary = (invited.body as { temporaryPassword: string }).temporaryPassword
  const context = await browser.newContext()
  const page = await context.newPage()
  const token = await signInWithApi(page.request, email, temporary)
  const chosen = `${role} chooses a long passphrase ${uniqueId()}`
  const changed = await adminApi(page.request, token, 'POST', '/auth/password', { currentPassword: temporary, newPassword: chosen })
  expect(changed.status, JSON.stringify(changed.body)).toBe(204)
  await context.clearCookies()
  await signInWithForm(page, email, chosen)
  await expect(page.getByRole('heading', { level: 1, name: /^Overview/ })).toBeVisible({ timeout: 20_000 })
  return { page, context }
}

test('marketing reads the web-analytics screens; sales is refused them on the screen and by the API', async ({ page, browser }) => {
  test.setTimeout(120_000)
  // One page view so the period has a page to list.
  const path = '/services'
  const res = await page.request.post('/api/events', {
    data: { events: [{ type: 'page_view', path, visitorId: `v-${uniqueId()}`, sessionId: `s-${uniqueId()}`, at: Date.now(), name: 'Services' }] },
  })
  expect(res.status(), await res.text()).toBe(202)

  const marketing = await staffPage(browser, page.request, 'marketing')
  const m = marketing.page
  // The screen's own request for its page table: its URL is asked again as sales below.
  const pagesResponse = m.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/analytics/pages')
  await m.goto('/admin/web-analytics')
  const pagesUrl = (await pagesResponse).url()
  expect((await pagesResponse).status()).toBe(200)
  await expect(m.getByRole('heading', { level: 1, name: /Web analytics/ })).toBeVisible()
  await expect(m.getByRole('region', { name: /^Pages \(/ }).getByRole('cell', { name: path, exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(m.getByRole('region', { name: /^Web vitals at p75/ }).getByRole('button', { name: 'CSV' })).toBeVisible()
  await expect(m.getByText('Access denied')).toHaveCount(0)
  // A lone card is as tall as its content: the journeys card once stretched to the page's
  // height (a 100 % height meant for Grid cells).
  const journeys = m.getByRole('region', { name: /^Most common paths to a conversion/ })
  await expect(journeys.getByRole('heading', { level: 2 })).toBeVisible()
  const blank = await journeys.evaluate(
    (card) => card.getBoundingClientRect().height - [...card.children].reduce((h, c) => h + c.getBoundingClientRect().height, 0),
  )
  expect(blank).toBeLessThan(24)
  await m.goto('/admin/web-traffic')
  await expect(m.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(m.getByText('Access denied')).toHaveCount(0)
  await marketing.context.close()

  const sales = await staffPage(browser, page.request, 'sales')
  const s = sales.page
  const menu = s.getByRole('navigation').or(s.locator('.RaSidebar-fixed'))
  await expect(menu.getByRole('menuitem', { name: 'Leads' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: /Web analytics/ })).toHaveCount(0)
  for (const screen of ['/admin/web-analytics', '/admin/web-traffic']) {
    await s.goto(screen)
    await expect(s.getByText('Access denied')).toBeVisible()
    await expect(s.getByRole('heading', { level: 1, name: /Web analytics/ })).toHaveCount(0)
    // The screen's one h1 says so, and the screen passes axe (docs/decisions/213-admin-headings.md).
    await expect(s.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible()
    await expect(s.getByText('Your role does not open this screen.')).toBeVisible()
    expect(await adminViolations(s)).toEqual([])
  }
  expect((await s.request.get(pagesUrl)).status()).toBe(403)
  expect((await s.request.get('/api/admin/analytics/funnel')).status()).toBe(403)
  await s.goto('/admin/attribution')
  await expect(s.getByText('Access denied')).toHaveCount(0)
  await expect(s.getByRole('heading', { level: 1 })).toBeVisible()
  await sales.context.close()
})

test('marketing gets "Access denied" on the screens the CRM resources hold, with no request refused', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const marketing = await staffPage(browser, page.request, 'marketing')
  const m = marketing.page
  const refused: string[] = []
  m.on('response', (response) => response.url().includes('/api/admin/') && response.status() === 403 && refused.push(response.url()))
  for (const path of ['/admin/contacts/1/edit', '/admin/contacts/new', '/admin/contacts/import', '/admin/deals/table', '/admin/activities/my-tasks']) {
    await m.goto(path)
    await expect(m.getByText('Access denied')).toBeVisible({ timeout: 15_000 })
    await m.waitForLoadState('networkidle')
    await expect(m.locator('.MuiSnackbar-root')).toHaveCount(0)
  }
  expect(refused).toEqual([])
  await marketing.context.close()
})
