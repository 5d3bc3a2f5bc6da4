// Starts the server: environment, database (migrated), the group-commit writer, the outbox
// worker, the hourly purge of expired rows, HTTP. close() stops them in the reverse order,
// committing queued writes first.
import { createApp } from './app.ts'
import { createWriter } from './db/groupCommit.ts'
import { createDb, migrate } from './db/knex.ts'
import { purgeExpiredIdempotencyKeys } from './db/queries/idempotencyKeys.ts'
import { loadEnv } from './env.ts'
import { startPeriodic } from './lib/periodic.ts'
import { startRedirectTasks } from './redirects/tasks.ts'
import { startOutboxWorker, type SendMail } from './worker/outbox.ts'

const PURGE_EVERY_MS = 3600_000

export async function startServer(env = loadEnv(), opts: { sendMail?: SendMail } = {}) {
  const db = createDb({ databaseUrl: env.DATABASE_URL, varDir: env.VAR_DIR, searchPath: env.DATABASE_SEARCH_PATH })
  await migrate(db)
  const writer = createWriter(db)
  const report = (label: string) => (error: unknown) => {
    if (env.NODE_ENV !== 'test' || process.env.LOG_ERRORS) console.error(`[${label}]`, error)
  }
  const worker = await startOutboxWorker(db, env, { send: opts.sendMail, onError: report('outbox') })
  const purge = startPeriodic(() => purgeExpiredIdempotencyKeys(db), PURGE_EVERY_MS, report('purge'))
  const redirectTasks = startRedirectTasks(db, report('redirects'))
  const app = createApp({ db, env, writer, notifyOutbox: () => worker.wake() })
  const server = app.listen(env.PORT, env.HOST)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    await writer.close()
    await worker.stop()
    await purge.stop()
    await redirectTasks.stop()
    await db.destroy()
  }
  return { server, db, port, close, worker, writer }
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
