// Publishing in Chromium against the real server (issue 11): staff write a post in /admin/posts,
// preview the URLs it adds, publish it and get a receipt; the post is then on the served site at
// once (its page, /blog, its tag page, sitemap.xml, each feed), in the /admin/cms inventory, and
// its syndication copy can be prepared. A second post is scheduled a few seconds ahead and the job
// runner puts it live. Unpublishing the first makes its URL answer 410 Gone; changing the slug of
// the live second one redirects the old URL. The server serves its own copy of the build
// (playwright.config.ts), and the test takes both posts down again at the end.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminApi, signInWithApi, uniqueId } from './helpers/admin.ts'

const paragraph = (topic: string) =>
  `Most service businesses judge ${topic} by the cost per lead a platform reports. That number hides the part that matters: how many of those calls and forms became booked jobs. ` +
  'A call that lasts under thirty seconds, a caller outside the service area and a repeat customer all count as leads in an ads console, yet none of them is new revenue for the business. '.repeat(
    5,
  )

const bodyOf = (topic: string) =>
  `${paragraph(topic)}\n\n## Tie every lead to a job\n\nGive each campaign its own forwarding number, record the outcome in the CRM within a day, and compare [our services](/services) with the rest of [the blog](/blog). ${'Review disputed leads every week, because platforms credit back calls that were not genuine leads only when you ask within the window. '.repeat(5)}`

/** GET without following redirects. */
const get = (request: APIRequestContext, url: string) => request.get(url, { maxRedirects: 0 })

