// Redirect rules (issue 10): the generic resource with the save-time checks of
// server/redirects/validate.ts (loops, hidden pages, unsafe regexes, missing targets refused with
// a 400 on the field; chains flattened and reported in `flattened` / `repointed`), the CSV
// export, and the import (CSV, .htaccess or nginx lines; dry run or real, per-row errors).
// Every save bumps the rule-set version so every server instance reloads its table.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import type { Knex } from 'knex'
import { RedirectCreateSchema, RedirectUpdateSchema, type RedirectImportReport, type RedirectInput, type RedirectRule } from '../../shared/redirects.ts'
import { fieldErrors } from '../../shared/contract.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { parseRedirectImport, type ImportFormat } from '../redirects/importRules.ts'
import { bumpVersion, contentRules, redirectStore } from '../redirects/store.ts'
import { checkRule, type Checked } from '../redirects/validate.ts'
import { audit } from './audit.ts'
import { adminJsonBody, readImportBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import {
  createRecord,
  deleteRecord,
  filteredQuery,
  mustLoad,
  parseId,
  updateRecord,
  writeWith,
  type AdminDeps,
  type AdminResourceModule,
  type ResourceConfig,
  type WriteContext,
} from './resourceRouter.ts'

type Row = Record<string, unknown>

export { notFound } from './notFound.ts'

export const redirectsTable: TableSpec = {
  table: 'redirects',
  columns: {
    id: 'int',
    source: 'text',
    target: 'text',
    status_code: 'int',
    match_type: 'text',
    query_mode: 'text',
    enabled: 'bool',
    group: 'text',
    note: 'text',
    hits: 'int',
    last_hit_at: 'time',
    created_by: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { created_by: 'users' },
  hasUpdatedAt: true,
}

export const REDIRECT_EXPORT_COLUMNS = [
  'source',
  'target',
  'status_code',
  'match_type',
  'query_mode',
  'enabled',
  'group',
  'note',
  'hits',
  'last_hit_at',
] as const

/** What a save reports besides the record: the chain it flattened and the rules it re-pointed. */
type SaveNotes = { flattened: string[] | null; repointed: Checked['repointed']; hides: string[]; version: number }
const notesOf = (ctx: Context): SaveNotes => (ctx.state.redirectNotes ??= { flattened: null, repointed: [], hides: [], version: 0 })

/** Checks a rule against every other rule in the transaction; throws a 400 with field messages. */
async function checkInTransaction(w: WriteContext, input: RedirectInput & { confirmHidesPage?: boolean }, selfId: number | null): Promise<Checked> {
  const store = redirectStore((w.ctx as unknown as { db: Db }).db)
  const rules = await store.rulesAt(w.trx)
  const others = [...(selfId === null ? rules : rules.filter((r) => r.id !== selfId)), ...contentRules()]
  // A new rule is checked against the store's compiled table when it is current (no rebuild).
  const othersTable = selfId === null && rules === store.rules ? store.table : undefined
  const result = checkRule({ ...input, id: selfId ?? 0 }, others, catalogUrls(), { othersTable })
  if (!result.ok) throw httpError(400, 'Please correct the highlighted fields.', result.errors)
  return result.rule
}

/** Re-points the rules that would chain through the saved one (audited like any update). */
async function repoint(w: WriteContext, checked: Checked) {
  for (const r of checked.repointed) {
    await w.trx('redirects').where({ id: r.id }).update({ target: r.to, updated_at: new Date().toISOString() })
    await audit(w.trx, w.userId, 'update', 'redirects', Number(r.id), { target: r.from }, { target: r.to })
  }
}

const stripConfirm = (data: Row) => {
  const { confirmHidesPage: _, ...rest } = data
  return rest
}

const config: ResourceConfig = {
  name: 'redirects',
  spec: redirectsTable,
  defaultSort: ['updated_at', 'DESC'],
  createSchema: RedirectCreateSchema as never,
  updateSchema: RedirectUpdateSchema as never,
  filters: (_db, _filter, _query) => (key, value, query) => {
    if (key !== 'q') return false
    if (typeof value !== 'string') throw httpError(400, 'q must be text.')
    const like = `%${value
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    if (value.trim())
      query.where((q: Knex.QueryBuilder) =>
        q
          .whereRaw(`lower(redirects.source) like ? escape '\\'`, [like])
          .orWhereRaw(`lower(coalesce(redirects.target, '')) like ? escape '\\'`, [like])
          .orWhereRaw(`lower(coalesce(redirects.note, '')) like ? escape '\\'`, [like]),
      )
    return true
  },
  async beforeCreate(data, w) {
    const checked = await checkInTransaction(w, data as RedirectInput, null)
    Object.assign(notesOf(w.ctx), { flattened: checked.flattened, repointed: checked.repointed, hides: checked.hides })
    await repoint(w, checked)
    notesOf(w.ctx).version = await bumpVersion(w.trx)
    return { ...stripConfirm(data), source: checked.source, target: checked.target, created_by: w.userId, hits: 0 }
  },
  async beforeUpdate(before, patch, w) {
    const merged = { ...before, ...patch } as RedirectInput & { confirmHidesPage?: boolean }
    const checked = await checkInTransaction(w, merged, Number(before.id))
    Object.assign(notesOf(w.ctx), { flattened: checked.flattened, repointed: checked.repointed, hides: checked.hides })
    await repoint(w, checked)
    notesOf(w.ctx).version = await bumpVersion(w.trx)
    return { ...stripConfirm(patch), source: checked.source, target: checked.target, ...(merged.status_code === 410 ? { target: null } : {}) }
  },
  async beforeDelete(_before, w) {
    notesOf(w.ctx).version = await bumpVersion(w.trx)
  },
  // A bulk change (the list's Enable, Disable and Delete) reloads this instance's rule table at
  // once, as a single save patches it; the other instances see the bumped version on their poll.
  afterBulk: (db) => redirectStore(db).refresh(),
}

const withNotes = (ctx: Context, record: Row) => {
  const notes = notesOf(ctx)
  return { ...record, flattened: notes.flattened, repointed: notes.repointed, hides: notes.hides }
}

function exportCsv(db: Db): Middleware {
  return async function exportRedirectsHandler(ctx) {
    const { filter } = parseListParams(ctx.query)
    const rows: Row[] = await filteredQuery(db, config, filter, adminState(ctx).user.id)
      .select(REDIRECT_EXPORT_COLUMNS.map((c) => `redirects.${c}`))
      .orderBy('redirects.id')
    const cell = (v: unknown) => (v == null ? '' : typeof v === 'boolean' ? String(v) : v === 1 || v === 0 ? String(v) : String(v))
    let out = `\uFEFF${csvLine([...REDIRECT_EXPORT_COLUMNS])}`
    for (const row of rows) out += csvLine(REDIRECT_EXPORT_COLUMNS.map((c) => (c === 'enabled' ? String(row[c] === true || row[c] === 1) : cell(row[c]))))
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="redirects-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = out
  }
}

function importRules(db: Db): Middleware {
  return async function importRedirectsHandler(ctx) {
    const dryRun = ctx.query.dryRun === '1' || ctx.query.dryRun === 'true'
    const format = (typeof ctx.query.format === 'string' ? ctx.query.format : 'csv') as ImportFormat
    if (!['csv', 'htaccess', 'nginx'].includes(format)) ctx.throw(400, 'format is csv, htaccess or nginx.')
    const { text } = await readImportBody(ctx)
    if (text === undefined) throw httpError(400, 'Send the rules as text (text/csv or text/plain).')
    const parsed = parseRedirectImport(text, format)
    const report: RedirectImportReport = { total: parsed.length, valid: 0, created: 0, rows: [] }
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const rules: RedirectRule[] = [...(await redirectStore(db).rulesAt(w.trx)).map((r) => ({ ...r })), ...contentRules()]
      const catalog = catalogUrls()
      for (const item of parsed) {
        if (item.errors) {
          report.rows.push({ row: item.row, source: item.raw.source ?? '', target: item.raw.target ?? null, status: 'error', errors: item.errors })
          continue
        }
        const input = RedirectCreateSchema.safeParse(item.raw)
        if (!input.success) {
          report.rows.push({
            row: item.row,
            source: String(item.raw.source ?? ''),
            target: item.raw.target ?? null,
            status: 'error',
            errors: fieldErrors(input.error),
          })
          continue
        }
        const result = checkRule({ ...input.data, id: 0 }, rules, catalog)
        if (!result.ok) {
          report.rows.push({ row: item.row, source: input.data.source, target: input.data.target, status: 'error', errors: result.errors })
          continue
        }
        report.valid++
        report.rows.push({ row: item.row, source: result.rule.source, target: result.rule.target, status: 'ok', flattened: result.rule.flattened })
        const data = { ...stripConfirm(input.data), source: result.rule.source, target: result.rule.target }
        let id = -report.valid
        if (!dryRun) {
          await repoint(w, result.rule)
          const record = await createRecord({ ...config, beforeCreate: async (d) => ({ ...d, created_by: w.userId, hits: 0 }) }, w, data)
          id = Number(record.id)
          report.created++
        }
        for (const r of result.rule.repointed) {
          const other = rules.find((x) => x.id === r.id)
          if (other) other.target = r.to
        }
        rules.push({ ...(data as RedirectInput), id, enabled: input.data.enabled })
      }
      if (!dryRun && report.created) await bumpVersion(w.trx)
    })
    if (!dryRun && report.created) await redirectStore(db).refresh()
    ctx.body = report
  }
}

/** Patches this instance's rule table with the saved rule and the rules it re-pointed. */
async function afterSave(ctx: Context, store: ReturnType<typeof redirectStore>, db: Db, record: Row) {
  const notes = notesOf(ctx)
  const repointed = notes.repointed.length
    ? await db('redirects').whereIn(
        'id',
        notes.repointed.map((r) => Number(r.id)),
      )
    : []
  await store.applySaved(notes.version, { saved: [record, ...repointed] })
}

export const redirects: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    const store = redirectStore(db)
    router.get('/redirects/export.csv', ...guard, requirePermission('redirects', 'export'), exportCsv(db))
    router.post('/redirects/import', ...guard, requirePermission('redirects', 'import'), importRules(db))
    // Create, update and delete answer what the save did (flattened chain, re-pointed rules)
    // and reload this instance's table before answering.
    router.post('/redirects', ...guard, requirePermission('redirects', 'create'), json, async function createRedirect(ctx) {
      const data = RedirectCreateSchema.parse(bodyOf(ctx))
      const record = await writeWith(db, ctx)((w) => createRecord(config, w, data))
      await afterSave(ctx, store, db, record)
      ctx.status = 201
      ctx.body = withNotes(ctx, record)
    })
    // "bulk" goes on to the generic bulk routes (whose afterBulk reloads this instance's table).
    router.put('/redirects/:id', ...guard, requirePermission('redirects', 'edit'), json, async function updateRedirect(ctx, next) {
      if (ctx.params.id === 'bulk') return next()
      const id = parseId(ctx.params.id)
      const patch = RedirectUpdateSchema.parse(bodyOf(ctx))
      const record = await writeWith(db, ctx)((w) => updateRecord(config, w, id, patch))
      await afterSave(ctx, store, db, record)
      ctx.body = withNotes(ctx, record)
    })
    router.delete('/redirects/:id', ...guard, requirePermission('redirects', 'delete'), async function deleteRedirect(ctx, next) {
      if (ctx.params.id === 'bulk') return next()
      const id = parseId(ctx.params.id)
      await mustLoad(db, redirectsTable, id)
      ctx.body = await writeWith(db, ctx)((w) => deleteRecord(config, w, id))
      await store.applySaved(notesOf(ctx).version, { deletedIds: [id] })
    })
  },
}
