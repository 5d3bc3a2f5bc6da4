// The durable job runner: every process with a database runs one. Each run of runDue
//   1. takes back jobs whose lease ran out (a process died mid-run),
//   2. makes sure the next occurrence of every recurring schedule is stored (keyed by type and
//      time, so N processes store it once),
//   3. claims due jobs of the types this process can run (FOR UPDATE SKIP LOCKED on
//      PostgreSQL) with a lease, runs them with a timeout, and records done / retry with
//      backoff / failed. A heartbeat renews the leases of running handlers.
// The timer loop polls every pollMs, sooner after wake() (a lead was committed). stop() stops
// claiming, waits up to shutdownTimeoutMs for running handlers, and releases the rest to the
// queue. Tests drive runDue({ now }) with a fake clock and no timer (autoStart: false).
import crypto from 'node:crypto'
import os from 'node:os'
import { Cron } from 'croner'
import { claimDueJobs, completeJob, extendLeases, failJob, hasPendingJob, reclaimExpiredJobs, releaseJobs, type JobRow } from '../db/queries/jobs.ts'
import { backoffDelay, enqueueJob, type JobDeps, type JobDefinition } from './define.ts'

export type Schedule = {
  job: JobDefinition
  /** A cron pattern (5 fields, or 6 with seconds), read in UTC. */
  cron: string
  payload?: unknown
  /** Also run once when a server starts (unless such a job is already due): e.g. the purge. */
  runAtStart?: boolean
}

export type RunnerOptions = {
  deps: JobDeps
  jobs: JobDefinition[]
  schedules?: Schedule[]
  workerId?: string
  now?: () => number
  random?: () => number
  pollMs?: number
  batchSize?: number
  concurrency?: number
  /** How long a claim holds a job; renewed every third of it while the handler runs. */
  leaseMs?: number
  shutdownTimeoutMs?: number
  onError?: (error: unknown) => void
  /** false: no timer; the caller drives runDue (tests). */
  autoStart?: boolean
}

export type RunResult = { claimed: number; done: number; retried: number; failed: number; reclaimed: number }

export type JobRunner = {
  readonly workerId: string
  /** The job types this process claims. */
  readonly types: string[]
  runDue(opts?: { now?: number }): Promise<RunResult>
  /** Asks for a run soon (a job was just enqueued). */
  wake(): void
  stop(): Promise<void>
}

class JobTimeout extends Error {}

