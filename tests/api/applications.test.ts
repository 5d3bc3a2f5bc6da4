// POST /api/applications: multipart job applications with a résumé PDF checked by content.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESUME_MAX_BYTES } from '../../shared/contract.ts'
import { getLead } from '../../server/db/queries/leads.ts'
import { listOutbox } from '../../server/db/queries/outbox.ts'
import { agedToken, applicationForm, databases, minimalPdf, request, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/applications ($name)', (target) => {
  let server: TestServer
  const uploads = () => (fs.existsSync(server.env.UPLOADS_DIR) ? fs.readdirSync(server.env.UPLOADS_DIR).sort() : [])
  const post = (body: BodyInit, headers: Record<string, string> = {}) => request(server.base, 'POST', '/api/applications', { body, headers })

  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('stores the application and its résumé under a random name', async () => {
    const pdf = minimalPdf(2000)
    const reply = await post(applicationForm({}, { content: pdf, name: '../../etc/passwd.pdf' }))
    expect(reply.status).toBe(201)
    const lead = await getLead(server.db, reply.body.id)
    expect(lead).toMatchObject({ kind: 'application', name: 'Katherine Johnson', phone: '+15125550123', source: 'Careers', is_spam: false })
    expect(lead!.message).toContain('ten years of search experience')
    const details = lead!.details as {
      openingId: string
      openingTitle: string
      links: string
      resume: { storedName: string; originalName: string; size: number; sha256: string }
    }
    expect(details).toMatchObject({ openingId: 'senior-seo-strategist', openingTitle: 'Senior SEO Strategist', links: 'https://example.com/portfolio' })
    expect(details.resume.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(details.resume.size).toBe(pdf.length)
    expect(fs.readFileSync(path.join(server.env.UPLOADS_DIR, details.resume.storedName)).equals(pdf)).toBe(true)
    const [message] = (await listOutbox(server.db)).filter((m) => m.lead_id === reply.body.id)
    expect(message.subject).toContain('New job application: Senior SEO Strategist')
  })

  it('accepts a résumé of exactly 5 MB', async () => {
    const pdf = minimalPdf(RESUME_MAX_BYTES - minimalPdf().length)
    expect(pdf.length).toBe(RESUME_MAX_BYTES)
    const reply = await post(applicationForm({}, { content: pdf }))
    expect(reply.status).toBe(201)
  })

  it('answers 413 for a résumé over 5 MB and keeps no file', async () => {
    const before = uploads()
    const reply = await post(applicationForm({}, { content: minimalPdf(RESUME_MAX_BYTES) }))
    expect(reply.status).toBe(413)
    expect(reply.body.errors).toEqual({ resume: 'Attach a PDF of at most 5 MB.' })
    expect(uploads()).toEqual(before)
  })

  it('checks the file type by content, not by name or declared type', async () => {
    const before = uploads()
    const reply = await post(
      applicationForm({}, { content: Buffer.from('MZ\x90\x00 this is an executable, not a PDF'), name: 'resume.pdf', type: 'application/pdf' }),
    )
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors: { resume: 'The résumé must be a PDF file.' } })
    expect(uploads()).toEqual(before)
    const named = await post(applicationForm({}, { content: minimalPdf(), name: 'resume.docx', type: 'application/msword' }))
    expect(named.status).toBe(201)
  })

  it('requires a résumé', async () => {
    const reply = await post(applicationForm({}, null))
    expect(reply.status).toBe(400)
    expect(reply.body.errors).toEqual({ resume: 'Attach your résumé as a PDF.' })
    const empty = await post(applicationForm({}, { content: Buffer.alloc(0) }))
    expect(empty.body.errors).toEqual({ resume: 'Attach your résumé as a PDF.' })
  })

  const invalid: [string, Record<string, string>, Record<string, string>][] = [
    ['an unknown opening', { openingId: 'astronaut' }, { openingId: 'Choose an opening from the list.' }],
    ['an empty opening', { openingId: '' }, { openingId: 'Choose an opening.' }],
    ['a short name', { name: 'K' }, { name: 'Enter your name.' }],
    ['an invalid email', { email: 'katherine' }, { email: 'Enter a valid email address, like name@company.com.' }],
    ['an invalid phone', { phone: 'none' }, { phone: 'Enter a phone number with at least 7 digits.' }],
    ['long links', { links: 'x'.repeat(1001) }, { links: 'Use at most 1000 characters.' }],
    ['a short cover letter', { coverLetter: 'Hire me.' }, { coverLetter: 'Write a cover letter of at least 50 characters.' }],
    ['a long cover letter', { coverLetter: 'x'.repeat(10001) }, { coverLetter: 'Use at most 10000 characters.' }],
  ]
  it.each(invalid)('rejects %s with 400 and the field message, keeping no file', async (_label, fields, errors) => {
    const before = uploads()
    const reply = await post(applicationForm(fields))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
    expect(uploads()).toEqual(before)
  })

  it('reports missing fields and the résumé together', async () => {
    const form = new FormData()
    form.append('name', 'K')
    const reply = await post(form)
    expect(reply.status).toBe(400)
    expect(Object.keys(reply.body.errors).sort()).toEqual(['coverLetter', 'email', 'name', 'openingId', 'resume'])
  })

  it('answers 415 for JSON and 400 for a malformed multipart body', async () => {
    const json = await request(server.base, 'POST', '/api/applications', { json: { name: 'x' } })
    expect(json.status).toBe(415)
    const noBoundary = await post('--x\r\n', { 'Content-Type': 'multipart/form-data' })
    expect(noBoundary.status).toBe(400)
    const truncated = await post('--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nKat', { 'Content-Type': 'multipart/form-data; boundary=abc' })
    expect(truncated.status).toBe(400)
  })

  it('returns the existing application for the same submission and keeps one file', async () => {
    const form = applicationForm({ email: 'same-applicant@example.com' })
    const first = await post(form)
    const filesAfterFirst = uploads()
    const second = await post(form)
    expect(first.status).toBe(201)
    expect(second).toMatchObject({ status: 200, body: { id: first.body.id, duplicate: true } })
    expect(uploads()).toEqual(filesAfterFirst)
  })

  it('replays an Idempotency-Key without storing the file twice', async () => {
    const form = applicationForm({ email: 'keyed-applicant@example.com' })
    const first = await post(form, { 'Idempotency-Key': 'application-key-1' })
    const files = uploads()
    const second = await post(form, { 'Idempotency-Key': 'application-key-1' })
    expect(second.status).toBe(first.status)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(uploads()).toEqual(files)
  })

  it('flags a filled honeypot as spam but answers 201', async () => {
    const reply = await post(applicationForm({ fax: '555-0100' }))
    expect(reply.status).toBe(201)
    expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: true, spam_reason: 'honeypot' })
    expect((await listOutbox(server.db)).some((m) => m.lead_id === reply.body.id)).toBe(false)
  })

  it('keeps no file for a submission flagged as spam (finding 3): honeypot, missing token, reused token', async () => {
    const before = uploads()
    for (const fields of [{ fax: '555-0100' }, { formToken: '' }] as Record<string, string>[]) {
      const reply = await post(applicationForm(fields))
      expect(reply.status).toBe(201)
      expect(await getLead(server.db, reply.body.id)).toMatchObject({ is_spam: true })
    }
    expect(uploads()).toEqual(before)
    const formToken = agedToken()
    const accepted = await post(applicationForm({ formToken }))
    expect(await getLead(server.db, accepted.body.id)).toMatchObject({ is_spam: false })
    const kept = uploads()
    expect(kept).toHaveLength(before.length + 1)
    const reused = await post(applicationForm({ formToken }))
    expect(await getLead(server.db, reused.body.id)).toMatchObject({ is_spam: true, spam_reason: 'reused-token' })
    expect(uploads()).toEqual(kept)
  })

  it('creates the résumé file and the SQLite database with mode 0600', async () => {
    const reply = await post(applicationForm())
    const { resume } = (await getLead(server.db, reply.body.id))!.details as { resume: { storedName: string } }
    expect((await fs.promises.stat(path.join(server.env.UPLOADS_DIR, resume.storedName))).mode & 0o777).toBe(0o600)
    expect((await fs.promises.stat(server.env.UPLOADS_DIR)).mode & 0o077).toBe(0)
    if (target.name === 'sqlite') {
      for (const file of ['app.sqlite', 'app.sqlite-wal']) {
        const full = path.join(server.varDir, file)
        if (file === 'app.sqlite' || fs.existsSync(full)) expect((await fs.promises.stat(full)).mode & 0o777, file).toBe(0o600)
      }
    }
  })
})

