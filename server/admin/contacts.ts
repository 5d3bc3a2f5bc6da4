// Contacts (CRM): the generic resource, the import (CSV or JSON rows; dry run or real) and
// merging two contacts.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import Papa from 'papaparse'
import { CONTACT_IMPORT_COLUMNS, ContactCreateSchema, ContactMergeSchema, ContactUpdateSchema, type ImportReport } from '../../shared/adminContract.ts'
import { fieldErrors } from '../../shared/contract.ts'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { moveActivitiesToContact } from '../db/queries/activities.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { resolveCompanies } from '../db/queries/companies.ts'
import { contactsTable, insertContactRows } from '../db/queries/contacts.ts'
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
  for (const [k, v] of Object.entries(raw)) row[k.trim().toLowerCase().replace(/[\s-]+/g, '_')] = typeof v === 'string' ? v.trim() : v
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

function readRows(body: { text?: string; json?: unknown }): Array<Record<string, unknown>> {
  if (body.text !== undefined) {
    const parsed = Papa.parse<Record<string, string>>(body.text, { header: true, skipEmptyLines: 'greedy' })
    const headers = (parsed.meta.fields ?? []).map((h) => h.trim().toLowerCase().replace(/[\s-]+/g, '_'))
    if (!headers.includes('first_name')) throw httpError(400, `The first line must name the columns, including first_name (known: ${CONTACT_IMPORT_COLUMNS.join(', ')}).`)
    return parsed.data
  }
  const rows = (body.json as { rows?: unknown })?.rows
  if (!Array.isArray(rows) || !rows.every((r) => r && typeof r === 'object' && !Array.isArray(r))) throw httpError(400, 'Send { rows: [ {...}, ... ] }.', { rows: 'Expected an array of objects.' })
  return rows as Array<Record<string, unknown>>
}

function postImport(db: Db): Middleware {
  return async function postImportHandler(ctx) {
    const dryRun = ctx.query.dryRun !== '0' && ctx.query.dryRun !== 'false'
    const rows = readRows(await readImportBody(ctx))
    if (rows.length > IMPORT_MAX_ROWS) ctx.throw(400, `Import at most ${IMPORT_MAX_ROWS} rows at a time.`)
    const report: ImportReport = { total: rows.length, valid: 0, created: 0, errors: [] }
    const valid: Array<{ data: Record<string, unknown>; company: string }> = []
    rows.forEach((raw, index) => {
      const { input, company } = importRowToInput(raw)
      const result = ContactCreateSchema.safeParse(input)
      if (!result.success) {
        for (const [field, message] of Object.entries(fieldErrors(result.error))) report.errors.push({ row: index + 1, field, message })
        return
      }
      valid.push({ data: result.data, company })
    })
    report.valid = valid.length
    if (!dryRun && valid.length) {
      // Valid rows are all inserted in one transaction (invalid ones are reported and skipped).
      await writeWith(db, ctx)(async (w) => {
        const companies = await resolveCompanies(w.trx, [...new Set(valid.map((v) => v.company).filter(Boolean))], w.userId)
        const inserts = valid.map((v) => toRow(contactsTable, { ...v.data, owner_id: w.userId, company_id: v.company ? companies.get(v.company.toLowerCase()) : null }))
        const ids = await insertContactRows(w.trx, inserts)
        await insertAuditLogs(
          w.trx,
          ids.map((id, i) => {
            const record = toRecord(contactsTable, { ...inserts[i], id })
            const changes = Object.fromEntries(Object.entries(record).filter(([k, v]) => v != null && k !== 'id' && k !== 'created_at' && k !== 'updated_at').map(([k, v]) => [k, [null, v]])) as Record<string, [unknown, unknown]>
            return { userId: w.userId, action: 'create' as const, resource: 'contacts', recordId: id, changes }
          }),
        )
        report.created = ids.length
      })
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
    ctx.body = await writeWith(db, ctx)(async (w) => {
      const keep = await mustLoad(w.trx, contactsTable, keepId)
      const merge = await mustLoad(w.trx, contactsTable, mergeId)
      await moveActivitiesToContact(w.trx, mergeId, keepId)
      for (const deal of await dealsWithContact(w.trx, mergeId)) {
        const ids = [...new Set(deal.contact_ids.map((id) => (id === mergeId ? keepId : id)))]
        await updateRecord(deals.config, w, deal.id, { contact_ids: ids })
      }
      const emails = uniqueBy([...((keep.emails as Array<{ email: string }>) ?? []), ...((merge.emails as Array<{ email: string }>) ?? [])], (e) => e.email.toLowerCase())
      const phones = uniqueBy([...((keep.phones as Array<{ number: string }>) ?? []), ...((merge.phones as Array<{ number: string }>) ?? [])], (p) => p.number.replace(/\D/g, ''))
      const tags = [...new Set([...((keep.tags as string[]) ?? []), ...((merge.tags as string[]) ?? [])])]
      const patch: Record<string, unknown> = { emails, phones, tags }
      for (const field of ['title', 'company_id', 'owner_id', 'background', 'linkedin_url', 'lead_id'] as const) if (keep[field] == null && merge[field] != null) patch[field] = merge[field]
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
