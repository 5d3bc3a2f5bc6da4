// Lead notifications through the job runner: the outbox message and its `notification.send`
// job commit with the lead; the runner sends it (a fake transport, or real SMTP to a local
// sink), retries with backoff, gives up with the last error, and never holds up a visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listJobs } from '../../server/db/queries/jobs.ts'
import { insertOutboxMessage, listOutbox } from '../../server/db/queries/outbox.ts'
import { loadEnv } from '../../server/env.ts'
import { enqueueJob, type MailMessage, type SendMail } from '../../server/jobs/define.ts'
import { notificationJob, smtpTransport } from '../../server/jobs/notifications.ts'
import { jobs } from '../../server/jobs/registry.ts'
import { createJobRunner } from '../../server/jobs/runner.ts'
import { databases, postJson, samples, startTestServer, useTestDb } from './helpers.ts'
import { startSmtpSink, type SmtpSink } from './smtpSink.ts'

const env = loadEnv({ NODE_ENV: 'test', VAR_DIR: '/tmp/proofline-notify-test', APP_SECRET: 'x'.repeat(32), MAIL_FROM: 'site@example.com' })
const message = (n: number) => ({
  kind: 'lead.created',
  leadId: null,
  recipient: 'staff@example.com',
  replyTo: `visitor${n}@example.com`,
  subject: `New lead ${n}`,
  body: `Lead number ${n}`,
})
const T0 = Date.parse('2026-11-22T10:00:00.000Z')

