// The public API under /api: one router, each route a short chain of small named middleware:
// rate limit → body (JSON or multipart, with limits and content-type checks) → Idempotency-Key
// → spam signals → handler. Anything else under /api gets a JSON 404/405, never the site's page.
import Router from '@koa/router'
import type { Middleware } from 'koa'
import { RESUME_MAX_BYTES } from '../../shared/contract.ts'
import { ERROR_BEACON_MAX_BYTES } from '../../shared/monitoring.ts'
import type { Db } from '../db/knex.ts'
import type { Writer } from '../db/groupCommit.ts'
import type { Env } from '../env.ts'
import { formSpamCheck } from '../middleware/formSpam.ts'
import { idempotency } from '../middleware/idempotency.ts'
import { jsonBody } from '../middleware/jsonBody.ts'
import { multipartBody } from '../middleware/multipartBody.ts'
import { uploadLimits } from '../middleware/uploadLimits.ts'
import { rateLimit } from '../middleware/rateLimit.ts'
import { postApplication } from './applications.ts'
import { loadApiCatalog, type ApiCatalog } from './catalog.ts'
import { postContact } from './contact.ts'
import type { HandlerDeps } from './deps.ts'
import { postError } from './errors.ts'
import { postEvents } from './events.ts'
import { heartbeat } from './heartbeat.ts'
import { getFormToken } from './formToken.ts'
import { postLead } from './leads.ts'
import { getConfirm, getUnsubscribe, postBounceWebhook, postNewsletter, postUnsubscribe } from './newsletter.ts'
import { newsletterTrackingRoutes } from '../newsletter/tracking.ts'
import { postQuote } from './quotes.ts'
import { postRoiCalculation } from './roiCalculation.ts'
import { postChatbotQuestion } from '../chatbot/questionLog.ts'

export type ApiDeps = { db: Db; env: Env; writer: Writer; notifyOutbox?: () => void; catalog?: ApiCatalog }

const noStore: Middleware = async function noStoreMiddleware(ctx, next) {
  ctx.set('Cache-Control', 'no-store')
  await next()
}

export function createApiRouter(deps: ApiDeps): Router {
  const { db, env } = deps
  const handlerDeps: HandlerDeps = { db, env, writer: deps.writer, catalog: deps.catalog ?? loadApiCatalog(), notifyOutbox: deps.notifyOutbox ?? (() => {}) }
  // One limiter per route: the limit is per IP and per endpoint. With PostgreSQL the counters are
  // in the database, shared by every server process.
  const shared = env.DATABASE_URL ? db : undefined
  const formLimit = () => rateLimit({ limit: env.RATE_LIMIT_PER_MINUTE, db: shared, secret: env.APP_SECRET })
  const beaconLimit = () => rateLimit({ limit: env.EVENTS_RATE_LIMIT_PER_MINUTE, db: shared, secret: env.APP_SECRET })
  const json = jsonBody()
  const spam = formSpamCheck({ secret: env.APP_SECRET, minFillMs: env.FORM_MIN_FILL_MS })
  const once = (endpoint: string) => idempotency({ db, endpoint })

  const router = new Router({ prefix: '/api' })
  router.use(noStore)
  router.get('/form-token', beaconLimit(), getFormToken(handlerDeps))
  router.post('/leads', formLimit(), json, once('POST /api/leads'), spam, postLead(handlerDeps))
  router.post('/quotes', formLimit(), json, once('POST /api/quotes'), spam, postQuote(handlerDeps))
  router.post('/contact', formLimit(), json, once('POST /api/contact'), spam, postContact(handlerDeps))
  router.post(
    '/applications',
    formLimit(),
    multipartBody({
      uploadsDir: env.UPLOADS_DIR,
      fileField: 'resume',
      maxFileBytes: RESUME_MAX_BYTES,
      limits: {
        secret: env.APP_SECRET,
        check: uploadLimits(env.UPLOADS_DIR, {
          db,
          bytesPerHour: env.UPLOAD_BYTES_PER_HOUR,
          maxTotalBytes: env.UPLOADS_MAX_TOTAL_BYTES,
          minFreeBytes: env.UPLOADS_MIN_FREE_BYTES,
        }),
      },
    }),
    once('POST /api/applications'),
    spam,
    postApplication(handlerDeps),
  )
  router.post('/newsletter', formLimit(), json, once('POST /api/newsletter'), spam, postNewsletter(handlerDeps))
  router.get('/newsletter/unsubscribe', formLimit(), getUnsubscribe(handlerDeps))
  router.post('/newsletter/unsubscribe', formLimit(), postUnsubscribe(handlerDeps))
  router.get('/newsletter/confirm', formLimit(), getConfirm(handlerDeps))
  router.post('/newsletter/webhooks/bounce', beaconLimit(), json, postBounceWebhook(handlerDeps))
  newsletterTrackingRoutes(router, handlerDeps, beaconLimit)
  router.post('/roi-calculation', formLimit(), json, once('POST /api/roi-calculation'), postRoiCalculation(handlerDeps))
  // Browser error reports (issue 14): small bodies, their own per-IP limit.
  router.post(
    '/errors',
    rateLimit({ limit: env.ERROR_REPORTS_PER_MINUTE, db: shared, secret: env.APP_SECRET }),
    jsonBody({ allowTextPlain: true, limit: ERROR_BEACON_MAX_BYTES }),
    postError(handlerDeps),
  )
  // The external pinger's push URL (issue 14).
  router.get('/heartbeat/:token', beaconLimit(), heartbeat(handlerDeps))
  router.post('/heartbeat/:token', beaconLimit(), heartbeat(handlerDeps))
  router.post('/events', beaconLimit(), jsonBody({ allowTextPlain: true }), once('POST /api/events'), postEvents(handlerDeps))
  router.post('/chatbot/questions', beaconLimit(), jsonBody({ allowTextPlain: true, limit: 4096 }), postChatbotQuestion(handlerDeps))
  return router
}

/** The API as one middleware: /api/* is answered here (JSON), everything else passes through. */
export function apiRoutes(deps: ApiDeps): Middleware {
  const router = createApiRouter(deps)
  const routes = router.routes()
  const allowedMethods = router.allowedMethods()
  return async function apiMiddleware(ctx, next) {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next()
    await routes(ctx as never, () => allowedMethods(ctx as never, async () => {}))
    // A handler's answer, including an intended 204 without a body (POST /api/errors).
    if (ctx.body != null || (ctx.status === 204 && ctx.matched?.length)) return
    if (ctx.status === 405) ctx.body = { message: `${ctx.method} is not allowed here.` }
    else if (ctx.status === 501) ctx.body = { message: `${ctx.method} is not supported.` }
    else {
      ctx.status = 404
      ctx.body = { message: 'There is no API endpoint at this address.' }
    }
  }
}