test('write, publish, schedule, unpublish and re-slug posts: the served site follows within seconds', async ({ page }) => {
  test.setTimeout(300_000)
  const csrf = await signInWithApi(page.request)
  const id = uniqueId()
  const tag = `e2e-${id}`
  const first = { title: `Cost per Booked Job, Not per Lead ${id}`, slug: `cost-per-booked-job-${id}` }
  const ids: number[] = []
  try {
    // Write the post in the admin.
    await page.goto('/admin/posts/create')
    await page.getByLabel('Title').fill(first.title)
    await page.getByLabel('Slug').fill(first.slug)
    await page.getByLabel('Author').fill('Jordan Mercer')
    await page.getByLabel('Tags').fill(`ppc, ${tag}`)
    await page
      .getByLabel('Excerpt')
      .fill('How to turn the cost per lead an ads platform reports into a cost per booked job, with call outcomes recorded in your CRM.')
    await page.getByLabel('Body (Markdown)').fill(bodyOf('Local Services Ads'))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('post-status')).toHaveText('draft', { timeout: 20_000 })
    ids.push(Number(/\/posts\/(\d+)/.exec(page.url())?.[1]))

    // The impact preview names the URLs the publish adds; nothing is live yet.
    await page.getByRole('button', { name: 'Preview impact' }).click()
    const preview = page.getByRole('status').filter({ hasText: 'If you publish now:' })
    await expect(preview).toContainText(`/blog/${first.slug}`, { timeout: 120_000 })
    await expect(preview).toContainText(`/tag/${tag}`)
    expect((await get(page.request, `/blog/${first.slug}`)).status()).toBe(404)

    // Publish: the receipt counts the files written and the time taken.
    await page.getByRole('button', { name: 'Publish now' }).click()
    await expect(page.getByRole('status').filter({ hasText: /Live: \d+ file\(s\) written in \d+ ms\./ })).toBeVisible({ timeout: 120_000 })
    await expect(page.getByTestId('post-status')).toHaveText('published')

    const live = await get(page.request, `/blog/${first.slug}`)
    expect(live.status()).toBe(200)
    expect(live.headers().etag).toBeTruthy()
    expect(await live.text()).toContain(first.title)
    expect(await (await get(page.request, '/blog')).text()).toContain(`/blog/${first.slug}`)
    const tagPage = await get(page.request, `/tag/${tag}`)
    expect(tagPage.status()).toBe(200)
    expect(await tagPage.text()).toContain(`/blog/${first.slug}`)
    expect(await (await get(page.request, '/sitemap.xml')).text()).toContain(`/blog/${first.slug}</loc>`)
    for (const feed of ['/blog/feed.xml', '/blog/atom.xml', '/blog/feed.json', `/tag/${tag}/feed.xml`, `/tag/${tag}/atom.xml`, `/tag/${tag}/feed.json`]) {
      const res = await get(page.request, feed)
      expect(res.status(), feed).toBe(200)
      expect(await res.text(), feed).toContain(`/blog/${first.slug}`)
    }
    // The precompressed copy went live with the page.
    const br = await page.request.get(`/blog/${first.slug}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(br.headers()['content-encoding']).toBe('br')

    // The inventory of /admin/cms lists the new page; its syndication copy can be prepared.
    await page.goto('/admin/cms')
    await page.getByPlaceholder('Search URL, title, description').fill(first.slug)
    await expect(page.getByRole('cell', { name: `/blog/${first.slug}`, exact: true })).toBeVisible({ timeout: 20_000 })
    const copy = await adminApi(page.request, csrf, 'POST', `/syndication/${encodeURIComponent(`/blog/${first.slug}`)}/copy`, { provider: 'devto' })
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    expect(copy.body.copy.canonicalUrl).toMatch(new RegExp(`/blog/${first.slug}$`))
    expect(copy.body.copy.markdown).toContain('This article was first published on the')

    // Schedule a second post a few seconds ahead: the job runner publishes it.
    const second = { title: `Call Tracking for Booked Jobs ${id}`, slug: `call-tracking-booked-jobs-${id}` }
    const created = await adminApi(page.request, csrf, 'POST', '/posts', {
      ...second,
      body: bodyOf('call tracking'),
      excerpt: 'Why call tracking should report booked jobs per campaign rather than calls, and how to record call outcomes in the CRM within a day.',
      tags: ['ppc', tag],
      author: 'Jordan Mercer',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    ids.push(created.body.id)
    const at = new Date(Date.now() + 4_000).toISOString()
    const scheduled = await adminApi(page.request, csrf, 'POST', `/posts/${created.body.id}/schedule`, { publishAt: at })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body.status).toBe('scheduled')
    expect((await get(page.request, `/blog/${second.slug}`)).status()).toBe(404)
    await expect.poll(async () => (await get(page.request, `/blog/${second.slug}`)).status(), { timeout: 120_000, intervals: [1_000] }).toBe(200)
    expect(await (await get(page.request, `/tag/${tag}`)).text()).toContain(`/blog/${second.slug}`)

    // Unpublish the first post in the admin: its URL answers 410 Gone and leaves the sitemap.
    await page.goto(`/admin/posts/${ids[0]}`)
    await page.getByRole('button', { name: 'Unpublish' }).click()
    await expect(page.getByTestId('post-status')).toHaveText('archived', { timeout: 120_000 })
    expect((await get(page.request, `/blog/${first.slug}`)).status()).toBe(410)
    expect(await (await get(page.request, '/sitemap.xml')).text()).not.toContain(`/blog/${first.slug}<`)
    expect(await (await get(page.request, '/blog/feed.xml')).text()).not.toContain(`/blog/${first.slug}<`)

    // Change the slug of the live second post: the old URL redirects to the new one.
    const renamed = `${second.slug}-guide`
    const saved = await adminApi(page.request, csrf, 'PUT', `/posts/${created.body.id}`, { slug: renamed })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.hasPendingDraft).toBe(true)
    expect((await get(page.request, `/blog/${second.slug}`)).status()).toBe(200)
    const republished = await adminApi(page.request, csrf, 'POST', `/posts/${created.body.id}/publish`, {})
    expect(republished.status, JSON.stringify(republished.body)).toBe(200)
    expect(republished.body.receipt.impact.added).toContain(`/blog/${renamed}`)
    expect(republished.body.receipt.impact.removed).toContain(`/blog/${second.slug}`)
    const old = await get(page.request, `/blog/${second.slug}`)
    expect(old.status()).toBe(301)
    expect(old.headers().location).toMatch(new RegExp(`/blog/${renamed}$`))
    expect((await get(page.request, `/blog/${renamed}`)).status()).toBe(200)
  } finally {
    // Take down what is still live, so the other specs see the site as built.
    for (const postId of ids.filter(Boolean)) {
      const post = await adminApi(page.request, csrf, 'GET', `/posts/${postId}`)
      if (post.body?.status === 'published' || post.body?.status === 'scheduled') await adminApi(page.request, csrf, 'POST', `/posts/${postId}/unpublish`, {})
    }
  }
})
