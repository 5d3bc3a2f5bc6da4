// The rows of the durable job runner (server/jobs/runner.ts). Every state change of a running
// job is guarded by `locked_by`, so a process whose lease ran out (and whose job another process
// took over) cannot overwrite the newer run's outcome.
import { insertMany, isSqlite, nowIso, toIso, type Queryable } from '../rows.ts'
import type { TableSpec } from '../tableSpec.ts'

/** The admin's view of the table (list, filters, sort, show, export). */
export const jobsTable: TableSpec = {
  table: 'jobs',
  columns: {
    id: 'int',
    type: 'text',
    payload: 'json',
    state: 'text',
    run_at: 'time',
    attempts: 'int',
    max_attempts: 'int',
    last_error: 'text',
    key: 'text',
    locked_by: 'text',
    locked_until: 'time',
    created_at: 'time',
    updated_at: 'time',
    finished_at: 'time',
  },
  hasUpdatedAt: true,
}

export const JOB_EXPORT_COLUMNS = ['id', 'type', 'state', 'attempts', 'max_attempts', 'run_at', 'created_at', 'finished_at', 'key', 'last_error'] as const

export type JobState = 'queued' | 'running' | 'done' | 'failed'

export type JobRow = {
  id: number
  type: string
  payload: unknown
  state: JobState
  run_at: string
  attempts: number
  max_attempts: number
  last_error: string | null
  key: string | null
  locked_by: string | null
  locked_until: string | null
  created_at: string
  updated_at: string
  finished_at: string | null
}

export type NewJobRow = { type: string; payload: unknown; runAt: number; maxAttempts: number; key?: string | null }

export function normaliseJob(row: Record<string, unknown>): JobRow {
  let payload: unknown = row.payload
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload)
    } catch {
      // kept as text: the handler's schema reports it
    }
  }
  return {
    id: Number(row.id),
    type: String(row.type),
    payload,
    state: row.state as JobState,
    run_at: toIso(row.run_at) ?? '',
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    last_error: (row.last_error as string | null) ?? null,
    key: (row.key as string | null) ?? null,
    locked_by: (row.locked_by as string | null) ?? null,
    locked_until: toIso(row.locked_until),
    created_at: toIso(row.created_at) ?? '',
    updated_at: toIso(row.updated_at) ?? '',
    finished_at: toIso(row.finished_at),
  }
}

const columns = (job: NewJobRow, now: number) => ({
  type: job.type,
  payload: JSON.stringify(job.payload ?? null),
  state: 'queued',
  run_at: nowIso(job.runAt),
  attempts: 0,
  max_attempts: job.maxAttempts,
  key: job.key ?? null,
  created_at: nowIso(now),
  updated_at: nowIso(now),
})

/** One job; a job whose key is already stored is not added again (answers null). */
export async function insertJob(db: Queryable, job: NewJobRow, now = Date.now()): Promise<number | null> {
  const rows = (await db('jobs').insert(columns(job, now)).onConflict('key').ignore().returning('id')) as Array<{ id: number | string } | number>
  if (!rows.length) return null
  const first = rows[0]
  return Number(typeof first === 'object' ? first.id : first)
}

/** Many unkeyed (or freshly keyed) jobs in multi-row statements: the group-commit path. */
export async function insertJobs(db: Queryable, jobs: NewJobRow[], now = Date.now()): Promise<void> {
  for (let i = 0; i < jobs.length; i += 200)
    await insertMany(
      db,
      'jobs',
      jobs.slice(i, i + 200).map((j) => columns(j, now)),
    )
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []))

/**
 * Takes up to `limit` due jobs of the given types for this worker, for `leaseMs`. On PostgreSQL
 * the candidate rows are locked with FOR UPDATE SKIP LOCKED, so concurrent claims by other
 * processes skip them instead of waiting or taking them twice. On SQLite the statement is atomic
 * (one writer at a time).
 */
export async function claimDueJobs(db: Queryable, opts: { now: number; limit: number; types: string[]; workerId: string; leaseMs: number }): Promise<JobRow[]> {
  if (!opts.types.length || opts.limit <= 0) return []
  const lock = isSqlite(db) ? '' : ' for update skip locked'
  const typeList = opts.types.map(() => '?').join(',')
  const sql =
    `update jobs set state = 'running', attempts = attempts + 1, locked_by = ?, locked_until = ?, updated_at = ? ` +
    `where id in (select id from jobs where state = 'queued' and run_at <= ? and type in (${typeList}) order by run_at, id limit ?${lock}) ` +
    `returning *`
  const at = nowIso(opts.now)
  // A read first (see reclaimExpiredJobs): no write at all when nothing is due.
  if (!(await db('jobs').first('id').where({ state: 'queued' }).andWhere('run_at', '<=', at).whereIn('type', opts.types))) return []
  const result = await db.raw(sql, [opts.workerId, nowIso(opts.now + opts.leaseMs), at, at, ...opts.types, opts.limit])
  return rowsOf(result)
    .map(normaliseJob)
    .sort((a, b) => a.run_at.localeCompare(b.run_at) || a.id - b.id)
}