describe.each(databases)('notification job ($name)', (target) => {
  const t = useTestDb(target)
  const runner = (send?: SendMail) => createJobRunner({ deps: { db: t.db, env, sendMail: send }, jobs, autoStart: false, random: () => 1 })
  const notify = async (n: number) => {
    const id = await insertOutboxMessage(t.db, message(n), T0)
    await enqueueJob(t.db, notificationJob, { outboxId: id }, { now: T0, key: `outbox:${id}` })
    return id
  }
  const outbox = async (id: number) => (await listOutbox(t.db)).find((m) => m.id === id)!
  const job = async (id: number) => (await listJobs(t.db, { type: 'notification.send' })).find((j) => (j.payload as { outboxId: number }).outboxId === id)!

  it('sends a due message and marks message and job done', async () => {
    const id = await notify(1)
    const sent: MailMessage[] = []
    expect(await runner(async (m) => void sent.push(m)).runDue({ now: T0 })).toMatchObject({ done: 1 })
    expect(sent).toEqual([{ from: 'site@example.com', to: 'staff@example.com', replyTo: 'visitor1@example.com', subject: 'New lead 1', text: 'Lead number 1' }])
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('retries with backoff, then gives up with the last error on message and job', async () => {
    const id = await notify(2)
    const r = runner(() => Promise.reject(new Error('550 mailbox unavailable')))
    let now = T0
    for (let attempt = 1; attempt <= notificationJob.maxAttempts; attempt++) {
      expect(await r.runDue({ now })).toMatchObject({ claimed: 1 })
      if (attempt === 1) expect(await job(id)).toMatchObject({ state: 'queued', run_at: new Date(T0 + 30_000).toISOString() })
      now += 7 * 3600_000
    }
    expect(await outbox(id)).toMatchObject({ status: 'failed', attempts: notificationJob.maxAttempts, last_error: '550 mailbox unavailable' })
    expect(await job(id)).toMatchObject({ state: 'failed', attempts: notificationJob.maxAttempts, last_error: '550 mailbox unavailable' })
  })

  it('does not send a message twice when its job runs again', async () => {
    const id = await notify(3)
    const sent: string[] = []
    const r = runner(async (m) => void sent.push(m.subject))
    await r.runDue({ now: T0 })
    await enqueueJob(t.db, notificationJob, { outboxId: id }, { now: T0 })
    await r.runDue({ now: T0 })
    expect(sent.filter((s) => s === 'New lead 3')).toHaveLength(1)
  })

  it('without a transport, this process leaves the job queued and the message pending', async () => {
    const id = await notify(4)
    const r = runner(undefined)
    expect(r.types).not.toContain('notification.send')
    await r.runDue({ now: T0 })
    expect(await outbox(id)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0 })
  })

  it('sends real mail over SMTP (nodemailer) to a local server', async () => {
    const sink = await startSmtpSink()
    try {
      const id = await notify(5)
      const send = await smtpTransport({ ...env, SMTP_URL: sink.url })
      await runner(send).runDue({ now: T0 })
      const mails = sink.messages.filter((m) => m.includes('Subject: New lead 5'))
      expect(mails).toHaveLength(1)
      expect(mails[0]).toContain('Reply-To: visitor5@example.com')
      expect(await outbox(id)).toMatchObject({ status: 'sent' })
    } finally {
      await sink.close()
    }
  })
})

describe.each(databases)('notifications in the server ($name)', (target) => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(async () => {
    await sink?.close()
  })

  it('commits the lead, its message and its job together, and mails it soon after over SMTP', async () => {
    const server = await startTestServer(target, { SMTP_URL: sink.url })
    try {
      const reply = await postJson(server.base, '/api/leads', samples.lead({ email: 'notify-me@example.com' }))
      expect(reply.status).toBe(201)
      const [message] = (await listOutbox(server.db)).filter((m) => m.lead_id === reply.body.id)
      const jobRows = (await listJobs(server.db, { type: 'notification.send' })).filter((j) => (j.payload as { outboxId: number }).outboxId === message.id)
      expect(jobRows).toHaveLength(1)
      expect(jobRows[0].key).toBe(`outbox:${message.id}`)
      for (let i = 0; i < 500 && !sink.messages.some((m) => m.includes('notify-me@example.com')); i++) await new Promise((r) => setTimeout(r, 20))
      expect(sink.messages.filter((m) => m.includes('Reply-To: notify-me@example.com'))).toHaveLength(1)
      for (let i = 0; i < 500 && (await listOutbox(server.db)).find((m) => m.id === message.id)?.status !== 'sent'; i++)
        await new Promise((r) => setTimeout(r, 20))
      expect((await listOutbox(server.db)).find((m) => m.id === message.id)).toMatchObject({ status: 'sent' })
    } finally {
      await server.stop()
    }
  })

  it('answers the visitor at once even when sending hangs or fails', async () => {
    let release: () => void = () => {}
    const hanging = new Promise<void>((resolve) => (release = resolve))
    const server = await startTestServer(target, {}, { sendMail: () => hanging })
    try {
      const first = await postJson(server.base, '/api/leads', samples.lead())
      await new Promise((r) => setTimeout(r, 100))
      const second = await postJson(server.base, '/api/quotes', samples.quote())
      // The send never settles until released: an answer at all proves the request did not wait.
      expect(first.status).toBe(201)
      expect(second.status).toBe(201)
    } finally {
      release()
      await server.stop()
    }
    const failing = await startTestServer(target, {}, { sendMail: () => Promise.reject(new Error('connection refused')) })
    try {
      const reply = await postJson(failing.base, '/api/contact', samples.contact())
      expect(reply.status).toBe(201)
      const row = async () => (await listOutbox(failing.db)).find((m) => m.lead_id === reply.body.id)
      for (let i = 0; i < 500 && !(await row())?.last_error; i++) await new Promise((r) => setTimeout(r, 20))
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connection refused' })
    } finally {
      await failing.stop()
    }
  })

  it('releases a job still sending at shutdown, and the next start sends it', async () => {
    let started = () => {}
    const sending = new Promise<void>((resolve) => (started = resolve))
    const first = await startTestServer(target, {}, { sendMail: () => (started(), new Promise(() => {})), jobs: { shutdownTimeoutMs: 100 } })
    const reply = await postJson(first.base, '/api/leads', samples.lead({ email: 'after-restart@example.com' }))
    expect(reply.status).toBe(201)
    await sending
    const sent: MailMessage[] = []
    const { startServer } = await import('../../server/index.ts')
    await first.close()
    const jobRow = (await (async () => {
      const again = await startServer(first.env, { sendMail: async (m) => void sent.push(m) })
      try {
        const row = async () => (await listJobs(again.db, { type: 'notification.send' }))[0]
        for (let i = 0; i < 500 && (await row()).state !== 'done'; i++) await new Promise((r) => setTimeout(r, 20))
        return row()
      } finally {
        await again.close()
      }
    })())!
    expect(sent.map((m) => m.replyTo)).toEqual(['after-restart@example.com'])
    expect(jobRow).toMatchObject({ state: 'done', attempts: 1 })
    await first.stop().catch(() => {})
  })
})
