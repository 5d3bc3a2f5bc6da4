// Serves the staff admin single-page app built into <static>/admin (docs/decisions/050): hashed
// /admin/assets/* cached for a year, and every other /admin path answered with index.html
// (no-cache, so a new build is picked up at once) for the client router. /login and /dashboard
// are the short addresses of /admin/login and /admin/dashboard. Nothing here is indexable.
import fs from 'node:fs'
import path from 'node:path'
import type { Context, Middleware } from 'koa'
import { indexStaticDir } from './staticSite.ts'

type Entry = NonNullable<ReturnType<typeof indexStaticDir> extends Map<string, infer E> ? E : never>

const shortcuts: Record<string, string> = { '/login': '/admin/login', '/dashboard': '/admin/dashboard' }
const noindex = 'noindex, nofollow'

export function adminApp(staticDir: string): Middleware {
  const files = indexStaticDir(path.join(staticDir, 'admin'))
  const shell = files.get('/index.html')
  return async function adminAppMiddleware(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    const shortcut = shortcuts[ctx.path.replace(/\/+$/, '')]
    if (shortcut) {
      ctx.set('X-Robots-Tag', noindex)
      ctx.redirect(shortcut + (ctx.querystring ? `?${ctx.querystring}` : ''))
      return
    }
    if (ctx.path !== '/admin' && !ctx.path.startsWith('/admin/')) return next()
    if (!shell) return next()
    ctx.set('X-Robots-Tag', noindex)
    const rel = ctx.path.slice('/admin'.length)
    if (rel.startsWith('/assets/')) {
      const asset = rel.includes('\0') ? undefined : files.get(rel)
      if (!asset) {
        // A missing hashed file is a stale page asking for an old build: never answer with HTML.
        ctx.status = 404
        ctx.set('Cache-Control', 'no-store')
        ctx.body = 'Not found'
        return
      }
      send(ctx, asset, 'public, max-age=31536000, immutable')
      return
    }
    const file = rel !== '/' && rel !== '/index.html' ? files.get(rel) : undefined
    send(ctx, file ?? shell, 'no-cache')
  }
}

function send(ctx: Context, entry: Entry, cacheControl: string) {
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
  ctx.set('Cache-Control', cacheControl)
  ctx.set('ETag', chosen.v.etag)
  if (ctx.get('If-None-Match') === chosen.v.etag) {
    ctx.status = 304
    return
  }
  ctx.status = 200
  // Koa sends no body for HEAD (and destroys the stream when the response ends).
  ctx.body = fs.createReadStream(chosen.v.file)
  ctx.length = chosen.v.size
}
