// Newsletter subscribers in the admin (issue 15): list with filters (status, source, list, tag,
// engaged in the last N days, search), sort, the streamed CSV export, the CSV import (dry run,
// consent stated), one subscriber with lists, campaigns, bounces and the lead or contact with
// the same email, manual bounces, and erasure. Every write is audited.
import { Readable } from 'node:stream'
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import type { Knex } from 'knex'
import Papa from 'papaparse'
import { z } from 'zod'
import { fieldErrors } from '../../shared/contract.ts'
import { SubscriberCreateSchema, SubscriberUpdateSchema } from '../../shared/newsletter.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { isPostgres, type Db } from '../db/knex.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { defaultListId, setSubscriberTags, setSubscription } from '../db/queries/newsletterSubscribers.ts'
import { insertReturningId, nowIso, type Queryable } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import { enqueueJob } from '../jobs/define.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { BounceSchema, recordBounce } from '../newsletter/bounces.ts'
import { newsletterEmailJob } from '../newsletter/emailJob.ts'
import { listGrowth } from '../newsletter/growth.ts'
import { audit } from './audit.ts'
import { adminJsonBody, readImportBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { filteredQuery, mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

type Row = Record<string, unknown>

export const subscribersTable: TableSpec = {
  table: 'newsletter_subscribers',
  columns: {
    id: 'int',
    email: 'text',
    name: 'text',
    status: 'text',
    source: 'text',
    landing_page: 'text',
    utm_source: 'text',
    utm_medium: 'text',
    utm_campaign: 'text',
    referrer: 'text',
    first_touch: 'text',
    tags: 'json',
    consent: 'text',
    confirmed_at: 'time',
    subscribed_at: 'time',
    unsubscribed_at: 'time',
    campaigns_received: 'int',
    campaigns_opened: 'int',
    campaigns_clicked: 'int',
    last_engaged_at: 'time',
    soft_bounces: 'int',
    last_bounce_at: 'time',
    blocklist_reason: 'text',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}

export const SUBSCRIBER_EXPORT_COLUMNS = [
  'id',
  'email',
  'name',
  'status',
  'source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'first_touch',
  'landing_page',
  'tags',
  'consent',
  'confirmed_at',
  'created_at',
  'unsubscribed_at',
  'campaigns_received',
  'campaigns_opened',
  'campaigns_clicked',
  'last_engaged_at',
  'soft_bounces',
  'blocklist_reason',
] as const

const config: ResourceConfig = {
  name: 'subscribers',
  spec: subscribersTable,
  defaultSort: ['created_at', 'DESC'],
  filters: (db, _filter, _query) => (key, value, query) => {
    if (key === 'q') {
      // The start of the email or of the name: two index range scans (a substring search would
      // read every row; emails are stored lower-cased).
      if (typeof value !== 'string') throw httpError(400, 'q must be text.')
      const p = value.trim().toLowerCase().slice(0, 254)
      if (p)
        query.where((q: Knex.QueryBuilder) =>
          q
            .where((e: Knex.QueryBuilder) => e.where('newsletter_subscribers.email', '>=', p).andWhere('newsletter_subscribers.email', '<', `${p}\uffff`))
            .orWhere((n: Knex.QueryBuilder) =>
              n.whereRaw('lower(newsletter_subscribers.name) >= ?', [p]).andWhereRaw('lower(newsletter_subscribers.name) < ?', [`${p}\uffff`]),
            ),
        )
      return true
    }
    if (key === 'list_id') {
      const id = Number(value)
      if (!Number.isSafeInteger(id) || id <= 0) throw httpError(400, 'Invalid value for the filter list_id.', { list_id: 'Invalid value.' })
      query.whereExists(
        db('newsletter_subscriptions as ls')
          .select(db.raw('1'))
          .whereRaw('ls.subscriber_id = newsletter_subscribers.id')
          .andWhere('ls.list_id', id)
          .whereNot('ls.status', 'unsubscribed'),
      )
      return true
    }
    if (key === 'tag') {
      if (typeof value !== 'string') throw httpError(400, 'Invalid value for the filter tag.', { tag: 'Invalid value.' })
      // A probe of the tag table's primary key per row read in the sort's order (decision 180),
      // not the JSON of every row: a page stops after its 25 matches.
      if (value.trim())
        query.whereExists(
          db('newsletter_subscriber_tags as st')
            .select(db.raw('1'))
            .where('st.tag', value.trim().toLowerCase().slice(0, 40))
            .andWhereRaw('st.subscriber_id = newsletter_subscribers.id'),
        )
      return true
    }
    if (key === 'engaged_days') {
      const days = Number(value)
      if (!Number.isSafeInteger(days) || days <= 0 || days > 3650)
        throw httpError(400, 'engaged_days is a number of days from 1 to 3650.', { engaged_days: 'Invalid value.' })
      query.where('newsletter_subscribers.last_engaged_at', '>=', nowIso(Date.now() - days * 86_400_000))
      return true
    }
    return false
  },
  count: (db, filter, userId) => tagCount(db, filter, userId) ?? listCount(db, filter),
}

/**
 * The total of a tag filter (decision 180) starts from the tag's rows instead of every subscriber:
 * with only a list beside it, neither touches the subscribers' rows; with other filters, only the
 * tagged rows are read.
 */
function tagCount(db: Db, filter: Row, userId: number): Knex.QueryBuilder | null {
  const tag = typeof filter.tag === 'string' ? filter.tag.trim().toLowerCase().slice(0, 40) : ''
  if (!tag) return null
  const { tag: _tag, ...rest } = filter
  const others = Object.entries(rest).filter(([, v]) => v !== undefined)
  if (others.every(([k]) => k === 'list_id')) {
    const q = db('newsletter_subscriber_tags as st').where('st.tag', tag).count({ n: '*' })
    if (rest.list_id !== undefined) {
      const id = Number(rest.list_id)
      if (!Number.isSafeInteger(id) || id <= 0) throw httpError(400, 'Invalid value for the filter list_id.', { list_id: 'Invalid value.' })
      q.whereExists(
        db('newsletter_subscriptions as ls')
          .select(db.raw('1'))
          .whereRaw('ls.subscriber_id = st.subscriber_id')
          .andWhere('ls.list_id', id)
          .whereNot('ls.status', 'unsubscribed'),
      )
    }
    return q
  }
  return filteredQuery(db, config, rest, userId)
    .whereIn('newsletter_subscribers.id', db('newsletter_subscriber_tags').select('subscriber_id').where('tag', tag))
    .count({ n: '*' })
}

/**
 * The total of a list filter alone comes from the subscriptions' (list_id, status, subscriber_id)
 * index, never the subscribers' rows (decision 183): each subscription belongs to a subscriber
 * (foreign key, cascade), so the counts are equal. 100,000 probes became one index range.
 */
function listCount(db: Db, filter: Row): Knex.QueryBuilder | null {
  const keys = Object.entries(filter).filter(([, v]) => v !== undefined)
  if (keys.length !== 1 || keys[0][0] !== 'list_id') return null
  const id = Number(filter.list_id)
  if (!Number.isSafeInteger(id) || id <= 0) throw httpError(400, 'Invalid value for the filter list_id.', { list_id: 'Invalid value.' })
  return db('newsletter_subscriptions').where('list_id', id).whereNot('status', 'unsubscribed').count({ n: '*' })
}

async function listsOf(db: Queryable, id: number) {
  return db('newsletter_subscriptions as ls')
    .join('newsletter_lists as l', 'l.id', 'ls.list_id')
    .select('l.id', 'l.name', 'ls.status', 'ls.updated_at')
    .where('ls.subscriber_id', id)
    .orderBy('l.name')
}

/** Sets the subscriber's lists: the ones given are joined (with the subscriber's confirmation state), the others left. */
async function setLists(trx: Knex.Transaction, id: number, status: string, listIds: number[]) {
  const known = await trx('newsletter_lists').whereIn('id', listIds).pluck('id')
  const missing = listIds.filter((l) => !known.map(Number).includes(l))
  if (missing.length) throw httpError(400, 'Please correct the highlighted fields.', { list_ids: `There is no list ${missing.join(', ')}.` })
  const listStatus = status === 'subscribed' ? 'subscribed' : status === 'unconfirmed' ? 'unconfirmed' : 'unsubscribed'
  for (const listId of listIds) await setSubscription(trx, id, listId, listStatus)
  const at = nowIso()
  const leave = trx('newsletter_subscriptions').where({ subscriber_id: id })
  if (listIds.length) leave.whereNotIn('list_id', listIds)
  await leave.update({ status: 'unsubscribed', updated_at: at })
}

async function detail(db: Queryable, id: number): Promise<Row & { status: string; email: string }> {
  const record = await mustLoad(db, subscribersTable, id)
  const email = String(record.email)
  const [lists, lead, contact, bounces, campaigns] = await Promise.all([
    listsOf(db, id),
    db('leads').select('id', 'name').whereRaw('lower(email) = ?', [email]).orderBy('id', 'desc').first(),
    db('contacts')
      .select('id', 'first_name', 'last_name')
      .whereRaw(
        isPostgres(db as Db)
          ? `exists (select 1 from jsonb_array_elements(contacts.emails) e where lower(e->>'email') = ?)`
          : `exists (select 1 from json_each(contacts.emails) where lower(json_extract(value, '$.email')) = ?)`,
        [email],
      )
      .orderBy('id', 'desc')
      .first(),
    db('newsletter_bounces').select('id', 'type', 'source', 'campaign_id', 'note', 'created_at').where({ subscriber_id: id }).orderBy('id', 'desc').limit(20),
    db('newsletter_sends as ns')
      .join('newsletter_campaigns as c', 'c.id', 'ns.campaign_id')
      .select('c.id', 'c.name', 'ns.status', 'ns.sent_at', 'ns.opened_at', 'ns.clicked_at', 'ns.bounced')
      .where('ns.subscriber_id', id)
      .orderBy('ns.id', 'desc')
      .limit(20),
  ])
  return {
    ...record,
    status: String(record.status),
    email,
    lists: lists.map((l: Row) => ({ id: Number(l.id), name: l.name, status: l.status })),
    list_ids: lists.filter((l: Row) => l.status !== 'unsubscribed').map((l: Row) => Number(l.id)),
    lead_id: lead ? Number(lead.id) : null,
    contact_id: contact ? Number(contact.id) : null,
    bounces,
    campaigns: campaigns.map((c: Row) => ({ ...c, bounced: c.bounced === true || c.bounced === 1 })),
  }
}

const auditable = (r: Row) => {
  const { lists: _l, bounces: _b, campaigns: _c, ...rest } = r
  return rest
}

function createSubscriber(db: Db): Middleware {
  return async function createSubscriberHandler(ctx) {
    const data = SubscriberCreateSchema.parse(bodyOf(ctx))
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      if (await w.trx('newsletter_subscribers').where({ email: data.email }).first('id'))
        throw httpError(409, 'This email address is already a subscriber: open it from the list to change it.', { email: 'Already a subscriber.' })
      const at = nowIso()
      const status = data.send_confirmation ? 'unconfirmed' : 'subscribed'
      const newId = await insertReturningId(w.trx('newsletter_subscribers'), {
        email: data.email,
        name: data.name,
        tags: JSON.stringify(data.tags),
        status,
        source: 'Admin',
        consent: data.consent,
        subscribed_at: at,
        confirmation_sent_at: data.send_confirmation ? at : null,
        created_at: at,
        updated_at: at,
      })
      await setSubscriberTags(w.trx, newId, data.tags)
      await setLists(w.trx, newId, status, data.list_ids?.length ? data.list_ids : [await defaultListId(w.trx)])
      if (data.send_confirmation) await enqueueJob(w.trx, newsletterEmailJob, { subscriberId: newId, kind: 'confirm' })
      await audit(w.trx, w.userId, 'create', 'subscribers', newId, null, auditable(await detail(w.trx, newId)))
      return newId
    })
    ctx.status = 201
    ctx.body = await detail(db, id)
  }
}

function updateSubscriber(db: Db): Middleware {
  return async function updateSubscriberHandler(ctx, next) {
    if (ctx.params.id === 'bulk') return next()
    const id = parseId(ctx.params.id)
    const patch = SubscriberUpdateSchema.parse(bodyOf(ctx))
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await detail(w.trx, id)
      const at = nowIso()
      const row: Row = {}
      if (patch.name !== undefined) row.name = patch.name
      if (patch.tags !== undefined) {
        row.tags = JSON.stringify(patch.tags)
        await setSubscriberTags(w.trx, id, patch.tags)
      }
      let status = String(before.status)
      if (patch.status && patch.status !== before.status) {
        if (patch.status === 'subscribed') {
          if (before.status === 'unconfirmed')
            throw httpError(400, 'Please correct the highlighted fields.', { status: 'An unconfirmed address confirms from its email; send it again instead.' })
          if (!patch.consent)
            throw httpError(400, 'Please correct the highlighted fields.', { consent: 'State how this person agreed to receive the newsletter again.' })
          Object.assign(row, { status: 'subscribed', consent: patch.consent, unsubscribed_at: null, blocklist_reason: '', subscribed_at: at })
        } else if (patch.status === 'unsubscribed') Object.assign(row, { status: 'unsubscribed', unsubscribed_at: at })
        else Object.assign(row, { status: 'blocklisted', blocklist_reason: 'Blocklisted by staff' })
        status = patch.status
      }
      if (Object.keys(row).length)
        await w
          .trx('newsletter_subscribers')
          .where({ id })
          .update({ ...row, updated_at: at })
      if (patch.list_ids) await setLists(w.trx, id, status, patch.list_ids)
      else if (patch.status && patch.status !== before.status)
        await w
          .trx('newsletter_subscriptions')
          .where({ subscriber_id: id })
          .update({ status: status === 'subscribed' ? 'subscribed' : 'unsubscribed', updated_at: at })
      await audit(w.trx, w.userId, 'update', 'subscribers', id, auditable(before), auditable(await detail(w.trx, id)))
    })
    ctx.body = await detail(db, id)
  }
}

