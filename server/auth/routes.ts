// /api/admin/auth/*: login, me, logout, change own password. Wrong email, wrong password and a
// disabled account all get the same 401 after the same argon2 work (a dummy hash for unknown
// emails); every attempt is counted first and throttled ones get 429 + Retry-After before any
// password is checked (./throttle.ts, ./deviceCookie.ts). Sign-ins,
// failed sign-ins, sign-outs and password changes go to the audit log (./auditEvents.ts).
import type { Context, Middleware } from 'koa'
import { LoginSchema, PasswordChangeSchema, type AdminUser } from '../../shared/adminContract.ts'
import type { Db } from '../db/knex.ts'
import { deleteExpiredSessions, deleteUserSessions } from '../db/queries/sessions.ts'
import { pruneAttempts } from '../db/queries/loginAttempts.ts'
import { findUserById, findUserForLogin, getPasswordHash, setPassword, touchLastLogin } from '../db/queries/users.ts'
import type { Env } from '../env.ts'
import { bodyOf } from '../api/state.ts'
import { auditSignInEvent, signInFailure } from './auditEvents.ts'
import { readDeviceId, setDeviceCookie } from './deviceCookie.ts'
import { checkPasswordRules, getDummyHash, hashPassword, verifyPassword } from './passwords.ts'
import { adminState, endSession, idleMs, startSession } from './sessions.ts'
import { giveBack, signInBuckets, takeAttempt, THROTTLE, waitText } from './throttle.ts'
import { hashIp } from '../lib/signing.ts'

const INVALID = 'Invalid email or password.'

function throttled(ctx: Context, waitMs: number): never {
  const { seconds, message } = waitText(waitMs)
  ctx.throw(429, message, { headers: { 'Retry-After': String(seconds) } })
}

export function postLogin({ db, env }: { db: Db; env: Env }): Middleware {
  return async function postLoginHandler(ctx: Context) {
    const { email, password } = LoginSchema.parse(bodyOf(ctx))
    // Counted before the password is checked (./throttle.ts): a burst gets at most the limit.
    const deviceId = readDeviceId(ctx, env.APP_SECRET, email)
    const verdict = await takeAttempt(db, signInBuckets(email, hashIp(ctx.ip, env.APP_SECRET), deviceId))
    if (!verdict.allowed) throttled(ctx, verdict.retryAfterMs)
    const user = await findUserForLogin(db, email)
    const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), password)
    if (!user || !ok || user.disabled) {
      await auditSignInEvent(db, { action: 'sign_in_failed', email, accountId: user?.id ?? null, reason: signInFailure(user, ok) })
      ctx.throw(401, INVALID)
    }
    await giveBack(db, verdict)
    // Housekeeping on a rare, already-expensive request: expired sessions and stale throttle rows go.
    await deleteExpiredSessions(db, idleMs(env))
    await pruneAttempts(db)
    // Rotation: whatever session this browser had is ended before the new one starts.
    await endSession(ctx, db)
    const { csrfToken } = await startSession(ctx, db, env, user.id)
    setDeviceCookie(ctx, env.APP_SECRET, user.email)
    await touchLastLogin(db, user.id)
    await auditSignInEvent(db, { action: 'sign_in', userId: user.id })
    ctx.body = { user: toAdminUser(user), csrfToken }
  }
}

export const toAdminUser = (u: { id: number; email: string; name: string; role: AdminUser['role']; must_change_password: boolean }): AdminUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  mustChangePassword: u.must_change_password,
})

export function getMe(): Middleware {
  return async function getMeHandler(ctx: Context) {
    const { user, csrfToken } = adminState(ctx)
    ctx.body = { user, csrfToken }
  }
}

export function postLogout({ db }: { db: Db }): Middleware {
  return async function postLogoutHandler(ctx) {
    await auditSignInEvent(db, { action: 'sign_out', userId: adminState(ctx).user.id })
    await endSession(ctx, db)
    ctx.status = 204
  }
}

export function postPassword({ db }: { db: Db }): Middleware {
  return async function postPasswordHandler(ctx: Context) {
    const { user, sessionId } = adminState(ctx)
    const { currentPassword, newPassword } = PasswordChangeSchema.parse(bodyOf(ctx))
    const verdict = await takeAttempt(db, [{ key: `password:${user.id}`, limit: THROTTLE.passwordChange }])
    if (!verdict.allowed) throttled(ctx, verdict.retryAfterMs)
    const hash = await getPasswordHash(db, user.id)
    if (!hash || !(await verifyPassword(hash, currentPassword))) {
      ctx.throw(400, 'Your current password is not correct.', { errors: { currentPassword: 'Your current password is not correct.' } })
    }
    const record = await findUserById(db, user.id)
    const problem = checkPasswordRules(newPassword, { email: user.email, name: record?.name })
    if (problem) ctx.throw(422, problem, { errors: { newPassword: problem } })
    if (await verifyPassword(hash, newPassword))
      ctx.throw(422, 'Choose a password different from the current one.', { errors: { newPassword: 'Choose a password different from the current one.' } })
    // Only a completed change gives the attempt back: refused new passwords count too, which
    // bounds the strength checks (CPU) one session can ask for.
    await giveBack(db, verdict)
    const newHash = await hashPassword(newPassword)
    await db.transaction(async (trx) => {
      await setPassword(trx, user.id, newHash, false)
      // Other browsers signed in with the old password are signed out.
      await deleteUserSessions(trx, user.id, sessionId)
      await auditSignInEvent(trx, { action: 'password_change', userId: user.id })
    })
    ctx.status = 204
  }
}