describe.each(databases)('upload quotas (finding 3, $name)', (target) => {
  const QUOTA = 40_000
  let server: TestServer
  const uploads = () => (fs.existsSync(server.env.UPLOADS_DIR) ? fs.readdirSync(server.env.UPLOADS_DIR).sort() : [])
  const post = (body: BodyInit, headers: Record<string, string> = {}) => request(server.base, 'POST', '/api/applications', { body, headers })

  beforeAll(async () => {
    server = await startTestServer(target, { UPLOAD_BYTES_PER_HOUR: String(QUOTA), UPLOADS_MAX_TOTAL_BYTES: '100000' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 429 with Retry-After once an address has uploaded its hourly quota, across parallel requests, and writes nothing more', async () => {
    // Each form is about 11 KB: at most 3 fit in 40,000 bytes, whatever the concurrency.
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(applicationForm({}, { content: minimalPdf(10_000) }))))
    const statuses = replies.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    const refused = replies.find((r) => r.status === 429)!
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(3600)
    expect(refused.body.message).toMatch(/uploaded the most we accept from one address in an hour/)
    expect(uploads()).toHaveLength(3)
    const [usage] = await server.db('upload_usage').select('bytes')
    expect(Number(usage.bytes)).toBeLessThanOrEqual(QUOTA)
  })

  it('charges what was received, not what was reserved: a small form still fits after the big ones', async () => {
    const [before] = await server.db('upload_usage').select('bytes')
    const reply = await post(applicationForm())
    expect(reply.status).toBe(201)
    const [after] = await server.db('upload_usage').select('bytes')
    expect(Number(after.bytes) - Number(before.bytes)).toBeLessThan(2_000)
  })

  it('answers 507 with a clear message when the uploads folder is full, and keeps no partial file', async () => {
    await server.db('upload_usage').delete()
    // Fill the folder close to its 100,000-byte cap with a file of another instance.
    fs.writeFileSync(path.join(server.env.UPLOADS_DIR, 'other-instance.pdf'), Buffer.alloc(90_000))
    const restarted = await server.restart()
    server = restarted
    const before = uploads()
    const reply = await post(applicationForm({}, { content: minimalPdf(20_000) }))
    expect(reply.status).toBe(507)
    expect(reply.body.message).toMatch(/storage for them is full/)
    expect(uploads()).toEqual(before)
    const [usage] = await server.db('upload_usage').select('bytes')
    expect(Number(usage?.bytes ?? 0)).toBe(0)
  })
})

describe('upload free-space floor', () => {
  it('answers 507 when the disk would be left with less than UPLOADS_MIN_FREE_BYTES', async () => {
    const server = await startTestServer({ name: 'sqlite' }, { UPLOADS_MIN_FREE_BYTES: String(2 ** 52) })
    try {
      const reply = await request(server.base, 'POST', '/api/applications', { body: applicationForm() })
      expect(reply.status).toBe(507)
      expect(fs.readdirSync(server.env.UPLOADS_DIR)).toEqual([])
    } finally {
      await server.stop()
    }
  })
})
