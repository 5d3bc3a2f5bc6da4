// The durable job runner over a real database (SQLite always, PostgreSQL with
// TEST_DATABASE_URL), driven by runDue({ now }) with a fake clock: no sleeps, no timings.
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDb, type Db } from '../db/knex.ts'
import { claimDueJobs, findJob, listJobs, reclaimExpiredJobs, retryFailedJob } from '../db/queries/jobs.ts'
import { loadEnv } from '../env.ts'
import { databases, openTestDb, useTestDb } from '../../tests/api/helpers.ts'
import { backoffDelay, defineJob, enqueueJob, type JobContext, type JobDeps, type JobDefinition } from './define.ts'
import { createJobRunner, type RunnerOptions } from './runner.ts'

const env = loadEnv({ NODE_ENV: 'test', VAR_DIR: '/tmp/proofline-jobs-test', APP_SECRET: 'x'.repeat(32) })
const T0 = Date.parse('2026-11-22T10:03:00.000Z')

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, jittered in the upper half', () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 }
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, backoff, () => 1))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000])
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, backoff, () => 0))).toEqual([500, 1000, 2000, 4000, 5000])
  })
})

describe.each(databases)('job runner ($name)', (target) => {
  let db: Db
  let close: () => Promise<void>
  let n = 0
  beforeAll(async () => {
    ;({ db, close } = await openTestDb(target))
  })
  afterAll(async () => {
    await close?.()
  })

  /** A job type of its own per test, so tests never see each other's rows. */
  function testJob(handler: (payload: { value: number }, ctx: JobContext) => Promise<unknown>, over: Partial<JobDefinition> = {}): JobDefinition {
    n += 1
    return defineJob({
      type: `test.job-${n}`,
      payload: z.object({ value: z.number() }),
      handler,
      maxAttempts: 3,
      backoff: { baseMs: 60_000, maxMs: 3600_000 },
      timeoutMs: 10_000,
      ...over,
    }) as JobDefinition
  }
  const runner = (jobs: JobDefinition[], over: Partial<RunnerOptions> = {}) =>
    createJobRunner({
      deps: { db, env } as JobDeps,
      jobs,
      autoStart: false,
      random: () => 1,
      onError: (e) => {
        throw e
      },
      ...over,
    })
  const rows = (job: JobDefinition) => listJobs(db, { type: job.type })

  it('runs a due job once and marks it done', async () => {
    const seen: number[] = []
    const job = testJob(async (p) => void seen.push(p.value))
    await enqueueJob(db, job, { value: 7 }, { now: T0 })
    const r = runner([job])
    expect(await r.runDue({ now: T0 })).toMatchObject({ claimed: 1, done: 1, retried: 0, failed: 0 })
    expect(seen).toEqual([7])
    expect(await rows(job)).toMatchObject([{ state: 'done', attempts: 1, last_error: null, locked_by: null, finished_at: new Date(T0).toISOString() }])
    expect(await r.runDue({ now: T0 + 3600_000 })).toMatchObject({ claimed: 0 })
    expect(seen).toEqual([7])
  })

  it('waits for run_at', async () => {
    const seen: number[] = []
    const job = testJob(async (p) => void seen.push(p.value))
    await enqueueJob(db, job, { value: 1 }, { now: T0, runAt: T0 + 60_000 })
    const r = runner([job])
    expect((await r.runDue({ now: T0 + 59_999 })).claimed).toBe(0)
    expect((await r.runDue({ now: T0 + 60_000 })).done).toBe(1)
    expect(seen).toEqual([1])
  })

  it('retries a failing job with exponential backoff and jitter, then succeeds', async () => {
    let failures = 2
    const job = testJob(async () => {
      if (failures-- > 0) throw new Error('421 SMTP server busy')
    })
    const id = (await enqueueJob(db, job, { value: 1 }, { now: T0 }))!
    let jitter = 1
    const r = runner([job], { random: () => jitter })
    expect(await r.runDue({ now: T0 })).toMatchObject({ claimed: 1, retried: 1 })
    expect(await findJob(db, id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: '421 SMTP server busy',
      run_at: new Date(T0 + 60_000).toISOString(),
    })
    expect((await r.runDue({ now: T0 + 59_000 })).claimed).toBe(0)
    jitter = 0
    expect(await r.runDue({ now: T0 + 60_000 })).toMatchObject({ retried: 1 })
    // Second retry: 120 s, jittered to its lower bound (half).
    expect(await findJob(db, id)).toMatchObject({ state: 'queued', attempts: 2, run_at: new Date(T0 + 60_000 + 60_000).toISOString() })
    expect(await r.runDue({ now: T0 + 120_000 })).toMatchObject({ done: 1 })
    expect(await findJob(db, id)).toMatchObject({ state: 'done', attempts: 3 })
  })

  it('fails for good after maxAttempts, keeps the last error, and runs again after a retry', async () => {
    let calls = 0
    const job = testJob(async () => {
      calls += 1
      if (calls <= 3) throw new Error(`550 mailbox unavailable (${calls})`)
    })
    const id = (await enqueueJob(db, job, { value: 1 }, { now: T0 }))!
    const r = runner([job])
    let t = T0
    for (let i = 0; i < 3; i++) {
      await r.runDue({ now: t })
      t += 3600_000
    }
    expect(await findJob(db, id)).toMatchObject({ state: 'failed', attempts: 3, last_error: '550 mailbox unavailable (3)' })
    expect((await r.runDue({ now: t })).claimed).toBe(0)
    expect(await retryFailedJob(db, id, t)).toBe(true)
    expect(await retryFailedJob(db, id, t)).toBe(false)
    expect(await r.runDue({ now: t })).toMatchObject({ done: 1 })
    expect(await findJob(db, id)).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('validates payloads when enqueueing, and fails a stored bad payload without running it', async () => {
    let ran = false
    const job = testJob(async () => void (ran = true))
    await expect(enqueueJob(db, job, { value: 'x' } as never)).rejects.toThrow()
    await db('jobs').insert({
      type: job.type,
      payload: '{"value":"nope"}',
      state: 'queued',
      run_at: new Date(T0).toISOString(),
      attempts: 0,
      max_attempts: 3,
      created_at: new Date(T0).toISOString(),
      updated_at: new Date(T0).toISOString(),
    })
    expect(await runner([job]).runDue({ now: T0 })).toMatchObject({ failed: 1 })
    expect(ran).toBe(false)
    expect((await rows(job))[0]).toMatchObject({ state: 'failed', last_error: 'Invalid payload: value: Invalid input: expected number, received string' })
  })

  it('stores a keyed job once, and only when the caller commits', async () => {
    const job = testJob(async () => {})
    expect(await enqueueJob(db, job, { value: 1 }, { key: 'once-1' })).toEqual(expect.any(Number))
    expect(await enqueueJob(db, job, { value: 2 }, { key: 'once-1' })).toBeNull()
    await expect(
      db.transaction(async (trx) => {
        await enqueueJob(trx, job, { value: 3 }, { key: 'rolled-back' })
        throw new Error('the lead insert failed')
      }),
    ).rejects.toThrow('the lead insert failed')
    await db.transaction((trx) => enqueueJob(trx, job, { value: 4 }))
    expect((await rows(job)).map((j) => (j.payload as { value: number }).value)).toEqual([1, 4])
  })

  it('takes back a job whose process died mid-run once its lease ends', async () => {
    const seen: number[] = []
    const job = testJob(async (p) => void seen.push(p.value), { timeoutMs: 10_000, maxAttempts: 2 })
    const id = (await enqueueJob(db, job, { value: 5 }, { now: T0 }))!
    // A process claims it and is killed.
    expect(await claimDueJobs(db, { now: T0, limit: 10, types: [job.type], workerId: 'dead-process', leaseMs: 70_000 })).toHaveLength(1)
    const r = runner([job])
    expect(await r.runDue({ now: T0 + 69_999 })).toMatchObject({ claimed: 0, reclaimed: 0 })
    expect(await r.runDue({ now: T0 + 70_000 })).toMatchObject({ reclaimed: 1, claimed: 1, done: 1 })
    expect(seen).toEqual([5])
    expect(await findJob(db, id)).toMatchObject({ state: 'done', attempts: 2 })

    // Dying on the last attempt fails the job with a message that says so.
    const last = (await enqueueJob(db, job, { value: 6 }, { now: T0 }))!
    await claimDueJobs(db, { now: T0, limit: 10, types: [job.type], workerId: 'dead-1', leaseMs: 1000 })
    expect(await reclaimExpiredJobs(db, T0 + 1000)).toBe(1)
    await claimDueJobs(db, { now: T0 + 1000, limit: 10, types: [job.type], workerId: 'dead-2', leaseMs: 1000 })
    expect(await r.runDue({ now: T0 + 2000 })).toMatchObject({ reclaimed: 1, claimed: 0 })
    expect(await findJob(db, last)).toMatchObject({ state: 'failed', attempts: 2, last_error: expect.stringContaining('lease ran out') })
  })

  it('fails an attempt that passes its timeout and aborts its signal', async () => {
    let aborted = false
    const job = testJob(
      (_p, ctx) =>
        new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => {
            aborted = true
            reject(new Error('aborted'))
          }),
        ),
      { timeoutMs: 20 },
    )
    const id = (await enqueueJob(db, job, { value: 1 }, { now: T0 }))!
    expect(await runner([job]).runDue({ now: T0 })).toMatchObject({ retried: 1 })
    expect(aborted).toBe(true)
    expect(await findJob(db, id)).toMatchObject({ state: 'queued', last_error: 'The job did not finish within 20 ms.' })
  })

  it('stores each occurrence of a recurring schedule once, however many processes schedule it', async () => {
    const seen: number[] = []
    const job = testJob(async (p) => void seen.push(p.value))
    const schedules = [{ job, cron: '*/10 * * * *', payload: { value: 42 } }]
    const a = runner([job], { schedules })
    const b = runner([job], { schedules })
    await a.runDue({ now: T0 })
    await b.runDue({ now: T0 })
    expect((await rows(job)).map((j) => [j.state, j.run_at, j.key])).toEqual([
      ['queued', '2026-11-22T10:10:00.000Z', `cron:${job.type}:2026-11-22T10:10:00.000Z`],
    ])
    expect(seen).toEqual([])
    await Promise.all([a.runDue({ now: T0 + 7 * 60_000 }), b.runDue({ now: T0 + 7 * 60_000 })])
    expect(seen).toEqual([42])
    expect((await rows(job)).map((j) => [j.state, j.run_at])).toEqual([
      ['done', '2026-11-22T10:10:00.000Z'],
      ['queued', '2026-11-22T10:20:00.000Z'],
    ])
  })

  it('leaves job types this process cannot run to another process', async () => {
    const job = testJob(async () => {}, { enabled: (deps) => Boolean(deps.sendMail) })
    await enqueueJob(db, job, { value: 1 }, { now: T0 })
    const without = runner([job])
    expect(without.types).not.toContain(job.type)
    expect((await without.runDue({ now: T0 })).claimed).toBe(0)
    const withMail = createJobRunner({ deps: { db, env, sendMail: async () => {} }, jobs: [job], autoStart: false })
    expect((await withMail.runDue({ now: T0 })).done).toBe(1)
  })

  it('on shutdown, lets a short job finish and releases one that runs past the timeout', async () => {
    let releaseSlow = () => {}
    let startedSlow = () => {}
    const slowStarted = new Promise<void>((resolve) => (startedSlow = resolve))
    const slow = testJob(() => {
      startedSlow()
      return new Promise<void>((resolve) => (releaseSlow = resolve))
    })
    const id = (await enqueueJob(db, slow, { value: 1 }, { now: T0 }))!
    const r = runner([slow], { shutdownTimeoutMs: 50, onError: () => {} })
    const run = r.runDue({ now: T0 })
    await slowStarted
    await r.stop()
    expect(await findJob(db, id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null })
    // The handler finishing after its release does not mark the job done.
    releaseSlow()
    await run
    expect(await findJob(db, id)).toMatchObject({ state: 'queued' })
    // A stopped runner claims nothing.
    expect((await r.runDue({ now: T0 })).claimed).toBe(0)

    let finishQuick = () => {}
    let startedQuick = () => {}
    const quickStarted = new Promise<void>((resolve) => (startedQuick = resolve))
    const quick = testJob(() => {
      startedQuick()
      return new Promise<void>((resolve) => (finishQuick = resolve))
    })
    const quickId = (await enqueueJob(db, quick, { value: 2 }, { now: T0 }))!
    const q = runner([quick], { shutdownTimeoutMs: 60_000 })
    const quickRun = q.runDue({ now: T0 })
    await quickStarted
    const stopped = q.stop()
    finishQuick()
    await stopped
    await quickRun
    expect(await findJob(db, quickId)).toMatchObject({ state: 'done' })
  })

  it('runs each job exactly once when several processes claim at the same time', async () => {
    const counts = new Map<number, number>()
    const job = testJob(async (p) => void counts.set(p.value, (counts.get(p.value) ?? 0) + 1))
    for (let i = 0; i < 120; i++) await enqueueJob(db, job, { value: i }, { now: T0 })
    // Separate connection pools, as separate processes would have (on SQLite, the same file).
    const schema = (db.client.config.searchPath as string[] | undefined)?.[0]
    const dbs = target.url
      ? [
          db,
          createDb({ databaseUrl: target.url, varDir: '/tmp', searchPath: schema }),
          createDb({ databaseUrl: target.url, varDir: '/tmp', searchPath: schema }),
        ]
      : [db]
    try {
      const runners = dbs.flatMap((d) =>
        [0, 1].map(() => createJobRunner({ deps: { db: d, env }, jobs: [job], autoStart: false, batchSize: 7, concurrency: 3 })),
      )
      for (let round = 0; round < 40; round++) {
        const results = await Promise.all(runners.map((r) => r.runDue({ now: T0 })))
        if (results.every((x) => x.claimed === 0)) break
      }
    } finally {
      for (const d of dbs.slice(1)) await d.destroy()
    }
    expect(counts.size).toBe(120)
    expect([...counts.values()].every((c) => c === 1)).toBe(true)
    expect((await rows(job)).every((j) => j.state === 'done' && j.attempts === 1)).toBe(true)
  })
})

