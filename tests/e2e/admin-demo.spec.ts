// "Remove demo data" on the overview: an admin sees the card while demo records are left,
// confirms in a dialog, and the demo records are gone (the server side is covered in
// tests/admin-api/demoData.test.ts). The e2e database has no demo set (seed.ts without --demo),
// so this test marks a company it creates as demo, straight in the SQLite file.
import { expect, test } from '@playwright/test'
import sqlite3 from 'sqlite3'
import { e2eDbFile } from './helpers/db.ts'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

function run(sql: string, params: unknown[]): Promise<void> {
  const db = new sqlite3.Database(e2eDbFile)
  return new Promise((resolve, reject) => {
    db.configure('busyTimeout', 5000)
    db.run(sql, params, (error) => db.close(() => (error ? reject(error) : resolve())))
  })
}

test('an admin removes the demo data from the overview after confirming', async ({ page }) => {
  test.setTimeout(60_000)
  const csrf = await signInWithApi(page.request)
  const name = `Demo Co ${uniqueId()}`
  const created = await adminApi(page.request, csrf, 'POST', '/companies', { name })
  expect(created.status).toBe(201)
  await run('update companies set is_demo = 1 where id = ?', [created.body.id])

  await page.goto('/admin')
  const card = page.getByRole('region', { name: 'Demo data' })
  await expect(card).toBeVisible({ timeout: 20_000 })
  await expect(card).toContainText(/1 company/)
  await card.getByRole('button', { name: 'Remove demo data' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove all demo data?' })
  await expect(dialog).toBeVisible()
  // Cancelling keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect((await adminApi(page.request, csrf, 'GET', `/companies/${created.body.id}`)).status).toBe(200)

  await card.getByRole('button', { name: 'Remove demo data' }).click()
  await page.getByRole('dialog', { name: 'Remove all demo data?' }).getByRole('button', { name: 'Remove demo data' }).click()
  await expect(page.getByText(/Demo data removed: 1 company/)).toBeVisible()
  await expect(card).toBeHidden()
  expect((await adminApi(page.request, csrf, 'GET', `/companies/${created.body.id}`)).status).toBe(404)
  const audit = await adminApi(page.request, csrf, 'GET', `/audit-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'remove_demo_data' }))}`)
  expect(audit.status).toBe(200)
  expect(audit.body.length).toBeGreaterThan(0)
})
