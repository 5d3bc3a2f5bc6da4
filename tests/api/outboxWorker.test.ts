// The outbox worker with a fake transport function injected, over a real database: sending,
// retries with exponential backoff, giving up, leases, and never holding up a visitor's request.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, migrate, type Db } from '../../server/db/knex.ts'
import { claimOutboxMessage, findDueOutboxMessages, insertOutboxMessage, listOutbox } from '../../server/db/queries/outbox.ts'
import { backoffDelay, createOutboxWorker, startOutboxWorker, type MailMessage } from '../../server/worker/outbox.ts'
import { loadEnv } from '../../server/env.ts'
import { createSchema, databases, postJson, samples, startTestServer } from './helpers.ts'

const message = (n: number) => ({ kind: 'lead.created', leadId: null, recipient: 'staff@example.com', replyTo: `visitor${n}@example.com`, subject: `New lead ${n}`, body: `Lead number ${n}` })

describe('backoffDelay', () => {
  it('doubles from the base delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, 1000, 10_000))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000])
  })
})

describe.each(databases)('outbox worker ($name)', (target) => {
  let db: Db
  let cleanup: () => Promise<void>
  let clock = Date.parse('2026-11-22T10:00:00.000Z')
  const now = () => clock

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-outbox-'))
    const pg = target.url ? await createSchema(target.url) : undefined
    db = createDb({ databaseUrl: target.url, varDir: dir, searchPath: pg?.schema })
    await migrate(db)
    cleanup = async () => {
      await db.destroy()
      await pg?.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
  afterAll(async () => {
    await cleanup?.()
  })

  const byId = async (id: number) => (await listOutbox(db)).find((m) => m.id === id)!

  it('sends due messages and marks them sent', async () => {
    const id = await insertOutboxMessage(db, message(1), clock)
    const sent: MailMessage[] = []
    const worker = createOutboxWorker({ db, from: 'site@example.com', send: async (m) => void sent.push(m), now, autoStart: false })
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 })
    expect(sent).toEqual([{ from: 'site@example.com', to: 'staff@example.com', replyTo: 'visitor1@example.com', subject: 'New lead 1', text: 'Lead number 1' }])
    expect(await byId(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: new Date(clock).toISOString() })
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 })
  })

  it('retries a failed send with exponential backoff, then succeeds', async () => {
    const id = await insertOutboxMessage(db, message(2), clock)
    let failures = 2
    const worker = createOutboxWorker({
      db,
      from: 'site@example.com',
      now,
      autoStart: false,
      baseDelayMs: 60_000,
      send: async () => {
        if (failures-- > 0) throw new Error('421 SMTP server busy')
      },
    })
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 })
    expect(await byId(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 SMTP server busy', next_attempt_at: new Date(clock + 60_000).toISOString() })
    // Not due yet.
    clock += 59_000
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 })
    clock += 1_000
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 })
    expect(await byId(id)).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: new Date(clock + 120_000).toISOString() })
    clock += 120_000
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 })
    expect(await byId(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null })
  })

  it('gives up after maxAttempts and marks the message failed', async () => {
    const id = await insertOutboxMessage(db, message(3), clock)
    const worker = createOutboxWorker({ db, from: 'x@example.com', now, autoStart: false, maxAttempts: 3, baseDelayMs: 1000, send: () => Promise.reject(new Error('550 mailbox unavailable')) })
    for (let i = 0; i < 3; i++) {
      await worker.runOnce()
      clock += 10_000
    }
    expect(await byId(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: '550 mailbox unavailable' })
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 })
  })

  it('retries a message whose sender died mid-send once its lease ends', async () => {
    const id = await insertOutboxMessage(db, message(4), clock)
    const [row] = (await findDueOutboxMessages(db, clock, 100)).filter((m) => m.id === id)
    expect(await claimOutboxMessage(db, row, clock, 300_000)).toBe(true)
    // A second claim of the same row (another worker) fails.
    expect(await claimOutboxMessage(db, row, clock, 300_000)).toBe(false)
    const sent: string[] = []
    const worker = createOutboxWorker({ db, from: 'x@example.com', now, autoStart: false, leaseMs: 300_000, send: async (m) => void sent.push(m.subject) })
    await worker.runOnce()
    expect(sent).not.toContain('New lead 4')
    clock += 300_000
    await worker.runOnce()
    expect(sent).toContain('New lead 4')
    expect(await byId(id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('does not run without SMTP_URL: messages stay pending and readable', async () => {
    const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-env-'))
    const env = loadEnv({ VAR_DIR: varDir, APP_SECRET: 'x'.repeat(32), SMTP_URL: '' })
    fs.rmSync(varDir, { recursive: true, force: true })
    const worker = await startOutboxWorker(db, env)
    expect(worker.enabled).toBe(false)
    const id = await insertOutboxMessage(db, message(5), clock)
    await worker.runOnce()
    expect(await byId(id)).toMatchObject({ status: 'pending', attempts: 0 })
    await worker.stop()
  })
})

describe.each(databases)('outbox worker in the server ($name)', (target) => {
  it('sends a new lead notification soon after the lead is committed', async () => {
    const sent: MailMessage[] = []
    const server = await startTestServer(target, {}, { sendMail: async (m) => void sent.push(m) })
    try {
      const reply = await postJson(server.base, '/api/leads', samples.lead({ email: 'notify-me@example.com' }))
      expect(reply.status).toBe(201)
      for (let i = 0; i < 500 && !sent.length; i++) await new Promise((r) => setTimeout(r, 20))
      expect(sent).toHaveLength(1)
      expect(sent[0]).toMatchObject({ to: server.env.NOTIFY_EMAIL, replyTo: 'notify-me@example.com' })
      expect((await listOutbox(server.db)).find((m) => m.lead_id === reply.body.id)).toMatchObject({ status: 'sent' })
    } finally {
      await server.stop()
    }
  })

  it('answers the visitor at once even when sending hangs or fails', async () => {
    let release: () => void = () => {}
    const hanging = new Promise<void>((resolve) => (release = resolve))
    const server = await startTestServer(target, {}, { sendMail: () => hanging })
    try {
      const started = performance.now()
      const first = await postJson(server.base, '/api/leads', samples.lead())
      await new Promise((r) => setTimeout(r, 100))
      const second = await postJson(server.base, '/api/quotes', samples.quote())
      expect(first.status).toBe(201)
      expect(second.status).toBe(201)
      // The send never settles until released: an answer at all proves the request did not wait.
      expect(performance.now() - started).toBeLessThan(10_000)
    } finally {
      release()
      await server.stop()
    }
    const failing = await startTestServer(target, {}, { sendMail: () => Promise.reject(new Error('connection refused')) })
    try {
      const reply = await postJson(failing.base, '/api/contact', samples.contact())
      expect(reply.status).toBe(201)
      for (let i = 0; i < 500; i++) {
        const row = (await listOutbox(failing.db)).find((m) => m.lead_id === reply.body.id)
        if (row?.last_error) break
        await new Promise((r) => setTimeout(r, 20))
      }
      expect((await listOutbox(failing.db)).find((m) => m.lead_id === reply.body.id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connection refused' })
    } finally {
      await failing.stop()
    }
  })
})