describe.each(databases)('job runner with its timer ($name)', (target) => {
  const t = useTestDb(target)

  it('renews the lease of a running handler (heartbeat) and finishes the job', async () => {
    let finish = () => {}
    const job = defineJob({ type: 'test.heartbeat', payload: z.object({}), handler: () => new Promise<void>((resolve) => (finish = resolve)) })
    const id = (await enqueueJob(t.db, job, {}))!
    const r = createJobRunner({ deps: { db: t.db, env }, jobs: [job], pollMs: 50, leaseMs: 1000 })
    try {
      const until = async () => (await findJob(t.db, id))?.locked_until ?? null
      for (let i = 0; i < 500 && !(await until()); i++) await new Promise((res) => setTimeout(res, 10))
      const first = await until()
      expect(first).not.toBeNull()
      for (let i = 0; i < 500 && (await until()) === first; i++) await new Promise((res) => setTimeout(res, 10))
      expect(Date.parse((await until())!)).toBeGreaterThan(Date.parse(first!))
      finish()
      for (let i = 0; i < 500 && (await findJob(t.db, id))?.state !== 'done'; i++) await new Promise((res) => setTimeout(res, 10))
      expect(await findJob(t.db, id)).toMatchObject({ state: 'done', attempts: 1 })
    } finally {
      await r.stop()
    }
  })

  it('runs a runAtStart schedule once when a runner with its timer starts, not when one is already due', async () => {
    let runs = 0
    const job = defineJob({ type: 'test.at-start', payload: z.object({}), handler: async () => void (runs += 1) })
    const schedules = [{ job, cron: '0 0 1 1 *', runAtStart: true }]
    const first = createJobRunner({ deps: { db: t.db, env }, jobs: [job], schedules, pollMs: 50 })
    try {
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000, interval: 20 })
    } finally {
      await first.stop()
    }
    // A start while one is already queued and due adds none: the pending one runs.
    await enqueueJob(t.db, job, {})
    const second = createJobRunner({ deps: { db: t.db, env }, jobs: [job], schedules, pollMs: 50 })
    try {
      await vi.waitFor(async () => expect((await listJobs(t.db, { type: job.type, state: 'done' })).length).toBe(2), { timeout: 10_000, interval: 20 })
    } finally {
      await second.stop()
    }
    expect(runs).toBe(2)
    // Only the yearly occurrence is left.
    expect((await listJobs(t.db, { type: job.type, state: 'queued' })).map((j) => j.key)).toEqual([expect.stringMatching(/^cron:test\.at-start:/)])
  })
})
