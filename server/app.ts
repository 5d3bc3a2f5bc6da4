// The Koa application: security headers, errors, health, the API and the static site.
import Router from '@koa/router'
import Koa from 'koa'
import { adminRoutes } from './admin/index.ts'
import { apiRoutes } from './api/index.ts'
import { createWriter, type Writer } from './db/groupCommit.ts'
import type { Db } from './db/knex.ts'
import type { Env } from './env.ts'
import { adminApp } from './middleware/adminApp.ts'
import { errorHandler } from './middleware/errorHandler.ts'
import { securityHeaders } from './middleware/securityHeaders.ts'
import { staticSite } from './middleware/staticSite.ts'
import { redirectsMiddleware } from './redirects/middleware.ts'

export type AppDeps = { db: Db; env: Env; writer?: Writer; notifyOutbox?: () => void }

export function createApp({ db, env, writer = createWriter(db), notifyOutbox }: AppDeps) {
  const app = new Koa({ proxy: env.TRUST_PROXY })
  app.context.db = db
  const health = new Router()
  health.get('/healthz', async (ctx) => {
    const started = performance.now()
    let database = 'ok'
    try {
      await db.raw('select 1')
    } catch {
      database = 'unavailable'
    }
    ctx.status = database === 'ok' ? 200 : 503
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: database === 'ok' ? 'ok' : 'degraded', database, uptimeSeconds: Math.round(process.uptime()), checkMs: Math.round(performance.now() - started) }
  })

  app.use(securityHeaders({ hsts: true }))
  app.use(errorHandler())
  app.use(health.routes())
  app.use(adminRoutes({ db, env }))
  app.use(apiRoutes({ db, env, writer, notifyOutbox }))
  app.use(redirectsMiddleware(db))
  app.use(adminApp(env.STATIC_DIR))
  app.use(staticSite(env.STATIC_DIR))
  app.on('error', (error, ctx) => {
    if (env.NODE_ENV !== 'test' || process.env.LOG_ERRORS) console.error(`[${ctx?.method ?? ''} ${ctx?.path ?? ''}]`, error)
  })
  return app
}
