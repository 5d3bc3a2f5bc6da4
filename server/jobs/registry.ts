// Every job type of the product and every recurring schedule, in one list. A new scheduled task
// (publishing, campaign sends, probes, rollups) is a defineJob file plus a line here.
import type { JobDefinition } from './define.ts'
import { notificationJob } from './notifications.ts'
import { purgeJob } from './purges.ts'
import { notFoundPurgeJob } from '../redirects/tasks.ts'
import { postScheduleJob } from '../posts/service.ts'
import { chatbotQuestionsPurgeJob } from '../chatbot/questionLog.ts'
import { blogImportJob } from '../blogImport/importJob.ts'
import { blogDryRunJob } from '../blogImport/dryRunJob.ts'
import type { Schedule } from './runner.ts'
import { alertJob } from '../monitoring/alerts.ts'
import { monitoringPurgeJob, uptimeProbeJob } from '../monitoring/jobs.ts'
import { heartbeatJob } from '../monitoring/heartbeat.ts'
import { analyticsPurgeJob, rollupJob } from '../analytics/rollup.ts'
import { ga4ForwardJob } from '../analytics/ga4.ts'
import { analyticsDigestJob } from '../analytics/digest.ts'
import { newsletterEmailJob } from '../newsletter/emailJob.ts'
import { campaignSendJob } from '../newsletter/campaignJob.ts'
import { feedFetchPurgeJob } from '../feeds/fetchLog.ts'
import { webSubPingJob } from '../feeds/websub.ts'
import { socialAutoDraftJob, socialDueJob, socialTokenAlertJob } from '../social/service.ts'

export const jobs: JobDefinition[] = [
  notificationJob,
  purgeJob,
  notFoundPurgeJob,
  chatbotQuestionsPurgeJob,
  blogImportJob,
  blogDryRunJob,
  alertJob,
  monitoringPurgeJob,
  uptimeProbeJob,
  heartbeatJob,
  rollupJob,
  analyticsPurgeJob,
  ga4ForwardJob,
  analyticsDigestJob,
  newsletterEmailJob,
  campaignSendJob,
  webSubPingJob,
  feedFetchPurgeJob,
  postScheduleJob,
  socialDueJob,
  socialTokenAlertJob,
  socialAutoDraftJob,
]

/** Cron patterns in UTC. The purge also runs when a server starts (as it did before the runner). */
export const schedules: Schedule[] = [
  { job: purgeJob, cron: '17 * * * *', runAtStart: true },
  { job: notFoundPurgeJob, cron: '41 3 * * *', runAtStart: true },
  { job: chatbotQuestionsPurgeJob, cron: '53 3 * * *', runAtStart: true },
  { job: monitoringPurgeJob, cron: '23 * * * *' },
  { job: uptimeProbeJob, cron: '* * * * *' },
  { job: heartbeatJob, cron: '7 * * * *' },
  // Rollups 2 minutes after each hour ends (late beacons), then every quarter to refresh the hours of running sessions.
  { job: rollupJob, cron: '2,20,35,50 * * * *', runAtStart: true },
  { job: analyticsPurgeJob, cron: '23 4 * * *', runAtStart: true },
  // GA4 forwarding: queue new events and send them when the provider is connected (decision 123).
  { job: ga4ForwardJob, cron: '*/5 * * * *' },
  // The weekly analytics digest, Mondays 07:10 UTC (after the night's rollups).
  { job: analyticsDigestJob, cron: '10 7 * * 1' },
  { job: feedFetchPurgeJob, cron: '53 3 * * *', runAtStart: false },
  { job: socialTokenAlertJob, cron: '11 8 * * *' },
]
