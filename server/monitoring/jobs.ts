// The monitoring jobs of the runner (server/jobs/registry.ts): the uptime probe (every minute),
// and the retention purge of raw error events, raw uptime results and fine rollups (hourly).
import { z } from 'zod'
import { defineJob } from '../jobs/define.ts'
import { purgeErrorEvents } from './errors.ts'
import { probeAll, purgeUptime } from './uptime.ts'

export const monitoringPurgeJob = defineJob({
  type: 'monitoring.purge',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  async handler(_payload, ctx) {
    const errorEvents = await purgeErrorEvents(ctx.deps.db, ctx.now)
    const uptime = await purgeUptime(ctx.deps.db, ctx.now)
    return { errorEvents, ...uptime }
  },
})

export const uptimeProbeJob = defineJob({
  type: 'uptime.probe',
  payload: z.object({}),
  // A missed minute is not retried later: the next minute's probe is the retry.
  maxAttempts: 1,
  timeoutMs: 50_000,
  async handler(_payload, ctx) {
    const origin = ctx.deps.origin ?? `http://127.0.0.1:${ctx.deps.env.PORT}`
    const results = await probeAll(ctx.deps.db, origin, ctx.now, ctx.signal)
    return { checks: results.length, failed: results.filter((r) => !r.ok).length }
  },
})
