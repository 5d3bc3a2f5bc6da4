// A seeded fuzz run: 6,000 malformed bodies, headers and content types across every endpoint.
// Only 4xx (or 2xx when the input happens to be valid), never a 5xx, no dropped connection, and
// the server still answers /healthz afterwards.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unsubscribeUrl } from '../../server/lib/signing.ts'
import { agedToken, databases, minimalPdf, samples, startTestServer, TEST_SECRET, type TestServer } from './helpers.ts'

const RUNS = 6000
const SEED = 0x5eed1234

/** mulberry32: small, fast, deterministic. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]
  return { next, int, pick, chance: (p: number) => next() < p }
}
type Rng = ReturnType<typeof prng>

const strings = [
  '',
  ' ',
  'a',
  'x'.repeat(300),
  'é'.repeat(3000),
  '\u0000',
  '\ud800',
  '💥'.repeat(100),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'a@b',
  'A@EXAMPLE.COM',
  '+1 (512) 555-0100',
  '%PDF-',
  'null',
  '1e309',
  '{"a":1}',
  'x'.repeat(6000),
]

function randomValue(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 3 ? 7 : 10)) {
    case 0:
      return null
    case 1:
      return r.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER])
    case 2:
      return r.chance(0.5)
    case 3:
    case 4:
      return r.pick(strings)
    case 5:
      return Array.from({ length: r.int(6) }, () => String.fromCharCode(r.int(0xffff))).join('')
    case 6:
      return `${r.pick(['', 'x', 'user'])}@${r.pick(['', 'example.com', 'ex', '.com'])}`
    case 7:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(5) }, () => [r.pick(['a', '__proto__', 'constructor', 'email', 'events', 'type', 'results']), randomValue(r, depth + 1)]),
      )
  }
}

const bases: Record<string, () => Record<string, unknown>> = {
  '/api/leads': samples.lead,
  '/api/quotes': samples.quote,
  '/api/contact': samples.contact,
  '/api/newsletter': samples.newsletter,
  '/api/roi-calculation': samples.roi,
  '/api/events': () => ({ events: [samples.event(), samples.event({ type: 'click', props: { a: 1 } })] }),
}

function mutate(r: Rng, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value }
  const keys = Object.keys(out)
  for (let i = 0, n = 1 + r.int(4); i < n; i++) {
    const action = r.int(4)
    const key = r.pick(keys)
    if (action === 0) delete out[key]
    else if (action === 1) out[key] = randomValue(r)
    else if (action === 2) out[r.pick(['extra', '__proto__', 'fax', 'formToken', 'constructor', 'prototype'])] = randomValue(r)
    else if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((v) => (r.chance(0.5) && v && typeof v === 'object' ? mutate(r, v as Record<string, unknown>) : randomValue(r)))
  }
  return out
}

function randomBytes(r: Rng, n: number): Buffer {
  const b = Buffer.alloc(n)
  for (let i = 0; i < n; i++) b[i] = r.int(256)
  return b
}

function jsonBody(r: Rng, endpoint: string): Buffer {
  const base = (bases[endpoint] ?? samples.lead)()
  switch (r.int(9)) {
    case 0:
      return Buffer.from(JSON.stringify(base)) // valid
    case 1: {
      const text = JSON.stringify(base)
      return Buffer.from(text.slice(0, r.int(text.length)))
    }
    case 2:
      return randomBytes(r, r.int(2000))
    case 3:
      return Buffer.from(r.chance(0.5) ? '['.repeat(5000 + r.int(20000)) : `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`)
    case 4:
      return Buffer.from(JSON.stringify(randomValue(r)))
    case 5:
      return Buffer.from(JSON.stringify({ ...base, pad: 'x'.repeat(30_000 + r.int(10_000)) }))
    default:
      return Buffer.from(JSON.stringify(mutate(r, base)))
  }
}

function multipartBody(r: Rng): { body: Buffer; type: string } {
  const boundary = r.chance(0.9) ? `----fuzz${r.int(1e9)}` : ''
  const parts: Buffer[] = []
  const fields: Record<string, string> = {
    openingId: 'senior-seo-strategist',
    name: 'Fuzz Person',
    email: 'fuzz@example.com',
    coverLetter: 'c'.repeat(60),
    formToken: agedToken(),
  }
  for (const [k, v] of Object.entries(fields)) {
    if (r.chance(0.15)) continue
    const value = r.chance(0.2) ? String(randomValue(r)) : v
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${r.chance(0.05) ? 'x"; filename="y' : k}"\r\n\r\n${value}\r\n`))
  }
  if (r.chance(0.8)) {
    const content = r.pick([minimalPdf(r.int(1000)), randomBytes(r, r.int(3000)), Buffer.from('%PDF'), Buffer.alloc(0)])
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${r.pick(['resume', 'resume', 'file', ''])}"; filename="${r.pick(['a.pdf', '', '../x', 'é.pdf'])}"\r\nContent-Type: ${r.pick(['application/pdf', 'text/plain', ''])}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    )
  }
  if (r.chance(0.85)) parts.push(Buffer.from(`--${boundary}--\r\n`))
  let body: Buffer = Buffer.concat(parts)
  if (r.chance(0.15)) body = body.subarray(0, r.int(body.length + 1))
  if (r.chance(0.05)) body = randomBytes(r, r.int(4000))
  const type = r.chance(0.9)
    ? `multipart/form-data${boundary ? `; boundary=${boundary}` : ''}`
    : r.pick(['multipart/mixed; boundary=x', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="unterminated'])
  return { body, type }
}

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=abc',
  'text/html',
  'application/*',
  'json',
  ';;;',
  'application/json; charset',
  '',
  'APPLICATION/JSON',
]

type Case = { method: string; path: string; headers: Record<string, string>; body?: Buffer }

function makeCase(r: Rng, token: string): Case {
  const headers: Record<string, string> = {}
  if (r.chance(0.2)) headers['Idempotency-Key'] = r.pick(['k1', 'k2', 'fuzz-key', 'x'.repeat(300), `key-${r.int(50)}`, ' '])
  if (r.chance(0.05)) headers['Content-Encoding'] = r.pick(['gzip', 'br', 'identity', 'nonsense'])
  if (r.chance(0.1)) headers['User-Agent'] = r.pick(['', 'x'.repeat(4000), 'Mozilla/5.0 fuzz'])
  if (r.chance(0.05)) headers['X-Forwarded-For'] = r.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1'])
  const kind = r.int(20)
  if (kind === 0) return { method: 'GET', path: '/api/form-token', headers }
  if (kind === 1) {
    const email = r.pick(['a@example.com', 'not-an-email', '', '%00', 'é@é.com'])
    const link = r.chance(0.3)
      ? unsubscribeUrl(TEST_SECRET, 'a@example.com')
      : `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&sig=${r.pick(['', 'abc', '%', 'x'.repeat(500)])}${r.chance(0.2) ? '&email=b@example.com' : ''}`
    return { method: r.pick(['GET', 'GET', 'POST', 'DELETE']), path: link, headers }
  }
  if (kind === 2)
    return {
      method: r.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'POST']),
      path: r.pick(['/api', '/api/', '/api/leads/1', '/api/%2e%2e/healthz', '/api/leads?x=1', '/api/unknown', '/api/events/']),
      headers,
      body: randomBytes(r, r.int(200)),
    }
  if (kind <= 5) {
    const { body, type } = multipartBody(r)
    headers['Content-Type'] = r.chance(0.9) ? type : r.pick(contentTypes)
    return { method: 'POST', path: '/api/applications', headers, body }
  }
  const endpoint = r.pick(Object.keys(bases))
  const body = jsonBody(r, endpoint)
  const type = r.chance(0.75) ? 'application/json' : r.pick(contentTypes)
  if (type) headers['Content-Type'] = type
  // Keep a valid token in most valid-looking bodies so some are accepted as real leads.
  void token
  return { method: 'POST', path: endpoint, headers, body }
}

function send(agent: http.Agent, port: number, c: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { ...c.headers, ...(c.body ? { 'Content-Length': String(c.body.length) } : {}) }
    const req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(c.body)
  })
}

describe.each(databases)('fuzz ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target, { FORM_MIN_FILL_MS: '0' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it(`answers ${RUNS} malformed requests with 2xx/4xx only and stays healthy`, async () => {
    const r = prng(SEED)
    const cases = Array.from({ length: RUNS }, () => makeCase(r, agedToken()))
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
    const statuses = new Map<number, number>()
    const failures: string[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < cases.length) {
          const c = cases[next++]
          try {
            const status = await send(agent, server.port, c)
            statuses.set(status, (statuses.get(status) ?? 0) + 1)
            if (status >= 500 || status < 200 || (status >= 300 && status < 400 && status !== 303))
              failures.push(`${status} ${c.method} ${c.path} ${JSON.stringify(c.headers)} ${c.body?.subarray(0, 200).toString('latin1')}`)
          } catch (error) {
            failures.push(`${(error as Error).message} ${c.method} ${c.path} ${JSON.stringify(c.headers)}`)
          }
        }
      }),
    )
    agent.destroy()
    if (process.env.FUZZ_REPORT)
      (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, `${JSON.stringify([...statuses].sort())}\n${failures.join('\n')}`)
    expect(failures.slice(0, 10)).toEqual([])
    const total = [...statuses.values()].reduce((a, b) => a + b, 0)
    expect(total).toBe(RUNS)
    // The run really exercised both sides.
    const count = (lo: number, hi: number) => [...statuses].filter(([s]) => s >= lo && s < hi).reduce((a, [, n]) => a + n, 0)
    expect(count(400, 500)).toBeGreaterThan(RUNS / 2)
    expect(count(200, 300)).toBeGreaterThan(50)
    for (const status of [400, 413, 415]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0)
    const health = await fetch(`${server.base}/healthz`)
    expect(health.status).toBe(200)
  })
})
