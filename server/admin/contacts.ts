// Contacts (CRM): the generic resource, the import (CSV or JSON rows; dry run or real) and
// merging two contacts.
//
// A large import never holds the database for long (SQLite has one connection, and public lead
// writes and /healthz wait behind it): the file is parsed and validated in slices that yield to
// the event loop, and the valid rows are inserted in transactions of IMPORT_CHUNK_ROWS rows with
// the other requests served in between. Atomicity (docs/decisions/062-upload-quotas-and-form-tokens.md):
// every row is validated before anything is written, so a file with errors is reported whole
// (row and field) and its valid rows imported; each chunk commits on its own, so a database
// failure mid-way keeps the chunks before it and answers 500 saying which rows were stored.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import Papa from 'papaparse'
import { CONTACT_IMPORT_COLUMNS, ContactCreateSchema, ContactMergeSchema, ContactUpdateSchema, type ImportReport } from '../../shared/adminContract.ts'
import { fieldErrors } from '../../shared/contract.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { moveActivitiesToContact } from '../db/queries/activities.ts'
import { resolveCompanyNames } from '../db/queries/companies.ts'
import { contactsTable } from '../db/queries/contacts.ts'
import { insertMany, nowIso } from '../db/rows.ts'
import { dealsWithContact } from '../db/queries/deals.ts'
import { toRecord, toRow } from '../db/tableSpec.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { adminJsonBody, readImportBody } from './body.ts'
import { deals } from './deals.ts'
import { deleteRecord, mustLoad, updateRecord, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

const config: ResourceConfig = {
  name: 'contacts',
  spec: contactsTable,
  defaultSort: ['last_seen', 'DESC'],
  createSchema: ContactCreateSchema,
  updateSchema: ContactUpdateSchema,
}

export const IMPORT_MAX_ROWS = 50_000
/** Rows per insert transaction: about 10 ms of database time on an idle machine. */
export const IMPORT_CHUNK_ROWS = 250
/** Rows parsed or validated between two yields to the event loop. */
const SLICE_ROWS = 250
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
const list = (value: unknown) =>
  Array.isArray(value)
    ? value
    : String(value ?? '')
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean)

/** One import row (CSV header names or JSON keys, case- and space-insensitive) → contact input + company name. */
export function importRowToInput(raw: Record<string, unknown>) {
  const row: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(raw))
    row[
      k
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    ] = typeof v === 'string' ? v.trim() : v
  const emails = Array.isArray(row.emails) ? row.emails : list(row.email).map((email) => ({ email, type: 'work' }))
  const phones = Array.isArray(row.phones) ? row.phones : list(row.phone).map((number) => ({ number, type: 'work' }))
  const input: Record<string, unknown> = {
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    title: row.title ?? null,
    emails,
    phones,
    tags: list(row.tags),
    background: row.background ?? null,
    linkedin_url: row.linkedin_url ?? null,
  }
  if (row.status) input.status = String(row.status).toLowerCase()
  return { input, company: typeof row.company === 'string' ? row.company.slice(0, 200) : '' }
}

const normalizeHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

/** CSV rows (parsed in slices, yielding between them) or the JSON body's rows. */
async function readRows(body: { text?: string; json?: unknown }): Promise<Array<Record<string, unknown>>> {
  if (body.text !== undefined) {
    const rows: Array<Record<string, string>> = []
    let headers: string[] | null = null
    await new Promise<void>((resolve, reject) => {
      Papa.parse<Record<string, string>>(body.text!, {
        header: true,
        skipEmptyLines: 'greedy',
        step: (result, parser) => {
          headers ??= (result.meta.fields ?? []).map(normalizeHeader)
          rows.push(result.data)
          if (rows.length % SLICE_ROWS === 0) {
            parser.pause()
            setImmediate(() => parser.resume())
          }
        },
        complete: () => resolve(),
        error: (error: Error) => reject(error),
      })
    })
    // A file of just a header line has no row to carry its fields: read the first line alone.
    headers ??= ((Papa.parse<string[]>(body.text.split(/\r?\n/, 1)[0] ?? '').data[0] ?? []) as string[]).map(normalizeHeader)
    if (!headers.includes('first_name'))
      throw httpError(400, `The first line must name the columns, including first_name (known: ${CONTACT_IMPORT_COLUMNS.join(', ')}).`)
    return rows
  }
  const rows = (body.json as { rows?: unknown })?.rows
  if (!Array.isArray(rows) || !rows.every((r) => r && typeof r === 'object' && !Array.isArray(r)))
    throw httpError(400, 'Send { rows: [ {...}, ... ] }.', { rows: 'Expected an array of objects.' })
  return rows as Array<Record<string, unknown>>
}

type ValidRow = { row: number; data: Record<string, unknown>; company: string }

/**
 * Inserts one chunk of valid rows and their audit entries. The chunk's new companies are created
 * first in their own short transaction (kept if the chunk then fails: a company without
 * contacts), and rows and audit entries are built before the contacts' transaction, which only
 * runs the two multi-row inserts.
 */
