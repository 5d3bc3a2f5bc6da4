// One generic ra-data-simple-rest resource: list (sort/range/filter, Content-Range), getOne,
// create, update (PUT merges a partial body), delete (returns the record), bulk update and bulk
// delete in one request. Every write runs in a transaction with its audit-log entry. Per-resource
// behaviour comes from hooks in the resource's config; each resource's file (server/admin/<name>.ts)
// exports an AdminResourceModule: that config plus the resource's own routes, if any.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import type { Knex } from 'knex'
import type { z } from 'zod'
import { BulkDeleteSchema, BulkUpdateSchema } from '../../shared/adminContract.ts'
import type { AdminResource } from '../../shared/permissions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso, type Queryable } from '../db/rows.ts'
import { selectColumns, toRecord, toRow, type TableSpec } from '../db/tableSpec.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Env } from '../env.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { applyFilters, applySort, parseListParams, type FilterContext } from './listQuery.ts'

export type WriteContext = { trx: Knex.Transaction; userId: number; ctx: Context }
type Row = Record<string, unknown>

export type ResourceConfig = {
  name: AdminResource
  spec: TableSpec
  defaultSort: [string, 'ASC' | 'DESC']
  createSchema?: z.ZodType<Row>
  updateSchema?: z.ZodType<Row>
  /** Extra list filters (return true when the key was handled) and default conditions. */
  filters?: (db: Db, filter: Row, query: Knex.QueryBuilder, userId: number) => FilterContext['extra']
  /** A cheaper count for some filters (the list's total); null: count the filtered query. */
  count?: (db: Db, filter: Row, userId: number) => Knex.QueryBuilder | null
  beforeCreate?: (data: Row, w: WriteContext) => Promise<Row>
  beforeUpdate?: (before: Row, patch: Row, w: WriteContext) => Promise<Row>
  afterUpdate?: (before: Row, after: Row, w: WriteContext) => Promise<void>
  beforeDelete?: (before: Row, w: WriteContext) => Promise<void>
  /** After a bulk update or delete has committed, when it changed any record (every bulk route:
   * PUT and DELETE /<name>/bulk, POST /<name>/bulk-delete). */
  afterBulk?: (db: Db, ids: number[]) => Promise<void>
}

/**
 * One admin resource: its generic REST config and the routes only it has (registered before the
 * generic ones, so /leads/export.csv wins over /leads/:id). `guard` checks session, origin and
 * CSRF token; each route adds its own requirePermission.
 */
export type AdminResourceModule = { config: ResourceConfig; routes?: (router: Router, deps: AdminDeps, guard: Middleware[]) => void }
export type AdminDeps = { db: Db; env: Env }

const noSuchRecord = () => httpError(404, 'There is no such record.')

export function parseId(value: unknown): number {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== String(value)) throw noSuchRecord()
  return id
}

export async function loadRecord(db: Queryable, spec: TableSpec, id: number): Promise<Row | null> {
  const row = await db(spec.table).select(selectColumns(spec)).where(`${spec.table}.id`, id).first()
  return row ? toRecord(spec, row) : null
}

export async function mustLoad(db: Queryable, spec: TableSpec, id: number): Promise<Row> {
  const record = await loadRecord(db, spec, id)
  if (!record) throw noSuchRecord()
  return record
}

/** Referenced records must exist: a 400 on the field instead of a foreign-key error. */
export async function checkRefs(db: Queryable, spec: TableSpec, data: Row) {
  const errors: Record<string, string> = {}
  for (const [column, table] of Object.entries(spec.refs ?? {})) {
    const value = data[column]
    if (value == null) continue
    const found = await db(table).select('id').where({ id: value }).first()
    if (!found) errors[column] = 'There is no such record.'
  }
  if (Object.keys(errors).length) throw httpError(400, 'Please correct the highlighted fields.', errors)
}

export async function createRecord(config: ResourceConfig, w: WriteContext, input: Row): Promise<Row> {
  const { spec } = config
  let data = config.beforeCreate ? await config.beforeCreate(input, w) : input
  await checkRefs(w.trx, spec, data)
  const at = nowIso()
  data = { ...data, created_at: at, ...(spec.hasUpdatedAt ? { updated_at: at } : {}) }
  const [inserted] = (await w.trx(spec.table).insert(toRow(spec, data)).returning('id')) as Array<{ id: number } | number>
  const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
  const record = await mustLoad(w.trx, spec, id)
  await audit(w.trx, w.userId, 'create', config.name, id, null, record)
  return record
}

export async function updateRecord(config: ResourceConfig, w: WriteContext, id: number, input: Row): Promise<Row> {
  const { spec } = config
  const before = await mustLoad(w.trx, spec, id)
  const patch = config.beforeUpdate ? await config.beforeUpdate(before, input, w) : input
  await checkRefs(w.trx, spec, patch)
  const row = toRow(spec, patch)
  if (Object.keys(row).length)
    await w
      .trx(spec.table)
      .where({ id })
      .update({ ...row, ...(spec.hasUpdatedAt ? { updated_at: nowIso() } : {}) })
  const after = await mustLoad(w.trx, spec, id)
  await config.afterUpdate?.(before, after, w)
  await audit(w.trx, w.userId, 'update', config.name, id, before, after)
  return after
}

