// The newsletter signup end to end through a local SMTP sink: double opt-in (confirmation email
// with a signed link), the welcome email after confirming, the one-click unsubscribe link and the
// RFC 8058 headers, tampered links refused, and the form's validation and spam handling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSubscriberByEmail } from '../../server/db/queries/newsletterSubscribers.ts'
import { confirmSignature } from '../../server/newsletter/links.ts'
import { unsubscribeSignature, unsubscribeUrl } from '../../server/lib/signing.ts'
import { databases, postJson, request, samples, startTestServer, TEST_SECRET, type TestServer } from './helpers.ts'
import { parseMail, pathOf, waitFor } from './mimeMessage.ts'
import { startSmtpSink, type SmtpSink } from './smtpSink.ts'

describe.each(databases)('newsletter ($name)', (target) => {
  let server: TestServer
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
    server = await startTestServer(target, { SMTP_URL: sink.url, JOBS_POLL_MS: '100', SITE_URL: 'https://www.proofline.example.com' })
  })
  afterAll(async () => {
    await server?.stop()
    await sink?.close()
  })

  const mailsTo = (email: string) => sink.messages.map(parseMail).filter((m) => m.header('to') === email)
  const mailTo = (email: string, subject: RegExp) => waitFor(() => mailsTo(email).find((m) => subject.test(m.header('subject'))), `"${subject}" to ${email}`)
  const linkIn = (text: string, pattern: RegExp) => {
    const url = text.match(/https:\/\/www\.proofline\.example\.com\/\S+/g)?.find((u) => pattern.test(u))
    if (!url) throw new Error(`no link matching ${pattern} in:\n${text}`)
    return url
  }

  it('double opt-in: confirmation email with a signed link, confirmed state and time, then the welcome email', async () => {
    const email = `reader-${Date.now()}@example.com`
    const body = samples.newsletter({
      email: ` ${email.toUpperCase()} `,
      landingPage: '/blog/seo-basics',
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'spring-audit',
      firstTouch: 'linkedin / social',
    })
    const first = await postJson(server.base, '/api/newsletter', body)
    expect(first).toMatchObject({ status: 201, body: { id: expect.any(Number) } })
    let row = await getSubscriberByEmail(server.db, email)
    expect(row).toMatchObject({
      status: 'unconfirmed',
      source: 'Footer',
      landing_page: '/blog/seo-basics',
      utm_source: 'linkedin',
      utm_campaign: 'spring-audit',
      first_touch: 'linkedin / social',
    })
    expect(row.confirmed_at).toBeNull()

    const confirmation = await mailTo(email, /Confirm your subscription/)
    expect(confirmation.header('from')).toContain('Proofline Digital')
    const unsubscribeHeader = confirmation.header('list-unsubscribe')
    expect(unsubscribeHeader).toMatch(/^<https:\/\/www\.proofline\.example\.com\/api\/newsletter\/unsubscribe\?email=.+&sig=.+>$/)
    expect(confirmation.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const confirm = linkIn(confirmation.text, /\/api\/newsletter\/confirm\?/)
    expect(confirmation.html).toContain('lang="en"')
    expect(confirmation.html).toContain(confirm.replaceAll('&', '&amp;'))

    // Signing up again before confirming answers 200 and sends no second confirmation at once.
    expect((await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))).body).toEqual({ id: first.body.id, duplicate: true })

    // A tampered link (another id, or a signature for another address) is refused.
    const tampered = pathOf(confirm).replace(`id=${first.body.id}`, `id=${first.body.id + 1000}`)
    expect((await request(server.base, 'GET', tampered)).status).toBe(400)
    const forged = await request(
      server.base,
      'GET',
      `/api/newsletter/confirm?id=${first.body.id}&sig=${confirmSignature(TEST_SECRET, first.body.id, 'other@example.com')}`,
    )
    expect(forged.status).toBe(400)
    expect(forged.body.errors).toEqual({ sig: 'The signature does not match this subscription.' })
    expect((await getSubscriberByEmail(server.db, email)).status).toBe('unconfirmed')

    const confirmed = await request(server.base, 'GET', pathOf(confirm))
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe('/subscribed')
    row = await getSubscriberByEmail(server.db, email)
    expect(row.status).toBe('subscribed')
    expect(Date.now() - new Date(row.confirmed_at).getTime()).toBeLessThan(60_000)
    const lists = await server.db('newsletter_subscriptions').where({ subscriber_id: row.id })
    expect(lists.map((l) => l.status)).toEqual(['subscribed'])

    const welcome = await mailTo(email, /Welcome to the Proofline Digital newsletter/)
    expect(welcome.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    await waitFor(async () => (await getSubscriberByEmail(server.db, email)).welcome_sent_at, 'welcome_sent_at')
    // Following the confirmation link again changes nothing and sends no second welcome.
    expect((await request(server.base, 'GET', pathOf(confirm))).status).toBe(303)
    await new Promise((r) => setTimeout(r, 400))
    expect(mailsTo(email).filter((m) => /Welcome/.test(m.header('subject')))).toHaveLength(1)

    // The unsubscribe link of the welcome email, with and without the browser (RFC 8058 POST).
    const unsubscribe = linkIn(welcome.text, /\/api\/newsletter\/unsubscribe\?/)
    expect(welcome.header('list-unsubscribe')).toBe(`<${unsubscribe}>`)
    const oneClick = await request(server.base, 'POST', pathOf(unsubscribe), { body: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' })
    expect(oneClick.status).toBe(200)
    row = await getSubscriberByEmail(server.db, email)
    expect(row.status).toBe('unsubscribed')
    expect((await server.db('newsletter_subscriptions').where({ subscriber_id: row.id }).first()).status).toBe('unsubscribed')
    const again = await request(server.base, 'GET', pathOf(unsubscribe))
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('/unsubscribed')
  })

  it('signing up again after unsubscribing asks for confirmation again', async () => {
    const email = `leaving-${Date.now()}@example.com`
    await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    await mailTo(email, /Confirm/)
    expect((await request(server.base, 'GET', unsubscribeUrl(TEST_SECRET, email))).status).toBe(303)
    expect((await getSubscriberByEmail(server.db, email)).status).toBe('unsubscribed')
    const back = await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    expect(back.status).toBe(200)
    expect((await getSubscriberByEmail(server.db, email)).status).toBe('unconfirmed')
    await waitFor(() => mailsTo(email).filter((m) => /Confirm/.test(m.header('subject'))).length === 2, 'a second confirmation')
  })

  it('answers 400 to a bad or missing unsubscribe signature and changes nothing', async () => {
    const email = `staying-${Date.now()}@example.com`
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
    // A campaign number added to a link signed without one is a tampered link.
    const withCampaign = await request(
      server.base,
      'POST',
      `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&c=7&sig=${unsubscribeSignature(TEST_SECRET, email)}`,
    )
    expect(withCampaign.status).toBe(400)
    expect((await request(server.base, 'GET', `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}`)).status).toBe(400)
    expect((await request(server.base, 'GET', '/api/newsletter/unsubscribe?email=not-an-email&sig=x')).body.errors).toEqual({
      email: 'The link has no valid email address.',
    })
    expect((await request(server.base, 'GET', `/api/newsletter/unsubscribe?email=a@example.com&email=b@example.com&sig=x`)).status).toBe(400)
    expect((await getSubscriberByEmail(server.db, email)).status).toBe('unconfirmed')
  })

  it('accepts the unsubscribe link with the email in another case', async () => {
    const email = `casey-${Date.now()}@example.com`
    await postJson(server.base, '/api/newsletter', samples.newsletter({ email }))
    const reply = await request(
      server.base,
      'GET',
      `/api/newsletter/unsubscribe?email=${encodeURIComponent(email.toUpperCase())}&sig=${unsubscribeSignature(TEST_SECRET, email)}`,
    )
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

  it('stores spam flagged in spam_submissions, not as a subscriber, sends nothing and answers 201', async () => {
    const email = 'bot-subscriber@example.com'
    const reply = await postJson(server.base, '/api/newsletter', samples.newsletter({ email, fax: 'http://spam.example' }))
    expect(reply.status).toBe(201)
    expect(await getSubscriberByEmail(server.db, email)).toBeUndefined()
    const spam = await server.db('spam_submissions').where({ email })
    expect(spam).toHaveLength(1)
    expect(spam[0]).toMatchObject({ endpoint: 'newsletter', reason: 'honeypot' })
    await new Promise((r) => setTimeout(r, 300))
    expect(mailsTo(email)).toHaveLength(0)
  })
})
