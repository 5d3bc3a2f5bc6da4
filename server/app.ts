// The Koa application: security headers, errors, health, the API and the static site.
import Router from '@koa/router'
import Koa from 'koa'
import { adminRoutes } from './admin/index.ts'
import { apiRoutes } from './api/index.ts'
import { createWriter, type Writer } from './db/groupCommit.ts'
import type { Db } from './db/knex.ts'
import { proxyTrust, type Env } from './env.ts'
import { clientAddressMiddleware } from './lib/clientAddress.ts'
import { adminApp } from './middleware/adminApp.ts'
import { appErrorLogger, errorHandler, isClientGone } from './middleware/errorHandler.ts'
import { recordServerError } from './monitoring/serverErrors.ts'
import { setBodyTimeout } from './middleware/jsonBody.ts'
import { securityHeaders } from './middleware/securityHeaders.ts'
import { staticSite } from './middleware/staticSite.ts'
import { blogMedia } from './blogImport/mediaRoute.ts'
import { redirectsMiddleware } from './redirects/middleware.ts'
import { feedFetchLog } from './feeds/fetchLog.ts'
import { socialShortLinks } from './social/shortLinks.ts'
import { postPreviewPage } from './admin/postMedia.ts'
import { postMedia } from './posts/media.ts'

export type AppDeps = { db: Db; env: Env; writer?: Writer; notifyOutbox?: () => void }

export function createApp({ db, env, writer = createWriter(db), notifyOutbox }: AppDeps) {
  const trust = proxyTrust(env)
  // app.proxy makes ctx.protocol/ctx.host honour X-Forwarded-Proto/-Host; ctx.ip is set by
  // clientAddressMiddleware from the right of X-Forwarded-For (server/lib/clientAddress.ts).
  const app = new Koa({ proxy: trust.hops > 0 || trust.proxies !== null, maxIpsCount: trust.hops || undefined })
  app.context.db = db
  setBodyTimeout(app, env.BODY_TIMEOUT_MS)
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
    ctx.body = {
      status: database === 'ok' ? 'ok' : 'degraded',
      database,
      uptimeSeconds: Math.round(process.uptime()),
      checkMs: Math.round(performance.now() - started),
    }
  })

  app.use(clientAddressMiddleware(trust))
  app.use(securityHeaders({ hsts: true }))
  app.use(errorHandler())
  app.use(health.routes())
  app.use(adminRoutes({ db, env, notifyJobs: notifyOutbox }))
  app.use(apiRoutes({ db, env, writer, notifyOutbox }))
  app.use(socialShortLinks(db, env))
  app.use(blogMedia(env.VAR_DIR))
  app.use(redirectsMiddleware(db))
  app.use(postMedia(env.VAR_DIR))
  app.use(postPreviewPage({ db, env }))
  app.use(adminApp(env.STATIC_DIR))
  app.use(feedFetchLog())
  app.use(staticSite(env.STATIC_DIR))
  const logError = appErrorLogger()
  app.on('error', (error, ctx) => {
    if (env.NODE_ENV !== 'test' || process.env.LOG_ERRORS) logError(error, ctx)
    // A 5xx or a broken response is recorded in monitoring (a client that went away is not ours).
    if (!isClientGone(error, ctx)) recordServerError(db, env, error, ctx?.method && ctx.path ? `${ctx.method} ${ctx.path}` : '')
  })
  return app
}
