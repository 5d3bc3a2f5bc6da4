// OWASP's device cookies (docs/decisions/061-sign-in-throttling.md): after a successful sign-in
// the browser keeps a cookie that proves "this browser has signed in to this account before".
// Attempts that carry a valid one for the account they try are throttled in the device's own
// bucket (./throttle.ts), apart from attacks that come from anywhere else.
// Value: `<issued at, base 36>.<nonce>.<HMAC-SHA256(APP_SECRET, account email, issued, nonce)>`;
// the email is not in the cookie, only in what the signature covers. HttpOnly, SameSite=Strict,
// sent only to /api/admin/auth, Secure (and `__Secure-` prefixed) under HTTPS, kept 180 days.
import crypto from 'node:crypto'
import type { Context } from 'koa'

export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 86_400_000
const PATH = '/api/admin/auth'

export const deviceCookieName = (ctx: Context) => (ctx.secure ? '__Secure-device' : 'device')

const sign = (secret: string, email: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(`device-cookie\n${email.toLowerCase()}\n${payload}`).digest('base64url')

export function makeDeviceToken(secret: string, email: string, now = Date.now()): string {
  const payload = `${now.toString(36)}.${crypto.randomBytes(12).toString('base64url')}`
  return `${payload}.${sign(secret, email, payload)}`
}

/** The device id (the token's nonce) when `token` was issued to this email's account and is not too old; null otherwise. */
export function checkDeviceToken(secret: string, email: string, token: string | undefined, now = Date.now()): string | null {
  if (!token || token.length > 200) return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [issuedText, nonce, signature] = parts as [string, string, string]
  const expected = Buffer.from(sign(secret, email, `${issuedText}.${nonce}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  const issued = parseInt(issuedText, 36)
  if (!Number.isFinite(issued) || issued > now + 60_000 || now - issued > DEVICE_COOKIE_MAX_AGE_MS) return null
  return nonce
}

export const readDeviceId = (ctx: Context, secret: string, email: string) =>
  checkDeviceToken(secret, email, ctx.cookies.get(deviceCookieName(ctx), { signed: false }))

/** Sets a fresh device cookie for the account that just signed in on this browser. */
export function setDeviceCookie(ctx: Context, secret: string, email: string) {
  ctx.cookies.set(deviceCookieName(ctx), makeDeviceToken(secret, email), {
    httpOnly: true,
    sameSite: 'strict',
    path: PATH,
    secure: ctx.secure,
    signed: false,
    overwrite: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
  })
}
