// Lead notifications: one `notification.send` job per outbox message, enqueued in the
// transaction that stores the lead. The handler is idempotent by message: a message already
// marked sent is not sent again (a retry after a crash between the send and the job's commit
// can still send twice, as any SMTP client can; the mark is written right after the send).
// Without SMTP (no SMTP_URL and no injected transport) this process does not claim these jobs:
// they stay queued and readable, and any instance with SMTP sends them.
import { z } from 'zod'
import { findOutboxMessage, markOutboxAttempt, markOutboxAttemptFailed, markOutboxSent } from '../db/queries/outbox.ts'
import { defineJob, type SendMail } from './define.ts'
import type { Env } from '../env.ts'

export const notificationJob = defineJob({
  type: 'notification.send',
  payload: z.object({ outboxId: z.number().int().positive() }),
  maxAttempts: 8,
  backoff: { baseMs: 30_000, maxMs: 6 * 3600_000 },
  timeoutMs: 60_000,
  enabled: (deps) => Boolean(deps.sendMail),
  async handler({ outboxId }, ctx) {
    const { db, env, sendMail } = ctx.deps
    if (!sendMail) throw new Error('No mail transport: set SMTP_URL.')
    const message = await findOutboxMessage(db, outboxId)
    if (!message || message.status === 'sent') return
    await markOutboxAttempt(db, outboxId, ctx.attempt, ctx.now)
    try {
      await sendMail({ from: mailFrom(env), to: message.recipient, replyTo: message.reply_to || undefined, subject: message.subject, text: message.body })
    } catch (error) {
      await markOutboxAttemptFailed(db, outboxId, error instanceof Error ? error.message : String(error), ctx.lastAttempt, Date.now())
      throw error
    }
    await markOutboxSent(db, outboxId, Date.now())
  },
})

export const mailFrom = (env: Env) => env.MAIL_FROM ?? `Proofline Digital website <${env.NOTIFY_EMAIL}>`

/** SMTP through nodemailer when SMTP_URL is set. */
export async function smtpTransport(env: Env): Promise<SendMail | undefined> {
  if (!env.SMTP_URL) return undefined
  const nodemailer = await import('nodemailer')
  const transport = nodemailer.createTransport(env.SMTP_URL)
  return (message) => transport.sendMail(message)
}
