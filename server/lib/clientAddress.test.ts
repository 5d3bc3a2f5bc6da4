import { describe, expect, it } from 'vitest'
import { loadEnv, proxyTrust } from '../env.ts'
import { clientAddress, parseTrustedProxies } from './clientAddress.ts'

const none = { hops: 0, proxies: null }
const hops = (n: number) => ({ hops: n, proxies: null })

describe('clientAddress', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', none)).toBe('203.0.113.9')
    expect(clientAddress('::ffff:127.0.0.1', undefined, none)).toBe('127.0.0.1')
  })

  it('takes the address one hop left of the trusted proxies, never the client-written left-most value', () => {
    // One proxy: it appended the address it saw; whatever the client sent stays on the left.
    expect(clientAddress('10.0.0.2', '203.0.113.9', hops(1))).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.2', '6.6.6.6, 7.7.7.7, 203.0.113.9', hops(1))).toBe('203.0.113.9')
    // Two proxies (CDN + load balancer): the CDN saw the client, the balancer saw the CDN.
    expect(clientAddress('10.0.0.2', 'spoofed, 203.0.113.9, 198.51.100.1', hops(2))).toBe('203.0.113.9')
    // Fewer entries than hops (a request that skipped a proxy): the left-most there is.
    expect(clientAddress('10.0.0.2', undefined, hops(1))).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '203.0.113.9', hops(3))).toBe('203.0.113.9')
  })

  it('walks left past a list of trusted proxy addresses and ranges', () => {
    const trust = { hops: 0, proxies: parseTrustedProxies('10.0.0.0/8, 192.0.2.7, fd00::/8') }
    expect(clientAddress('10.1.2.3', 'spoofed, 203.0.113.9, 192.0.2.7', trust)).toBe('203.0.113.9')
    expect(clientAddress('::ffff:10.1.2.3', '1.1.1.1, 203.0.113.9', trust)).toBe('203.0.113.9')
    expect(clientAddress('fd00::1', '2001:db8::5', trust)).toBe('2001:db8::5')
    // A peer that is not one of our proxies is the client, whatever its header says.
    expect(clientAddress('198.51.100.4', '10.0.0.1', trust)).toBe('198.51.100.4')
    // Every hop trusted: the left-most is the best there is.
    expect(clientAddress('10.0.0.1', '10.0.0.9', trust)).toBe('10.0.0.9')
  })

  it('refuses a malformed TRUSTED_PROXIES list and the two settings together, and keeps TRUST_PROXY=true as one hop', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/prefix/)
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/not an IP/)
    expect(() => loadEnv({ APP_SECRET: 'x'.repeat(32), TRUSTED_PROXIES: 'nope' })).toThrow(/TRUSTED_PROXIES/)
    expect(() => loadEnv({ APP_SECRET: 'x'.repeat(32), TRUSTED_PROXIES: '10.0.0.1', TRUST_PROXY_HOPS: '1' })).toThrow(/not both/)
    expect(proxyTrust(loadEnv({ APP_SECRET: 'x'.repeat(32), TRUST_PROXY: 'true' }))).toEqual({ hops: 1, proxies: null })
    expect(proxyTrust(loadEnv({ APP_SECRET: 'x'.repeat(32), TRUST_PROXY_HOPS: '2' }))).toEqual({ hops: 2, proxies: null })
    expect(proxyTrust(loadEnv({ APP_SECRET: 'x'.repeat(32) }))).toEqual({ hops: 0, proxies: null })
  })
})
