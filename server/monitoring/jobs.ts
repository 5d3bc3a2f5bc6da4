// The monitoring jobs of the runner (server/jobs/registry.ts): the retention purge of raw error
// events (and, with uptime, of raw results and fine rollups).
import { z } from 'zod'
import { defineJob } from '../jobs/define.ts'
import { purgeErrorEvents } from './errors.ts'

export const monitoringPurgeJob = defineJob({
  type: 'monitoring.purge',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  async handler(_payload, ctx) {
    const errorEvents = await purgeErrorEvents(ctx.deps.db, ctx.now)
    return { errorEvents }
  },
})
