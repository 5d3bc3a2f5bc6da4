// Signed preview links of draft posts (issue 11): `<post id>.<expiry, unix seconds in base 36>.<HMAC>`,
// signed with APP_SECRET (env, or the one generated into var/) under its own label, so a token
// of another feature never passes. The link names the post, not a revision: it shows the draft as
// it is when opened, until it expires. Checked in constant time; a bad signature is "forged"
// whatever its expiry says, a good one past its expiry is "expired".
import crypto from 'node:crypto'

export const PREVIEW_TTL_DEFAULT_S = 7 * 24 * 60 * 60
export const PREVIEW_TTL_MAX_S = 30 * 24 * 60 * 60

const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`post-preview:${payload}`).digest('base64url')

export function signPreviewToken(secret: string, postId: number, { ttlSeconds = PREVIEW_TTL_DEFAULT_S, now = Date.now() } = {}) {
  const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), PREVIEW_TTL_MAX_S)
  const exp = Math.floor(now / 1000) + ttl
  const payload = `${postId}.${exp.toString(36)}`
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(exp * 1000).toISOString() }
}

export type PreviewCheck = { ok: true; postId: number; expiresAt: string } | { ok: false; reason: 'forged' | 'expired' }

export function verifyPreviewToken(secret: string, token: string, now = Date.now()): PreviewCheck {
  const m = /^([1-9][0-9]{0,9})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return { ok: false, reason: 'forged' }
  const expected = Buffer.from(sign(secret, `${m[1]}.${m[2]}`))
  const given = Buffer.from(m[3])
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' }
  const exp = Number.parseInt(m[2], 36)
  if (exp * 1000 <= now) return { ok: false, reason: 'expired' }
  return { ok: true, postId: Number(m[1]), expiresAt: new Date(exp * 1000).toISOString() }
}
