// The client's address behind reverse proxies (docs/decisions/061-sign-in-throttling.md).
// X-Forwarded-For is a list every proxy appends to: "client, proxy1, proxy2", and the TCP peer is
// the last proxy. Only the right-hand part was written by our own proxies: anything to the left
// of it comes from the client and may be forged. So the address is read from the right:
// - TRUST_PROXY_HOPS=N (TRUST_PROXY=true means 1): the N-th address from the right of the chain
//   "X-Forwarded-For entries + TCP peer", i.e. what the outermost of our N proxies saw;
// - TRUSTED_PROXIES=ip,ip/cidr: walk from the TCP peer leftwards while the address is one of our
//   proxies; the first address that is not is the client.
// Without either, X-Forwarded-For is ignored and the TCP peer is the client.
import net from 'node:net'
import type { Middleware } from 'koa'

export type ProxyTrust = { hops: number; proxies: net.BlockList | null }

/** Strips an IPv4-mapped IPv6 prefix and a zone id, so "::ffff:10.0.0.1" matches "10.0.0.0/8". */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  if (mapped) return mapped[1] as string
  return trimmed.replace(/%.*$/, '')
}

/** Parses "10.0.0.1, 10.1.0.0/16, fd00::/8": throws with the bad entry named. */
export function parseTrustedProxies(list: string): net.BlockList {
  const blocks = new net.BlockList()
  for (const raw of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, prefixText] = raw.split('/') as [string, string | undefined]
    const ip = normaliseAddress(address)
    const family = net.isIP(ip)
    if (family === 0) throw new Error(`"${raw}" is not an IP address or CIDR range`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefixText === undefined) {
      blocks.addAddress(ip, type)
      continue
    }
    const prefix = Number(prefixText)
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${raw}" has an invalid prefix length`)
    blocks.addSubnet(ip, prefix, type)
  }
  return blocks
}

const isTrusted = (proxies: net.BlockList, address: string) => {
  const family = net.isIP(address)
  return family !== 0 && proxies.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** The client address for a request: see the top of this file. */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: ProxyTrust): string {
  const socketAddress = normaliseAddress(peer)
  if (trust.hops === 0 && !trust.proxies) return socketAddress
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map(normaliseAddress)
    .filter((s) => s.length > 0)
  const chain = [...forwarded, socketAddress]
  if (trust.proxies) {
    let i = chain.length - 1
    while (i > 0 && isTrusted(trust.proxies, chain[i] as string)) i--
    return (chain[i] as string).slice(0, 64)
  }
  return (chain[Math.max(0, chain.length - 1 - trust.hops)] as string).slice(0, 64)
}

/** Sets ctx.ip (used by rate limits, the sign-in throttle and hashed-IP records) once per request. */
export function clientAddressMiddleware(trust: ProxyTrust): Middleware {
  return async function clientAddressHandler(ctx, next) {
    ctx.request.ip = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('X-Forwarded-For') || undefined, trust)
    await next()
  }
}
