// One Knex handle: SQLite under var/ by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import knexFactory, { type Knex } from 'knex'

export type Db = Knex

export const migrationsDir = path.join(import.meta.dirname, 'migrations')

export function createDb(opts: { databaseUrl?: string; varDir: string; filename?: string; searchPath?: string }): Db {
  if (opts.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: opts.databaseUrl,
      pool: { min: 0, max: 10 },
      ...(opts.searchPath ? { searchPath: [opts.searchPath] } : {}),
    })
  }
  fs.mkdirSync(opts.varDir, { recursive: true, mode: 0o700 })
  const filename = opts.filename ?? path.join(opts.varDir, 'app.sqlite')
  restrictToOwner(filename)
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

/**
 * The database file holds leads' personal data: it is created readable by its owner only (0600),
 * and an existing file is narrowed to that. SQLite gives its -wal and -shm files the main file's
 * mode.
 */
function restrictToOwner(filename: string) {
  if (filename === ':memory:' || filename.startsWith('file:')) return
  fs.closeSync(fs.openSync(filename, 'a', 0o600))
  const stat = fs.statSync(filename)
  if ((stat.mode & 0o077) !== 0 && (typeof process.getuid !== 'function' || stat.uid === process.getuid())) fs.chmodSync(filename, stat.mode & 0o700)
}

export const isPostgres = (db: Db) => db.client.config.client === 'pg'

/**
 * Migrations are imported by our own module rather than by Knex: Knex's loader calls the native
 * `import()` from node_modules, which cannot load `.ts` under vitest (only under tsx).
 */
class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}
  async getMigrations() {
    if (!fs.existsSync(this.dir)) return []
    return fs
      .readdirSync(this.dir)
      .filter((name) => /\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.[jt]s$/.test(name))
      .sort()
  }
  getMigrationName(name: string) {
    return name
  }
  async getMigration(name: string): Promise<Knex.Migration> {
    return (await import(pathToFileURL(path.join(this.dir, name)).href)) as Knex.Migration
  }
}

export async function migrate(db: Db) {
  await db.migrate.latest({ migrationSource: new DirectoryMigrationSource(migrationsDir) })
}
