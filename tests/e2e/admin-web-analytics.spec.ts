// /admin/web-analytics and /admin/google-analytics in Chromium (issue 13): three visitors see a
// form, two start it and one sends it; the funnel shows 3 → 2 → 1 with its drop-off. On the GA4
// screen the provider says "Not connected", a CSV export with a bad line is refused with the line
// number, and a good one appears beside the first-party daily totals.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { signInWithApi, uniqueId } from './helpers/admin.ts'

const ua = (who: string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 web-analytics-e2e/${who}`

/** One visitor's events through the public API, as the tracker sends them. */
async function visit(request: APIRequestContext, who: string, form: string, steps: string[]) {
  const path = `/services`
  const visitorId = `visitor-${who}`
  const sessionId = `session-${who}`
  const at = Date.now()
  const events = [
    { type: 'page_view', path, visitorId, sessionId, at, name: 'Services' },
    ...steps.map((type, i) => ({ type, path, visitorId, sessionId, at: at + (i + 1) * 1000, name: form })),
  ]
  const res = await request.post('/api/events', { data: { events }, headers: { 'User-Agent': ua(who) } })
  expect(res.status(), await res.text()).toBe(202)
}

test('the funnel shows each step and its drop-off; the GA4 screen is honest and compares an imported export', async ({ page }) => {
  test.setTimeout(120_000)
  const form = `e2e-form-${uniqueId()}`
  const id = uniqueId()
  await visit(page.request, `${id}-a`, form, ['form_view', 'form_start', 'form_submit'])
  await visit(page.request, `${id}-b`, form, ['form_view', 'form_start'])
  await visit(page.request, `${id}-c`, form, ['form_view'])
  await signInWithApi(page.request)

  const steps = [
    { kind: 'form_view', value: form },
    { kind: 'form_start', value: form },
    { kind: 'form_submit', value: form },
  ]
  await page.goto(`/admin/web-analytics?funnel=${encodeURIComponent(JSON.stringify(steps))}`)
  await expect(page.getByRole('heading', { level: 1, name: /Web analytics/ })).toBeVisible()
  const funnel = page.getByRole('region', { name: /^Funnel/ })
  const row = (n: number) => funnel.getByRole('row').filter({ hasText: new RegExp(`^${n}\\. `) })
  // Step, sessions, drop-off, drop-off rate, share of step 1, previous period (compare is on).
  await expect(row(1).getByRole('cell')).toHaveText([`1. form view: ${form}`, '3', '0', '0 %', '100 %', '0'], { timeout: 20_000 })
  await expect(row(2).getByRole('cell')).toHaveText([`2. form start: ${form}`, '2', '1', '33.3 %', '66.7 %', '0'])
  await expect(row(3).getByRole('cell')).toHaveText([`3. form submit: ${form}`, '1', '1', '50 %', '33.3 %', '0'])
  // Saved funnels (decision 117): save this one under a name, it shows as a chip, the funnel keeps
  // its counts; deleting it asks first.
  const saved = page.getByRole('region', { name: 'Saved funnels' })
  await saved.getByLabel('Funnel name').fill(`E2E ${id}`)
  await saved.getByRole('button', { name: 'Save this funnel' }).click()
  const chip = saved.getByRole('button', { name: `Saved funnel E2E ${id}` })
  await expect(chip).toBeVisible()
  await expect(saved.getByRole('button', { name: 'Save this funnel' })).toHaveCount(0)
  await expect(row(3).getByRole('cell').nth(1)).toHaveText('1')
  page.once('dialog', (dialog) => void dialog.accept())
  await chip.focus()
  await page.keyboard.press('Delete')
  await expect(chip).toHaveCount(0)
  await expect(saved.getByRole('button', { name: 'Save this funnel' })).toBeVisible()
  // The page table and the vitals table are there, each with its CSV export.
  await expect(page.getByRole('region', { name: /^Pages \(/ }).getByRole('cell', { name: '/services', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Web vitals at p75/ }).getByRole('button', { name: 'CSV' })).toBeVisible()
  // The scroll chart's legend keeps the marks in order (recharts 3 sorts it by name otherwise:
  // "100 %" first) and has all five of the table's columns.
  const scrollCard = page.getByRole('region', { name: /^Scroll depth/ })
  await expect(scrollCard.locator('.recharts-legend-item-text')).toHaveText(['25 %', '50 %', '75 %', '90 %', '100 %'])
  // At 1024 px the per-page table is wider than its card: it scrolls inside the card, the page
  // does not (react-admin's layout grew to fit it, past the app bar, charts included).
  await page.setViewportSize({ width: 1024, height: 768 })
  const pagesTable = page.getByRole('region', { name: /^Pages \(/ }).getByRole('table')
  expect(await pagesTable.evaluate((t) => t.scrollWidth > t.parentElement!.clientWidth)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)

  await page.goto('/admin/google-analytics')
  await expect(page.getByRole('heading', { name: 'Forwarding to GA4: Not connected' })).toBeVisible()
  await expect(page.getByText('GA Data API: not connected.')).toBeVisible()
  const queue = page.getByRole('region', { name: 'Forwarding queue' })
  await expect(queue.getByRole('row', { name: /Sent \(GA4 answered 2xx\)/ })).toContainText('0')

  const today = new Date().toISOString().slice(0, 10)
  const compact = today.replace(/-/g, '')
  await page.getByLabel('GA4 CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Date,Sessions\n${compact},12\nnot-a-date,3\n`),
  })
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was imported' })).toContainText('Line 3:')

  await page.getByLabel('GA4 CSV file').setInputFiles({
    name: `ga4-${id}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`# GA4 export\n\nDate,Total users,Sessions,Views,Key events\n${compact},777,888,999,5\n`),
  })
  const side = page.getByRole('region', { name: new RegExp(`Daily totals: first-party and ga4-${id}\\.csv`) })
  const todayRow = side.getByRole('row').filter({ hasText: today })
  await expect(todayRow).toContainText('777', { timeout: 20_000 })
  await expect(todayRow).toContainText('888')
  await expect(todayRow).toContainText('999')
})