/** Erases everything the newsletter holds about an email (shared with the analytics erasure). */
export async function eraseNewsletterPerson(trx: Knex.Transaction, email: string): Promise<number[]> {
  const ids = (await trx('newsletter_subscribers').whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).pluck('id')).map(Number)
  if (!ids.length) return []
  await trx('newsletter_bounces').whereIn('subscriber_id', ids).delete()
  await trx('newsletter_bounces').whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).delete()
  await trx('newsletter_events').whereIn('subscriber_id', ids).delete()
  await trx('newsletter_sends').whereIn('subscriber_id', ids).delete()
  await trx('newsletter_subscriptions').whereIn('subscriber_id', ids).delete()
  await trx('newsletter_subscriber_tags').whereIn('subscriber_id', ids).delete()
  await trx('newsletter_subscribers').whereIn('id', ids).delete()
  return ids
}

function eraseSubscriber(db: Db): Middleware {
  return async function eraseSubscriberHandler(ctx, next) {
    if (ctx.params.id === 'bulk') return next()
    const id = parseId(ctx.params.id)
    const record = await mustLoad(db, subscribersTable, id)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await eraseNewsletterPerson(w.trx, String(record.email))
      // The audit log keeps that an erasure happened, not the erased person's data.
      await audit(w.trx, w.userId, 'delete', 'subscribers', id, { erased: false }, { erased: true })
    })
    ctx.body = { id, erased: true }
  }
}

