// Starts the server: environment, database (migrated), the group-commit writer, the job runner
// (lead notifications, the hourly purge: server/jobs/registry.ts), HTTP. close() stops them in
// the reverse order: no new requests, queued writes committed, running jobs finished or released
// to the queue, then the database.
import { createApp } from './app.ts'
import { createWriter } from './db/groupCommit.ts'
import { createDb, migrate } from './db/knex.ts'
import { loadEnv } from './env.ts'
import type { JobDeps, SendMail } from './jobs/define.ts'
import { smtpTransport } from './jobs/notifications.ts'
import { jobs, schedules } from './jobs/registry.ts'
import { createJobRunner, type RunnerOptions } from './jobs/runner.ts'
import { startRedirectFlush } from './redirects/tasks.ts'
import { recordServerError } from './monitoring/serverErrors.ts'
import { closeMailProvider } from './newsletter/mailProvider.ts'
import { startFeedFetchFlush } from './feeds/fetchLog.ts'
import { loadPublishedPosts, publisherFor } from './posts/service.ts'
import { stopEventBuffer } from './analytics/eventBuffer.ts'
import { stopRollupThread } from './analytics/rollupThread.ts'

export type StartOptions = {
  sendMail?: SendMail
  /** Runner settings (tests: shorter polls and shutdown timeouts, or no timer at all). */
  jobs?: Partial<Pick<RunnerOptions, 'autoStart' | 'pollMs' | 'leaseMs' | 'shutdownTimeoutMs' | 'batchSize' | 'concurrency' | 'workerId'>>
  /** How often this process writes the counters it keeps in memory (redirect hits, the 404 log, feed
   * fetches); 5 s by default. Tests of that batching pass a long one, so no timer flushes mid-test. */
  counterFlushMs?: number
}

export async function startServer(env = loadEnv(), opts: StartOptions = {}) {
  const db = createDb({ databaseUrl: env.DATABASE_URL, varDir: env.VAR_DIR, searchPath: env.DATABASE_SEARCH_PATH })
  await migrate(db)
  // The catalog (slug checks, link checks, syndication copies) knows the database's published posts.
  await loadPublishedPosts(db)
  const writer = createWriter(db)
  const report = (label: string) => (error: unknown) => {
    if (env.NODE_ENV !== 'test' || process.env.LOG_ERRORS) console.error(`[${label}]`, error)
  }
  const sendMail = opts.sendMail ?? (await smtpTransport(env))
  const deps: JobDeps = { db, env, sendMail }
  const runner = createJobRunner({
    deps,
    jobs,
    schedules,
    pollMs: env.JOBS_POLL_MS,
    leaseMs: env.JOBS_LEASE_MS,
    onError: report('jobs'),
    ...opts.jobs,
  })
  const app = createApp({ db, env, writer, notifyOutbox: () => runner.wake() })
  const redirectFlush = startRedirectFlush(db, report('redirects'), { flushEveryMs: opts.counterFlushMs })
  // An unhandled rejection is logged and recorded in monitoring instead of ending the process.
  const onRejection = (reason: unknown) => {
    report('unhandled rejection')(reason)
    void recordServerError(db, env, reason, 'unhandled rejection')
  }
  process.on('unhandledRejection', onRejection)
  const feedFetchFlush = startFeedFetchFlush(db, report('feeds'), { flushEveryMs: opts.counterFlushMs })
  const server = app.listen(env.PORT, env.HOST)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  deps.origin = `http://127.0.0.1:${port}`
  // The incremental publisher loads vike's pre-render code now rather than on the first publish
  // (not in tests: their servers rarely publish, and API tests serve fixture sites).
  if (env.NODE_ENV !== 'test') void publisherFor(env)?.warm()
  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
      await writer.close()
      await stopEventBuffer(db)
      process.off('unhandledRejection', onRejection)
      await runner.stop()
      closeMailProvider(env)
      await redirectFlush.stop()
      await feedFetchFlush.stop()
      await stopRollupThread(db)
      await db.destroy()
    })())
  return { server, db, port, close, runner, writer }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  startServer()
    .then(({ port, close }) => {
      console.log(`Proofline Digital is serving on http://localhost:${port}`)
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().then(() => process.exit(0)))
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
