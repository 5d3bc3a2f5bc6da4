import { describe, expect, it } from 'vitest'
import { PREVIEW_TTL_MAX_S, signPreviewToken, verifyPreviewToken } from './previewToken.ts'

const secret = 's'.repeat(40)
const now = Date.parse('2026-11-24T12:00:00Z')

describe('signed preview tokens', () => {
  it('verifies a token it signed until it expires, then says expired', () => {
    const { token, expiresAt } = signPreviewToken(secret, 42, { ttlSeconds: 3600, now })
    expect(expiresAt).toBe('2026-11-24T13:00:00.000Z')
    expect(verifyPreviewToken(secret, token, now + 3599_000)).toEqual({ ok: true, postId: 42, expiresAt })
    expect(verifyPreviewToken(secret, token, now + 3600_000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('rejects a token signed with another secret, or with a changed post id or expiry, as forged', () => {
    const { token } = signPreviewToken(secret, 42, { now })
    expect(verifyPreviewToken('t'.repeat(40), token, now)).toEqual({ ok: false, reason: 'forged' })
    const [, exp, sig] = token.split('.')
    expect(verifyPreviewToken(secret, `43.${exp}.${sig}`, now)).toEqual({ ok: false, reason: 'forged' })
    const later = (Number.parseInt(exp, 36) + 86400).toString(36)
    expect(verifyPreviewToken(secret, `42.${later}.${sig}`, now)).toEqual({ ok: false, reason: 'forged' })
    // A forged token past its expiry is still forged, not expired: the expiry is not trusted unsigned.
    expect(verifyPreviewToken(secret, `42.1.${sig}`, now)).toEqual({ ok: false, reason: 'forged' })
    for (const junk of ['', 'abc', '42', '42.x', `0.${exp}.${sig}`, `42.${exp}.${sig}x`]) expect(verifyPreviewToken(secret, junk, now).ok).toBe(false)
  })

  it('caps the lifetime', () => {
    const { expiresAt } = signPreviewToken(secret, 1, { ttlSeconds: 10 * PREVIEW_TTL_MAX_S, now })
    expect(Date.parse(expiresAt) - now).toBe(PREVIEW_TTL_MAX_S * 1000)
  })
})

describe('revoking preview links', () => {
  it('a token of an older generation is revoked, one of the current generation verifies, a legacy token is generation 0', () => {
    const legacy = signPreviewToken(secret, 42, { now }).token
    expect(verifyPreviewToken(secret, legacy, now).ok).toBe(true)
    expect(verifyPreviewToken(secret, legacy, now, 0).ok).toBe(true)
    // "Revoke preview links": the post's generation becomes 1.
    expect(verifyPreviewToken(secret, legacy, now, 1)).toEqual({ ok: false, reason: 'revoked' })
    const fresh = signPreviewToken(secret, 42, { now, generation: 1 })
    expect(verifyPreviewToken(secret, fresh.token, now, 1)).toEqual({ ok: true, postId: 42, expiresAt: fresh.expiresAt })
    // Revoked again: both older links are revoked; a revoked link past its expiry is still revoked.
    expect(verifyPreviewToken(secret, fresh.token, now, 2)).toEqual({ ok: false, reason: 'revoked' })
    expect(verifyPreviewToken(secret, legacy, now + 2 * PREVIEW_TTL_MAX_S * 1000, 2)).toEqual({ ok: false, reason: 'revoked' })
    // A token signed for a generation the post has not reached (or by another secret) is forged.
    expect(verifyPreviewToken(secret, signPreviewToken(secret, 42, { now, generation: 5 }).token, now, 2)).toEqual({ ok: false, reason: 'forged' })
    expect(verifyPreviewToken('t'.repeat(40), fresh.token, now, 1)).toEqual({ ok: false, reason: 'forged' })
  })
})
