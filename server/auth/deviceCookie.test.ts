import { describe, expect, it } from 'vitest'
import { checkDeviceToken, DEVICE_COOKIE_MAX_AGE_MS, makeDeviceToken } from './deviceCookie.ts'

const secret = 'device-cookie-test-secret-0123456789abcdef'

describe('device cookie tokens', () => {
  it('are valid for the account they were issued to, for 180 days, and for nobody else', () => {
    const now = Date.UTC(2026, 10, 24)
    const token = makeDeviceToken(secret, 'Jane@Example.com', now)
    const id = checkDeviceToken(secret, 'jane@example.com', token, now + 1000)
    expect(id).toMatch(/^[\w-]{16}$/)
    expect(checkDeviceToken(secret, 'john@example.com', token, now)).toBeNull()
    expect(checkDeviceToken('another-secret-0123456789abcdef0123', 'jane@example.com', token, now)).toBeNull()
    expect(checkDeviceToken(secret, 'jane@example.com', token, now + DEVICE_COOKIE_MAX_AGE_MS + 1)).toBeNull()
    expect(checkDeviceToken(secret, 'jane@example.com', token.replace(/^[^.]+/, (now + 5).toString(36)), now)).toBeNull()
    for (const bad of [undefined, '', 'a.b', 'a.b.c.d', 'x'.repeat(300)]) expect(checkDeviceToken(secret, 'jane@example.com', bad, now)).toBeNull()
  })
})
