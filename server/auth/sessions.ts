// Staff sessions (docs/decisions/040-admin-auth.md): a 128-bit random cookie value, stored
// server-side as its sha256 with the user, a CSRF token and three timestamps. The cookie is
// HttpOnly, SameSite=Lax, Path=/, and Secure with the `__Host-` prefix when the request is HTTPS
// (ctx.secure, which honours X-Forwarded-Proto when a proxy is trusted: TRUST_PROXY, TRUST_PROXY_HOPS
// or TRUSTED_PROXIES).
import crypto from 'node:crypto'
import type { Context, Middleware } from 'koa'
import type { AdminUser } from '../../shared/adminContract.ts'
import { canAccess, type AdminAction, type AdminResource, type Role } from '../../shared/permissions.ts'
import type { Db } from '../db/knex.ts'
import { deleteSession, findLiveSession, insertSession, touchSession } from '../db/queries/sessions.ts'
import { nowIso } from '../db/rows.ts'
import type { Env } from '../env.ts'

export type AdminState = { user: AdminUser; sessionId: string; csrfToken: string }

export const cookieName = (ctx: Context) => (ctx.secure ? '__Host-sid' : 'sid')
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex')
export const idleMs = (env: Env) => env.SESSION_IDLE_MINUTES * 60_000
/** last_seen_at is written at most this often (or every tenth of the idle window). */
const TOUCH_EVERY_MS = 60_000

export function adminState(ctx: Context): AdminState {
  const state = ctx.state.admin as AdminState | undefined
  if (!state) ctx.throw(401, 'Please sign in.')
  return state
}

/** Starts a fresh session (a new id every login: no fixation) and sets its cookie. */
export async function startSession(ctx: Context, db: Db, env: Env, userId: number, now = Date.now()): Promise<{ csrfToken: string; sessionId: string }> {
  const token = crypto.randomBytes(16).toString('base64url')
  const csrfToken = crypto.randomBytes(32).toString('base64url')
  const sessionId = sha256(token)
  await insertSession(db, {
    id: sessionId,
    user_id: userId,
    csrf_token: csrfToken,
    created_at: nowIso(now),
    last_seen_at: nowIso(now),
    expires_at: nowIso(now + env.SESSION_ABSOLUTE_HOURS * 3600_000),
  })
  ctx.cookies.set(cookieName(ctx), token, { httpOnly: true, sameSite: 'lax', path: '/', secure: ctx.secure, signed: false, overwrite: true })
  return { csrfToken, sessionId }
}

export async function endSession(ctx: Context, db: Db) {
  const token = ctx.cookies.get(cookieName(ctx), { signed: false })
  if (token) await deleteSession(db, sha256(token))
  ctx.cookies.set(cookieName(ctx), '', { httpOnly: true, sameSite: 'lax', path: '/', secure: ctx.secure, signed: false, overwrite: true, maxAge: 0 })
}

/** Reads the session cookie; leaves ctx.state.admin set when the session is live. */
export function loadSession({ db, env }: { db: Db; env: Env }): Middleware {
  return async function loadSessionMiddleware(ctx, next) {
    const token = ctx.cookies.get(cookieName(ctx), { signed: false })
    if (token && token.length <= 64) {
      const now = Date.now()
      const session = await findLiveSession(db, sha256(token), idleMs(env), now)
      if (session) {
        if (now - Date.parse(session.last_seen_at) > Math.min(TOUCH_EVERY_MS, idleMs(env) / 10)) await touchSession(db, session.id, now)
        const state: AdminState = {
          sessionId: session.id,
          csrfToken: session.csrf_token,
          user: {
            id: session.user_id,
            email: String(session.email),
            name: String(session.name ?? ''),
            role: session.role as Role,
            mustChangePassword: session.must_change_password === true || session.must_change_password === 1,
          },
        }
        ctx.state.admin = state
      }
    }
    await next()
  }
}

/** 401 without a live session; 403 while the account still has to change its password. */
export function requireSession(opts: { allowPasswordChangePending?: boolean } = {}): Middleware {
  return async function requireSessionMiddleware(ctx, next) {
    const state = adminState(ctx)
    if (state.user.mustChangePassword && !opts.allowPasswordChangePending) ctx.throw(403, 'Please change your password before continuing.')
    await next()
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The server's own origin, as the browser sees it (proxy-aware when a proxy is trusted). */
export const ownOrigin = (ctx: Context) => `${ctx.protocol}://${ctx.host}`

/** A state-changing request must come from our own origin when it says where it comes from. */
export function checkOrigin(): Middleware {
  return async function checkOriginMiddleware(ctx, next) {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin')
      if (origin && origin !== ownOrigin(ctx)) ctx.throw(403, 'This request did not come from the admin site.')
    }
    await next()
  }
}

/** State-changing requests carry the session's CSRF token in X-CSRF-Token (constant-time compare). */
export function requireCsrfToken(): Middleware {
  return async function requireCsrfTokenMiddleware(ctx, next) {
    if (!SAFE_METHODS.has(ctx.method)) {
      const expected = Buffer.from(adminState(ctx).csrfToken)
      const given = Buffer.from(ctx.get('X-CSRF-Token'))
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
        ctx.throw(403, 'The security token is missing or out of date. Reload the page and try again.')
    }
    await next()
  }
}

/** A permission guard, carrying what it checks so tests can walk the router (tests/admin-api/roleMatrix.test.ts). */
export type PermissionMiddleware = Middleware & { permission: { resource: AdminResource; action: AdminAction } }

export function requirePermission(resource: AdminResource, action: AdminAction): PermissionMiddleware {
  return Object.assign(
    async function requirePermissionMiddleware(ctx: Parameters<Middleware>[0], next: Parameters<Middleware>[1]) {
      if (!canAccess(adminState(ctx).user.role, { resource, action })) ctx.throw(403, 'Your role does not allow this.')
      await next()
    },
    { permission: { resource, action } },
  )
}
