// Interim scheduling of the redirect housekeeping, until the job runner of issue 9 takes it over
// (see docs/decisions/070-redirects.md for what to wire there): hit counts and the 404 log are
// flushed every FLUSH_EVERY_MS and on shutdown; the 404 log retention purge runs at start-up.
import type { Db } from '../db/knex.ts'
import { startPeriodic } from '../lib/periodic.ts'
import { DEFAULT_RETENTION, flushNotFoundLog, purgeNotFoundLog } from './notFoundLog.ts'
import { flushRedirectHits } from './store.ts'

export const FLUSH_EVERY_MS = 5000

export async function flushRedirectCounters(db: Db): Promise<void> {
  await flushRedirectHits(db)
  await flushNotFoundLog(db)
}

export function startRedirectTasks(db: Db, onError: (error: unknown) => void, opts: { flushEveryMs?: number; retention?: { maxRows: number; maxDays: number } } = {}) {
  const purge = purgeNotFoundLog(db, Date.now(), opts.retention ?? DEFAULT_RETENTION).catch(onError)
  const flush = startPeriodic(() => flushRedirectCounters(db), opts.flushEveryMs ?? FLUSH_EVERY_MS, onError)
  return {
    async stop() {
      await purge
      await flush.stop()
      await flushRedirectCounters(db).catch(onError)
    },
  }
}