async function insertChunk(db: Db, ctx: Context, chunk: ValidRow[], companies: Map<string, number>): Promise<number> {
  const userId = adminState(ctx).user.id
  const names = chunk.map((v) => v.company).filter((name) => name && !companies.has(name.toLowerCase()))
  if (names.length) await db.transaction((trx) => resolveCompanyNames(trx, names, userId, companies))
  const at = nowIso()
  const inserts = chunk.map((v) => ({
    created_at: at,
    updated_at: at,
    ...toRow(contactsTable, { ...v.data, owner_id: userId, company_id: v.company ? companies.get(v.company.toLowerCase()) : null }),
  }))
  const columns = [...new Set(inserts.flatMap((row) => Object.keys(row)))]
  const rows = inserts.map((row) => Object.fromEntries(columns.map((c) => [c, row[c as keyof typeof row] ?? null])))
  const changes = rows.map((row) => {
    const record = toRecord(contactsTable, { ...row, id: 0 })
    return JSON.stringify(
      Object.fromEntries(
        Object.entries(record)
          .filter(([k, v]) => v != null && k !== 'id' && k !== 'created_at' && k !== 'updated_at')
          .map(([k, v]) => [k, [null, v]]),
      ),
    )
  })
  return db.transaction(async (trx) => {
    const ids = (await insertMany<{ id: number | string }>(trx, 'contacts', rows, ['id'])).map((r) => Number(r.id))
    await insertMany(
      trx,
      'audit_logs',
      ids.map((id, i) => ({ user_id: userId, action: 'create', resource: 'contacts', record_id: id, changes: changes[i], created_at: at })),
    )
    return ids.length
  })
}

function postImport(db: Db): Middleware {
  return async function postImportHandler(ctx) {
    const dryRun = ctx.query.dryRun !== '0' && ctx.query.dryRun !== 'false'
    const rows = await readRows(await readImportBody(ctx))
    if (rows.length > IMPORT_MAX_ROWS) ctx.throw(400, `Import at most ${IMPORT_MAX_ROWS} rows at a time.`)
    const report: ImportReport = { total: rows.length, valid: 0, created: 0, errors: [] }
    // Every row is validated before anything is written.
    const valid: ValidRow[] = []
    for (let index = 0; index < rows.length; index++) {
      if (index > 0 && index % SLICE_ROWS === 0) await yieldToEventLoop()
      const { input, company } = importRowToInput(rows[index])
      const result = ContactCreateSchema.safeParse(input)
      if (!result.success) {
        for (const [field, message] of Object.entries(fieldErrors(result.error))) report.errors.push({ row: index + 1, field, message })
        continue
      }
      valid.push({ row: index + 1, data: result.data, company })
    }
    report.valid = valid.length
    if (!dryRun) {
      const companies = new Map<string, number>()
      // Valid rows go in chunk by chunk (invalid ones are reported and skipped); other requests
      // get the database between two chunks.
      for (let i = 0; i < valid.length; i += IMPORT_CHUNK_ROWS) {
        const chunk = valid.slice(i, i + IMPORT_CHUNK_ROWS)
        try {
          report.created += await insertChunk(db, ctx, chunk, companies)
        } catch (error) {
          ctx.app.emit('error', error, ctx)
          const storedThroughRow = i > 0 ? valid[i - 1].row : 0
          const stored = storedThroughRow
            ? `The valid rows up to row ${storedThroughRow} (${report.created} contacts) were stored: import the rows from row ${chunk[0].row} on again.`
            : 'No row was stored: please import the file again.'
          ctx.status = 500
          ctx.body = {
            ...report,
            message: `The import stopped at row ${chunk[0].row} because of an error on our side. ${stored}`,
            storedThroughRow,
            stoppedAtRow: chunk[0].row,
          }
          return
        }
        await yieldToEventLoop()
      }
    }
    ctx.body = report
  }
}

const uniqueBy = <T>(items: T[], key: (t: T) => string) => {
  const seen = new Set<string>()
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)))
}

function postMerge(db: Db): Middleware {
  return async function postMergeHandler(ctx) {
    const { keepId, mergeId } = ContactMergeSchema.parse(bodyOf(ctx))
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const keep = await mustLoad(w.trx, contactsTable, keepId)
      const merge = await mustLoad(w.trx, contactsTable, mergeId)
      await moveActivitiesToContact(w.trx, mergeId, keepId)
      for (const deal of await dealsWithContact(w.trx, mergeId)) {
        const ids = [...new Set(deal.contact_ids.map((id) => (id === mergeId ? keepId : id)))]
        await updateRecord(deals.config, w, deal.id, { contact_ids: ids })
      }
      const emails = uniqueBy([...((keep.emails as Array<{ email: string }>) ?? []), ...((merge.emails as Array<{ email: string }>) ?? [])], (e) =>
        e.email.toLowerCase(),
      )
      const phones = uniqueBy([...((keep.phones as Array<{ number: string }>) ?? []), ...((merge.phones as Array<{ number: string }>) ?? [])], (p) =>
        p.number.replace(/\D/g, ''),
      )
      const tags = [...new Set([...((keep.tags as string[]) ?? []), ...((merge.tags as string[]) ?? [])])]
      const patch: Record<string, unknown> = { emails, phones, tags }
      for (const field of ['title', 'company_id', 'owner_id', 'background', 'linkedin_url', 'lead_id'] as const)
        if (keep[field] == null && merge[field] != null) patch[field] = merge[field]
      const seen = [keep.first_seen, merge.first_seen].filter(Boolean).sort() as string[]
      if (seen.length) patch.first_seen = seen[0]
      const last = [keep.last_seen, merge.last_seen].filter(Boolean).sort() as string[]
      if (last.length) patch.last_seen = last[last.length - 1]
      // The merged contact goes first so that a unique lead link can move to the kept one.
      await deleteRecord(config, w, mergeId)
      return updateRecord(config, w, keepId, patch)
    })
  }
}

export const contacts: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    router.post('/contacts/import', ...guard, requirePermission('contacts', 'import'), postImport(db))
    router.post('/contacts/merge', ...guard, requirePermission('contacts', 'edit'), requirePermission('contacts', 'delete'), adminJsonBody(), postMerge(db))
  },
}