function exportCsv(db: Db): Middleware {
  return async function exportSubscribersHandler(ctx) {
    const { filter } = parseListParams(ctx.query)
    const userId = adminState(ctx).user.id
    const base = filteredQuery(db, config, filter, userId)
    async function* lines() {
      yield `\uFEFF${csvLine([...SUBSCRIBER_EXPORT_COLUMNS])}`
      let after = 0
      for (;;) {
        const rows: Row[] = await base
          .clone()
          .select(SUBSCRIBER_EXPORT_COLUMNS.map((c) => `newsletter_subscribers.${c}`))
          .where('newsletter_subscribers.id', '>', after)
          .orderBy('newsletter_subscribers.id')
          .limit(1000)
        if (!rows.length) return
        let chunk = ''
        for (const r of rows) {
          const tags = typeof r.tags === 'string' ? (JSON.parse(r.tags) as string[]) : ((r.tags as string[] | null) ?? [])
          chunk += csvLine(
            SUBSCRIBER_EXPORT_COLUMNS.map((c) => {
              const v = c === 'tags' ? tags.join('; ') : r[c]
              return v == null ? '' : v instanceof Date ? v.toISOString() : String(v)
            }),
          )
        }
        yield chunk
        after = Number(rows[rows.length - 1].id)
      }
    }
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = Readable.from(lines())
  }
}

