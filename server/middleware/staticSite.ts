// Serves the pre-rendered site from dist/client: precompressed .br/.gz variants, hashed assets
// cached for a year, HTML revalidated by ETag, and the fallback page with status 404.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import { FEED_MIME, feedOfPath } from '../../shared/feeds.ts'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

type Variant = { file: string; size: number; etag: string }
type Entry = { type: string; identity: Variant; br?: Variant; gzip?: Variant; immutable: boolean }

function variant(file: string): Variant {
  const body = fs.readFileSync(file)
  return { file, size: body.length, etag: `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` }
}

function entryOf(full: string, rel: string): Entry {
  const feed = feedOfPath(rel)
  const type = feed ? `${FEED_MIME[feed.format]}; charset=utf-8` : (types[path.extname(full)] ?? 'application/octet-stream')
  const entry: Entry = { type, identity: variant(full), immutable: rel.startsWith('/assets/') }
  if (fs.existsSync(`${full}.br`)) entry.br = variant(`${full}.br`)
  if (fs.existsSync(`${full}.gz`)) entry.gzip = variant(`${full}.gz`)
  return entry
}

/** The index each staticSite middleware serves from, by folder, so a page rewritten in place
 * (a page override applied at once, an incremental publish) is served with its fresh ETag. */
const indexes = new Map<string, Set<Map<string, Entry>>>()

/** Re-reads these site-relative files (e.g. "/about/index.html") into every index of `dir`:
 * new or changed files are indexed with fresh ETags, deleted ones removed. */
export function refreshStaticFiles(dir: string, rels: string[]) {
  for (const index of indexes.get(path.resolve(dir)) ?? []) {
    for (const rel of rels) {
      const full = path.join(dir, rel.slice(1))
      if (fs.existsSync(full)) index.set(rel, entryOf(full, rel))
      else index.delete(rel)
    }
  }
}

/** Index of every servable file, built once at start-up; refreshStaticFiles updates single files. */
export function indexStaticDir(dir: string): Map<string, Entry> {
  const index = new Map<string, Entry>()
  const walk = (current: string) => {
    for (const item of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, item.name)
      if (item.isDirectory()) {
        walk(full)
        continue
      }
      if (/\.(br|gz)$/.test(item.name) || item.name.endsWith('.pageContext.json')) continue
      const rel = `/${path.relative(dir, full).split(path.sep).join('/')}`
      index.set(rel, entryOf(full, rel))
    }
  }
  if (fs.existsSync(dir)) walk(dir)
  return index
}

function lookup(index: Map<string, Entry>, urlPath: string): Entry | undefined {
  if (urlPath.includes('\0')) return undefined
  const direct = index.get(urlPath)
  if (direct && urlPath !== '/') return direct
  const trimmed = urlPath.replace(/\/+$/, '')
  return index.get(`${trimmed}/index.html`) ?? (trimmed === '' ? index.get('/index.html') : undefined)
}

export function staticSite(dir: string): Middleware {
  const index = indexStaticDir(dir)
  const key = path.resolve(dir)
  if (!indexes.has(key)) indexes.set(key, new Set())
  indexes.get(key)!.add(index)
  const notFound = index.get('/404.html')
  return async function staticSiteMiddleware(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    let pathname: string
    try {
      pathname = decodeURIComponent(ctx.path)
    } catch {
      // A malformed percent-escape (/anything%ff) names no page: the fallback page, never the home page.
      if (notFound) send(ctx, notFound, 404)
      else ctx.status = 404
      return
    }
    // /about/ and /about both serve the page; the canonical form has no trailing slash.
    if (pathname.length > 1 && pathname.endsWith('/') && lookup(index, pathname)) {
      ctx.status = 301
      ctx.redirect(pathname.replace(/\/+$/, '') + (ctx.querystring ? `?${ctx.querystring}` : ''))
      return
    }
    const entry = lookup(index, pathname)
    if (!entry) {
      await next()
      if (ctx.status !== 404 || ctx.body != null || !notFound) return
      send(ctx, notFound, 404)
      return
    }
    send(ctx, entry, 200)
  }
}

function send(ctx: Parameters<Middleware>[0], entry: Entry, status: number) {
  const accepts = String(ctx.get('Accept-Encoding'))
  const chosen =
    entry.br && /\bbr\b/.test(accepts)
      ? { v: entry.br, enc: 'br' }
      : entry.gzip && /\bgzip\b/.test(accepts)
        ? { v: entry.gzip, enc: 'gzip' }
        : { v: entry.identity, enc: '' }
  ctx.vary('Accept-Encoding')
  ctx.type = entry.type
  if (chosen.enc) ctx.set('Content-Encoding', chosen.enc)
  ctx.set('Cache-Control', entry.immutable ? 'public, max-age=31536000, immutable' : status === 404 ? 'no-store' : 'public, max-age=0, must-revalidate')
  ctx.set('ETag', chosen.v.etag)
  if (status === 200 && ctx.get('If-None-Match') === chosen.v.etag) {
    ctx.status = 304
    return
  }
  ctx.status = status
  ctx.length = chosen.v.size
  ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(chosen.v.file)
  if (ctx.method === 'HEAD') ctx.length = chosen.v.size
}
