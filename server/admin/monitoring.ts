// /api/admin/monitoring/* (issue 14), read by /admin/monitoring: uptime bars and response times
// per range, the overview (external vantage point, open incidents, maintenance, recent alerts,
// conversion heartbeat), operations (job queue, notification outbox, database size and largest
// tables, uploads folder against its quota) and performance (build history, web vitals when the
// analytics tables exist). All read-only; the writes are in their own resources.
import fs from 'node:fs'
import path from 'node:path'
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { canAccess } from '../../shared/permissions.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { isPostgres, type Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { activeMaintenance } from '../monitoring/alerts.ts'
import { readBuildHistory } from '../monitoring/builds.ts'
import { checkHeartbeat, heartbeatSeries } from '../monitoring/heartbeat.ts'
import { heartbeatToken, RANGES, syncChecks, uptimeSummary, type Range } from '../monitoring/uptime.ts'
import { webVitals } from '../monitoring/vitals.ts'
import type { AdminDeps } from './resourceRouter.ts'

function getUptime(db: Db): Middleware {
  return async function uptimeHandler(ctx) {
    const range = String(ctx.query.range ?? '24h') as Range
    if (!Object.hasOwn(RANGES, range)) throw httpError(400, 'range is 24h, 7d, 30d or 90d.', { range: 'Choose 24h, 7d, 30d or 90d.' })
    await syncChecks(db)
    ctx.body = { range, checks: await uptimeSummary(db, range) }
  }
}

function origin(env: Env, ctx: { protocol: string; host: string }) {
  return env.SITE_URL ? new URL(env.SITE_URL).origin : `${ctx.protocol}://${ctx.host}`
}

function getOverview(db: Db, env: Env): Middleware {
  return async function overviewHandler(ctx) {
    const role = adminState(ctx).user.role
    const checks = await syncChecks(db)
    const external = checks.find((c) => c.key === 'external')
    const [openIncidents, maintenance, alerts, heartbeat, series] = await Promise.all([
      db('incidents').where({ status: 'open' }).orderBy('opened_at', 'desc').limit(20),
      activeMaintenance(db),
      db('alerts').orderBy('id', 'desc').limit(10).select('id', 'kind', 'subject', 'delivery', 'created_at', 'last_error'),
      checkHeartbeat(db),
      heartbeatSeries(db),
    ])
    const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
    ctx.body = {
      external: {
        configured: external?.last_checked_at != null,
        lastPingAt: external?.last_checked_at != null ? new Date(external.last_checked_at).toISOString() : null,
        state: external?.state ?? 'unknown',
        // The push URL carries a secret: only those who may change alerting see it.
        pushUrl: canAccess(role, { resource: 'alerts', action: 'edit' }) ? `${origin(env, ctx)}/api/heartbeat/${heartbeatToken(env.APP_SECRET)}` : null,
      },
      checks: { total: checks.length, down: checks.filter((c) => c.state === 'down').map((c) => c.name) },
      openIncidents: openIncidents.map((i: Record<string, unknown>) => ({ id: Number(i.id), title: i.title, opened_at: iso(i.opened_at), cause: i.cause })),
      maintenance,
      alerts: alerts.map((a: Record<string, unknown>) => ({ ...a, id: Number(a.id), created_at: iso(a.created_at) })),
      heartbeat: { verdicts: heartbeat, series },
    }
  }
}

async function folderBytes(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0
  let files = 0
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null)
    if (stat?.isFile()) {
      bytes += stat.size
      files++
    }
  }
  return { bytes, files }
}

