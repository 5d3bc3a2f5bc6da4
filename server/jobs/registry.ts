// Every job type of the product and every recurring schedule, in one list. A new scheduled task
// (publishing, campaign sends, probes, rollups) is a defineJob file plus a line here.
import type { JobDefinition } from './define.ts'
import { notificationJob } from './notifications.ts'
import { purgeJob } from './purges.ts'
import { notFoundPurgeJob } from '../redirects/tasks.ts'
import { postScheduleJob } from '../posts/service.ts'
import type { Schedule } from './runner.ts'

export const jobs: JobDefinition[] = [notificationJob, purgeJob, notFoundPurgeJob, postScheduleJob]

/** Cron patterns in UTC. The purge also runs when a server starts (as it did before the runner). */
export const schedules: Schedule[] = [
  { job: purgeJob, cron: '17 * * * *', runAtStart: true },
  { job: notFoundPurgeJob, cron: '41 3 * * *', runAtStart: true },
]
