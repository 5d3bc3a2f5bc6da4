// HTTP rules shared by every endpoint: 415 for a wrong content type, 413 for a JSON body over
// 32 KB, 400 for malformed JSON, JSON 404/405 under /api, no caching, form tokens.
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkFormToken } from '../../server/lib/signing.ts'
import { applicationForm, databases, request, samples, startTestServer, TEST_SECRET, type TestServer } from './helpers.ts'

const jsonEndpoints: [string, () => Record<string, unknown>][] = [
  ['/api/leads', () => samples.lead()],
  ['/api/quotes', () => samples.quote()],
  ['/api/contact', () => samples.contact()],
  ['/api/newsletter', () => samples.newsletter()],
  ['/api/roi-calculation', () => samples.roi()],
  ['/api/events', () => ({ events: [samples.event()] })],
]

function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1')
      if (data.includes('\r\n\r\n') && /\r\n\r\n[\s\S]*\}/.test(data)) socket.destroy()
    })
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
    setTimeout(() => socket.destroy(), 3000)
  })
}

describe.each(databases)('API protocol ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it.each(jsonEndpoints)('%s: 415 for a wrong or missing content type', async (endpoint, sample) => {
    const body = JSON.stringify(sample())
    for (const type of ['application/x-www-form-urlencoded', 'text/html', 'application/xml', 'multipart/form-data; boundary=abc', '']) {
      // A Buffer body: fetch adds no Content-Type of its own (a string would get text/plain).
      const reply = await request(server.base, 'POST', endpoint, { body: Buffer.from(body), headers: type ? { 'Content-Type': type } : {} })
      expect(reply.status, `${endpoint} ${type}`).toBe(415)
      expect(reply.body.message).toMatch(/^Send the request body as application\/json/)
    }
    expect((await request(server.base, 'POST', endpoint, { body, type: 'application/json; charset=latin1' })).status).toBe(415)
    expect((await request(server.base, 'POST', endpoint, { body, type: 'application/json', headers: { 'Content-Encoding': 'gzip' } })).status).toBe(415)
    if (endpoint !== '/api/events') expect((await request(server.base, 'POST', endpoint, { body, type: 'text/plain' })).status).toBe(415)
  })

  it.each(jsonEndpoints)('%s: 413 for a JSON body over 32 KB', async (endpoint, sample) => {
    const body = JSON.stringify({ ...sample(), padding: 'x'.repeat(33 * 1024) })
    const reply = await request(server.base, 'POST', endpoint, { body, type: 'application/json' })
    expect(reply.status).toBe(413)
    expect(reply.body).toEqual({ message: 'The request body must be at most 32 KB.' })
  })

  it.each(jsonEndpoints)('%s: 400 for malformed JSON, an empty body or a non-object', async (endpoint) => {
    for (const body of ['{"email": ', '{email: "a@b.co"}', "{'a':1}", '[1,2]', 'null', '"text"', '42', '', '   ']) {
      const reply = await request(server.base, 'POST', endpoint, { body, type: 'application/json' })
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body.message).toMatch(/not valid JSON|Send a JSON object/)
      expect(reply.body.errors).toEqual({ _: reply.body.message })
    }
    const invalidUtf8 = await request(server.base, 'POST', endpoint, { body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), type: 'application/json' })
    expect(invalidUtf8).toMatchObject({ status: 400, body: { message: 'The request body is not valid UTF-8.' } })
  })

  it('stores text with NUL characters and lone surrogates (escaped in JSON) on every database', async () => {
    const lead = await request(server.base, 'POST', '/api/leads', {
      body: JSON.stringify(samples.lead({ firstName: 'A\u0000da\ud800', message: 'ok \udc00 \u{1F600}' })),
      type: 'application/json',
    })
    expect(lead.status).toBe(201)
    const row = await server.db('leads').where({ id: lead.body.id }).first()
    expect(row.name).toBe('Ada\ufffd Lovelace')
    expect(row.message).toBe('ok \ufffd \u{1F600}')
    const events = await request(server.base, 'POST', '/api/events', {
      body: JSON.stringify({ events: [samples.event({ name: '\u0000', props: { 'k\u0000\ud800': 'v\udfff' } })] }),
      type: 'application/json',
    })
    expect(events.status).toBe(202)
    const multipart = await request(server.base, 'POST', '/api/applications', { body: applicationForm({ name: 'Nul\u0000 Name' }) })
    expect(multipart.status).toBe(201)
    expect((await server.db('leads').where({ id: multipart.body.id }).first()).name).toBe('Nul Name')
  })

  it('accepts a JSON body of just under 32 KB', async () => {
    const reply = await request(server.base, 'POST', '/api/events', {
      json: { events: [samples.event({ path: `/${'p'.repeat(2000)}` })], padding: 'x'.repeat(29 * 1024) },
    })
    expect(reply.status).toBe(202)
  })

  it('answers 413 to a chunked body that grows past the limit', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${server.base}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write('{"email":"a@example.com","message":"')
      for (let i = 0; i < 40; i++) req.write('x'.repeat(1024))
      req.end('"}')
    })
    expect(status).toBe(413)
  })

  it('answers 413 at once to a declared length far over the limit', async () => {
    const response = await rawExchange(
      server.port,
      'POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{"email":',
    )
    expect(response).toMatch(/^HTTP\/1\.1 413/)
    expect(response.toLowerCase()).toContain('connection: close')
  })

  it('answers JSON 404 and 405 under /api and keeps /healthz', async () => {
    expect(await request(server.base, 'GET', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { message: 'There is no API endpoint at this address.' },
    })
    expect(await request(server.base, 'POST', '/api')).toMatchObject({ status: 404 })
    const wrongMethod = await request(server.base, 'PUT', '/api/leads', { json: {} })
    expect(wrongMethod).toMatchObject({ status: 405, body: { message: 'PUT is not allowed here.' } })
    expect(wrongMethod.headers.get('allow')).toContain('POST')
    expect((await request(server.base, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', database: 'ok' })
  })

  it('issues signed form tokens that are not cached', async () => {
    const reply = await request(server.base, 'GET', '/api/form-token')
    expect(reply.status).toBe(200)
    expect(reply.headers.get('cache-control')).toBe('no-store')
    expect(reply.body).toEqual({ token: expect.stringMatching(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/) })
    expect(checkFormToken(TEST_SECRET, reply.body.token, 0)).toMatchObject({ ok: true })
    expect(checkFormToken(TEST_SECRET, reply.body.token, 3000)).toEqual({ ok: false, reason: 'too-fast' })
  })
})

describe('slow request bodies', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ name: 'sqlite' }, { BODY_TIMEOUT_MS: '300' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** Sends the headers and the first bytes of a body, then nothing: answers what came back and when the socket closed. */
  function trickle(head: string, first: string): Promise<{ response: string; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () => socket.write(head + first))
      let response = ''
      const give = (closed: boolean) => resolve({ response, closed })
      socket.on('data', (chunk) => (response += chunk.toString('latin1')))
      socket.on('close', () => give(true))
      socket.on('error', reject)
      setTimeout(() => {
        give(false)
        socket.destroy()
      }, 5000)
    })
  }

  it('answers 408 and closes the connection when a JSON body stalls past BODY_TIMEOUT_MS', async () => {
    const { response, closed } = await trickle(
      'POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
      '{"email":"slow@',
    )
    expect(response).toMatch(/^HTTP\/1\.1 408/)
    expect(response).toContain('The request body took too long to arrive')
    expect(closed).toBe(true)
  })

  it('answers 408 to a stalled upload and keeps no partial file', async () => {
    const boundary = 'slowboundary'
    const head = `POST /api/applications HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n`
    const first = `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(2000)}`
    const { response, closed } = await trickle(head, first)
    expect(response).toMatch(/^HTTP\/1\.1 408/)
    expect(closed).toBe(true)
    expect(fs.readdirSync(server.env.UPLOADS_DIR)).toEqual([])
    // The upload's reservation is given back: only what arrived is charged to the address.
    const [usage] = await server.db('upload_usage').select('bytes')
    expect(Number(usage.bytes)).toBeLessThan(5000)
  })

  it('still serves bodies that arrive in time', async () => {
    expect((await request(server.base, 'POST', '/api/leads', { json: samples.lead() })).status).toBe(201)
  })
})