/** Database size and its largest tables (rows and bytes where the database can tell). */
async function databaseSize(db: Db, env: Env) {
  if (isPostgres(db)) {
    const [{ size }] = (await db.raw('select pg_database_size(current_database()) as size')).rows
    const tables = (
      await db.raw(
        `select c.relname as name, pg_total_relation_size(c.oid) as bytes, c.reltuples::bigint as rows
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'r' and n.nspname = current_schema() order by bytes desc limit 10`,
      )
    ).rows
    return {
      engine: 'PostgreSQL',
      bytes: Number(size),
      tables: tables.map((t: Record<string, unknown>) => ({ name: t.name, bytes: Number(t.bytes), rows: Math.max(0, Number(t.rows)) })),
    }
  }
  const file = path.join(env.VAR_DIR, 'app.sqlite')
  const bytes = ['', '-wal'].reduce((n, s) => n + (fs.existsSync(file + s) ? fs.statSync(file + s).size : 0), 0)
  let tables: Array<{ name: string; bytes: number | null; rows: number }> = []
  const names: Array<{ name: string }> = await db.raw(
    `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' and name not like 'knex_%'`,
  )
  try {
    // dbstat is compiled into most SQLite builds; without it, row counts only.
    const sizes: Array<{ name: string; bytes: number }> = await db.raw(`select name, sum(pgsize) as bytes from dbstat group by name`)
    const bySize = new Map(sizes.map((s) => [s.name, Number(s.bytes)]))
    tables = names.map((t) => ({ name: t.name, bytes: bySize.get(t.name) ?? 0, rows: 0 }))
  } catch {
    tables = names.map((t) => ({ name: t.name, bytes: null, rows: 0 }))
  }
  tables.sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0) || a.name.localeCompare(b.name))
  const top = tables.slice(0, 10)
  for (const t of top) t.rows = Number((await db(t.name).count({ n: '*' }))[0].n)
  if (top.every((t) => t.bytes === null)) top.sort((a, b) => b.rows - a.rows)
  return { engine: 'SQLite', bytes, tables: top }
}

function getOperations(db: Db, env: Env): Middleware {
  return async function operationsHandler(ctx) {
    const [jobStates, failedTypes, outbox, lastOutboxError, database, uploads] = await Promise.all([
      db('jobs').select('state').count({ n: '*' }).groupBy('state'),
      db('jobs').where({ state: 'failed' }).select('type').count({ n: '*' }).groupBy('type'),
      db('outbox').select('status').count({ n: '*' }).groupBy('status'),
      db('outbox').whereNotNull('last_error').orderBy('updated_at', 'desc').first('id', 'last_error', 'updated_at', 'status'),
      databaseSize(db, env),
      folderBytes(env.UPLOADS_DIR),
    ])
    const counts = (rows: Array<Record<string, unknown>>, key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), Number(r.n)]))
    const staleQueued = await db('jobs')
      .where({ state: 'queued' })
      .andWhere('run_at', '<', new Date(Date.now() - 5 * 60_000).toISOString())
      .count({ n: '*' })
    ctx.body = {
      jobs: {
        ...{ queued: 0, running: 0, done: 0, failed: 0 },
        ...counts(jobStates, 'state'),
        overdue: Number(staleQueued[0].n),
        failedByType: counts(failedTypes, 'type'),
      },
      outbox: {
        ...{ pending: 0, sent: 0, failed: 0 },
        ...counts(outbox, 'status'),
        lastError: lastOutboxError
          ? {
              id: Number(lastOutboxError.id),
              message: lastOutboxError.last_error,
              at: new Date(lastOutboxError.updated_at).toISOString(),
              status: lastOutboxError.status,
            }
          : null,
      },
      database,
      uploads: { ...uploads, quotaBytes: env.UPLOADS_MAX_TOTAL_BYTES, share: uploads.bytes / env.UPLOADS_MAX_TOTAL_BYTES },
    }
  }
}

function getPerformance(db: Db, env: Env): Middleware {
  return async function performanceHandler(ctx) {
    ctx.body = { builds: readBuildHistory(env.VAR_DIR, 30), vitals: await webVitals(db) }
  }
}

/** Routes only (like the overview's): the page is not a table of its own. */
export function registerMonitoringRoutes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
  const can = requirePermission('monitoring', 'list')
  router.get('/monitoring/uptime', ...guard, can, getUptime(db))
  router.get('/monitoring/overview', ...guard, can, getOverview(db, env))
  router.get('/monitoring/operations', ...guard, can, getOperations(db, env))
  router.get('/monitoring/performance', ...guard, can, getPerformance(db, env))
}
