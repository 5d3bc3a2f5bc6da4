// Error groups in the admin (issue 14): list (filters: status, source, text in the message; sort
// by last seen, count, first seen), show (with the daily occurrences of the last 30 days and the
// latest events), the CSV export, and the status change (resolve / ignore / reopen), audited.
// Groups are only ever created by the recorder (server/monitoring/errors.ts).
import type Router from '@koa/router'
import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { groupDailyCounts } from '../monitoring/errors.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { filteredQuery, mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

export const errorGroupsTable: TableSpec = {
  table: 'error_groups',
  columns: {
    id: 'int',
    fingerprint: 'text',
    source: 'text',
    error_type: 'text',
    message: 'text',
    status: 'text',
    count: 'int',
    first_seen_at: 'time',
    last_seen_at: 'time',
    release: 'text',
    sample_stack: 'text',
    sample_path: 'text',
    pages: 'json',
    browsers: 'json',
    resolved_at: 'time',
    reopened: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}

const EXPORT_COLUMNS = [
  'id',
  'status',
  'source',
  'error_type',
  'message',
  'count',
  'first_seen_at',
  'last_seen_at',
  'release',
  'sample_path',
  'reopened',
] as const

const config: ResourceConfig = {
  name: 'error-groups',
  spec: errorGroupsTable,
  defaultSort: ['last_seen_at', 'DESC'],
  filters: () => (key, value, query) => {
    if (key !== 'q') return false
    if (typeof value !== 'string') throw httpError(400, 'q must be text.', { q: 'Enter text.' })
    const like = `%${value
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    if (value.trim())
      query.where((q: Knex.QueryBuilder) =>
        q.whereRaw(`lower(error_groups.message) like ? escape '\\'`, [like]).orWhereRaw(`lower(error_groups.sample_path) like ? escape '\\'`, [like]),
      )
    return true
  },
}

const StatusSchema = z.object({ status: z.enum(['open', 'resolved', 'ignored']) })

function postStatus(db: Db): Middleware {
  return async function errorGroupStatusHandler(ctx) {
    const id = parseId(ctx.params.id)
    const { status } = StatusSchema.parse(bodyOf(ctx))
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoad(w.trx, errorGroupsTable, id)
      const at = nowIso()
      await w
        .trx('error_groups')
        .where({ id })
        .update({ status, resolved_at: status === 'resolved' ? at : null, updated_at: at })
      const after = await mustLoad(w.trx, errorGroupsTable, id)
      await audit(w.trx, w.userId, 'update', 'error-groups', id, before, after)
      return after
    })
  }
}

function getDetails(db: Db): Middleware {
  return async function errorGroupDetailsHandler(ctx) {
    const id = parseId(ctx.params.id)
    await mustLoad(db, errorGroupsTable, id)
    const [daily, recent] = await Promise.all([
      groupDailyCounts(db, id),
      db('error_events').where({ group_id: id }).orderBy('at', 'desc').limit(20).select('id', 'at', 'path', 'browser', 'release'),
    ])
    ctx.body = {
      daily,
      recent: recent.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id), at: new Date(Number(r.at)).toISOString() })),
    }
  }
}

function getExport(db: Db): Middleware {
  return async function errorGroupsExportHandler(ctx) {
    const { filter } = parseListParams(ctx.query)
    const rows: Array<Record<string, unknown>> = await filteredQuery(db, config, filter, adminState(ctx).user.id)
      .select(EXPORT_COLUMNS.map((c) => `error_groups.${c}`))
      .orderBy('error_groups.last_seen_at', 'desc')
      .limit(50_000)
    const cell = (v: unknown) => (v == null ? '' : v instanceof Date ? v.toISOString() : String(v))
    let out = `\uFEFF${csvLine([...EXPORT_COLUMNS])}`
    for (const row of rows) out += csvLine(EXPORT_COLUMNS.map((c) => cell(row[c])))
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="errors-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = out
  }
}

export const errorGroups: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    router.get('/error-groups/export.csv', ...guard, requirePermission('error-groups', 'export'), getExport(db))
    router.get('/error-groups/:id/details', ...guard, requirePermission('error-groups', 'show'), getDetails(db))
    router.post('/error-groups/:id/status', ...guard, requirePermission('error-groups', 'edit'), adminJsonBody(), postStatus(db))
  },
}