export type SubscriberImportReport = {
  dryRun: boolean
  total: number
  created: number
  updated: number
  skipped: number
  errors: Array<{ line: number; field: string; message: string }>
  rows: Array<{ line: number; email: string; outcome: 'create' | 'update' | 'skip' | 'error'; message?: string }>
}

const ImportRowSchema = z.object({
  email: z
    .email({ error: 'not a valid email address' })
    .max(254)
    .transform((s) => s.trim().toLowerCase()),
  name: z.string().trim().max(200, 'at most 200 characters').optional().default(''),
  tags: z.string().max(800).optional().default(''),
})

function importSubscribers(db: Db): Middleware {
  return async function importSubscribersHandler(ctx) {
    const dryRun = ctx.query.dryRun === '1' || ctx.query.dryRun === 'true'
    const consent = typeof ctx.query.consent === 'string' ? ctx.query.consent.trim() : ''
    if (consent.length < 10)
      throw httpError(400, 'State how these people agreed to receive the newsletter (consent, at least 10 characters) before importing.', {
        consent: 'State how these people agreed to receive the newsletter.',
      })
    const listId = ctx.query.listId === undefined ? null : Number(ctx.query.listId)
    if (listId !== null && (!Number.isSafeInteger(listId) || listId <= 0)) throw httpError(400, 'listId must be a list number.', { listId: 'Invalid value.' })
    const { text } = await readImportBody(ctx)
    if (text === undefined) throw httpError(400, 'Send the subscribers as a CSV file (text/csv) with an email column.')
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() })
    const fields = parsed.meta.fields ?? []
    if (!fields.includes('email'))
      throw httpError(400, 'The file has no "email" column: the first line must name the columns (email, name, tags).', { file: 'No email column.' })
    if (parsed.data.length > 100_000) throw httpError(400, 'Import at most 100,000 subscribers per file: split the file.', { file: 'Too many rows.' })
    const report: SubscriberImportReport = { dryRun, total: parsed.data.length, created: 0, updated: 0, skipped: 0, errors: [], rows: [] }
    const seen = new Set<string>()
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const list = listId ?? (await defaultListId(w.trx))
      if (!(await w.trx('newsletter_lists').where({ id: list }).first('id'))) throw httpError(400, `There is no list ${list}.`, { listId: 'No such list.' })
      const at = nowIso()
      for (const [i, raw] of parsed.data.entries()) {
        const line = i + 2
        const row = ImportRowSchema.safeParse(raw)
        if (!row.success) {
          const errs = fieldErrors(row.error)
          for (const [field, message] of Object.entries(errs)) report.errors.push({ line, field, message })
          report.rows.push({
            line,
            email: String(raw.email ?? ''),
            outcome: 'error',
            message: Object.entries(errs)
              .map(([f, m]) => `${f}: ${m}`)
              .join('; '),
          })
          continue
        }
        const { email, name } = row.data
        const tags = row.data.tags
          .split(/[;|]/)
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean)
        if (tags.some((t) => t.length > 40)) {
          report.errors.push({ line, field: 'tags', message: 'a tag has at most 40 characters' })
          report.rows.push({ line, email, outcome: 'error', message: 'tags: a tag has at most 40 characters' })
          continue
        }
        if (seen.has(email)) {
          report.errors.push({ line, field: 'email', message: 'appears twice in the file' })
          report.rows.push({ line, email, outcome: 'error', message: 'email: appears twice in the file' })
          continue
        }
        seen.add(email)
        const existing = await w.trx('newsletter_subscribers').select('id', 'status').where({ email }).first()
        if (existing && (existing.status === 'blocklisted' || existing.status === 'unsubscribed')) {
          report.skipped++
          report.rows.push({ line, email, outcome: 'skip', message: `The address is ${existing.status}: an import never subscribes it again.` })
          continue
        }
        if (existing) {
          report.updated++
          report.rows.push({ line, email, outcome: 'update', message: 'Already a subscriber: added to the list.' })
          if (!dryRun) await setSubscription(w.trx, Number(existing.id), list, existing.status === 'subscribed' ? 'subscribed' : 'unconfirmed')
          continue
        }
        report.created++
        report.rows.push({ line, email, outcome: 'create' })
        if (dryRun) continue
        const id = await insertReturningId(w.trx('newsletter_subscribers'), {
          email,
          name,
          tags: JSON.stringify([...new Set(tags)]),
          status: 'subscribed',
          source: 'Import',
          consent,
          subscribed_at: at,
          created_at: at,
          updated_at: at,
        })
        await setSubscription(w.trx, id, list, 'subscribed')
        await setSubscriberTags(w.trx, id, tags)
      }
      if (!dryRun && (report.created || report.updated))
        await insertAuditLogs(w.trx, [
          {
            userId: w.userId,
            action: 'create',
            resource: 'subscribers',
            recordId: null,
            changes: { import: [null, `${report.created} created, ${report.updated} added to list ${list}`], consent: [null, consent] },
          },
        ])
    })
    ctx.body = report
  }
}

