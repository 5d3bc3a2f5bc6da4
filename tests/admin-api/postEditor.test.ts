// The post editor's server side (issue 11): image upload (type from the bytes, size, alt text,
// webp variants served at /media/posts/), signed preview links (forged → 403, expired → 410,
// noindex always), the SEO panel's keyphrase catalog, and tags whose SEO fields reach the
// snapshot the tag pages render from. STATIC_DIR is an empty folder: no build here, so a valid
// preview link answers 503 saying to build (tests/e2e/admin-post-editor.spec.ts renders one).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDbPosts } from '../../data/dbPosts.ts'
import { signPreviewToken } from '../../server/posts/previewToken.ts'
import { readSnapshot } from '../../server/posts/snapshot.ts'
import { IMAGE_MAX_BYTES } from '../../server/posts/media.ts'
import { request, TEST_SECRET } from '../api/helpers.ts'
import { databases, startAdminServer, userWithRole, type AdminServer, type AdminSession } from './helpers.ts'

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer()

async function upload(session: AdminSession, file: Buffer | null, { name = 'Team photo.png', type = 'image/png', alt = 'Our team at the Austin office' } = {}) {
  const form = new FormData()
  if (alt !== null) form.set('alt', alt)
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type }), name)
  const reply = await fetch(`${session.base}/api/admin/posts/media`, { method: 'POST', headers: session.headers(), body: form })
  return { status: reply.status, body: await reply.json() }
}

