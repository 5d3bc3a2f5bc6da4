// A campaign send killed mid-batch (SIGKILL of the server process) resumes on the next start and
// nobody receives the campaign twice: the rows the dead process had claimed are marked
// "interrupted" and not resent; every other recipient gets exactly one email.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb, migrate } from '../../server/db/knex.ts'
import { defaultListId } from '../../server/db/queries/newsletterSubscribers.ts'
import { nowIso } from '../../server/db/rows.ts'
import { projectRoot } from '../../server/env.ts'
import { enqueueCampaignRun } from '../../server/newsletter/campaignJob.ts'
import { createSchema, databases, TEST_SECRET } from './helpers.ts'
import { parseMail, waitFor } from './mimeMessage.ts'
import { startSmtpSink } from './smtpSink.ts'

const children: ChildProcess[] = []

function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (/serving on http:\/\/localhost:\d+/.test(out)) {
        clearTimeout(timer)
        resolve(child)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)))
  })
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

const RECIPIENTS = 60
const BATCH = 5

describe.each(databases)('campaign send killed mid-batch ($name)', (target) => {
  it('resumes after kill -9 and sends nobody the campaign twice', async () => {
    const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-campaign-'))
    const pg = target.url ? await createSchema(target.url) : undefined
    const sink = await startSmtpSink()
    sink.delayMs = 15
    const db = createDb({ databaseUrl: target.url, varDir, searchPath: pg?.schema })
    try {
      await migrate(db)
      const listId = await defaultListId(db)
      const at = nowIso()
      const emails = Array.from({ length: RECIPIENTS }, (_, i) => `reader-${i}@example.com`)
      await db('newsletter_subscribers').insert(
        emails.map((email) => ({ email, status: 'subscribed', source: 'Footer', confirmed_at: at, subscribed_at: at, created_at: at, updated_at: at })),
      )
      const ids = (await db('newsletter_subscribers').pluck('id')).map(Number)
      await db('newsletter_subscriptions').insert(
        ids.map((id) => ({ subscriber_id: id, list_id: listId, status: 'subscribed', created_at: at, updated_at: at })),
      )
      const [campaign] = await db('newsletter_campaigns')
        .insert({
          slug: 'resume-test',
          name: 'Resume test',
          subject: 'The resume test',
          body_markdown: 'Read [the blog](/blog).',
          list_id: listId,
          status: 'scheduled',
          scheduled_at: at,
          track: true,
        })
        .returning('id')
      const campaignId = Number(typeof campaign === 'object' ? campaign.id : campaign)
      await enqueueCampaignRun(db, campaignId)
      const env = {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        VAR_DIR: varDir,
        APP_SECRET: TEST_SECRET,
        DATABASE_URL: target.url ?? '',
        DATABASE_SEARCH_PATH: pg?.schema ?? '',
        SMTP_URL: sink.url,
        JOBS_POLL_MS: '100',
        JOBS_LEASE_MS: '1000',
        NEWSLETTER_BATCH_SIZE: String(BATCH),
        NEWSLETTER_RATE_PER_SECOND: '400',
      }
      const received = () => sink.messages.map(parseMail).filter((m) => m.header('subject') === 'The resume test')

      const first = await startChild(env)
      await waitFor(() => received().length >= 15, '15 emails before the kill', 30_000)
      first.kill('SIGKILL')
      await new Promise((resolve) => first.once('exit', resolve))
      const beforeResume = received().length
      expect(beforeResume).toBeLessThan(RECIPIENTS)

      const second = await startChild(env)
      await waitFor(
        async () => (await db('newsletter_campaigns').where({ id: campaignId }).first()).status === 'sent',
        'the campaign to finish after the restart',
        60_000,
      )
      second.kill('SIGTERM')
      await new Promise((resolve) => second.once('exit', resolve))

      const perRecipient = new Map<string, number>()
      for (const m of received()) perRecipient.set(m.header('to'), (perRecipient.get(m.header('to')) ?? 0) + 1)
      // Nobody twice.
      expect([...perRecipient.entries()].filter(([, n]) => n > 1)).toEqual([])
      const sends = await db('newsletter_sends').where({ campaign_id: campaignId })
      expect(sends).toHaveLength(RECIPIENTS)
      const byStatus = (s: string) => sends.filter((r) => r.status === s)
      // Everyone was either sent (with the provider's message id, and really received) or interrupted
      // (claimed by the killed process: at most one batch, never resent).
      expect(byStatus('sent').length + byStatus('interrupted').length).toBe(RECIPIENTS)
      expect(byStatus('interrupted').length).toBeLessThanOrEqual(BATCH)
      expect(byStatus('sent').every((r) => r.message_id)).toBe(true)
      const sentEmails = new Set(
        (await db('newsletter_subscribers')
          .whereIn(
            'id',
            byStatus('sent').map((r) => r.subscriber_id),
          )
          .pluck('email')) as string[],
      )
      for (const email of sentEmails) expect(perRecipient.get(email), email).toBe(1)
      // The second process sent the rest after the kill.
      expect(received().length).toBeGreaterThan(beforeResume)
      expect(received().length).toBeGreaterThanOrEqual(RECIPIENTS - BATCH)
    } finally {
      await db.destroy()
      await sink.close()
      await pg?.drop()
      fs.rmSync(varDir, { recursive: true, force: true })
    }
  }, 120_000)
})