export async function deleteRecord(config: ResourceConfig, w: WriteContext, id: number): Promise<Row> {
  const before = await mustLoad(w.trx, config.spec, id)
  await config.beforeDelete?.(before, w)
  await w.trx(config.spec.table).where({ id }).delete()
  await audit(w.trx, w.userId, 'delete', config.name, id, before, null)
  return before
}

/** Runs `fn` in one transaction with the signed-in user, for writes and their audit entries. */
export const writeWith =
  (db: Db, ctx: Context) =>
  <T>(fn: (w: WriteContext) => Promise<T>): Promise<T> =>
    db.transaction((trx) => fn({ trx, userId: adminState(ctx).user.id, ctx }))

/** The query behind a list (and the export): filters applied, no sort or page yet. */
export function filteredQuery(db: Db, config: ResourceConfig, filter: Row, userId: number) {
  const query = db(config.spec.table)
  const extra = config.filters?.(db, filter, query, userId)
  applyFilters(query, config.spec, filter, { db, userId, extra })
  return query
}

/** Registers the resource's routes on the admin router, each behind `guard` (session, CSRF). */
export function registerResource(router: Router, db: Db, config: ResourceConfig, guard: Middleware[]) {
  const { name, spec } = config
  const json = adminJsonBody()
  const writer = (ctx: Context) => writeWith(db, ctx)

  router.get(`/${name}`, ...guard, requirePermission(name, 'list'), async function listHandler(ctx) {
    const { sort, range, filter } = parseListParams(ctx.query)
    const userId = adminState(ctx).user.id
    const base = filteredQuery(db, config, filter, userId)
    const countQuery = config.count?.(db, filter, userId) ?? base.clone().clearSelect().clearOrder().count({ n: '*' })
    const pageQuery = base
      .clone()
      .select(selectColumns(spec))
      .offset(range[0])
      .limit(range[1] - range[0] + 1)
    applySort(pageQuery, spec, sort, config.defaultSort)
    const [rows, [count]] = await Promise.all([pageQuery, countQuery])
    const total = Number((count as { n: number | string }).n)
    ctx.set('Content-Range', rows.length ? `${name} ${range[0]}-${range[0] + rows.length - 1}/${total}` : `${name} */${total}`)
    ctx.set('Access-Control-Expose-Headers', 'Content-Range')
    ctx.body = rows.map((r: Row) => toRecord(spec, r))
  })

  if (config.createSchema && config.updateSchema) {
    const createSchema = config.createSchema
    const updateSchema = config.updateSchema
    router.put(`/${name}/bulk`, ...guard, requirePermission(name, 'edit'), json, async function bulkUpdateHandler(ctx) {
      const { ids, data } = BulkUpdateSchema.parse(bodyOf(ctx))
      const patch = updateSchema.parse(data)
      const done: number[] = []
      await writer(ctx)(async (w) => {
        for (const id of ids) {
          if (!(await loadRecord(w.trx, spec, id))) continue
          await updateRecord(config, w, id, patch)
          done.push(id)
        }
      })
      if (done.length) await config.afterBulk?.(db, done)
      ctx.body = { ids: done }
    })
    const bulkDelete = async (ctx: Context) => {
      const { ids } = BulkDeleteSchema.parse(bodyOf(ctx))
      const done: number[] = []
      await writer(ctx)(async (w) => {
        for (const id of ids) {
          if (!(await loadRecord(w.trx, spec, id))) continue
          await deleteRecord(config, w, id)
          done.push(id)
        }
      })
      if (done.length) await config.afterBulk?.(db, done)
      ctx.body = { ids: done }
    }
    router.delete(`/${name}/bulk`, ...guard, requirePermission(name, 'delete'), json, bulkDelete)
    router.post(`/${name}/bulk-delete`, ...guard, requirePermission(name, 'delete'), json, bulkDelete)
    router.post(`/${name}`, ...guard, requirePermission(name, 'create'), json, async function createHandler(ctx) {
      const data = createSchema.parse(bodyOf(ctx))
      ctx.status = 201
      ctx.body = await writer(ctx)((w) => createRecord(config, w, data))
    })
    router.put(`/${name}/:id`, ...guard, requirePermission(name, 'edit'), json, async function updateHandler(ctx) {
      const id = parseId(ctx.params.id)
      const patch = updateSchema.parse(bodyOf(ctx))
      ctx.body = await writer(ctx)((w) => updateRecord(config, w, id, patch))
    })
    router.delete(`/${name}/:id`, ...guard, requirePermission(name, 'delete'), async function deleteHandler(ctx) {
      const id = parseId(ctx.params.id)
      ctx.body = await writer(ctx)((w) => deleteRecord(config, w, id))
    })
  }

  router.get(`/${name}/:id`, ...guard, requirePermission(name, 'show'), async function showHandler(ctx) {
    ctx.body = await mustLoad(db, spec, parseId(ctx.params.id))
  })
}
