// Signed preview links of draft posts (issue 11): `<post id>.<expiry, unix seconds in base 36>.<HMAC>`,
// signed with APP_SECRET (env, or the one generated into var/) under its own label, so a token
// of another feature never passes. The link names the post, not a revision: it shows the draft as
// it is when opened, until it expires. Checked in constant time; a bad signature is "forged"
// whatever its expiry says, a good one past its expiry is "expired".
// Revocation (decision 102): the signature also covers the post's preview generation
// (posts.preview_generation), which "Revoke preview links" bumps. The token does not carry it:
// a token signed for an older generation of the post is "revoked", for none "forged".
import crypto from 'node:crypto'

export const PREVIEW_TTL_DEFAULT_S = 7 * 24 * 60 * 60
export const PREVIEW_TTL_MAX_S = 30 * 24 * 60 * 60
/** How many generations back a token is still recognised as revoked (older ones are "forged"). */
export const REVOKED_LOOKBACK = 100

/** Generation 0 signs exactly what links signed before revocation existed, so they stay valid. */
const sign = (secret: string, payload: string, generation: number) =>
  crypto
    .createHmac('sha256', secret)
    .update(`post-preview:${payload}${generation ? `.g${generation}` : ''}`)
    .digest('base64url')

export function signPreviewToken(secret: string, postId: number, { ttlSeconds = PREVIEW_TTL_DEFAULT_S, now = Date.now(), generation = 0 } = {}) {
  const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), PREVIEW_TTL_MAX_S)
  const exp = Math.floor(now / 1000) + ttl
  const payload = `${postId}.${exp.toString(36)}`
  return { token: `${payload}.${sign(secret, payload, generation)}`, expiresAt: new Date(exp * 1000).toISOString() }
}

export type PreviewCheck = { ok: true; postId: number; expiresAt: string } | { ok: false; reason: 'forged' | 'expired' | 'revoked' }

/** The post id a well-formed token names (to look its generation up), else null. */
export function previewTokenPostId(token: string): number | null {
  const m = /^([1-9][0-9]{0,9})\./.exec(token)
  return m ? Number(m[1]) : null
}

const TOKEN = /^([1-9][0-9]{0,9})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/

/** `generation`: the post's current preview generation (0 when it was never revoked). */
export function verifyPreviewToken(secret: string, token: string, now = Date.now(), generation = 0): PreviewCheck {
  const m = TOKEN.exec(token)
  if (!m) return { ok: false, reason: 'forged' }
  const payload = `${m[1]}.${m[2]}`
  const given = Buffer.from(m[3])
  const signedFor = (g: number) => {
    const expected = Buffer.from(sign(secret, payload, g))
    return expected.length === given.length && crypto.timingSafeEqual(expected, given)
  }
  if (!signedFor(generation)) {
    for (let g = generation - 1; g >= Math.max(0, generation - REVOKED_LOOKBACK); g--) if (signedFor(g)) return { ok: false, reason: 'revoked' }
    return { ok: false, reason: 'forged' }
  }
  const exp = Number.parseInt(m[2], 36)
  if (exp * 1000 <= now) return { ok: false, reason: 'expired' }
  return { ok: true, postId: Number(m[1]), expiresAt: new Date(exp * 1000).toISOString() }
}
