// Trends in Chromium (issue 14): questions visitors type into the chatbot, logged by the public
// beacon from three pages today, make a term no page covers show up as new, with its parts
// (count, baseline, z-score, distinct visitors), its evidence, and a link to the generator's briefs.
// A Search Console export imported on the same screen stays in its own table, labelled
// "Imported from Search Console, as of <date>", joined to that first-party term.
import fs from 'node:fs'
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

test('a Search Console export is imported apart, labelled as of its period, and joined to the first-party terms', async ({ page }) => {
  const word = `zq${uniqueId().replace(/\d/g, 'x')}q`
  for (const path of ['/', '/contact', '/faq'])
    expect((await page.request.post('/api/chatbot/questions', { data: { question: `Is ${word} worth it?`, page: path, confidence: 'none' } })).status()).toBe(
      202,
    )
  await signInWithApi(page.request)

  await page.goto('/admin/trends')
  await page.getByLabel('Filter terms').fill(word)
  const termRow = page.getByRole('table', { name: 'Trending terms' }).getByRole('row', { name: new RegExp(word) })
  await expect(termRow).toBeVisible({ timeout: 20_000 })
  await page.getByLabel('Period from').fill('2026-10-01')
  await page.getByLabel('Period to').fill('2026-10-28')
  await page.getByLabel('Search Console CSV file', { exact: true }).setInputFiles({
    name: 'Queries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Top queries,Clicks,Impressions,CTR,Position\r\n${word} agencies,12,340,3.53%,8.4\r\nmarketing agency near me,3,900,0.33%,14.2\r\n`),
  })
  const label = 'Imported from Search Console, as of 2026-10-28'
  await expect(page.getByRole('heading', { name: label })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Covers 2026-10-01 to 2026-10-28.')).toBeVisible()
  const imported = page.getByRole('table', { name: label })
  const row = imported.getByRole('row', { name: new RegExp(`${word} agencies`) })
  await expect(row.getByRole('cell').nth(1)).toHaveText('12')
  await expect(row.getByRole('cell').nth(3)).toHaveText('3.53%')
  await expect(row.getByRole('cell').nth(5)).toContainText(`${word} (new, 3)`)
  // The first-party row is unchanged by the import.
  await expect(termRow.getByRole('cell').nth(3)).toHaveText('3')
  // The CSV of the imported rows carries the label on every row.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'CSV', exact: true }).click()
  const csv = fs.readFileSync((await (await download).path())!, 'utf8')
  expect(csv).toContain(`${word} agencies,12,340,3.53%,8.4,"${word} (new, 3)`)
  expect(csv).toContain(label)

  // A file with a bad line: its line number, nothing imported.
  await page.getByLabel('Search Console CSV file', { exact: true }).setInputFiles({
    name: 'Queries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Top queries,Clicks,Impressions\nseo audit,three,10\n'),
  })
  await expect(page.getByRole('alert').filter({ hasText: 'Line 2: Clicks "three" is not a whole number.' })).toBeVisible()
  await expect(page.getByRole('heading', { name: label })).toBeVisible()
})