function addBounce(db: Db): Middleware {
  return async function addBounceHandler(ctx) {
    const id = parseId(ctx.params.id)
    const record = await mustLoad(db, subscribersTable, id)
    const input = BounceSchema.parse({ ...(bodyOf(ctx) as Row), email: record.email })
    const outcome = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const result = await recordBounce(w.trx, input, 'manual', w.userId)
      await audit(
        w.trx,
        w.userId,
        'update',
        'subscribers',
        id,
        { status: record.status, soft_bounces: record.soft_bounces },
        await w.trx('newsletter_subscribers').select('status', 'soft_bounces').where({ id }).first(),
      )
      return result
    })
    ctx.status = 201
    ctx.body = { ...outcome, subscriber: await detail(db, id) }
  }
}

export const subscribers: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    router.get('/subscribers/growth', ...guard, requirePermission('subscribers', 'list'), async function growthHandler(ctx) {
      const days = ctx.query.days === undefined ? 90 : Number(ctx.query.days)
      if (!Number.isSafeInteger(days) || days < 1 || days > 730) throw httpError(400, 'days is a whole number from 1 to 730.', { days: 'Invalid value.' })
      const growth = await listGrowth(db, days)
      if (ctx.query.format !== 'csv') {
        ctx.body = growth
        return
      }
      let out = `\uFEFF${csvLine(['date', ...growth.sources.map((s) => `signups: ${s}`), 'gained', 'lost', 'net', 'subscribers', 'churn'])}`
      for (const d of growth.days)
        out += csvLine([
          d.date,
          ...growth.sources.map((s) => String(d.signups[s] ?? 0)),
          String(d.gained),
          String(d.lost),
          String(d.net),
          String(d.active),
          d.churn === null ? '' : String(d.churn),
        ])
      ctx.set('Content-Type', 'text/csv; charset=utf-8')
      ctx.set('Content-Disposition', `attachment; filename="newsletter-growth-${growth.from}-${growth.to}.csv"`)
      ctx.body = out
    })
    router.get('/subscribers/export.csv', ...guard, requirePermission('subscribers', 'export'), exportCsv(db))
    router.post('/subscribers/import', ...guard, requirePermission('subscribers', 'import'), importSubscribers(db))
    router.post('/subscribers', ...guard, requirePermission('subscribers', 'create'), json, createSubscriber(db))
    router.put('/subscribers/:id', ...guard, requirePermission('subscribers', 'edit'), json, updateSubscriber(db))
    router.delete('/subscribers/:id', ...guard, requirePermission('subscribers', 'delete'), eraseSubscriber(db))
    router.post('/subscribers/:id/bounces', ...guard, requirePermission('subscribers', 'edit'), json, addBounce(db))
    router.get('/subscribers/:id', ...guard, requirePermission('subscribers', 'show'), async function showSubscriber(ctx: Context, next) {
      if (ctx.params.id === 'export.csv' || ctx.params.id === 'growth') return next()
      ctx.body = await detail(db, parseId(ctx.params.id))
    })
  },
}
