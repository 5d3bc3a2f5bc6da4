// Starts the server: environment, database (migrated), HTTP.
import { createApp } from './app.ts'
import { createDb, migrate } from './db/knex.ts'
import { loadEnv } from './env.ts'

export async function startServer(env = loadEnv()) {
  const db = createDb({ databaseUrl: env.DATABASE_URL, varDir: env.VAR_DIR })
  await migrate(db)
  const app = createApp({ db, env })
  const server = app.listen(env.PORT, env.HOST)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await db.destroy()
  }
  return { server, db, port, close }
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
