// POST /api/newsletter and the signed unsubscribe link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSubscriberByEmail } from '../../server/db/queries/newsletterSubscribers.ts'
import { unsubscribeSignature, unsubscribeUrl } from '../../server/lib/signing.ts'
import { databases, postJson, request, samples, startTestServer, TEST_SECRET, type TestServer } from './helpers.ts'

describe.each(databases)('newsletter ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('subscribes an email once and answers 201 then 200', async () => {
    const body = samples.newsletter({ email: ' Reader@Example.com ', landingPage: '/blog/seo-basics' })
    const first = await postJson(server.base, '/api/newsletter', body)
    expect(first).toMatchObject({ status: 201, body: { id: expect.any(Number) } })
    const again = await postJson(server.base, '/api/newsletter', body)
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, duplicate: true } })
    expect(await getSubscriberByEmail(server.db, 'reader@example.com')).toMatchObject({
      status: 'subscribed',
      source: 'Footer',
      landing_page: '/blog/seo-basics',
    })
  })

  it('unsubscribes through the signed link, without a login, and redirects with 303', async () => {
    const email = 'leaving@example.com'
    await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    const link = unsubscribeUrl(TEST_SECRET, email)
    const reply = await request(server.base, 'GET', link)
    expect(reply.status).toBe(303)
    expect(reply.headers.get('location')).toBe('/unsubscribed')
    const row = await getSubscriberByEmail(server.db, email)
    expect(row.status).toBe('unsubscribed')
    expect(row.unsubscribed_at).toBeTruthy()
    // Following the link again is harmless.
    expect((await request(server.base, 'GET', link)).status).toBe(303)
    // Subscribing again re-subscribes.
    const back = await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    expect(back.status).toBe(200)
    expect((await getSubscriberByEmail(server.db, email)).status).toBe('subscribed')
  })

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const email = 'staying@example.com'
    await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    const forged = await request(
      server.base,
      'GET',
      `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&sig=${unsubscribeSignature('another-secret-another-secret-xxxxxx', email)}`,
    )
    expect(forged.status).toBe(400)
    expect(forged.body).toEqual({ message: 'This unsubscribe link is not valid.', errors: { sig: 'The signature does not match the email address.' } })
    const otherEmail = await request(
      server.base,
      'GET',
      `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&sig=${unsubscribeSignature(TEST_SECRET, 'someone@example.com')}`,
    )
    expect(otherEmail.status).toBe(400)
    expect((await request(server.base, 'GET', `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}`)).status).toBe(400)
    expect((await request(server.base, 'GET', '/api/newsletter/unsubscribe?email=not-an-email&sig=x')).body.errors).toEqual({
      email: 'The link has no valid email address.',
    })
    expect((await request(server.base, 'GET', `/api/newsletter/unsubscribe?email=a@example.com&email=b@example.com&sig=x`)).status).toBe(400)
    expect((await getSubscriberByEmail(server.db, email)).status).toBe('subscribed')
  })

  it('accepts the link with the email in another case', async () => {
    const email = 'casey@example.com'
    await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    const reply = await request(server.base, 'GET', `/api/newsletter/unsubscribe?email=CASEY%40Example.com&sig=${unsubscribeSignature(TEST_SECRET, email)}`)
    expect(reply.status).toBe(303)
  })

  it.each([
    ['missing email', { email: undefined }, { email: 'Enter your email address.' }],
    ['invalid email', { email: 'x@' }, { email: 'Enter a valid email address, like name@company.com.' }],
    ['long source', { source: 'x'.repeat(121) }, { source: 'Use at most 120 characters.' }],
    ['long landing page', { landingPage: 'x'.repeat(2049) }, { landingPage: 'Use at most 2048 characters.' }],
  ] as const)('rejects %s with 400', async (_label, over, errors) => {
    const reply = await postJson(server.base, '/api/newsletter', samples.newsletter(over))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
  })

  it('stores spam flagged in spam_submissions, not as a subscriber, and answers 201', async () => {
    const email = 'bot-subscriber@example.com'
    const reply = await postJson(server.base, '/api/newsletter', samples.newsletter({ email, fax: 'http://spam.example' }))
    expect(reply.status).toBe(201)
    expect(await getSubscriberByEmail(server.db, email)).toBeUndefined()
    const spam = await server.db('spam_submissions').where({ email })
    expect(spam).toHaveLength(1)
    expect(spam[0]).toMatchObject({ endpoint: 'newsletter', reason: 'honeypot' })
  })
})