describe.each(databases)('post editor ($name)', (target) => {
  let server: AdminServer
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'post-editor-static-'))
  beforeAll(async () => {
    setDbPosts(undefined)
    server = await startAdminServer(target, { STATIC_DIR: staticDir })
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(staticDir, { recursive: true, force: true })
  })

  it('uploads an image as webp variants served at /media/posts/, with Markdown carrying the alt text', async () => {
    const res = await upload(server.admin, await png(2000, 1000))
    expect(res.status).toBe(201)
    expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1600])
    expect(res.body.url).toMatch(/^\/media\/posts\/team-photo-[0-9a-f]{8}-960w\.webp$/)
    expect(res.body.markdown).toBe(`![Our team at the Austin office](${res.body.url})`)
    // Stored outside the web root.
    for (const v of res.body.variants) expect(fs.existsSync(path.join(server.varDir, 'uploads', 'posts', v.file))).toBe(true)
    expect(fs.readdirSync(staticDir)).toEqual([])
    const served = await fetch(server.base + res.body.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 480])
    expect((await fetch(`${server.base}/media/posts/nothing-here-960w.webp`)).status).toBe(404)
    const row = await server.db('post_images').where({ id: res.body.id }).first()
    expect(row).toMatchObject({ width: 2000, height: 1000, original_name: 'Team photo.png' })
    const audit = await server.db('audit_logs').where({ resource: 'post_images', record_id: res.body.id }).first()
    expect(audit).toBeTruthy()
    // A small image is never enlarged: one variant at its own width.
    const small = await upload(server.admin, await png(300, 200))
    expect(small.body.variants.map((v: { width: number }) => v.width)).toEqual([300])
  })

  it('refuses a file that is not an image (whatever its name and type say), a missing alt, and a file too big', async () => {
    const fake = await upload(server.admin, Buffer.from('<?php echo "hi"; ?>'), { name: 'photo.png', type: 'image/png' })
    expect(fake.status).toBe(422)
    expect(fake.body.errors.file).toMatch(/JPEG, PNG, WebP or AVIF/)
    const gif = await upload(
      server.admin,
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
      { name: 'a.gif', type: 'image/gif' },
    )
    expect(gif.status).toBe(422)
    expect(gif.body.errors.file).toMatch(/gif file/)
    const noAlt = await upload(server.admin, await png(100, 100), { alt: '  ' })
    expect(noAlt.status).toBe(422)
    expect(noAlt.body.errors.alt).toMatch(/alt text/)
    const noFile = await upload(server.admin, null)
    expect(noFile.status).toBe(422)
    expect(noFile.body.errors.file).toMatch(/Choose an image/)
    const big = await upload(server.admin, Buffer.alloc(IMAGE_MAX_BYTES + 1024, 1))
    expect(big.status).toBe(413)
    expect(big.body.errors.file).toMatch(/at most 8 MB/)
    const json = await server.admin.post('/api/admin/posts/media', { file: 'x' })
    expect(json.status).toBe(415)
    expect(fs.readdirSync(path.join(server.varDir, 'uploads', 'posts')).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('lets only writers upload; sales can read the catalog but not upload', async () => {
    const sales = await userWithRole(server, 'sales')
    expect((await upload(sales, await png(100, 100))).status).toBe(403)
    expect((await sales.get('/api/admin/posts/seo-catalog')).status).toBe(200)
  })

  it('signs preview links that are never indexed, refuse forged ones (403) and expired ones (410)', async () => {
    const created = await server.admin.post('/api/admin/posts', {
      title: 'Preview me: a draft post',
      slug: 'preview-me-draft',
      body: 'Draft body.',
      excerpt: 'A draft.',
      tags: ['seo'],
      author: 'Jordan Mercer',
      focusKeyphrase: 'draft preview',
    })
    expect(created.status).toBe(201)
    const link = await server.admin.post(`/api/admin/posts/${created.body.id}/preview-link`, { ttlHours: 2 })
    expect(link.status).toBe(200)
    expect(link.body.url).toMatch(/^\/preview\/posts\/\d+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(link.body.expiresAt) - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000)
    expect((await server.admin.post(`/api/admin/posts/${created.body.id}/preview-link`, { ttlHours: 24 * 365 })).body.errors.ttlHours).toMatch(/at most 720/)

    // No build on this server: the valid link says so, still noindex.
    const valid = await request(server.base, 'GET', link.body.url)
    expect(valid.status).toBe(503)
    expect(valid.body).toContain('npm run build')
    expect(valid.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    // Framable by the admin of the same origin only; the signed URL stays out of Referer headers.
    expect(valid.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(valid.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(valid.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await request(server.base, 'GET', '/api/admin/auth/me')).headers.get('x-frame-options')).toBe('DENY')

    const forged = await request(
      server.base,
      'GET',
      link.body.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')),
    )
    expect(forged.status).toBe(403)
    expect(forged.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const otherPost = await request(server.base, 'GET', link.body.url.replace(/\/preview\/posts\/\d+/, '/preview/posts/999'))
    expect(otherPost.status).toBe(403)
    const past = signPreviewToken(TEST_SECRET, created.body.id, { ttlSeconds: 60, now: Date.now() - 120_000 })
    const expired = await request(server.base, 'GET', `/preview/posts/${past.token}`)
    expect(expired.status).toBe(410)
    expect(expired.body).toContain('expired')
    expect(expired.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(expired.headers.get('cache-control')).toContain('no-store')

    // Signed with another secret: forged.
    const foreign = signPreviewToken('another-secret-another-secret-0123456789', created.body.id)
    expect((await request(server.base, 'GET', `/preview/posts/${foreign.token}`)).status).toBe(403)
    // Only signed-in staff get links.
    expect((await request(server.base, 'POST', `/api/admin/posts/${created.body.id}/preview-link`, { json: {} })).status).toBe(401)
  })

  it('revokes a post’s preview links: old links answer 410 (still noindex), a fresh link passes; audited; sales cannot revoke', async () => {
    const created = await server.admin.post('/api/admin/posts', {
      title: 'Revocable preview draft',
      slug: 'revocable-preview-draft',
      body: 'Draft body.',
      excerpt: 'A draft.',
      tags: ['seo'],
      author: 'Jordan Mercer',
    })
    expect(created.status).toBe(201)
    const id = created.body.id
    const old = (await server.admin.post(`/api/admin/posts/${id}/preview-link`, {})).body.url
    // A link signed before revocation existed (generation 0) passes until revoked.
    const legacy = `/preview/posts/${signPreviewToken(TEST_SECRET, id).token}`
    // Past the signature check: without a build here, a valid link answers 503 (the render step).
    expect((await request(server.base, 'GET', old)).status).toBe(503)
    expect((await request(server.base, 'GET', legacy)).status).toBe(503)

    const sales = await userWithRole(server, 'sales')
    expect((await sales.post(`/api/admin/posts/${id}/preview-links/revoke`, {})).status).toBe(403)
    expect((await request(server.base, 'POST', `/api/admin/posts/${id}/preview-links/revoke`, { json: {} })).status).toBe(401)
    expect((await server.admin.post('/api/admin/posts/999999/preview-links/revoke', {})).status).toBe(404)
    const revoked = await server.admin.post(`/api/admin/posts/${id}/preview-links/revoke`, {})
    expect(revoked.status).toBe(200)
    expect(revoked.body.generation).toBe(1)

    for (const url of [old, legacy]) {
      const gone = await request(server.base, 'GET', url)
      expect(gone.status).toBe(410)
      expect(gone.body).toContain('revoked')
      expect(gone.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(gone.headers.get('cache-control')).toContain('no-store')
    }
    const fresh = (await server.admin.post(`/api/admin/posts/${id}/preview-link`, {})).body.url
    expect(fresh).not.toBe(old)
    expect((await request(server.base, 'GET', fresh)).status).toBe(503)
    // Revoking again revokes the fresh one too; the one after that works.
    expect((await server.admin.post(`/api/admin/posts/${id}/preview-links/revoke`, {})).body.generation).toBe(2)
    expect((await request(server.base, 'GET', fresh)).status).toBe(410)
    expect((await request(server.base, 'GET', (await server.admin.post(`/api/admin/posts/${id}/preview-link`, {})).body.url)).status).toBe(503)

    const logs = await server.db('audit_logs').where({ resource: 'posts', record_id: id, action: 'update' }).orderBy('id')
    const revocations = logs
      .map((l: { changes: unknown }) => (typeof l.changes === 'string' ? JSON.parse(l.changes) : l.changes))
      .filter((c: Record<string, unknown>) => 'previewLinksRevoked' in c)
    expect(revocations).toEqual([{ previewLinksRevoked: [0, 1] }, { previewLinksRevoked: [1, 2] }])
  })

  it('lists the keyphrases other posts target for the SEO panel', async () => {
    const created = await server.admin.post('/api/admin/posts', {
      title: 'Keyphrase owner post',
      slug: 'keyphrase-owner',
      body: 'Body.',
      excerpt: '',
      tags: ['seo'],
      author: 'Jordan Mercer',
      focusKeyphrase: 'local seo audit',
    })
    const catalog = await server.admin.get('/api/admin/posts/seo-catalog')
    expect(catalog.status).toBe(200)
    expect(catalog.body.from).toMatch(/database only/)
    expect(catalog.body.posts).toContainEqual({
      id: created.body.id,
      url: '/blog/keyphrase-owner',
      title: 'Keyphrase owner post',
      keyphrases: ['local seo audit'],
    })
  })

  it('saves a tag’s SEO fields into the snapshot its page renders from', async () => {
    const tag = await server.admin.post('/api/admin/tags', { name: 'Local SEO', slug: 'local-seo-x', description: 'Everything about local search.' })
    expect(tag.status).toBe(201)
    const saved = await server.admin.put(`/api/admin/tags/${tag.body.id}`, {
      seoTitle: 'Local SEO Guides for Service Firms',
      seoDescription: 'Guides to local SEO.',
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ seo_title: 'Local SEO Guides for Service Firms', seo_description: 'Guides to local SEO.' })
    const bad = await server.admin.put(`/api/admin/tags/${tag.body.id}`, { seoTitle: 'x'.repeat(61) })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.seoTitle).toMatch(/at most 60/)
    const snapshot = await readSnapshot(server.db)
    expect(snapshot.tags).toContainEqual({
      slug: 'local-seo-x',
      name: 'Local SEO',
      description: 'Everything about local search.',
      seoTitle: 'Local SEO Guides for Service Firms',
      seoDescription: 'Guides to local SEO.',
      noindex: false,
    })
  })
})

describe.each(databases)('post image upload quotas (decision 062, $name)', (target) => {
  const QUOTA = 60_000
  let server: AdminServer
  // Random pixels do not compress: about 30 KB of PNG.
  const noisy = () =>
    sharp(Buffer.from(Array.from({ length: 100 * 100 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 100, height: 100, channels: 3 } })
      .png()
      .toBuffer()
  const images = () => fs.readdirSync(path.join(server.varDir, 'uploads', 'posts')).sort()
  beforeAll(async () => {
    setDbPosts(undefined)
    server = await startAdminServer(target, { UPLOAD_BYTES_PER_HOUR: String(QUOTA), UPLOADS_MAX_TOTAL_BYTES: '20000' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 507 past the post images folder cap and 429 with Retry-After past the address’s hourly quota, writing nothing', async () => {
    const small = await upload(server.admin, await png(100, 100))
    expect(small.status).toBe(201)
    const [charged] = await server.db('upload_usage').select('bytes')
    expect(Number(charged.bytes)).toBeLessThan(2_000) // settled to what was received
    const before = images()
    const full = await upload(server.admin, await noisy())
    expect(full.status).toBe(507)
    expect(full.body.message).toMatch(/storage for them is full/)
    expect(images()).toEqual(before)
    // Two noisy images (≈ 60 KB together, reserved before reading) pass the 60,000-byte quota.
    await server.db('upload_usage').update({ bytes: QUOTA - 10_000 })
    const form = new FormData()
    form.set('alt', 'Noise')
    form.set('file', new Blob([new Uint8Array(await noisy())], { type: 'image/png' }), 'noise.png')
    const reply = await fetch(`${server.base}/api/admin/posts/media`, { method: 'POST', headers: server.admin.headers(), body: form })
    expect(reply.status).toBe(429)
    expect(Number(reply.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(((await reply.json()) as { message: string }).message).toMatch(/uploaded the most we accept from one address in an hour/)
    expect(images()).toEqual(before)
  })
})
