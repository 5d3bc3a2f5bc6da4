// POST /api/errors: one browser error from the site's own reporter (client/monitoring), sent by
// navigator.sendBeacon as text/plain JSON. Size-limited by the body reader, rate-limited per IP
// by the router; known noise is dropped. Always 204: the page learns nothing either way.
import type { Middleware } from 'koa'
import { ErrorBeaconSchema } from '../../shared/monitoring.ts'
import { currentRelease } from '../monitoring/builds.ts'
import { recordError } from '../monitoring/errors.ts'
import type { HandlerDeps } from './deps.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postError(deps: HandlerDeps): Middleware {
  return async function postErrorHandler(ctx) {
    const beacon = parseInput(ErrorBeaconSchema, apiState(ctx).body)
    const path = beacon.path.replace(/^https?:\/\/[^/]+/, '').slice(0, 2048)
    await recordError(deps.db, {
      source: 'browser',
      via: beacon.via,
      type: beacon.type,
      message: beacon.message,
      stack: beacon.componentStack ? `${beacon.stack}\n${beacon.componentStack}`.slice(0, 8000) : beacon.stack,
      path,
      userAgent: ctx.get('User-Agent').slice(0, 512),
      release: currentRelease(deps.env.STATIC_DIR),
    })
    ctx.status = 204
  }
}
