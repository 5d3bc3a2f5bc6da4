// axe-core reports no violations on the home page and on one page of every page folder (a family, or a page of pages.yaml) in the
// catalog (the one list of URLs, data/catalog.ts), at the desktop and mobile sizes of the two
// Playwright projects; also with the chat open and with a form showing its errors.
import { expect, test } from '@playwright/test'
import { pageKey } from '../../data/catalog.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { violations } from './helpers/axe.ts'
import { waitForIsland } from './helpers/islands.ts'

/** The first page of each page folder (home first), from the catalog. */
function onePagePerFolder(): { key: string; url: string }[] {
  const seen = new Map<string, string>()
  for (const entry of getSiteContext().catalog.entries) {
    if (!entry.isAlias && !seen.has(pageKey(entry))) seen.set(pageKey(entry), entry.url)
  }
  return [...seen].map(([key, url]) => ({ key, url }))
}

const pages = onePagePerFolder()

test('the catalog gives one page per page folder, home included', () => {
  expect(pages[0]).toEqual({ key: 'home', url: '/' })
  expect(pages.length).toBeGreaterThanOrEqual(20)
})

for (const { key, url } of pages) {
  test(`${key} (${url}) has no axe violations`, async ({ page }) => {
    // axe walks the whole DOM: the home page takes it over 30 s on a loaded machine.
    test.setTimeout(60_000)
    await page.goto(url)
    await waitForIsland(page, 'ChatLauncher')
    expect(await violations(page)).toEqual([])
  })
}

test('the open chat has no axe violations', async ({ page }) => {
  await page.goto('/services')
  await waitForIsland(page, 'ChatLauncher')
  await page.getByRole('button', { name: 'Chat with us' }).click()
  const chat = page.getByRole('dialog', { name: 'Ask Proofline Digital' })
  await chat.getByRole('textbox', { name: 'Your question' }).fill('How long does SEO take?')
  await chat.getByRole('button', { name: 'Ask' }).click()
  await expect(chat.getByRole('log')).toContainText('Read more')
  expect(await violations(page)).toEqual([])
})

test('a form showing its errors has no axe violations', async ({ page }) => {
  await page.goto('/free-quote')
  await waitForIsland(page, 'QuoteForm')
  await page.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please check the fields marked below.' })).toBeVisible()
  expect(await violations(page)).toEqual([])
})
