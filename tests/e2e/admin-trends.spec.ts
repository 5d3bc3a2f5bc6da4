// Trends in Chromium (issue 14): questions visitors type into the chatbot, logged by the public
// beacon from three pages today, make a term no page covers show up as new, with its parts
// (count, baseline, z-score, distinct visitors), its evidence, and a link to the generator's briefs.
import { expect, test } from '@playwright/test'
import { signInWithApi, uniqueId } from './helpers/admin.ts'

test('seeded chatbot questions make a term rise, linked to the blog briefs', async ({ page }) => {
  // A made-up word no page carries, so it is new today and uncovered. It ends in "q" (never in a
  // hex id), so the stemmer's doubled-final-letter rule ("…xx" → "…x") leaves it as typed.
  const word = `zq${uniqueId().replace(/\d/g, 'x')}q`
  for (const path of ['/', '/services/seo', '/contact', '/faq'])
    expect(
      (await page.request.post('/api/chatbot/questions', { data: { question: `Do you offer ${word} audits?`, page: path, confidence: 'none' } })).status(),
    ).toBe(202)
  await signInWithApi(page.request)

  await page.goto('/admin/trends')
  await page.getByLabel('Filter terms').fill(word)
  const row = page.getByRole('row', { name: new RegExp(word) })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await expect(row.getByRole('cell').nth(2)).toHaveText('new')
  await expect(row.getByRole('cell').nth(3)).toHaveText('4')
  await expect(row.getByRole('cell').nth(4)).toHaveText('0')
  await row.getByRole('button', { name: word }).click()
  await expect(page.getByRole('region', { name: new RegExp(word) })).toContainText(`Do you offer ${word} audits?`)
  await row.getByRole('link', { name: 'No page covers this: see briefs' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/blog-generator\\?q=${word}`))
  await expect(page.getByRole('row', { name: new RegExp(word) })).toContainText('Chatbot question', { timeout: 20_000 })
})
