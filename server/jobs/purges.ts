// The hourly clean-up, one job: idempotency keys past their replay window, expired staff
// sessions, login-attempt rows idle for a day, rate-limit windows that ended, spent form tokens
// past their expiry, upload-quota hours that ended, and done jobs
// older than a week (failed jobs stay until staff retry or review them).
import { z } from 'zod'
import { purgeExpiredIdempotencyKeys } from '../db/queries/idempotencyKeys.ts'
import { purgeFinishedJobs } from '../db/queries/jobs.ts'
import { pruneAttempts } from '../db/queries/loginAttempts.ts'
import { purgeRateLimitWindows } from '../db/queries/rateLimits.ts'
import { purgeSpentFormTokens } from '../db/queries/spentFormTokens.ts'
import { purgeUploadUsage } from '../db/queries/uploadUsage.ts'
import { deleteExpiredSessions } from '../db/queries/sessions.ts'
import { defineJob } from './define.ts'

export const DONE_JOBS_KEPT_MS = 7 * 24 * 3600_000

export const purgeJob = defineJob({
  type: 'maintenance.purge',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  timeoutMs: 5 * 60_000,
  async handler(_payload, ctx) {
    const { db, env } = ctx.deps
    await purgeExpiredIdempotencyKeys(db, ctx.now)
    await deleteExpiredSessions(db, env.SESSION_IDLE_MINUTES * 60_000, ctx.now)
    await pruneAttempts(db, ctx.now)
    await purgeRateLimitWindows(db, ctx.now)
    await purgeSpentFormTokens(db, ctx.now)
    await purgeUploadUsage(db, ctx.now)
    await purgeFinishedJobs(db, ctx.now - DONE_JOBS_KEPT_MS)
  },
})
