// `npm run migrate`: applies the Knex migrations to the configured database (SQLite by default).
import { createDb, migrate } from '../server/db/knex.ts'
import { loadEnv } from '../server/env.ts'

const env = loadEnv()
const db = createDb({ databaseUrl: env.DATABASE_URL, varDir: env.VAR_DIR, searchPath: env.DATABASE_SEARCH_PATH })
try {
  await migrate(db)
  console.log(`migrations applied (${env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${env.VAR_DIR}`})`)
} finally {
  await db.destroy()
}
