// The admin single-page app: SPA fallback for /admin/*, immutable hashed assets, the /login and
// /dashboard shortcuts, noindex, the 'self'-only CSP, and no effect when the admin is not built.
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createDb, type Db } from '../db/knex.ts'
import { loadEnv } from '../env.ts'

const shellHtml =
  '<!doctype html><html><head><meta name="robots" content="noindex, nofollow"><title>Admin</title></head><body><div id="root"></div><script type="module" src="/admin/assets/index-abc123.js"></script></body></html>'

type Running = { base: string; close: () => Promise<void> }

async function serve(files: Record<string, string>, compress: string[] = []): Promise<Running> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-app-'))
  for (const [rel, body] of Object.entries(files)) {
    const file = path.join(dir, rel)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, body)
    if (compress.includes(rel)) {
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body))
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body))
    }
  }
  const env = loadEnv({ STATIC_DIR: dir, VAR_DIR: path.join(dir, 'var'), NODE_ENV: 'test' })
  const db: Db = createDb({ varDir: env.VAR_DIR })
  const server = createApp({ db, env }).listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((r) => server.close(r))
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

describe('admin app serving', () => {
  let app: Running
  beforeAll(async () => {
    app = await serve(
      {
        'index.html': '<h1>Home</h1>',
        '404.html': '<h1>Page not found</h1>',
        'admin/index.html': shellHtml,
        'admin/assets/index-abc123.js': 'console.log("admin")'.repeat(50),
      },
      ['admin/assets/index-abc123.js'],
    )
  })
  afterAll(() => app.close())

  it.each(['/admin', '/admin/', '/admin/login', '/admin/dashboard', '/admin/overview', '/admin/contacts/42', '/admin/leads/7/show'])(
    'answers %s with the app shell, not cached, not indexed',
    async (url) => {
      const res = await fetch(`${app.base}${url}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(await res.text()).toBe(shellHtml)
    },
  )

  it("keeps the 'self'-only Content-Security-Policy on the admin page", async () => {
    const res = await fetch(`${app.base}/admin/leads`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).not.toMatch(/https?:/)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('revalidates the shell with its ETag', async () => {
    const first = await fetch(`${app.base}/admin/deals`)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    const again = await fetch(`${app.base}/admin/companies`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it('serves hashed assets as immutable, precompressed when accepted', async () => {
    const res = await fetch(`${app.base}/admin/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toContain('text/javascript')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(await res.text()).toContain('console.log("admin")')
  })

  it('answers a missing asset with a 404, never with the HTML shell', async () => {
    const res = await fetch(`${app.base}/admin/assets/index-old999.js`)
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).not.toContain('<div id="root">')
  })

  it.each([
    ['/login', '/admin/login'],
    ['/login/', '/admin/login'],
    ['/dashboard', '/admin/dashboard'],
    ['/login?next=1', '/admin/login?next=1'],
  ])('redirects %s to %s', async (from, to) => {
    const res = await fetch(`${app.base}${from}`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(to)
  })

  it('answers HEAD without a body and leaves other methods and paths alone', async () => {
    const head = await fetch(`${app.base}/admin/users`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(shellHtml)))
    const post = await fetch(`${app.base}/admin/users`, { method: 'POST' })
    expect(post.status).toBe(404)
    const lookalike = await fetch(`${app.base}/administration`)
    expect(lookalike.status).toBe(404)
    expect(await lookalike.text()).toContain('Page not found')
    const home = await fetch(`${app.base}/`)
    expect(await home.text()).toContain('<h1>Home</h1>')
  })
})

describe('admin app not built', () => {
  let app: Running
  beforeAll(async () => {
    app = await serve({ '404.html': '<h1>Page not found</h1>' })
  })
  afterAll(() => app.close())

  it('falls through to the site 404 page', async () => {
    const res = await fetch(`${app.base}/admin/leads`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Page not found')
  })
})
