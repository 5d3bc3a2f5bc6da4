// The hourly purge job, scheduled by the runner at :17 and run with a fake clock: it deletes
// what is past its retention and keeps the rest.
import { describe, expect, it } from 'vitest'
import { enqueueJob } from './define.ts'
import { listJobs } from '../db/queries/jobs.ts'
import { hitRateLimit } from '../db/queries/rateLimits.ts'
import { nowIso } from '../db/rows.ts'
import { loadEnv } from '../env.ts'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { purgeJob } from './purges.ts'
import { jobs, schedules } from './registry.ts'
import { createJobRunner } from './runner.ts'

const env = loadEnv({ NODE_ENV: 'test', VAR_DIR: '/tmp/proofline-purge-test', APP_SECRET: 'x'.repeat(32), SESSION_IDLE_MINUTES: '30' })
const HOUR = 3600_000
const T0 = Date.parse('2026-11-22T10:05:00.000Z')

describe.each(databases)('purge job ($name)', (target) => {
  const t = useTestDb(target)

  it('is scheduled hourly and deletes expired keys, sessions, login attempts, rate windows, spent form tokens, past upload hours and old done jobs', async () => {
    const db = t.db
    const at = (ms: number) => nowIso(ms)
    const [user] = (await db('users')
      .insert({ email: 'purge@example.com', name: 'P', role: 'admin', password_hash: 'x', created_at: at(T0), updated_at: at(T0) })
      .returning('id')) as Array<{ id: number }>
    const userId = Number(typeof user === 'object' ? user.id : user)
    const key = (k: string, ms: number) => ({ endpoint: 'POST /api/leads', key: k, body_hash: 'h', status: 201, response: '{}', created_at: at(ms) })
    await db('idempotency_keys').insert([key('old', T0 - 25 * HOUR), key('new', T0 - HOUR)])
    const session = (id: string, lastSeen: number, expires: number) => ({
      id,
      user_id: userId,
      csrf_token: 'c',
      created_at: at(T0 - 2 * HOUR),
      last_seen_at: at(lastSeen),
      expires_at: at(expires),
    })
    await db('sessions').insert([session('idle', T0 - HOUR, T0 + HOUR), session('expired', T0, T0 - 1), session('live', T0 - 60_000, T0 + HOUR)])
    await db('login_attempts').insert([
      { key: 'old', failures: 1, last_failure_at: at(T0 - 25 * HOUR) },
      { key: 'recent', failures: 1, last_failure_at: at(T0 - HOUR) },
    ])
    await hitRateLimit(db, 'POST /api/leads|203.0.113.1', T0 - 2 * HOUR)
    await hitRateLimit(db, 'POST /api/leads|203.0.113.1', T0 - 60_000)
    await db('spent_form_tokens').insert([
      { token_hash: 'a'.repeat(64), payload_hash: 'p'.repeat(64), spent_at: T0 - 25 * HOUR, expires_at: T0 - HOUR },
      { token_hash: 'b'.repeat(64), payload_hash: 'p'.repeat(64), spent_at: T0 - HOUR, expires_at: T0 + 23 * HOUR },
    ])
    await db('upload_usage').insert([
      { ip_hash: 'old', window_hour: Math.floor(T0 / HOUR) - 1, bytes: 5 },
      { ip_hash: 'now', window_hour: Math.floor(T0 / HOUR), bytes: 5 },
    ])
    const oldDone = (await enqueueJob(db, purgeJob, {}, { now: T0 - 9 * 24 * HOUR }))!
    await db('jobs')
      .where({ id: oldDone })
      .update({ state: 'done', finished_at: at(T0 - 8 * 24 * HOUR) })

    // The registry's own purge schedule (the other schedules run their own jobs at the same minutes).
    const runner = createJobRunner({ deps: { db, env }, jobs, schedules: schedules.filter((s) => s.job === purgeJob), autoStart: false })
    await runner.runDue({ now: T0 })
    const scheduled = (await listJobs(db, { type: 'maintenance.purge', state: 'queued' })).map((j) => j.run_at)
    expect(scheduled).toEqual(['2026-11-22T10:17:00.000Z'])
    expect(await db('idempotency_keys').pluck('key')).toHaveLength(2)

    expect(await runner.runDue({ now: Date.parse('2026-11-22T10:17:00.000Z') })).toMatchObject({ done: 1 })
    expect((await db('idempotency_keys').select('key')).map((r) => r.key)).toEqual(['new'])
    expect((await db('sessions').select('id')).map((r) => r.id)).toEqual(['live'])
    expect((await db('login_attempts').select('key')).map((r) => r.key)).toEqual(['recent'])
    expect((await db('rate_limits').select('window_start')).map((r) => Number(r.window_start))).toEqual([T0 - 60_000])
    expect(await db('spent_form_tokens').pluck('token_hash')).toEqual(['b'.repeat(64)])
    expect(await db('upload_usage').pluck('ip_hash')).toEqual(['now'])
    expect((await listJobs(db, { type: 'maintenance.purge' })).map((j) => j.id)).not.toContain(oldDone)
    expect((await listJobs(db, { type: 'maintenance.purge', state: 'queued' })).map((j) => j.run_at)).toEqual(['2026-11-22T11:17:00.000Z'])
  })
})
