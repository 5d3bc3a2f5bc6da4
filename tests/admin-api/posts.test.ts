// Posts and tags over HTTP (issue 11): the shared contract's limits, slugs unique across the
// catalog, drafts and revisions (diff, restore), a pending draft of a live post, publishing with
// its readiness checks, approval, scheduling through the job runner, unpublish → 410 or a
// redirect, a live slug change → redirect, tag merge, file posts and their import, CSV, roles,
// audit. STATIC_DIR is an empty folder: no build is updated here (tests/site/incrementalPublish
// covers the pages); the receipt says so.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../api/helpers.ts'
import { setDbPosts } from '../../data/dbPosts.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { sitemapUrls } from '../../scripts/build/sitemap.ts'
import { postScheduleJob } from '../../server/posts/service.ts'
import { createJobRunner } from '../../server/jobs/runner.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const paragraph =
  'Local Services Ads charge per lead, so the number to watch is the cost of each booked job, not the cost of each call. Record every call outcome in the CRM within a day and dispute the calls that were not genuine leads. '
const body = `${paragraph.repeat(12)}\n\n## Compare with organic\n\nRead [our services](/services) and the [Core Web Vitals guide](/blog/core-web-vitals-landing-pages).`
const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Local Services Ads: Cost per Job',
  slug: `lsa-cost-per-job-${Math.random().toString(36).slice(2, 7)}`,
  body,
  excerpt: 'How to turn the cost per lead Google reports for Local Services Ads into a cost per booked job your finance team trusts.',
  tags: ['ppc'],
  author: 'Jordan Mercer',
  ...over,
})
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v))

