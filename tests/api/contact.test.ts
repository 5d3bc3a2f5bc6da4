// POST /api/contact: the contact form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getLead } from '../../server/db/queries/leads.ts'
import { listOutbox } from '../../server/db/queries/outbox.ts'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/contact ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('stores a contact message and notifies staff', async () => {
    const body = samples.contact({ landingPage: '/contact?ref=footer' })
    const reply = await postJson(server.base, '/api/contact', body)
    expect(reply.status).toBe(201)
    const lead = await getLead(server.db, reply.body.id)
    expect(lead).toMatchObject({
      kind: 'contact',
      name: 'Alan Turing',
      email: body.email,
      phone: '+15125550199',
      message: body.message,
      source: 'Contact Form',
      landing_page: '/contact?ref=footer',
    })
    expect(lead!.details).toEqual({ subject: 'Partnership' })
    const [message] = (await listOutbox(server.db)).filter((m) => m.lead_id === reply.body.id)
    expect(message.subject).toBe(`New contact message: Partnership from Alan Turing <${body.email}>`)
  })

  it('keeps header injection out of the notification subject', async () => {
    const reply = await postJson(server.base, '/api/contact', samples.contact({ subject: 'Hello\r\nBcc: victim@example.com' }))
    expect(reply.status).toBe(201)
    const [message] = (await listOutbox(server.db)).filter((m) => m.lead_id === reply.body.id)
    expect(message.subject).not.toMatch(/[\r\n]/)
  })

  const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
    ['missing name', { name: undefined }, { name: 'This field is required.' }],
    ['short name', { name: 'A' }, { name: 'Enter your name.' }],
    ['missing email', { email: '' }, { email: 'Enter your email address.' }],
    ['invalid email', { email: 'alan at example' }, { email: 'Enter a valid email address, like name@company.com.' }],
    ['invalid phone', { phone: '12-34' }, { phone: 'Enter a phone number with at least 7 digits.' }],
    ['missing subject', { subject: undefined }, { subject: 'This field is required.' }],
    ['short subject', { subject: 'Hi' }, { subject: 'Enter a subject.' }],
    ['long subject', { subject: 'x'.repeat(201) }, { subject: 'Use at most 200 characters.' }],
    ['missing message', { message: undefined }, { message: 'This field is required.' }],
    ['short message', { message: 'Too short' }, { message: 'Write a message of at least 10 characters.' }],
    ['long message', { message: 'x'.repeat(5001) }, { message: 'Use at most 5000 characters.' }],
    ['message not text', { message: 1234567890123 }, { message: 'Enter text.' }],
  ]
  it.each(invalid)('rejects %s with 400 and the field message', async (_label, over, errors) => {
    const reply = await postJson(server.base, '/api/contact', samples.contact(over))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
  })
})
