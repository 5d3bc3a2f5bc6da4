// Three real server processes on one PostgreSQL schema, as production runs them behind a proxy:
// the lead load, the notification jobs, a rate limit, sessions and a kill -9 are shared or
// survived across them. Runs only with TEST_DATABASE_URL (PostgreSQL is the extra run); without
// it the suite is reported as skipped, with the reason in its name.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFirstAdmin } from '../../server/auth/firstAdmin.ts'
import { createDb, migrate, type Db } from '../../server/db/knex.ts'
import { startServerProcess, type ServerProcess } from '../../scripts/serverProcess.ts'
import { createSchema, postJson, request, samples, TEST_SECRET } from './helpers.ts'
import { startSmtpSink, type SmtpSink } from './smtpSink.ts'

const url = process.env.TEST_DATABASE_URL
const ADMIN_EMAIL = 'instances@example.com'
const ADMIN_PASSWORD = 'three instances share one database 7'
const EVENTS_LIMIT = 20

/** Runs `count` tasks with at most `width` at a time. */
async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await task(i)
    }),
  )
  return results
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const replyToOf = (mail: string) => /^Reply-To: (.+)$/m.exec(mail)?.[1].trim() ?? ''

describe.skipIf(!url)(`three server processes on one PostgreSQL${url ? '' : ' (skipped: set TEST_DATABASE_URL to run)'}`, () => {
  let sink: SmtpSink
  let db: Db
  let dropSchema: () => Promise<void>
  let varDir: string
  let env: Record<string, string>
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    sink = await startSmtpSink()
    const schema = await createSchema(url!)
    dropSchema = schema.drop
    db = createDb({ databaseUrl: url, varDir: os.tmpdir(), searchPath: schema.schema })
    // The release step: migrations once, before the servers start (they find nothing to do).
    await migrate(db)
    await ensureFirstAdmin(db, { ADMIN_EMAIL, ADMIN_PASSWORD }, () => {})
    varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-instances-'))
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: url!,
      DATABASE_SEARCH_PATH: schema.schema,
      APP_SECRET: TEST_SECRET,
      VAR_DIR: varDir,
      SMTP_URL: sink.url,
      NOTIFY_EMAIL: 'staff@example.com',
      RATE_LIMIT_PER_MINUTE: '1000000',
      EVENTS_RATE_LIMIT_PER_MINUTE: String(EVENTS_LIMIT),
      JOBS_POLL_MS: '200',
      // Long enough that a heartbeat delayed by a starved event loop (three servers and the test on
      // two busy cores) does not lose a live claim; the kill test waits one lease for its reclaim.
      JOBS_LEASE_MS: '15000',
    }
    servers.push(...(await Promise.all([0, 1, 2].map(() => startServerProcess(env)))))
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await db?.destroy()
    await dropSchema?.()
    await sink?.close()
    if (varDir) fs.rmSync(varDir, { recursive: true, force: true })
  }, 60_000)

  /** Leads whose email starts with `prefix`, with their notification jobs. */
  async function leadsAndJobs(prefix: string) {
    const leads = (await db('leads').select('id', 'email').where('email', 'like', `${prefix}%`)) as Array<{ id: number; email: string }>
    const jobs = (await db('jobs as j')
      .joinRaw(`join outbox as o on o.id = (j.payload::json->>'outboxId')::int`)
      .join('leads as l', 'l.id', 'o.lead_id')
      .where('l.email', 'like', `${prefix}%`)
      .select('j.id', 'j.state', 'j.attempts', 'j.last_error', 'l.email', 'o.status')) as Array<{
      id: number
      state: string
      attempts: number
      last_error: string | null
      email: string
      status: string
    }>
    return { leads, jobs }
  }

  it('1,500 leads spread over the three: 1,500 rows, 1,500 notification jobs, each run once, 1,500 mails', async () => {
    const prefix = 'spread-'
    // As the site's forms do: an Idempotency-Key per submission, and a retry (here on the next
    // instance) when the connection fails before an answer, e.g. a keep-alive socket the server
    // closed at the moment it was reused.
    const replies = await pool(1500, 30, async (i) => {
      const body = samples.lead({ email: `${prefix}${i}@example.com` })
      for (let attempt = 0; ; attempt++) {
        try {
          return await postJson(servers[(i + attempt) % 3].base, '/api/leads', body, { 'Idempotency-Key': `spread-${i}` })
        } catch (error) {
          if (attempt >= 3) throw error
        }
      }
    })
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1500)
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1500)

    await waitFor('every notification job to finish', async () => (await leadsAndJobs(prefix)).jobs.every((j) => j.state === 'done'))
    const { leads, jobs } = await leadsAndJobs(prefix)
    expect(leads).toHaveLength(1500)
    expect(jobs).toHaveLength(1500)
    expect(new Set(jobs.map((j) => j.email)).size).toBe(1500)
    expect(jobs.filter((j) => !(j.state === 'done' && j.attempts === 1 && j.status === 'sent'))).toEqual([])
    const mails = sink.messages.map(replyToOf).filter((to) => to.startsWith(prefix))
    expect(mails).toHaveLength(1500)
    expect(new Set(mails).size).toBe(1500)
  }, 600_000)

  it('shares one rate limit: 60 requests from one address over the three get exactly the limit through', async () => {
    // Windows are whole minutes: start early in one, so the burst falls in a single window.
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100))
    const replies = await pool(60, 12, (i) => postJson(servers[i % 3].base, '/api/events', { events: [samples.event()] }))
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 202)).toHaveLength(EVENTS_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - EVENTS_LIMIT)
    // Each instance saw some of the 429s: the count is not per process.
    for (let k = 0; k < 3; k++) expect(statuses.filter((s, i) => i % 3 === k && s === 429).length).toBeGreaterThan(0)
  }, 120_000)

  it('accepts on every instance a session created on one', async () => {
    const login = await postJson(servers[0].base, '/api/admin/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
    expect(login.status).toBe(200)
    const cookie = login.headers
      .getSetCookie()
      .find((c) => /sid=/.test(c))!
      .split(';')[0]
    for (const server of servers) {
      const me = await request(server.base, 'GET', '/api/admin/auth/me', { headers: { Cookie: cookie } })
      expect(me.status).toBe(200)
      expect(me.body.user ?? me.body).toMatchObject({ email: ADMIN_EMAIL })
    }
    // Signed out on one, refused on the others.
    const signOut = await request(servers[1].base, 'POST', '/api/admin/auth/logout', { headers: { Cookie: cookie, 'X-CSRF-Token': login.body.csrfToken } })
    expect(signOut.status).toBeLessThan(300)
    expect((await request(servers[2].base, 'GET', '/api/admin/auth/me', { headers: { Cookie: cookie } })).status).toBe(401)
  })

  it('kill -9 of one instance mid-load loses no acknowledged lead and no job', async () => {
    const prefix = 'killed-'
    // A slow mail server keeps jobs running, so the killed process holds some when it dies.
    sink.delayMs = 150
    const victim = servers[2]
    const acknowledged: string[] = []
    let sent = 0
    const load = pool(900, 24, async (i) => {
      const email = `${prefix}${i}@example.com`
      const server = servers[i % 3]
      sent += 1
      try {
        const reply = await postJson(server.base, '/api/leads', samples.lead({ email }))
        if (reply.status === 201) acknowledged.push(email)
      } catch {
        // the killed instance's connections fail: not acknowledged
      }
    })
    const victimJobs = () => db('jobs').where({ state: 'running' }).andWhere('locked_by', 'like', `%:${victim.pid}:%`).pluck('id')
    // Freeze the victim (SIGSTOP) before reading which jobs it holds, then kill it: a running
    // process could finish a job between that read and the kill (seen under load in CI), and a
    // frozen one cannot. A statement already sent completes within the settle pause; an open
    // transaction is rolled back when the kill drops its connection.
    let heldAtKill: number[] = []
    await waitFor('the victim to run notification jobs', async () => {
      if (sent <= 300 || (await victimJobs()).length === 0) return false
      process.kill(victim.pid, 'SIGSTOP')
      await new Promise((r) => setTimeout(r, 300))
      heldAtKill = await victimJobs()
      if (heldAtKill.length > 0) return true
      process.kill(victim.pid, 'SIGCONT')
      return false
    })
    await victim.kill9()
    await load
    sink.delayMs = 0
    expect(heldAtKill.length).toBeGreaterThan(0)
    expect(acknowledged.length).toBeGreaterThan(600)

    await waitFor('every notification job to finish on the two survivors', async () => (await leadsAndJobs(prefix)).jobs.every((j) => j.state === 'done'))
    const { leads, jobs } = await leadsAndJobs(prefix)
    const stored = new Set(leads.map((l) => l.email))
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([])
    // Every stored lead (acknowledged or not) has exactly one job, done, and its mail went out.
    expect(jobs).toHaveLength(leads.length)
    expect(new Set(jobs.map((j) => j.email)).size).toBe(leads.length)
    expect(jobs.every((j) => j.state === 'done' && j.status === 'sent')).toBe(true)
    const mailed = new Set(sink.messages.map(replyToOf))
    expect(leads.filter((l) => !mailed.has(l.email))).toEqual([])
    // The jobs the killed process held were taken back after their lease and finished.
    const reclaimed = await db('jobs').whereIn('id', heldAtKill).select('state', 'attempts', 'last_error')
    expect(reclaimed.every((j) => j.state === 'done' && Number(j.attempts) >= 2)).toBe(true)
  }, 300_000)
})
