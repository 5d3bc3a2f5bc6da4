// POST /api/quotes: the quote form, its services checked against data/city-services.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getLead } from '../../server/db/queries/leads.ts'
import { listOutbox } from '../../server/db/queries/outbox.ts'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/quotes ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('stores a quote request with its details and notifies staff', async () => {
    const body = samples.quote({ services: ['seo-services', 'ppc-management', 'seo-services'], utmSource: 'google', utmMedium: 'cpc' })
    const reply = await postJson(server.base, '/api/quotes', body)
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ id: expect.any(Number) })
    const lead = await getLead(server.db, reply.body.id)
    expect(lead).toMatchObject({
      kind: 'quote',
      name: 'Grace Hopper',
      email: body.email,
      phone: '+442079460958',
      company: 'Compilers Inc',
      message: 'We need more qualified leads.',
      source: 'Quote Form',
      traffic_source: 'google',
      is_spam: false,
    })
    expect(lead!.details).toEqual({
      website: 'https://example.com',
      services: ['seo-services', 'ppc-management'],
      serviceLabels: ['SEO Services', 'PPC Management'],
      budget: '5k-15k',
      budgetLabel: '$5,000 - $15,000 / month',
      timeline: '1-3-months',
      timelineLabel: 'In 1-3 months',
      consent: true,
    })
    const [message] = (await listOutbox(server.db)).filter((m) => m.lead_id === reply.body.id)
    expect(message.subject).toBe(`New quote request: $5,000 - $15,000 / month from Grace Hopper <${body.email}>`)
    expect(message.body).toContain('services: seo-services, ppc-management')
  })

  it('accepts every budget and every timeline', async () => {
    for (const budget of ['under-5k', '5k-15k', '15k-50k', '50k-plus']) {
      for (const timeline of ['asap', '1-3-months', '3-6-months', 'exploring']) {
        const reply = await postJson(server.base, '/api/quotes', samples.quote({ budget, timeline }))
        expect(reply.status, `${budget} ${timeline}`).toBe(201)
      }
    }
  })

  const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
    ['missing name', { name: undefined }, { name: 'This field is required.' }],
    ['short name', { name: ' A ' }, { name: 'Enter your name.' }],
    ['long name', { name: 'x'.repeat(121) }, { name: 'Use at most 120 characters.' }],
    ['invalid email', { email: 'grace@' }, { email: 'Enter a valid email address, like name@company.com.' }],
    ['invalid phone', { phone: 'abc' }, { phone: 'Enter a phone number with at least 7 digits.' }],
    ['long company', { company: 'x'.repeat(201) }, { company: 'Use at most 200 characters.' }],
    ['invalid website', { website: 'not a site' }, { website: 'Enter a website address, like example.com.' }],
    ['no services', { services: [] }, { services: 'Choose at least one service.' }],
    ['services not a list', { services: 'seo-services' }, { services: 'Send a list.' }],
    ['unknown service', { services: ['seo-services', 'time-travel'] }, { services: 'Choose services from the list.' }],
    ['too many services', { services: Array(13).fill('seo-services') }, { services: 'Choose at most 12 services.' }],
    ['service not text', { services: [7] }, { 'services.0': 'Enter text.' }],
    ['missing budget', { budget: undefined }, { budget: 'Choose a monthly budget.' }],
    ['unknown budget', { budget: '1m-plus' }, { budget: 'Choose a monthly budget.' }],
    ['missing timeline', { timeline: undefined }, { timeline: 'Choose a timeline.' }],
    ['unknown timeline', { timeline: 'yesterday' }, { timeline: 'Choose a timeline.' }],
    ['long message', { message: 'x'.repeat(5001) }, { message: 'Use at most 5000 characters.' }],
    ['no consent', { consent: false }, { consent: 'Please agree to be contacted about your quote.' }],
    ['consent as text', { consent: 'yes' }, { consent: 'Please agree to be contacted about your quote.' }],
  ]
  it.each(invalid)('rejects %s with 400 and the field message', async (_label, over, errors) => {
    const reply = await postJson(server.base, '/api/quotes', samples.quote(over))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
  })

  it('suppresses a double submission of the same quote', async () => {
    const body = samples.quote()
    const first = await postJson(server.base, '/api/quotes', body)
    const second = await postJson(server.base, '/api/quotes', body)
    expect(second).toMatchObject({ status: 200, body: { id: first.body.id, duplicate: true } })
    expect(await server.db('leads').where({ email: body.email })).toHaveLength(1)
  })
})
