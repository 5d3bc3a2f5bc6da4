// The blog generator in Chromium (issue 12): questions the chatbot could not answer, logged by the
// public beacon from three pages, become a brief with its evidence; "Create draft" makes a draft
// post that opens in Posts, unpublished; the language-model provider shows "not connected".
import { expect, test } from '@playwright/test'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

test('a brief from unanswered chatbot questions becomes a draft post', async ({ page }) => {
  const id = uniqueId()
  const question = `How do I migrate ${id} records into HubSpot?`
  for (const path of ['/', '/services/seo', '/contact'])
    expect((await page.request.post('/api/chatbot/questions', { data: { question, page: path, confidence: 'none' } })).status()).toBe(202)
  const csrf = await signInWithApi(page.request)

  await page.goto(`/admin/blog-generator?q=${id}`)
  await expect(page.getByRole('heading', { name: /Writing assistant/ })).toContainText('not connected', { timeout: 20_000 })
  const row = page.getByRole('row', { name: new RegExp(id) })
  await expect(row).toBeVisible({ timeout: 20_000 })
  await expect(row).toContainText('Chatbot question')
  await expect(row).toContainText('3 askers (3 unanswered')
  await row.getByRole('button', { name: question, exact: true }).click()
  await expect(page.getByRole('list', { name: `Evidence for ${question}` })).toContainText('/services/seo')

  await row.getByRole('button', { name: `Create draft: ${question}` }).click()
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/, { timeout: 20_000 })
  const postId = Number(new URL(page.url()).pathname.split('/').pop())
  const post = (await adminApi(page.request, csrf, 'GET', `/posts/${postId}`)).body as { title: string; status: string; body: string }
  expect(post).toMatchObject({ title: question, status: 'draft' })
  expect(post.body).toContain('No language model wrote any of it')
  await expect(page.getByLabel('Title', { exact: false }).first()).toHaveValue(question, { timeout: 20_000 })
})
