// POST /api/events: batched analytics events, JSON or text/plain (navigator.sendBeacon).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS, visitorPrefix } from '../../server/analytics/ingest.ts'
import { countEvents } from '../../server/db/queries/events.ts'
import { databases, postJson, request, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/events ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('appends a batch and answers 202 with the count', async () => {
    const before = await countEvents(server.db)
    const events = [
      samples.event(),
      samples.event({ type: 'scroll_depth', value: 50 }),
      samples.event({ type: 'click', name: 'cta', props: { label: 'Get a quote', position: 2, primary: true } }),
    ]
    const reply = await postJson(server.base, '/api/events', { events })
    expect(reply).toMatchObject({ status: 202, body: { accepted: 3 } })
    expect(await countEvents(server.db)).toBe(before + 3)
    const click = await server.db('events').where({ type: 'click' }).first()
    // The anonymous browser id is not stored: the visitor is today's salted hash.
    expect(click).toMatchObject({ path: '/services', name: 'cta', ip_hash: '', user_agent: '' })
    expect(click.visitor_id).toMatch(/^[0-9a-f]{32}$/)
    // It starts with its UTC day, so a day's visitors sort together in the indexes (decision 190).
    expect(click.visitor_id.slice(0, 5)).toBe(visitorPrefix(Math.floor(Number(click.ts) / DAY_MS)))
    expect(typeof click.props === 'string' ? JSON.parse(click.props) : click.props).toEqual({ label: 'Get a quote', position: 2, primary: true })
  })

  it('accepts text/plain bodies holding JSON, as navigator.sendBeacon sends them', async () => {
    const reply = await request(server.base, 'POST', '/api/events', {
      body: JSON.stringify({ events: [samples.event({ type: 'engagement', value: 72 })] }),
      type: 'text/plain;charset=UTF-8',
    })
    expect(reply).toMatchObject({ status: 202, body: { accepted: 1 } })
  })

  it('answers 415 to other content types', async () => {
    const body = JSON.stringify({ events: [samples.event()] })
    for (const type of ['application/x-www-form-urlencoded', 'text/html', 'multipart/form-data; boundary=x']) {
      expect((await request(server.base, 'POST', '/api/events', { body, type })).status, type).toBe(415)
    }
  })

  it.each([
    ['no events', { events: [] }, { events: 'Send at least one event.' }],
    ['51 events', { events: Array.from({ length: 51 }, () => samples.event()) }, { events: 'Send at most 50 events per batch.' }],
    [
      'an unknown type',
      { events: [samples.event({ type: 'hover' })] },
      { 'events.0.type': 'Choose one of: page_view, scroll_depth, time_on_page, timing, engagement, click, form_submit, web_vital, form_view, form_start.' },
    ],
    ['a short visitor id', { events: [samples.event({ visitorId: 'v' })] }, { 'events.0.visitorId': 'Use at least 8 characters.' }],
    ['a missing path', { events: [samples.event({ path: undefined })] }, { 'events.0.path': 'This field is required.' }],
    ['a negative time', { events: [samples.event({ at: -5 })] }, { 'events.0.at': 'Use a value above 0.' }],
    ['an object prop', { events: [samples.event({ props: { nested: { a: 1 } } })] }, { 'events.0.props.nested': 'This value is not accepted.' }],
    ['no batch', {}, { events: 'This field is required.' }],
  ] as const)('rejects %s with 400', async (_label, body, errors) => {
    const reply = await postJson(server.base, '/api/events', body)
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
  })
})