export function createJobRunner(opts: RunnerOptions): JobRunner {
  const now = opts.now ?? Date.now
  const random = opts.random ?? Math.random
  const pollMs = opts.pollMs ?? 2000
  const batchSize = opts.batchSize ?? 10
  const concurrency = opts.concurrency ?? 10
  const leaseMs = opts.leaseMs ?? 30_000
  const shutdownTimeoutMs = opts.shutdownTimeoutMs ?? 10_000
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  const { db } = opts.deps
  const onError = opts.onError ?? ((error: unknown) => console.error('[jobs]', error))

  const byType = new Map<string, JobDefinition>()
  for (const job of opts.jobs) {
    if (byType.has(job.type)) throw new Error(`Two jobs have the type "${job.type}".`)
    byType.set(job.type, job)
  }
  const types = [...byType.values()].filter((j) => j.enabled?.(opts.deps) ?? true).map((j) => j.type)
  const crons = (opts.schedules ?? []).map((s) => {
    if (!byType.has(s.job.type)) throw new Error(`The schedule "${s.cron}" runs "${s.job.type}", which is not in the job list.`)
    return { ...s, pattern: new Cron(s.cron, { timezone: 'UTC', paused: true }), stored: '' }
  })

  let stopping = false
  // Jobs this process has claimed and not yet finished: started (with their abort controller) or
  // waiting for a free lane. The heartbeat renews all of them; shutdown releases all of them.
  const held = new Map<number, AbortController | null>()

  async function scheduleRecurring(now: number) {
    for (const s of crons) {
      const next = s.pattern.nextRun(new Date(now))
      if (!next) continue
      const at = next.toISOString()
      if (s.stored === at) continue
      await enqueueJob(db, s.job, s.payload ?? {}, { runAt: next.getTime(), key: `cron:${s.job.type}:${at}`, now })
      s.stored = at
    }
  }

  // The server's runner (autoStart) adds the start-up runs on its first pass; tests driving
  // runDue by hand get only the cron occurrences.
  let startRunsDone = opts.autoStart === false
  async function enqueueStartRuns(at: number) {
    for (const s of crons) {
      // Several servers starting together may each add one: start-up jobs must be idempotent.
      if (s.runAtStart && !(await hasPendingJob(db, s.job.type, at + 60_000))) await enqueueJob(db, s.job, s.payload ?? {}, { now: at })
    }
    startRunsDone = true
  }

  async function runOne(job: JobRow, result: RunResult, fixedNow: number | undefined) {
    const clock = () => fixedNow ?? now()
    const def = byType.get(job.type)!
    const controller = new AbortController()
    held.set(job.id, controller)
    let timer: NodeJS.Timeout | undefined
    try {
      const parsed = def.payload.safeParse(job.payload)
      if (!parsed.success) {
        const message = `Invalid payload: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`
        if (await failJob(db, job.id, workerId, message, null, clock())) result.failed += 1
        return
      }
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            reject(new JobTimeout(`The job did not finish within ${def.timeoutMs} ms.`))
            controller.abort()
          }, def.timeoutMs)
        })
        await Promise.race([
          def.handler(parsed.data, {
            job,
            attempt: job.attempts,
            lastAttempt: job.attempts >= job.max_attempts,
            signal: controller.signal,
            now: clock(),
            deps: opts.deps,
          }),
          timeout,
        ])
      } catch (error) {
        const message = error instanceof Error ? error.message || error.name : String(error)
        const retryAt = job.attempts >= job.max_attempts ? null : clock() + backoffDelay(job.attempts, def.backoff, random)
        if (await failJob(db, job.id, workerId, message, retryAt, clock())) {
          if (retryAt == null) result.failed += 1
          else result.retried += 1
        }
        return
      }
      if (await completeJob(db, job.id, workerId, clock())) result.done += 1
    } finally {
      clearTimeout(timer)
      held.delete(job.id)
    }
  }

  const inflight = new Set<Promise<RunResult>>()
  function runDue(runOpts: { now?: number } = {}): Promise<RunResult> {
    const run = runDueOnce(runOpts)
    inflight.add(run)
    const forget = () => void inflight.delete(run)
    run.then(forget, forget)
    return run
  }

  async function runDueOnce(runOpts: { now?: number }): Promise<RunResult> {
    const clock = () => runOpts.now ?? now()
    const at = clock()
    const result: RunResult = { claimed: 0, done: 0, retried: 0, failed: 0, reclaimed: 0 }
    result.reclaimed = await reclaimExpiredJobs(db, at)
    await scheduleRecurring(at)
    if (!startRunsDone) await enqueueStartRuns(at)
    if (stopping) return result
    const claimed = await claimDueJobs(db, { now: at, limit: batchSize, types, workerId, leaseMs })
    result.claimed = claimed.length
    for (const job of claimed) held.set(job.id, null)
    if (stopping) {
      await releaseJobs(
        db,
        claimed.map((j) => j.id),
        workerId,
        clock(),
      )
      for (const job of claimed) held.delete(job.id)
      return result
    }
    const queue = [...claimed]
    const lane = async () => {
      // After stop() began, jobs not started yet stay held until stop() releases them.
      for (let job = queue.shift(); job && !stopping; job = queue.shift()) await runOne(job, result, runOpts.now)
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane))
    return result
  }

  let timer: NodeJS.Timeout | undefined
  let loop: Promise<unknown> | null = null
  let woken = false

  function schedule(delay: number) {
    if (stopping) return
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
    timer.unref()
  }

  function tick() {
    if (stopping || loop) return
    let more = false
    loop = runDue()
      .then((r) => (more = r.claimed >= batchSize))
      .catch(onError)
      .finally(() => {
        loop = null
        schedule(more ? 0 : woken ? 50 : pollMs)
        woken = false
      })
  }

  // Heartbeat: while handlers run, their leases are pushed forward, so a long job (up to its
  // timeout) keeps its claim and a killed process loses its claims within one lease.
  let heartbeat: NodeJS.Timeout | undefined
  if (opts.autoStart !== false) {
    heartbeat = setInterval(
      () => {
        if (!held.size) return
        extendLeases(db, [...held.keys()], workerId, now() + leaseMs, now()).catch(onError)
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    )
    heartbeat.unref()
    schedule(0)
  }

  return {
    workerId,
    types,
    runDue,
    wake() {
      if (opts.autoStart === false) return
      // A short delay gathers a burst of enqueued jobs into one claim.
      if (loop) woken = true
      else schedule(50)
    },
    async stop() {
      stopping = true
      clearTimeout(timer)
      let timedOut: NodeJS.Timeout | undefined
      const deadline = new Promise<void>((resolve) => (timedOut = setTimeout(resolve, shutdownTimeoutMs)))
      await Promise.race([Promise.allSettled([...inflight]), deadline])
      clearTimeout(timedOut)
      clearInterval(heartbeat)
      if (held.size) {
        const ids = [...held.keys()]
        for (const controller of held.values()) controller?.abort()
        try {
          await releaseJobs(db, ids, workerId, now())
        } catch (error) {
          onError(error)
        }
      }
    },
  }
}
