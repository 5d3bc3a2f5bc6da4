// Spam without a CAPTCHA: the `fax` honeypot and the signed minimum-fill-time token. Spam is
// answered 2xx like a real submission, stored flagged, never notified, and hidden from staff lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getLead, listLeads } from '../../server/db/queries/leads.ts'
import { listOutbox } from '../../server/db/queries/outbox.ts'
import { purgeSpentFormTokens } from '../../server/db/queries/spentFormTokens.ts'
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

  describe('a form token is spent by its first accepted submission (finding 8)', () => {
    it('a second, different submission with the same token is answered 201 but stored flagged reused-token, without a notification', async () => {
      const formToken = agedToken()
      const first = await postJson(server.base, '/api/leads', samples.lead({ formToken }))
      expect(first.status).toBe(201)
      expect(await getLead(server.db, first.body.id)).toMatchObject({ is_spam: false })
      for (const [endpoint, sample] of leadEndpoints) {
        const again = await postJson(server.base, endpoint, sample({ formToken }))
        expect(again.status, endpoint).toBe(201)
        expect(await getLead(server.db, again.body.id), endpoint).toMatchObject({ is_spam: true, spam_reason: 'reused-token' })
        expect(await notified(again.body.id)).toBe(false)
      }
    })

    it('the same submission sent twice with its token (a double click) is still one lead, answered as a duplicate', async () => {
      const body = samples.contact()
      const first = await postJson(server.base, '/api/contact', body)
      const second = await postJson(server.base, '/api/contact', body)
      expect(first.status).toBe(201)
      expect(second).toMatchObject({ status: 200, body: { id: first.body.id, duplicate: true } })
    })

    it('an Idempotency-Key replay with the spent token answers the original response', async () => {
      const body = samples.quote()
      const headers = { 'Idempotency-Key': `spent-token-${Date.now()}` }
      const first = await postJson(server.base, '/api/quotes', body, headers)
      const replay = await postJson(server.base, '/api/quotes', body, headers)
      expect(first.status).toBe(201)
      expect(replay.status).toBe(201)
      expect(replay.body).toEqual(first.body)
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await getLead(server.db, first.body.id)).toMatchObject({ is_spam: false })
    })

    it('a rejected submission (400) does not spend the token: the corrected one is accepted', async () => {
      const formToken = agedToken()
      const bad = await postJson(server.base, '/api/leads', samples.lead({ formToken, email: 'not-an-email' }))
      expect(bad.status).toBe(400)
      const good = await postJson(server.base, '/api/leads', samples.lead({ formToken }))
      expect(await getLead(server.db, good.body.id)).toMatchObject({ is_spam: false })
    })

    it('of 12 parallel submissions with one token, exactly one is accepted', async () => {
      const formToken = agedToken()
      const replies = await Promise.all(Array.from({ length: 12 }, () => postJson(server.base, '/api/leads', samples.lead({ formToken }))))
      expect(replies.map((r) => r.status)).toEqual(Array(12).fill(201))
      const leads = await Promise.all(replies.map((r) => getLead(server.db, r.body.id)))
      expect(leads.filter((l) => !l!.is_spam)).toHaveLength(1)
      expect(leads.filter((l) => l!.spam_reason === 'reused-token')).toHaveLength(11)
    })

    it('spends newsletter tokens too: a second address with the token is kept out of the subscribers', async () => {
      const formToken = agedToken()
      expect((await postJson(server.base, '/api/newsletter', samples.newsletter({ email: 'token-first@example.com', formToken }))).status).toBe(201)
      expect((await postJson(server.base, '/api/newsletter', samples.newsletter({ email: 'token-second@example.com', formToken }))).status).toBe(201)
      expect(await server.db('newsletter_subscribers').where({ email: 'token-first@example.com' })).toHaveLength(1)
      expect(await server.db('newsletter_subscribers').where({ email: 'token-second@example.com' })).toHaveLength(0)
      expect(await server.db('spam_submissions').where({ email: 'token-second@example.com', reason: 'reused-token' })).toHaveLength(1)
    })

    it('purgeSpentFormTokens deletes the spent tokens whose token has expired', async () => {
      const before = Number((await server.db('spent_form_tokens').count({ n: '*' }))[0].n)
      expect(before).toBeGreaterThan(0)
      expect(await purgeSpentFormTokens(server.db, Date.now())).toBe(0)
      expect(await purgeSpentFormTokens(server.db, Date.now() + 25 * 3600_000)).toBe(before)
      expect(Number((await server.db('spent_form_tokens').count({ n: '*' }))[0].n)).toBe(0)
    })
  })
})
