// Leads in the admin: spam hidden unless asked for, the status workflow, convert (contact +
// company + optional deal in one transaction), the streamed CSV export and a job application's
// résumé as a download.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import {
  canChangeLeadStatus,
  CompanyCreateSchema,
  ContactCreateSchema,
  DealCreateSchema,
  LeadConvertSchema,
  LeadCreateSchema,
  LeadUpdateSchema,
  PhoneEntrySchema,
  type LeadStatus,
} from '../../shared/adminContract.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { findCompanyIdByName } from '../db/queries/companies.ts'
import { keysetPage, LEAD_EXPORT_COLUMNS, LEAD_EXPORT_SORTS, leadsTable } from '../db/queries/leads.ts'
import { nowIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { adminJsonBody } from './body.ts'
import { companies } from './companies.ts'
import { contacts } from './contacts.ts'
import { csvLine } from './csv.ts'
import { deals } from './deals.ts'
import { parseListParams } from './listQuery.ts'
import {
  createRecord,
  filteredQuery,
  mustLoad,
  parseId,
  updateRecord,
  writeWith,
  type AdminDeps,
  type AdminResourceModule,
  type ResourceConfig,
} from './resourceRouter.ts'

export const EXPORT_BATCH = 1000

const config: ResourceConfig = {
  name: 'leads',
  spec: leadsTable,
  defaultSort: ['created_at', 'DESC'],
  createSchema: LeadCreateSchema,
  updateSchema: LeadUpdateSchema,
  filters: (_db, filter, query) => {
    // Spam stays out of lists unless the filter asks for it.
    if (filter.include_spam !== true && filter.is_spam === undefined) query.where('leads.is_spam', false)
    return (key) => key === 'include_spam'
  },
  beforeCreate: async (data) => ({
    ...data,
    payload_hash: crypto
      .createHash('sha256')
      .update(`${JSON.stringify(data)}:${crypto.randomUUID()}`)
      .digest('hex'),
  }),
  beforeUpdate: async (before, patch) => {
    const from = before.status as LeadStatus
    const to = patch.status as LeadStatus | undefined
    if (to && !canChangeLeadStatus(from, to)) throw httpError(400, `A ${from} lead cannot become ${to}.`, { status: `A ${from} lead cannot become ${to}.` })
    return patch
  },
}

function splitName(name: string, email: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (!parts.length) return { first_name: email.split('@')[0] || email, last_name: '' }
  return { first_name: parts[0].slice(0, 100), last_name: parts.slice(1).join(' ').slice(0, 100) }
}

function postConvert(db: Db): Middleware {
  return async function postConvertHandler(ctx) {
    const id = parseId(ctx.params.id)
    const { deal } = LeadConvertSchema.parse(bodyOf(ctx))
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const lead = await mustLoad(w.trx, leadsTable, id)
      if (!canChangeLeadStatus(lead.status as LeadStatus, 'converted') || lead.status === 'converted') {
        ctx.throw(400, `A ${String(lead.status)} lead cannot be converted.`, { errors: { status: `A ${String(lead.status)} lead cannot be converted.` } })
      }
      const ownerId = (lead.owner_id as number | null) ?? w.userId
      let company: Record<string, unknown> | null = null
      const companyName = String(lead.company ?? '').trim()
      if (companyName) {
        const existingId = await findCompanyIdByName(w.trx, companyName)
        company = existingId
          ? await mustLoad(w.trx, companies.config.spec, existingId)
          : await createRecord(companies.config, w, CompanyCreateSchema.parse({ name: companyName.slice(0, 200), owner_id: ownerId }))
      }
      const phone = PhoneEntrySchema.safeParse({ number: String(lead.phone ?? ''), type: 'work' })
      const contactInput = ContactCreateSchema.parse({
        ...splitName(String(lead.name ?? ''), String(lead.email)),
        emails: [{ email: lead.email, type: 'work' }],
        phones: phone.success ? [phone.data] : [],
        company_id: company?.id ?? null,
        owner_id: ownerId,
        status: 'warm',
        background: String(lead.message ?? '').slice(0, 5000) || null,
        first_seen: lead.created_at,
        last_seen: nowIso(),
        lead_id: id,
      })
      const contact = await createRecord(contacts.config, w, contactInput)
      const newDeal = deal
        ? await createRecord(
            deals.config,
            w,
            DealCreateSchema.parse({ ...deal, company_id: company?.id ?? null, contact_ids: [contact.id], owner_id: ownerId }),
          )
        : null
      await updateRecord(config, w, id, { status: 'converted' })
      return { contact, company, deal: newDeal }
    })
  }
}

