// /admin/cms in Chromium against the real server and build (issue 11 part B): staff find a post in
// the inventory, set a title override, and the live page's title changes at once; removing it
// restores the page. Then a reader opens the blog's feed from the page's autodiscovery link.
import { expect, test } from '@playwright/test'
import { adminApi, signInWithApi } from './helpers/admin.ts'

const postUrl = '/blog/utm-naming-conventions'

test('set a title override in /admin/cms and see the page title change on the site', async ({ page }) => {
  test.setTimeout(120_000)
  const csrf = await signInWithApi(page.request)
  await page.goto(postUrl)
  const ownTitle = await page.title()
  expect(ownTitle).toBe('UTM Naming Conventions That Keep GA4 Reports Clean')
  const newTitle = `UTM Naming Rules for Clean GA4 Reports ${Date.now() % 100000}`
  try {
    await page.goto('/admin/cms')
    await page.getByPlaceholder('Search URL, title, description').fill('utm-naming')
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: postUrl, exact: true }) })
    // The search applies after its debounce and re-renders the table: click once the list shows
    // only the searched page, and click again if a click landed during a re-render.
    await expect(page.getByRole('row')).toHaveCount(2, { timeout: 20_000 })
    await expect(async () => {
      await row.getByRole('cell', { name: postUrl, exact: true }).click({ timeout: 5_000 })
      await expect(page.getByLabel('Title override')).toBeVisible({ timeout: 10_000 })
    }).toPass({ timeout: 45_000 })
    await page.getByLabel('Title override').fill(newTitle)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/Saved and live: \/blog\/utm-naming-conventions\/index\.html/)).toBeVisible({ timeout: 15_000 })

    await page.goto(postUrl)
    await expect(page).toHaveTitle(newTitle)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', newTitle)

    // The inventory shows the override and the new title.
    await page.goto('/admin/cms')
    await page.getByPlaceholder('Search URL, title, description').fill('utm-naming')
    await expect(page.getByRole('row').filter({ hasText: newTitle }).getByText('Override')).toBeVisible({ timeout: 20_000 })
  } finally {
    const removed = await adminApi(page.request, csrf, 'DELETE', `/cms/${encodeURIComponent(postUrl)}`)
    expect(removed.status).toBe(200)
  }
  await page.goto(postUrl)
  await expect(page).toHaveTitle(ownTitle)
})

test('open the blog feed from the autodiscovery link', async ({ page }) => {
  await page.goto(postUrl)
  const href = await page.locator('link[rel="alternate"][type="application/rss+xml"]').first().getAttribute('href')
  expect(href).toBe('/blog/feed.xml')
  const feed = await page.request.get(href!)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
  const body = await feed.text()
  expect(body).toContain('<rss version="2.0"')
  expect(body).toContain('<title>UTM Naming Conventions That Keep GA4 Reports Clean</title>')
  const json = await page.request.get('/blog/feed.json')
  expect(((await json.json()) as { version: string }).version).toBe('https://jsonfeed.org/version/1.1')
  // In the browser too: the Atom feed opens as a document.
  const atom = await page.goto('/blog/atom.xml')
  expect(atom?.status()).toBe(200)
  expect(await atom?.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"')
})

test('/admin/syndication: honest states, the manual cross-post copy and the URL pasted back', async ({ page }) => {
  test.setTimeout(120_000)
  const csrf = await signInWithApi(page.request)
  await page.goto('/admin/syndication')
  await expect(page.getByText('WebSub: not connected.')).toBeVisible({ timeout: 20_000 })
  await expect(
    page.getByRole('table', { name: 'Cross-posting targets' }).getByRole('row').filter({ hasText: 'LinkedIn articles' }).getByText('not connected'),
  ).toBeVisible()
  await expect(page.getByRole('img', { name: /Subscribers and distinct fetchers per day/ })).toBeVisible()

  await page.getByRole('button', { name: 'Cross-post UTM Naming Conventions That Keep GA4 Reports Clean' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox', { name: 'Target' }).click()
  await page.getByRole('option', { name: /LinkedIn articles/ }).click()
  await dialog.getByRole('button', { name: 'Prepare the copy' }).click()
  await expect(dialog.getByLabel('Canonical URL (set it on the target when it asks)')).toHaveValue(/\/blog\/utm-naming-conventions$/)
  await expect(dialog.getByRole('cell', { name: 'copy prepared, not posted' })).toBeVisible()
  await dialog.getByLabel('Article URL on the target').fill('https://example.com/not-linkedin')
  await dialog.getByRole('button', { name: 'Save the URL' }).click()
  await expect(dialog.getByText(/on linkedin\.com/)).toBeVisible()
  const articleUrl = `https://www.linkedin.com/pulse/utm-naming-conventions-proofline-${Date.now()}`
  await dialog.getByLabel('Article URL on the target').fill(articleUrl)
  await dialog.getByRole('button', { name: 'Save the URL' }).click()
  await expect(dialog.getByRole('link', { name: articleUrl })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('link', { name: 'linkedin: posted' })).toBeVisible()
  const removed = await adminApi(page.request, csrf, 'DELETE', `/syndication/${encodeURIComponent(postUrl)}/links/linkedin`)
  expect(removed.status).toBe(200)
})