/**
 * Running jobs whose lease ended (their process died or hung): queued again at once, or failed
 * when that run was their last attempt. Answers how many were taken back.
 */
export async function reclaimExpiredJobs(db: Queryable, now: number): Promise<number> {
  const at = nowIso(now)
  const message = 'The process running this job stopped before finishing it (its lease ran out).'
  const expired = () => db('jobs').where({ state: 'running' }).andWhere('locked_until', '<=', at)
  // A read first: on SQLite every write statement is a transaction with an fsync, and this runs
  // on every poll and after every lead, competing with the group commit for the one connection.
  if (!(await expired().first('id'))) return 0
  const failed = await expired()
    .andWhereRaw('attempts >= max_attempts')
    .update({ state: 'failed', finished_at: at, last_error: message, locked_by: null, locked_until: null, updated_at: at })
  const requeued = await expired().update({ state: 'queued', last_error: message, locked_by: null, locked_until: null, run_at: at, updated_at: at })
  return Number(failed) + Number(requeued)
}

/** Heartbeat: this worker still runs these jobs. */
export async function extendLeases(db: Queryable, ids: number[], workerId: string, until: number, now: number): Promise<number> {
  if (!ids.length) return 0
  return Number(
    await db('jobs')
      .whereIn('id', ids)
      .andWhere({ state: 'running', locked_by: workerId })
      .update({ locked_until: nowIso(until), updated_at: nowIso(now) }),
  )
}

export async function completeJob(db: Queryable, id: number, workerId: string, now: number): Promise<boolean> {
  const at = nowIso(now)
  const updated = await db('jobs')
    .where({ id, state: 'running', locked_by: workerId })
    .update({ state: 'done', finished_at: at, locked_by: null, locked_until: null, updated_at: at })
  return Number(updated) === 1
}

/** A failed attempt: queued again at `retryAt`, or failed for good when it is null. */
export async function failJob(db: Queryable, id: number, workerId: string, error: string, retryAt: number | null, now: number): Promise<boolean> {
  const at = nowIso(now)
  const updated = await db('jobs')
    .where({ id, state: 'running', locked_by: workerId })
    .update({
      state: retryAt == null ? 'failed' : 'queued',
      run_at: nowIso(retryAt ?? now),
      last_error: error.slice(0, 4000),
      finished_at: retryAt == null ? at : null,
      locked_by: null,
      locked_until: null,
      updated_at: at,
    })
  return Number(updated) === 1
}

/** Jobs this worker took but did not finish (shutdown): queued again, the attempt not counted. */
export async function releaseJobs(db: Queryable, ids: number[], workerId: string, now: number): Promise<number> {
  if (!ids.length) return 0
  const at = nowIso(now)
  const updated = await db('jobs')
    .whereIn('id', ids)
    .andWhere({ state: 'running', locked_by: workerId })
    .update({
      state: 'queued',
      attempts: db.raw('case when attempts > 0 then attempts - 1 else 0 end'),
      run_at: at,
      locked_by: null,
      locked_until: null,
      updated_at: at,
    })
  return Number(updated)
}

/** Staff's retry of a failed job: queued now with a fresh set of attempts. */
export async function retryFailedJob(db: Queryable, id: number, now = Date.now()): Promise<boolean> {
  const at = nowIso(now)
  const updated = await db('jobs').where({ id, state: 'failed' }).update({ state: 'queued', attempts: 0, run_at: at, finished_at: null, updated_at: at })
  return Number(updated) === 1
}

/** A job of this type is queued or running and due by `before`. */
export async function hasPendingJob(db: Queryable, type: string, before: number): Promise<boolean> {
  const row = await db('jobs').select('id').where({ type }).whereIn('state', ['queued', 'running']).andWhere('run_at', '<=', nowIso(before)).first()
  return Boolean(row)
}

export async function findJob(db: Queryable, id: number): Promise<JobRow | undefined> {
  const row = await db('jobs').where({ id }).first()
  return row ? normaliseJob(row) : undefined
}

/** Discards a queued or failed job (deletes it); a running job cannot be discarded. Answers whether it was. */
export async function discardJob(db: Queryable, id: number): Promise<boolean> {
  return (await db('jobs').where({ id }).whereIn('state', ['queued', 'failed']).delete()) > 0
}

export async function listJobs(db: Queryable, opts: { type?: string; state?: JobState } = {}): Promise<JobRow[]> {
  const query = db('jobs').orderBy('id', 'asc')
  if (opts.type) query.where({ type: opts.type })
  if (opts.state) query.where({ state: opts.state })
  return (await query).map(normaliseJob)
}

/** Done jobs finished before `before` are deleted, `batch` rows per statement; answers how many. */
export async function purgeFinishedJobs(db: Queryable, before: number, batch = 1000): Promise<number> {
  let total = 0
  for (;;) {
    const old = db('jobs').select('id').where({ state: 'done' }).andWhere('finished_at', '<', nowIso(before)).limit(batch)
    const deleted = Number(await db('jobs').whereIn('id', old).delete())
    total += deleted
    if (deleted < batch) return total
  }
}
