// Sends the outbox (staff notifications) by SMTP, outside any visitor's request. A due row is
// claimed with a lease, sent, and marked sent; a failure is retried with exponential backoff
// (attempts, next_attempt_at, last_error) until maxAttempts, then marked failed. Without SMTP_URL
// (and no injected transport) the worker does not run and rows stay pending and readable.
import type { Db } from '../db/knex.ts'
import { claimOutboxMessage, findDueOutboxMessages, markOutboxAttemptFailed, markOutboxSent } from '../db/queries/outbox.ts'
import type { Env } from '../env.ts'

export type MailMessage = { from: string; to: string; replyTo?: string; subject: string; text: string }
export type SendMail = (message: MailMessage) => Promise<unknown>

export type OutboxWorkerOptions = {
  db: Db
  send: SendMail
  from: string
  pollMs?: number
  batchSize?: number
  maxAttempts?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** How long a claimed row is held before another run may retry it (a crash mid-send). */
  leaseMs?: number
  sendTimeoutMs?: number
  now?: () => number
  onError?: (error: unknown) => void
  /** false: no timer; the caller drives runOnce (tests). */
  autoStart?: boolean
}

export type OutboxWorker = {
  /** Sends what is due now; resolves with the counts. */
  runOnce(): Promise<{ sent: number; failed: number }>
  /** Asks for a run soon (a new lead was committed). */
  wake(): void
  stop(): Promise<void>
  readonly enabled: boolean
}

/** Delay before retry number `attempt` (1-based): base, 2×base, 4×base… capped at max. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1))
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sending timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export function createOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const pollMs = opts.pollMs ?? 5000
  const batchSize = opts.batchSize ?? 20
  const maxAttempts = opts.maxAttempts ?? 8
  const baseDelayMs = opts.baseDelayMs ?? 30_000
  const maxDelayMs = opts.maxDelayMs ?? 6 * 60 * 60 * 1000
  const leaseMs = opts.leaseMs ?? 5 * 60 * 1000
  const sendTimeoutMs = opts.sendTimeoutMs ?? 60_000
  const now = opts.now ?? Date.now
  const { db } = opts

  async function runOnce() {
    let sent = 0
    let failed = 0
    for (const row of await findDueOutboxMessages(db, now(), batchSize)) {
      if (!(await claimOutboxMessage(db, row, now(), leaseMs))) continue
      const attempts = row.attempts + 1
      try {
        await withTimeout(opts.send({ from: opts.from, to: row.recipient, replyTo: row.reply_to || undefined, subject: row.subject, text: row.body }), sendTimeoutMs)
        await markOutboxSent(db, row.id, now())
        sent += 1
      } catch (error) {
        const retryAt = attempts >= maxAttempts ? null : now() + backoffDelay(attempts, baseDelayMs, maxDelayMs)
        await markOutboxAttemptFailed(db, row.id, error instanceof Error ? error.message : String(error), retryAt, now())
        failed += 1
      }
    }
    return { sent, failed }
  }

  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  let woken = false

  function schedule(delay: number) {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
    timer.unref()
  }

  function tick() {
    if (stopped || running) return
    running = runOnce()
      .catch((error) => opts.onError?.(error))
      .finally(() => {
        running = null
        schedule(woken ? 50 : pollMs)
        woken = false
      })
  }

  if (opts.autoStart === false) stopped = true
  else schedule(0)
  return {
    enabled: true,
    runOnce,
    wake() {
      // A short delay gathers a burst of new leads into one run.
      if (running) woken = true
      else schedule(50)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

const disabledWorker: OutboxWorker = { enabled: false, runOnce: async () => ({ sent: 0, failed: 0 }), wake() {}, stop: async () => {} }

/** The worker startServer runs: SMTP through nodemailer when SMTP_URL is set, else none. */
export async function startOutboxWorker(db: Db, env: Env, opts: { send?: SendMail } & Partial<OutboxWorkerOptions> = {}): Promise<OutboxWorker> {
  let send = opts.send
  if (!send && env.SMTP_URL) {
    const nodemailer = await import('nodemailer')
    const transport = nodemailer.createTransport(env.SMTP_URL)
    send = (message) => transport.sendMail(message)
  }
  if (!send) return disabledWorker
  return createOutboxWorker({
    ...opts,
    db,
    send,
    from: env.MAIL_FROM ?? `Proofline Digital website <${env.NOTIFY_EMAIL}>`,
    onError: opts.onError ?? ((error) => console.error('[outbox]', error)),
  })
}
