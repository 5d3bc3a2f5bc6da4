// Spam without a CAPTCHA: the `fax` honeypot and the signed minimum-fill-time token. Spam is
// answered 2xx like a real submission, stored flagged, never notified, and hidden from staff lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getLead, listLeads } from '../../server/db/queries/leads.ts'
import { listOutbox } from '../../server/db/queries/outbox.ts'
import { signFormToken } from '../../server/lib/signing.ts'
import { agedToken, applicationForm, databases, postJson, request, samples, startTestServer, TEST_SECRET, type TestServer } from './helpers.ts'

const leadEndpoints = [
  ['/api/leads', samples.lead],
  ['/api/quotes', samples.quote],
  ['/api/contact', samples.contact],
] as const

describe.each(databases)('spam handling ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target, { FORM_MIN_FILL_MS: '3000' })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const notified = async (id: number) => (await listOutbox(server.db)).some((m) => m.lead_id === id)

  it.each(leadEndpoints)('%s: a filled honeypot is answered 201, stored flagged and not notified', async (endpoint, sample) => {
    const reply = await postJson(server.base, endpoint, sample({ fax: '+1 555 0100' }))
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ id: expect.any(Number) })
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: true, spam_reason: 'honeypot' })
    expect(await notified(reply.body.id)).toBe(false)
  })

  it('a filled honeypot on the newsletter is answered 201 and kept out of the subscribers', async () => {
    const reply = await postJson(server.base, '/api/newsletter', samples.newsletter({ email: 'honeypot-news@example.com', fax: 'x' }))
    expect(reply.status).toBe(201)
    expect(await server.db('newsletter_subscribers').where({ email: 'honeypot-news@example.com' })).toHaveLength(0)
    expect(await server.db('spam_submissions').where({ email: 'honeypot-news@example.com', reason: 'honeypot' })).toHaveLength(1)
  })

  it('a form sent sooner than FORM_MIN_FILL_MS after its token was issued is flagged too-fast', async () => {
    const { body } = await request(server.base, 'GET', '/api/form-token')
    const reply = await postJson(server.base, '/api/leads', samples.lead({ formToken: body.token }))
    expect(reply.status).toBe(201)
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: true, spam_reason: 'too-fast' })
    expect(await notified(reply.body.id)).toBe(false)
  })

  it.each([
    ['missing', { formToken: undefined }, 'missing-token'],
    ['empty', { formToken: '' }, 'missing-token'],
    ['garbage', { formToken: 'not-a-token' }, 'invalid-token'],
    ['signed with another secret', { formToken: signFormToken('another-secret-another-secret-another', Date.now() - 10_000) }, 'invalid-token'],
    ['tampered with', { formToken: agedToken().replace(/^[0-9a-z]+/, (Date.now() - 60_000).toString(36)) }, 'invalid-token'],
    ['from the future', { formToken: signFormToken(TEST_SECRET, Date.now() + 60_000) }, 'invalid-token'],
    ['older than 24 hours', { formToken: signFormToken(TEST_SECRET, Date.now() - 25 * 60 * 60 * 1000) }, 'expired-token'],
  ] as const)('a %s token is flagged %s but answered 201', async (_label, over, reason) => {
    const reply = await postJson(server.base, '/api/contact', samples.contact(over))
    expect(reply.status).toBe(201)
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: true, spam_reason: reason })
  })

  it('a token older than the minimum fill time passes', async () => {
    const reply = await postJson(server.base, '/api/leads', samples.lead({ formToken: agedToken(3500) }))
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: false, spam_reason: null })
    expect(await notified(reply.body.id)).toBe(true)
  })

  it('flags applications by token too', async () => {
    const reply = await request(server.base, 'POST', '/api/applications', { body: applicationForm({ formToken: '' }) })
    expect(reply.status).toBe(201)
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: true, spam_reason: 'missing-token' })
  })

  it('still validates spam: invalid input gets 400 whatever the honeypot says', async () => {
    const reply = await postJson(server.base, '/api/leads', { email: 'nope', fax: 'filled' })
    expect(reply.status).toBe(400)
  })

  it('keeps spam out of the staff list unless asked for', async () => {
    const listed = await listLeads(server.db, { limit: 1000 })
    const all = await listLeads(server.db, { limit: 1000, includeSpam: true })
    expect(listed.some((l) => l.is_spam)).toBe(false)
    expect(all.some((l) => l.is_spam)).toBe(true)
  })
})
