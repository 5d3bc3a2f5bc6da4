// What a job is: a type, a zod schema for its payload, a handler, and its retry policy. A job is
// enqueued as a row of `jobs` (enqueueJob), in the caller's transaction when it is given one, so
// a lead and the job announcing it commit together or not at all. docs/decisions/060-job-runner.md
import type { z } from 'zod'
import type { Db } from '../db/knex.ts'
import { insertJob, insertJobs, type JobRow } from '../db/queries/jobs.ts'
import type { Queryable } from '../db/rows.ts'
import type { Env } from '../env.ts'

export type MailMessage = { from: string; to: string; replyTo?: string; subject: string; text: string }
export type SendMail = (message: MailMessage) => Promise<unknown>

/** What handlers may use; a job type can require parts of it (see `enabled`). */
export type JobDeps = {
  db: Db
  env: Env
  sendMail?: SendMail
  /** This server's own address once it listens (the uptime probe requests it). */
  origin?: string
}

export type JobContext = {
  job: JobRow
  /** 1 for the first run, 2 for the first retry… */
  attempt: number
  /** True when this run is the job's last allowed attempt. */
  lastAttempt: boolean
  /** Aborted when the run times out or the server shuts down. */
  signal: AbortSignal
  now: number
  deps: JobDeps
}

export type Backoff = { baseMs: number; maxMs: number }

export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  type: string
  payload: S
  // A method signature (bivariant): a job of any payload fits in the registry's JobDefinition[].
  handler(payload: z.output<S>, ctx: JobContext): Promise<unknown>
  maxAttempts: number
  backoff: Backoff
  timeoutMs: number
  /** False when this process cannot run the job (e.g. no SMTP): its rows wait for one that can. */
  enabled?(deps: JobDeps): boolean
}

export function defineJob<S extends z.ZodType>(
  def: Omit<JobDefinition<S>, 'maxAttempts' | 'backoff' | 'timeoutMs'> & Partial<Pick<JobDefinition<S>, 'maxAttempts' | 'backoff' | 'timeoutMs'>>,
): JobDefinition<S> {
  if (!/^[a-z][a-z0-9_.-]{0,79}$/.test(def.type))
    throw new Error(`Job type "${def.type}": use 1 to 80 lower-case letters, digits, dots, dashes or underscores.`)
  return { maxAttempts: 5, backoff: { baseMs: 30_000, maxMs: 6 * 3600_000 }, timeoutMs: 60_000, ...def }
}

/**
 * Delay before retry after failed attempt number `attempt` (1-based): base, 2×base, 4×base…
 * capped at max, then "equal jitter": a random point in its upper half, so jobs that failed
 * together (an SMTP outage) do not all retry in the same second.
 */
export function backoffDelay(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const full = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(full / 2 + random() * (full / 2))
}

export type EnqueueOptions = { runAt?: number; key?: string; now?: number }

/** Adds a job; with a key already stored it adds nothing and answers null. */
export async function enqueueJob<S extends z.ZodType>(
  db: Queryable,
  job: JobDefinition<S>,
  payload: z.input<S>,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const now = opts.now ?? Date.now()
  const checked = job.payload.parse(payload)
  return insertJob(db, { type: job.type, payload: checked, runAt: opts.runAt ?? now, maxAttempts: job.maxAttempts, key: opts.key }, now)
}

/** Many jobs of one type in multi-row statements (keys must be new). */
export async function enqueueJobs<S extends z.ZodType>(
  db: Queryable,
  job: JobDefinition<S>,
  items: Array<{ payload: z.input<S>; key?: string; runAt?: number }>,
  now = Date.now(),
): Promise<void> {
  await insertJobs(
    db,
    items.map((item) => ({ type: job.type, payload: job.payload.parse(item.payload), runAt: item.runAt ?? now, maxAttempts: job.maxAttempts, key: item.key })),
    now,
  )
}