type PageQuery = (...args: Parameters<typeof keysetPage>) => PromiseLike<Array<Record<string, unknown>>>
/** `page` reads one page (tests inject a failing one). */
export type ExportOptions = { batch?: number; page?: PageQuery }

/**
 * GET /leads/export.csv: streamed in keyset pages. The first page is read before the status and
 * headers are sent, so a failing query is an error status (500), never a 200; a page failing
 * later aborts the response (no final chunk), so the client sees a failed download rather than
 * a file cut short that looks complete.
 */
export function getExport(db: Db, opts: ExportOptions = {}): Middleware {
  const batch = opts.batch ?? EXPORT_BATCH
  const page: PageQuery = opts.page ?? keysetPage
  return async function getExportHandler(ctx) {
    const { sort, filter } = parseListParams(ctx.query)
    const [field, order] = sort ?? ['created_at', 'DESC']
    if (!LEAD_EXPORT_SORTS.has(field)) ctx.throw(400, `The export cannot be sorted by ${field}.`)
    const userId = adminState(ctx).user.id
    // Validates the filter before the first byte is sent: a bad filter is a 400, not a cut stream.
    filteredQuery(db, config, filter, userId).toSQL()
    const columns = LEAD_EXPORT_COLUMNS.map((c) => `leads.${c}`)
    const direction = order === 'ASC' ? 'asc' : 'desc'
    const nextPage = async (after: { value: unknown; id: number } | null): Promise<Array<Record<string, unknown>>> =>
      page(filteredQuery(db, config, filter, userId).select(columns), field, direction, after, batch)
    const first = await nextPage(null)
    async function* rows() {
      yield `\uFEFF${csvLine([...LEAD_EXPORT_COLUMNS])}`
      let current = first
      for (;;) {
        if (!current.length) return
        yield current.map((row) => csvLine(LEAD_EXPORT_COLUMNS.map((c) => exportValue(c, row[c])))).join('')
        if (current.length < batch) return
        const last = current[current.length - 1]
        current = await nextPage({ value: last[field], id: Number(last.id) })
      }
    }
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = Readable.from(rows())
  }
}

function exportValue(column: string, value: unknown): string {
  if (value == null) return ''
  if (value instanceof Date) return value.toISOString()
  if (column === 'is_spam') return value === true || value === 1 || value === '1' ? 'true' : 'false'
  if (column.endsWith('_at') && typeof value === 'string' && / \d\d:/.test(value)) return `${value.replace(' ', 'T')}.000Z`
  return String(value)
}

/** Names the application form gives stored résumés: a random UUID, nothing a path could hide in. */
const STORED_RESUME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/

/** The file name offered to the browser: the applicant's, without path or control characters, ending in .pdf. */
export function resumeFileName(originalName: unknown, leadId: number): string {
  const base = String(originalName ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not keep
    .replace(/[\u0000-\u001f\u007f/\\]+/g, ' ')
    .trim()
  if (!base) return `resume-${leadId}.pdf`
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`
}

/**
 * GET /leads/:id/resume: the résumé of a job application, from the uploads folder (outside the
 * web root) as an attachment, never rendered inline. Behind the session guard and the role's
 * permission to read leads.
 */
function getResume(db: Db, uploadsDir: string): Middleware {
  return async function getResumeHandler(ctx: Context) {
    const id = parseId(ctx.params.id)
    const lead = await mustLoad(db, leadsTable, id)
    const resume = (lead.details as { resume?: { storedName?: unknown; originalName?: unknown } } | null)?.resume
    const storedName = String(resume?.storedName ?? '')
    if (!STORED_RESUME.test(storedName)) ctx.throw(404, 'This lead has no résumé.')
    const file = path.join(uploadsDir, storedName)
    const stat = await fs.promises.stat(file).catch(() => null)
    if (!stat?.isFile()) ctx.throw(404, 'The résumé file is no longer in the uploads folder.')
    ctx.attachment(resumeFileName(resume?.originalName, id))
    ctx.type = 'application/pdf'
    ctx.length = stat.size
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.body = fs.createReadStream(file)
  }
}

export const leads: AdminResourceModule = {
  config,
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    router.get('/leads/export.csv', ...guard, requirePermission('leads', 'export'), getExport(db))
    router.get('/leads/:id/resume', ...guard, requirePermission('leads', 'show'), getResume(db, env.UPLOADS_DIR))
    router.post('/leads/:id/convert', ...guard, requirePermission('leads', 'convert'), adminJsonBody(), postConvert(db))
  },
}
