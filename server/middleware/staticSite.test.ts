import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createDb, type Db } from '../db/knex.ts'
import { loadEnv } from '../env.ts'

let base = ''
let server: ReturnType<ReturnType<typeof createApp>['listen']>
let db: Db
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'))

function put(rel: string, body: string, compress = false) {
  const file = path.join(dir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, body)
  if (compress) {
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body))
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body))
  }
}

beforeAll(async () => {
  put('index.html', '<h1>Home</h1>'.repeat(100), true)
  put('about/index.html', '<h1>About</h1>')
  put('404.html', '<h1>Page not found</h1>')
  put('assets/entries/app.abc123.js', 'console.log(1)')
  const env = loadEnv({ STATIC_DIR: dir, VAR_DIR: path.join(dir, 'var'), NODE_ENV: 'test' })
  db = createDb({ varDir: env.VAR_DIR })
  server = createApp({ db, env }).listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('static site serving', () => {
  it('serves HTML with an ETag, revalidation and a 304 on a match', async () => {
    const first = await fetch(`${base}/about`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    const again = await fetch(`${base}/about`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it('serves hashed assets as immutable for a year', async () => {
    const res = await fetch(`${base}/assets/entries/app.abc123.js`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toContain('text/javascript')
  })

  it('picks the precompressed brotli or gzip file by Accept-Encoding', async () => {
    const br = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(await br.text()).toContain('<h1>Home</h1>')
    const gz = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('vary')).toContain('Accept-Encoding')
    expect(br.headers.get('etag')).not.toBe(gz.headers.get('etag'))
  })

  it('answers an unknown path with the fallback page and status 404', async () => {
    const res = await fetch(`${base}/no/such/page`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Page not found')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('redirects a trailing slash to the canonical path', async () => {
    const res = await fetch(`${base}/about/`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/about')
  })

  it('refuses path traversal', async () => {
    const res = await fetch(`${base}/..%2f..%2fetc%2fpasswd`)
    expect(res.status).toBe(404)
  })

  it('answers a malformed percent-escape with the fallback page and 404, never the home page', async () => {
    for (const url of ['/anything%ff', '/%E0%A4%A', '/about%c3']) {
      const res = await fetch(`${base}${url}`)
      expect(res.status, url).toBe(404)
      const text = await res.text()
      expect(text, url).toContain('Page not found')
      expect(text, url).not.toContain('<h1>Home</h1>')
    }
    const api = await fetch(`${base}/api/leads%ff`)
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ message: 'There is no API endpoint at this address.' })
  })

  it('sets the security headers', async () => {
    const res = await fetch(`${base}/`)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('reports health', async () => {
    const res = await fetch(`${base}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' })
  })
})
