// One Knex handle: SQLite under var/ by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs'
import path from 'node:path'
import knexFactory, { type Knex } from 'knex'

export type Db = Knex

export const migrationsDir = path.join(import.meta.dirname, 'migrations')

export function createDb(opts: { databaseUrl?: string; varDir: string; filename?: string }): Db {
  if (opts.databaseUrl) {
    return knexFactory({ client: 'pg', connection: opts.databaseUrl, pool: { min: 0, max: 10 } })
  }
  fs.mkdirSync(opts.varDir, { recursive: true })
  const filename = opts.filename ?? path.join(opts.varDir, 'app.sqlite')
  return knexFactory({
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    // One connection: SQLite has one writer, and a single connection lets concurrent requests
    // queue in Node instead of failing with SQLITE_BUSY.
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: { run: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) => {
        // WAL + synchronous=FULL: a committed transaction is on disk before the response.
        conn.run('PRAGMA journal_mode = WAL', (e1) => {
          if (e1) return done(e1, conn)
          conn.run('PRAGMA synchronous = FULL', (e2) => {
            if (e2) return done(e2, conn)
            conn.run('PRAGMA foreign_keys = ON', (e3) => {
              if (e3) return done(e3, conn)
              conn.run('PRAGMA busy_timeout = 5000', (e4) => done(e4, conn))
            })
          })
        })
      },
    },
  })
}

export const isPostgres = (db: Db) => db.client.config.client === 'pg'

export async function migrate(db: Db) {
  await db.migrate.latest({ directory: migrationsDir, loadExtensions: ['.ts'] })
}
