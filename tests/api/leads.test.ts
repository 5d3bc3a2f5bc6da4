// POST /api/leads: happy path, stored attribution, every field's validation message, duplicate
// suppression, and the staff notification written with the lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getLead, listLeads } from '../../server/db/queries/leads.ts'
import { listOutbox } from '../../server/db/queries/outbox.ts'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/leads ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('stores a lead with normalised fields, attribution and a notification; answers 201 { id }', async () => {
    const body = samples.lead({
      email: '  Ada.Lovelace@Example.COM ',
      phone: '(512) 555-0100',
      referrer: 'https://www.google.com/search?q=marketing',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmTerm: 'seo',
      utmContent: 'hero',
      gclid: 'gclid-1',
      fbclid: 'fbclid-1',
      msclkid: 'msclkid-1',
      landingPage: '/seo-services-austin-tx?utm_medium=cpc',
      firstTouch: '2026-11-01T10:00:00Z /',
      lastTouch: '2026-11-20T10:00:00Z /pricing',
      somethingUnknown: 'dropped',
    })
    const reply = await postJson(server.base, '/api/leads', body, { 'User-Agent': 'LeadTest/1.0' })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ id: expect.any(Number) })
    const lead = await getLead(server.db, reply.body.id)
    expect(lead).toMatchObject({
      kind: 'lead',
      status: 'new',
      owner_id: null,
      is_spam: false,
      spam_reason: null,
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      phone: '+15125550100',
      company: 'Analytical Engines',
      message: 'Please call me about SEO.',
      source: 'Exit Intent Popup',
      campaign: 'Free Quote Request',
      traffic_source: 'organic-search',
      referrer: 'https://www.google.com/search?q=marketing',
      utm_source: '',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'seo',
      utm_content: 'hero',
      gclid: 'gclid-1',
      fbclid: 'fbclid-1',
      msclkid: 'msclkid-1',
      landing_page: '/seo-services-austin-tx?utm_medium=cpc',
      first_touch: '2026-11-01T10:00:00Z /',
      last_touch: '2026-11-20T10:00:00Z /pricing',
      user_agent: 'LeadTest/1.0',
    })
    expect(lead!.details).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
    expect(JSON.stringify(lead)).not.toContain('dropped')
    expect(lead!.ip_hash).toMatch(/^[0-9a-f]{32}$/)
    expect(lead!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    const outbox = (await listOutbox(server.db)).filter((m) => m.lead_id === reply.body.id)
    expect(outbox).toHaveLength(1)
    expect(outbox[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      recipient: server.env.NOTIFY_EMAIL,
      reply_to: 'ada.lovelace@example.com',
      last_error: null,
    })
    expect(outbox[0].subject).toContain('New lead')
    expect(outbox[0].body).toContain('ada.lovelace@example.com')
  })

  it('never stores the raw IP anywhere', async () => {
    await postJson(server.base, '/api/leads', samples.lead())
    for (const table of ['leads', 'outbox', 'idempotency_keys', 'events', 'roi_calculations', 'newsletter_subscribers', 'spam_submissions']) {
      const rows = await server.db(table).select()
      expect(JSON.stringify(rows), table).not.toMatch(/127\.0\.0\.1|::1\b/)
    }
  })

  it('uses utm_source as the traffic source and keeps the chatbot and mobile form sources', async () => {
    const chat = await postJson(server.base, '/api/leads', samples.lead({ source: 'Chatbot', utmSource: 'newsletter', referrer: 'https://facebook.com/' }))
    const mobile = await postJson(server.base, '/api/leads', samples.lead({ source: 'Mobile Lead Form', campaign: '', referrer: 'https://t.co/x' }))
    const direct = await postJson(server.base, '/api/leads', samples.lead({ source: '', referrer: '' }))
    const other = await postJson(server.base, '/api/leads', samples.lead({ referrer: 'https://partner.example.org/post' }))
    expect(await getLead(server.db, chat.body.id)).toMatchObject({ source: 'Chatbot', traffic_source: 'newsletter', utm_source: 'newsletter' })
    expect(await getLead(server.db, mobile.body.id)).toMatchObject({ source: 'Mobile Lead Form', campaign: '', traffic_source: 'social-media' })
    expect(await getLead(server.db, direct.body.id)).toMatchObject({ source: 'Website', traffic_source: 'direct-traffic' })
    expect(await getLead(server.db, other.body.id)).toMatchObject({ traffic_source: 'referral' })
  })

  it('accepts the exit popup body with only an email filled in', async () => {
    const reply = await postJson(server.base, '/api/leads', {
      email: 'popup@example.com',
      firstName: '',
      lastName: '',
      company: '',
      phone: '',
      message: '',
      source: 'Exit Intent Popup',
      campaign: 'Free Quote Request',
      formToken: samples.lead().formToken,
    })
    expect(reply.status).toBe(201)
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ email: 'popup@example.com', phone: '', name: '' })
  })

  const long = (n: number) => 'x'.repeat(n)
  const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
    ['missing email', { email: undefined }, { email: 'Enter your email address.' }],
    ['empty email', { email: '   ' }, { email: 'Enter your email address.' }],
    ['malformed email', { email: 'not-an-email' }, { email: 'Enter a valid email address, like name@company.com.' }],
    ['email not a string', { email: 42 }, { email: 'Enter your email address.' }],
    ['email too long', { email: `${long(250)}@example.com` }, { email: 'Use at most 254 characters.' }],
    ['first name too long', { firstName: long(101) }, { firstName: 'Use at most 100 characters.' }],
    ['first name not text', { firstName: ['Ada'] }, { firstName: 'Enter text.' }],
    ['last name too long', { lastName: long(101) }, { lastName: 'Use at most 100 characters.' }],
    ['company too long', { company: long(201) }, { company: 'Use at most 200 characters.' }],
    ['phone too short', { phone: '555-01' }, { phone: 'Enter a phone number with at least 7 digits.' }],
    ['phone with letters', { phone: 'call me maybe' }, { phone: 'Enter a phone number with at least 7 digits.' }],
    ['phone with too many digits', { phone: '+1 234 567 890 123 456' }, { phone: 'Enter a phone number with 7 to 15 digits.' }],
    ['phone too long', { phone: long(40) }, { phone: 'Use at most 32 characters.' }],
    ['message too long', { message: long(5001) }, { message: 'Use at most 5000 characters.' }],
    ['source too long', { source: long(121) }, { source: 'Use at most 120 characters.' }],
    ['campaign too long', { campaign: long(121) }, { campaign: 'Use at most 120 characters.' }],
    ['referrer too long', { referrer: long(2049) }, { referrer: 'Use at most 2048 characters.' }],
    ['utmSource too long', { utmSource: long(201) }, { utmSource: 'Use at most 200 characters.' }],
    ['gclid too long', { gclid: long(257) }, { gclid: 'Use at most 256 characters.' }],
    ['landing page too long', { landingPage: long(2049) }, { landingPage: 'Use at most 2048 characters.' }],
    ['first touch not text', { firstTouch: { at: 1 } }, { firstTouch: 'Enter text.' }],
  ]
  it.each(invalid)('rejects %s with 400 and the field message', async (_label, over, errors) => {
    const reply = await postJson(server.base, '/api/leads', samples.lead(over))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
  })

  it('lists every invalid field at once', async () => {
    const reply = await postJson(server.base, '/api/leads', { email: 'nope', phone: '1', company: long(300) })
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body.errors).sort()).toEqual(['company', 'email', 'phone'])
  })

  it('returns the existing lead for the same email and payload within 10 minutes', async () => {
    const body = samples.lead()
    const first = await postJson(server.base, '/api/leads', body)
    const again = await postJson(server.base, '/api/leads', { ...body, email: body.email.toUpperCase(), formToken: samples.lead().formToken })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ id: first.body.id, duplicate: true })
    // A different submission needs a fresh form token (the first one is spent: tests/api/spam.test.ts).
    const changed = await postJson(server.base, '/api/leads', { ...body, message: 'Something else', formToken: samples.lead().formToken })
    expect(changed.status).toBe(201)
    expect(changed.body.id).not.toBe(first.body.id)
    const rows = await server.db('leads').where({ email: body.email })
    expect(rows).toHaveLength(2)
    expect((await listOutbox(server.db)).filter((m) => m.reply_to === body.email)).toHaveLength(2)
  })

  it('treats a lead older than 10 minutes as new', async () => {
    const body = samples.lead()
    const first = await postJson(server.base, '/api/leads', body)
    await server
      .db('leads')
      .where({ id: first.body.id })
      .update({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
    const again = await postJson(server.base, '/api/leads', body)
    expect(again.status).toBe(201)
    expect(again.body.id).not.toBe(first.body.id)
  })

  it('lists leads for staff without spam by default', async () => {
    const listed = await listLeads(server.db, { kind: 'lead', limit: 1000 })
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.every((l) => !l.is_spam)).toBe(true)
  })
})
