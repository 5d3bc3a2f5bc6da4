// Spam review (issue 14): the submissions the lead API stored flagged (leads.is_spam, with
// spam_reason: honeypot, too-fast / missing / invalid / expired form token, reused-token) and
// the flagged newsletter signups (spam_submissions). Requests over the rate limit are refused
// with 429 before anything is stored, so they only show as counts in no table; the review says so.
// "Not spam" turns a flagged lead into a real one: unflagged, its staff notification written to
// the outbox and its sending job queued in the same transaction, audited as an update of the lead.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { ATTRIBUTION_FIELDS, type Attribution } from '../../shared/attribution.ts'
import { notificationJob } from '../jobs/notifications.ts'
import { enqueueJobs } from '../jobs/define.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { leadsTable, type LeadKind, type NewLead } from '../db/queries/leads.ts'
import { insertOutboxMessages } from '../db/queries/outbox.ts'
import { fromJson, nowIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { leadNotification } from '../api/notifications.ts'
import { audit } from './audit.ts'
import { mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

// Only flagged submissions, whatever the filter says (the list, its count and its search).
const config: ResourceConfig = {
  name: 'spam-review',
  spec: leadsTable,
  defaultSort: ['created_at', 'DESC'],
  filters: (_db, _filter, query) => {
    query.where('leads.is_spam', true)
    return () => false
  },
}

function leadFromRecord(record: Record<string, unknown>): NewLead {
  const attribution = Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f.key, String(record[f.column] ?? '')])) as Attribution
  return {
    kind: record.kind as LeadKind,
    email: String(record.email ?? ''),
    name: String(record.name ?? ''),
    phone: String(record.phone ?? ''),
    company: String(record.company ?? ''),
    message: String(record.message ?? ''),
    details: (fromJson<Record<string, unknown>>(record.details) ?? {}) as Record<string, unknown>,
    attribution,
    payloadHash: '',
    isSpam: false,
    spamReason: null,
  }
}

function postNotSpam(db: Db, notifyEmail: string): Middleware {
  return async function notSpamHandler(ctx) {
    const id = parseId(ctx.params.id)
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoad(w.trx, leadsTable, id)
      if (!before.is_spam) throw httpError(409, 'This submission is already a lead: it was marked not spam before. Open it in Leads.')
      const at = nowIso()
      await w.trx('leads').where({ id }).update({ is_spam: false, spam_reason: null, updated_at: at })
      const [outboxId] = await insertOutboxMessages(w.trx, [
        leadNotification(id, leadFromRecord(before), { recipient: notifyEmail, headline: 'released from spam review' }),
      ])
      await enqueueJobs(w.trx, notificationJob, [{ payload: { outboxId }, key: `outbox:${outboxId}` }])
      const after = await mustLoad(w.trx, leadsTable, id)
      await audit(w.trx, w.userId, 'update', 'leads', id, before, after)
      return after
    })
  }
}

function getSummary(db: Db): Middleware {
  return async function spamSummaryHandler(ctx) {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString()
    const [leads, newsletter] = await Promise.all([
      db('leads').where('is_spam', true).andWhere('created_at', '>=', since).select('spam_reason').count({ n: '*' }).groupBy('spam_reason'),
      db('spam_submissions').andWhere('created_at', '>=', since).select('reason').count({ n: '*' }).groupBy('reason'),
    ])
    ctx.body = {
      since,
      leads: Object.fromEntries(leads.map((r: Record<string, unknown>) => [String(r.spam_reason ?? 'unknown'), Number(r.n)])),
      newsletter: Object.fromEntries(newsletter.map((r: Record<string, unknown>) => [String(r.reason), Number(r.n)])),
      rateLimited: 'Requests over the rate limit are refused (HTTP 429) before anything is stored, so they cannot be reviewed.',
    }
  }
}

export const spamReview: AdminResourceModule = {
  config,
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    router.get('/spam-review/summary', ...guard, requirePermission('spam-review', 'list'), getSummary(db))
    router.post('/spam-review/:id/not-spam', ...guard, requirePermission('spam-review', 'edit'), postNotSpam(db, env.NOTIFY_EMAIL))
  },
}