describe.each(databases)('posts ($name)', (target) => {
  let server: AdminServer
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-static-'))
  beforeAll(async () => {
    setDbPosts(undefined)
    server = await startAdminServer(target, { STATIC_DIR: staticDir })
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(staticDir, { recursive: true, force: true })
  })
  const admin = () => server.admin

  it('validates with the shared contract: lengths, slug format, slugs unique across the catalog, image alt', async () => {
    const bad = await admin().post(
      '/api/admin/posts',
      draft({ title: 'x'.repeat(61), slug: 'Not A Slug', excerpt: 'y'.repeat(161), featuredImage: '/media/posts/a.webp' }),
    )
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['excerpt', 'featuredImageAlt', 'slug', 'title'])
    expect(bad.body.errors.title).toMatch(/at most 60/)
    const clash = await admin().post('/api/admin/posts', draft({ slug: 'core-web-vitals-landing-pages' }))
    expect(clash.status).toBe(400)
    expect(clash.body.errors.slug).toMatch(/already a page of the site/)
  })

  it('keeps a revision per save with a diff and a restore; publishing checks readiness and links', async () => {
    const created = await admin().post('/api/admin/posts', draft({ body: 'Too short for now. See [a page that does not exist](/nowhere).' }))
    expect(created.status).toBe(201)
    const id = created.body.id
    expect(created.body).toMatchObject({ status: 'draft', brokenLinks: ['/nowhere'] })
    const notReady = await admin().post(`/api/admin/posts/${id}/publish`)
    expect(notReady.status).toBe(422)
    expect(notReady.body.errors.body).toMatch(/at least 250 words/)

    expect((await admin().request('PUT', `/api/admin/posts/${id}?autosave=1`, { json: { body: `${body}\n\nAutosaved line.` } })).status).toBe(200)
    expect((await admin().put(`/api/admin/posts/${id}`, { body })).status).toBe(200)
    const revisions = await admin().get(`/api/admin/posts/${id}/revisions`)
    expect(revisions.body.map((r: { number: number; kind: string }) => [r.number, r.kind])).toEqual([
      [3, 'save'],
      [2, 'autosave'],
      [1, 'save'],
    ])
    const diff = await admin().get(`/api/admin/posts/${id}/diff?from=2&to=3`)
    const bodyChange = diff.body.changes.find((c: { field: string }) => c.field === 'body')
    expect(bodyChange.lines.filter((l: { op: string }) => l.op === 'remove').map((l: { text: string }) => l.text)).toEqual(['', 'Autosaved line.'])
    const restored = await admin().post(`/api/admin/posts/${id}/revisions/1/restore`)
    expect(restored.body.body).toContain('/nowhere')
    expect((await admin().put(`/api/admin/posts/${id}`, { body })).status).toBe(200)

    const published = await admin().post(`/api/admin/posts/${id}/publish`)
    expect(published.status).toBe(200)
    expect(published.body.receipt).toMatchObject({ ok: true, siteBuilt: false })
    expect(published.body.post).toMatchObject({ status: 'published', date: new Date().toISOString().slice(0, 10) })
    const log = await admin().get(`/api/admin/audit-logs?filter=${enc({ resource: 'posts', record_id: id })}`)
    expect(log.body.length).toBeGreaterThanOrEqual(5)
  })

  it('a live post: edits wait in a pending draft; a slug change redirects; unpublish answers 410 or redirects', async () => {
    const { body: post } = await admin().post('/api/admin/posts', draft())
    await admin().post(`/api/admin/posts/${post.id}/publish`)
    const oldUrl = `/blog/${post.slug}`
    const edited = await admin().put(`/api/admin/posts/${post.id}`, { title: 'Local Services Ads: The Cost per Booked Job', slug: `${post.slug}-v2` })
    expect(edited.body).toMatchObject({ status: 'published', title: post.title, slug: post.slug, hasPendingDraft: true })
    expect(edited.body.draft).toMatchObject({ title: 'Local Services Ads: The Cost per Booked Job', slug: `${post.slug}-v2` })
    const live = await admin().post(`/api/admin/posts/${post.id}/publish`)
    expect(live.status, JSON.stringify(live.body)).toBe(200)
    expect(live.body.post).toMatchObject({ title: 'Local Services Ads: The Cost per Booked Job', slug: `${post.slug}-v2`, hasPendingDraft: false })
    const moved = await request(server.base, 'GET', oldUrl)
    expect([moved.status, moved.headers.get('location')]).toEqual([301, `${oldUrl}-v2`])

    const gone = await admin().post(`/api/admin/posts/${post.id}/unpublish`, {})
    expect(gone.status).toBe(200)
    expect(gone.body.post.status).toBe('archived')
    expect((await request(server.base, 'GET', `${oldUrl}-v2`)).status).toBe(410)
    // Published again: the 410 rule goes.
    expect((await admin().post(`/api/admin/posts/${post.id}/publish`)).status).toBe(200)
    expect((await request(server.base, 'GET', `${oldUrl}-v2`)).status).not.toBe(410)
    const redirected = await admin().post(`/api/admin/posts/${post.id}/unpublish`, { target: '/blog' })
    expect(redirected.status).toBe(200)
    const hop = await request(server.base, 'GET', `${oldUrl}-v2`)
    expect([hop.status, hop.headers.get('location')]).toEqual([301, '/blog'])
  })

  it('roles: sales reads only; with approval required, marketing requests and an admin approves', async () => {
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/posts')).status).toBe(200)
    expect((await sales.post('/api/admin/posts', draft())).status).toBe(403)
    const marketing = await userWithRole(server, 'marketing')
    const { body: post } = await marketing.post('/api/admin/posts', draft())
    expect((await marketing.put('/api/admin/posts/settings', { approvalRequired: true })).status).toBe(403)
    expect((await admin().put('/api/admin/posts/settings', { approvalRequired: true })).status).toBe(200)
    const asked = await marketing.post(`/api/admin/posts/${post.id}/publish`)
    expect(asked.status).toBe(202)
    expect(asked.body.post).toMatchObject({ status: 'draft', approvalRequestedBy: marketing.user.id })
    expect((await marketing.post(`/api/admin/posts/${post.id}/approve`)).status).toBe(403)
    const approved = await admin().post(`/api/admin/posts/${post.id}/approve`)
    expect(approved.body.post).toMatchObject({ status: 'published', approvalRequestedBy: null })
    await admin().put('/api/admin/posts/settings', { approvalRequired: false })
  })

  it('schedules publishing through the job runner', async () => {
    const { body: post } = await admin().post('/api/admin/posts', draft())
    const past = await admin().post(`/api/admin/posts/${post.id}/schedule`, { publishAt: '2020-01-01T00:00:00Z' })
    expect(past.status).toBe(400)
    const at = new Date(Date.now() + 60_000).toISOString()
    const scheduled = await admin().post(`/api/admin/posts/${post.id}/schedule`, { publishAt: at })
    expect(scheduled.body).toMatchObject({ status: 'scheduled', publishAt: at })
    const job = await server.db('jobs').where({ type: 'posts.schedule' }).orderBy('id', 'desc').first()
    expect(new Date(job.run_at).toISOString()).toBe(at)
    const runner = createJobRunner({ deps: { db: server.db, env: server.env }, jobs: [postScheduleJob], autoStart: false })
    expect((await runner.runDue({ now: Date.now() })).done).toBe(0)
    expect((await runner.runDue({ now: Date.parse(at) + 1000 })).done).toBe(1)
    await runner.stop()
    expect((await admin().get(`/api/admin/posts/${post.id}`)).body.status).toBe('published')
  })

  it('lists with filters and sort, exports CSV, merges tags with a redirect, lists and imports file posts', async () => {
    const list = await admin().get(`/api/admin/posts?filter=${enc({ status: 'published', tag: 'ppc' })}&sort=${enc(['title', 'ASC'])}`)
    expect(list.status).toBe(200)
    expect(list.body.length).toBeGreaterThan(0)
    expect(list.body.every((p: { status: string; tags: string[] }) => p.status === 'published' && p.tags.includes('ppc'))).toBe(true)
    const csv = await admin().get(`/api/admin/posts/export.csv?filter=${enc({ status: 'published' })}`)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    expect(String(csv.body).split('\r\n')[0]).toContain('title,slug,status')

    expect((await admin().post('/api/admin/tags', { name: 'PPC', slug: 'ppc', description: 'Paid search and paid social.' })).status).toBe(201)
    const paid = await admin().post('/api/admin/tags', { name: 'Paid media', slug: 'paid-media', seoTitle: 'Paid Media Articles' })
    expect(paid.status).toBe(201)
    expect((await admin().post('/api/admin/tags', { name: 'Dup', slug: 'ppc' })).status).toBe(400)
    const ppc = (await admin().get(`/api/admin/tags?filter=${enc({ q: 'ppc' })}`)).body[0]
    const merged = await admin().post(`/api/admin/tags/${ppc.id}/merge`, { into: 'paid-media' })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    expect(merged.body.posts).toBeGreaterThan(0)
    const after = await admin().get(`/api/admin/posts?filter=${enc({ tag: 'paid-media' })}`)
    expect(after.body.length).toBe(merged.body.posts)

    const files = await admin().get('/api/admin/posts/files')
    const file = files.body.find((f: { slug: string }) => f.slug === 'mortgage-ad-compliance-checklist')
    expect(file).toMatchObject({ sourcePath: 'data/blog/mortgage-ad-compliance-checklist.md', readOnly: true })
    const imported = await admin().post('/api/admin/posts/import-file', { slug: 'mortgage-ad-compliance-checklist' })
    expect(imported.status).toBe(201)
    expect(imported.body).toMatchObject({ status: 'published', source: 'file', sourcePath: 'data/blog/mortgage-ad-compliance-checklist.md' })
    expect((await admin().post('/api/admin/posts/import-file', { slug: 'mortgage-ad-compliance-checklist' })).status).toBe(404)
    expect((await admin().get('/api/admin/posts/files')).body.some((f: { slug: string }) => f.slug === 'mortgage-ad-compliance-checklist')).toBe(false)
  })

  it('a tag marked noindex leaves the sitemap and its page gets noindex; unmarking brings it back', async () => {
    const tag = (await admin().get(`/api/admin/tags?filter=${enc({ q: 'paid-media' })}`)).body[0]
    const entry = () => getSiteContext().catalog.byUrl.get('/tag/paid-media')
    const inSitemap = () => sitemapUrls(getSiteContext()).some((e) => e.url === '/tag/paid-media')
    expect(entry()?.noindex).toBe(false)
    expect(inSitemap()).toBe(true)
    const marked = await admin().put(`/api/admin/tags/${tag.id}`, { noindex: true })
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)
    expect(marked.body.noindex).toBeTruthy()
    // The catalog the full build and the publisher render from: noindex robots, out of sitemap.xml.
    expect(entry()?.noindex).toBe(true)
    expect(inSitemap()).toBe(false)
    expect((await admin().put(`/api/admin/tags/${tag.id}`, { noindex: 'yes' })).status).toBe(400)
    expect((await admin().put(`/api/admin/tags/${tag.id}`, { noindex: false })).status).toBe(200)
    expect(entry()?.noindex).toBe(false)
    expect(inSitemap()).toBe(true)
  })
})
