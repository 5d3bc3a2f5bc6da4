// Applies the redirect rules before the static site and records the 404s it serves.
// GET and HEAD only (docs/decisions/070-redirects.md): the site answers nothing else, and a
// POST to an old URL is a client bug that a redirect would hide. /api and /admin are never
// redirected or logged.
import type { Middleware } from 'koa'
import type { Db } from '../db/knex.ts'
import { recordNotFound, rememberServedNotFound } from './notFoundLog.ts'
import { recordHit, redirectStore } from './store.ts'

const GONE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Page removed</title></head><body><main><h1>This page has been removed</h1><p>It is no longer available. <a href="/">Go to the home page</a>.</p></main></body></html>'

const skipped = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/admin' || path.startsWith('/admin/') || path === '/healthz'

export function redirectsMiddleware(db: Db): Middleware {
  const store = redirectStore(db)
  return async function redirectsHandler(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || skipped(ctx.path)) return next()
    let table
    try {
      table = await store.current()
    } catch (error) {
      // No rules while the database is unreachable: the site keeps serving.
      ctx.app.emit('error', error, ctx)
      return next()
    }
    const m = table.match(ctx.path, ctx.querystring)
    if (!m) {
      await next()
      if (ctx.status === 404) {
        recordNotFound(db, { path: ctx.path, referrer: ctx.get('Referer'), userAgent: ctx.get('User-Agent') })
        rememberServedNotFound(ctx.path, ctx.get('User-Agent'))
      }
      return
    }
    if (typeof m.rule.id === 'number') recordHit(db, m.rule.id)
    if (m.status === 410) {
      ctx.status = 410
      ctx.type = 'text/html; charset=utf-8'
      ctx.set('Cache-Control', 'public, max-age=300')
      ctx.body = ctx.method === 'HEAD' ? null : GONE_HTML
      return
    }
    ctx.status = m.status
    ctx.set('Cache-Control', m.status === 301 || m.status === 308 ? 'public, max-age=300' : 'no-store')
    ctx.redirect(m.location!)
  }
}
