// What every form sends around its fields: the attribution (recorded from the landing URL at once
// when the tracker has not run yet), multipart for files, and the server's errors per field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from '../../shared/request.ts'
import { sendForm, serverFieldErrors, splitFieldErrors } from './submission.ts'

function browser(href: string, referrer = '') {
  const store = new Map<string, string>()
  const url = new URL(href)
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  })
  vi.stubGlobal('location', { href, pathname: url.pathname, search: url.search, host: url.host })
  vi.stubGlobal('document', { referrer })
  return store
}

describe('formAttribution', () => {
  beforeEach(() => vi.resetModules())
  afterEach(() => vi.unstubAllGlobals())

  it('records the landing from the URL itself when nothing is stored yet (a submit in the first seconds)', async () => {
    const store = browser('https://www.example.com/free-quote?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=abc')
    const { formAttribution: fresh } = await import('./submission.ts')
    const sent = fresh()
    expect(sent).toMatchObject({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      gclid: 'abc',
      landingPage: '/free-quote?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=abc',
    })
    expect(sent.firstTouch).toMatch(/^newsletter \/ email \/ spring @ \d{4}-/)
    expect(sent.lastTouch).toBe(sent.firstTouch)
    expect(sent).not.toHaveProperty('source')
    // The same record the tracker keeps, so a later submit carries the same touches.
    expect(JSON.parse(store.get('pl_attribution')!)).toMatchObject({ utmSource: 'newsletter', firstTouch: sent.firstTouch, lastTouch: sent.lastTouch })
  })

  it('a direct visit is a touch too; the traffic source is sent only when asked', async () => {
    browser('https://www.example.com/roi-calculators')
    const { formAttribution: fresh } = await import('./submission.ts')
    const sent = fresh()
    expect(sent).toEqual({ landingPage: '/roi-calculators', firstTouch: expect.stringMatching(/^direct-traffic @ /), lastTouch: sent.firstTouch })
    expect(fresh(true)).toEqual({ ...sent, source: 'direct-traffic' })
  })

  it('keeps the stored first touch and reads it cut to the limits', async () => {
    const store = browser('https://www.example.com/contact')
    store.set(
      'pl_attribution',
      JSON.stringify({
        source: 'google',
        utmSource: 'g'.repeat(300),
        landingPage: '/?utm_source=google',
        firstTouch: 'google / cpc @ 2026-03-01T10:00:00.000Z',
        lastTouch: 'google / cpc @ 2026-03-01T10:00:00.000Z',
      }),
    )
    const { formAttribution: fresh } = await import('./submission.ts')
    expect(fresh(true)).toEqual({
      source: 'google',
      utmSource: 'g'.repeat(200),
      landingPage: '/?utm_source=google',
      firstTouch: 'google / cpc @ 2026-03-01T10:00:00.000Z',
      lastTouch: 'google / cpc @ 2026-03-01T10:00:00.000Z',
    })
  })
})

describe('sendForm', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('posts JSON, or multipart with the files last when a value is a file', async () => {
    const calls: { init: RequestInit }[] = []
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push({ init })
      return new Response('{}', { status: 201 })
    })
    await sendForm('/api/contact', { name: 'Dana' }, { 'Idempotency-Key': 'k1' })
    expect(calls[0].init.body).toBe('{"name":"Dana"}')
    expect(calls[0].init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' })
    await sendForm(
      '/api/applications',
      { resume: new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), name: 'Dana', skipped: undefined },
      { 'Idempotency-Key': 'k2' },
    )
    const data = calls[1].init.body as FormData
    expect([...data.keys()]).toEqual(['name', 'resume'])
    expect((data.get('resume') as File).name).toBe('cv.pdf')
  })

  it('throws the HttpError of a non-OK answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"errors":{"resume":"Not a PDF."}}', { status: 400 }))
    const error = await sendForm('/api/applications', { resume: new File(['x'], 'cv.pdf') }, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(serverFieldErrors(error as HttpError)).toEqual({ resume: 'Not a PDF.' })
  })
})

describe('server errors', () => {
  it('a 400 without field errors gives its message', () => {
    expect(serverFieldErrors(new HttpError(400, '{"message":"Send JSON."}', 'Bad Request'))).toEqual({ _: 'Send JSON.' })
    expect(serverFieldErrors(new HttpError(400, 'not json', 'Bad Request'))).toEqual({})
  })

  it('splits messages into the form fields and the rest', () => {
    expect(splitFieldErrors({ 'services.0': 'Pick one.', email: 'Bad.', _: 'Other.' }, ['services', 'email'])).toEqual({
      known: { services: 'Pick one.', email: 'Bad.' },
      other: ['Other.'],
    })
  })
})
