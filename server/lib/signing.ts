// Everything signed or hashed with APP_SECRET: form fill-time tokens, newsletter unsubscribe
// links and the IP hash stored instead of the raw IP.
import crypto from 'node:crypto'

const hmac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest('base64url')

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

export const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')

/** HMAC-SHA256 of the IP, truncated to 32 hex characters: stable per visitor, not reversible. */
export function hashIp(ip: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`ip:${ip}`).digest('hex').slice(0, 32)
}

export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** `<issued at, base 36>.<nonce>.<signature>`: proves when the form was rendered. */
export function signFormToken(secret: string, now = Date.now()): string {
  const payload = `${now.toString(36)}.${crypto.randomBytes(9).toString('base64url')}`
  return `${payload}.${hmac(secret, `form-token:${payload}`)}`
}

export type FormTokenCheck = { ok: true; ageMs: number } | { ok: false; reason: 'missing-token' | 'invalid-token' | 'expired-token' | 'too-fast' }

export function checkFormToken(secret: string, token: string, minFillMs: number, now = Date.now()): FormTokenCheck {
  if (!token) return { ok: false, reason: 'missing-token' }
  const parts = token.split('.')
  if (parts.length !== 3 || !/^[0-9a-z]{1,12}$/.test(parts[0])) return { ok: false, reason: 'invalid-token' }
  const payload = `${parts[0]}.${parts[1]}`
  if (!safeEqual(parts[2], hmac(secret, `form-token:${payload}`))) return { ok: false, reason: 'invalid-token' }
  const ageMs = now - Number.parseInt(parts[0], 36)
  // A little clock skew is tolerated; a token from the future is not genuine.
  if (ageMs < -5000) return { ok: false, reason: 'invalid-token' }
  if (ageMs > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: 'expired-token' }
  if (ageMs < minFillMs) return { ok: false, reason: 'too-fast' }
  return { ok: true, ageMs }
}

export const unsubscribeSignature = (secret: string, email: string) => hmac(secret, `unsubscribe:${email}`)

export function checkUnsubscribeSignature(secret: string, email: string, sig: string): boolean {
  return safeEqual(sig, unsubscribeSignature(secret, email))
}

/** The link sent in newsletters: no login, the signature proves the email was ours to send to. */
export function unsubscribeUrl(secret: string, email: string, siteUrl = ''): string {
  const query = new URLSearchParams({ email, sig: unsubscribeSignature(secret, email) })
  return `${siteUrl.replace(/\/$/, '')}/api/newsletter/unsubscribe?${query}`
}
