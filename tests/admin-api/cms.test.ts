// /admin/cms over HTTP (issue 11 part B): the inventory (columns, issues, filters, sort, pages,
// CSV), page overrides (validation, audit, applied at once to the served page with fresh ETags
// and precompressed variants, sitemap.xml updated, removal restoring the original bytes), roles.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../api/helpers.ts'
import { SITE, writeFixtureSite } from './cmsFixture.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value))
const id = (url: string) => encodeURIComponent(url)

describe.each(databases)('/admin/cms ($name)', (target) => {
  let server: AdminServer
  let site: ReturnType<typeof writeFixtureSite>
  beforeAll(async () => {
    site = writeFixtureSite()
    server = await startAdminServer(target, { STATIC_DIR: site.staticDir })
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(site.root, { recursive: true, force: true })
  })
  const visit = (p: string, headers: Record<string, string> = {}) => request(server.base, 'GET', p, { headers })

  it('lists every page with its columns and the issues found', async () => {
    const reply = await server.admin.get(`/api/admin/cms?sort=${enc(['url', 'ASC'])}&range=${enc([0, 49])}`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-range')).toBe('cms 0-5/6')
    const byUrl = new Map(reply.body.map((r: { url: string }) => [r.url, r]))
    expect(byUrl.get('/blog/utm-naming-conventions')).toMatchObject({
      id: '/blog/utm-naming-conventions',
      family: 'blog-post',
      source: 'file',
      sourceFiles: ['blog/utm-naming-conventions.md'],
      record: 'slug=utm-naming-conventions',
      title: 'UTM Naming Conventions That Keep GA4 Reports Clean',
      titleLength: 50,
      indexable: true,
      linksIn: 1,
      linksOut: 1,
      issues: [],
      lastModified: '2026-11-01',
      views30d: 0,
      leads30d: 0,
      override: null,
    })
    // /blog: 120 words (thin) and a link to a page that does not exist.
    expect(byUrl.get('/blog')).toMatchObject({ issues: ['thin', 'broken-link'], brokenLinks: ['/no-such-page'] })
    // Two service pages share a title; nothing links to /services/ppc.
    expect(byUrl.get('/services/seo')).toMatchObject({ issues: ['duplicate-title'], linksIn: 1 })
    expect(byUrl.get('/services/ppc')).toMatchObject({ issues: ['duplicate-title', 'orphan'], linksIn: 0 })
    // Header links are navigation, not content: /about is linked from / in <main> only.
    expect(byUrl.get('/about')).toMatchObject({ linksIn: 1, issues: [] })
  })

  it('filters, sorts, pages and exports CSV', async () => {
    const services = await server.admin.get(`/api/admin/cms?filter=${enc({ family: 'service' })}`)
    expect(services.body.map((r: { url: string }) => r.url)).toEqual(['/services/ppc', '/services/seo'])
    const orphans = await server.admin.get(`/api/admin/cms?filter=${enc({ issue: 'orphan' })}`)
    expect(orphans.body.map((r: { url: string }) => r.url)).toEqual(['/services/ppc'])
    const q = await server.admin.get(`/api/admin/cms?filter=${enc({ q: 'utm' })}`)
    expect(q.body.map((r: { url: string }) => r.url)).toEqual(['/blog', '/blog/utm-naming-conventions'])
    const byWords = await server.admin.get(`/api/admin/cms?sort=${enc(['words', 'DESC'])}&range=${enc([0, 1])}`)
    expect(byWords.body.map((r: { url: string }) => r.url)).toEqual(['/blog/utm-naming-conventions', '/'])
    expect(byWords.headers.get('content-range')).toBe('cms 0-1/6')
    expect((await server.admin.get(`/api/admin/cms?filter=${enc({ issue: 'nope' })}`)).status).toBe(400)
    expect((await server.admin.get(`/api/admin/cms?sort=${enc(['secret', 'ASC'])}`)).status).toBe(400)
    const csv = await server.admin.get(`/api/admin/cms/export.csv?filter=${enc({ family: 'service' })}&sort=${enc(['url', 'ASC'])}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'url,family,source,source_files,record,title,title_length,description,description_length,words,last_modified,indexable,canonical,links_in,links_out,issues,views_30d,leads_30d,overridden',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^\/services\/ppc,service,file,service-pages\.yaml,slug=ppc,SEO Services \| Proofline Digital,32,/)
    expect(lines[1]).toContain('Duplicate title; Orphan page (no internal link in)')
  })

  it('refuses bad overrides with field messages', async () => {
    const tooLong = await server.admin.put(`/api/admin/cms/${id('/about')}`, { title: 'x'.repeat(61) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors.title).toMatch(/60/)
    const desc = await server.admin.put(`/api/admin/cms/${id('/about')}`, { description: 'y'.repeat(161) })
    expect(desc.body.errors.description).toMatch(/160/)
    const canonical = await server.admin.put(`/api/admin/cms/${id('/about')}`, { canonical: '/not-a-page' })
    expect(canonical.status).toBe(400)
    expect(canonical.body.errors.canonical).toMatch(/not a page/)
    const dup = await server.admin.put(`/api/admin/cms/${id('/about')}`, { title: 'UTM Naming Conventions That Keep GA4 Reports Clean' })
    expect(dup.status).toBe(400)
    expect(dup.body.errors.title).toContain('/blog/utm-naming-conventions')
    expect((await server.admin.put(`/api/admin/cms/${id('/nowhere')}`, { title: 'A perfectly fine title' })).status).toBe(404)
    expect((await server.admin.put(`/api/admin/cms/${id('/about')}`, { noindex: 'yes' })).status).toBe(400)
  })

  it('an override is audited and applied to the served page at once; removing it restores the bytes', async () => {
    const file = path.join(site.staticDir, 'about/index.html')
    const original = fs.readFileSync(file, 'utf8')
    const before = await visit('/about')
    const etag = before.headers.get('etag')
    const saved = await server.admin.put(`/api/admin/cms/${id('/about')}`, {
      title: 'About Us: Analysts & Engineers <Austin>',
      description: '',
      noindex: null,
      canonical: '',
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      title: 'About Us: Analysts & Engineers <Austin>',
      override: { title: 'About Us: Analysts & Engineers <Austin>', description: null },
      applied: { written: ['/about/index.html'] },
    })
    const page = await visit('/about')
    expect(page.body).toContain('<title>About Us: Analysts &amp; Engineers &lt;Austin&gt;</title>')
    expect(page.body).toContain('<meta property="og:title" content="About Us: Analysts &amp; Engineers &lt;Austin&gt;" />')
    expect(page.body).toContain('<meta name="twitter:title" content="About Us: Analysts &amp; Engineers &lt;Austin&gt;"/>')
    expect(page.headers.get('etag')).not.toBe(etag)
    // The brotli variant was rewritten too.
    const br = await fetch(`${server.base}/about`, { headers: { 'Accept-Encoding': 'br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(await br.text()).toBe(page.body)
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(page.body)

    const logs = await server.admin.get(`/api/admin/audit-logs?filter=${enc({ resource: 'cms' })}&sort=${enc(['id', 'ASC'])}`)
    expect(logs.body.at(-1)).toMatchObject({
      action: 'create',
      resource: 'cms',
      user_id: server.admin.user.id,
      changes: { title: [null, 'About Us: Analysts & Engineers <Austin>'] },
    })

    // noindex: out of sitemap.xml, robots noindex, not indexable in the inventory.
    const noindex = await server.admin.put(`/api/admin/cms/${id('/about')}`, { title: 'About Us: Analysts & Engineers <Austin>', noindex: true })
    expect(noindex.body).toMatchObject({ indexable: false, applied: { written: ['/about/index.html', '/sitemap.xml'] } })
    expect((await visit('/about')).body).toContain('<meta name="robots" content="noindex, follow"/>')
    const sitemap = await visit('/sitemap.xml')
    expect(sitemap.body).not.toContain(`${SITE}/about<`)
    expect(sitemap.body).toContain(`${SITE}/services/seo<`)

    // Canonical to another page: also out of the sitemap.
    const canon = await server.admin.put(`/api/admin/cms/${id('/services/ppc')}`, { canonical: '/services/seo' })
    expect(canon.body).toMatchObject({ canonical: `${SITE}/services/seo`, indexable: false, issues: [] })
    expect((await visit('/services/ppc')).body).toContain(`<link rel="canonical" href="${SITE}/services/seo"/>`)

    // Clearing every field removes the override: the page is byte for byte the original.
    const cleared = await server.admin.put(`/api/admin/cms/${id('/about')}`, { title: '', description: '', noindex: null, canonical: '' })
    expect(cleared.body.override).toBeNull()
    expect(fs.readFileSync(file, 'utf8')).toBe(original)
    expect((await visit('/about')).body).toBe(original)
    const removed = await server.admin.delete(`/api/admin/cms/${id('/services/ppc')}`)
    expect(removed.body).toMatchObject({ override: null, canonical: `${SITE}/services/ppc` })
    const fresh = writeFixtureSite()
    expect((await visit('/sitemap.xml')).body).toBe(fs.readFileSync(path.join(fresh.staticDir, 'sitemap.xml'), 'utf8'))
    fs.rmSync(fresh.root, { recursive: true, force: true })
    const actions = (await server.admin.get(`/api/admin/audit-logs?filter=${enc({ resource: 'cms' })}&sort=${enc(['id', 'ASC'])}`)).body.map(
      (l: { action: string }) => l.action,
    )
    expect(actions).toEqual(['create', 'update', 'create', 'delete', 'delete'])
  })

  it('roles: sales reads and exports the inventory but cannot override; marketing can', async () => {
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/cms')).status).toBe(200)
    expect((await sales.get('/api/admin/cms/export.csv')).status).toBe(200)
    expect((await sales.put(`/api/admin/cms/${id('/about')}`, { title: 'Sales should not set this' })).status).toBe(403)
    expect((await sales.delete(`/api/admin/cms/${id('/about')}`)).status).toBe(403)
    const marketing = await userWithRole(server, 'marketing')
    const set = await marketing.put(`/api/admin/cms/${id('/services/seo')}`, {
      description: 'Technical SEO, content and local search programs for service firms, measured in qualified leads and revenue every month.',
    })
    expect(set.status).toBe(200)
    expect((await visit('/services/seo')).body).toContain('measured in qualified leads and revenue every month.')
    expect((await request(server.base, 'GET', '/api/admin/cms')).status).toBe(401)
  })
})
