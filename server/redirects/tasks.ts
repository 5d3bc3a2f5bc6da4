// Redirect housekeeping. Hit counts and 404s are counted in each server process's memory, so each
// process flushes its own buffers every FLUSH_EVERY_MS and on shutdown (a per-process buffer, not
// shared work, so not a queued job). The 404 log's retention purge is shared work: a daily job of
// the runner (server/jobs/registry.ts), which also runs it when a server starts.
import { z } from 'zod'
import type { Db } from '../db/knex.ts'
import { defineJob } from '../jobs/define.ts'
import { startPeriodicFlush } from '../lib/periodicFlush.ts'
import { DEFAULT_RETENTION, flushNotFoundLog, purgeNotFoundLog } from './notFoundLog.ts'
import { flushRedirectHits } from './store.ts'

export const FLUSH_EVERY_MS = 5000

export async function flushRedirectCounters(db: Db): Promise<void> {
  await flushRedirectHits(db)
  await flushNotFoundLog(db)
}

/** Flushes this process's counters on a timer, one flush at a time; stop() flushes what is left. */
export function startRedirectFlush(db: Db, onError: (error: unknown) => void, { flushEveryMs = FLUSH_EVERY_MS } = {}) {
  return startPeriodicFlush(() => flushRedirectCounters(db), onError, flushEveryMs)
}

/** Keeps the 404 log within DEFAULT_RETENTION (rows and days). */
export const notFoundPurgeJob = defineJob({
  type: 'redirects.purge-404-log',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  timeoutMs: 5 * 60_000,
  async handler(_payload, ctx) {
    await purgeNotFoundLog(ctx.deps.db, ctx.now, DEFAULT_RETENTION)
  },
})
