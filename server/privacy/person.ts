// Everything the product holds about one person, found by email address, for the admin's privacy
// screen (issue 13, docs/decisions/127-privacy-export-and-erasure.md): export it, or erase it in one
// transaction. A person is:
// - leads with that email (any kind, spam too) and spam submissions with it;
// - contacts listing it among their emails, or converted from one of those leads;
// - newsletter subscribers with it (and their sends, opens, clicks, bounces);
// - analytics: the browser ids and day hashes tied to those leads (analytics_visitors), and the
//   sessions and events of those ids or carrying those lead ids;
// - ROI calculations sent from the same (IP hash, user agent) as one of those leads: they hold no
//   email, and this is the only link between them and a person;
// - lead notification emails (outbox) about those leads;
// - deals list the contacts: they keep their name and amount and lose the person's contact id.
// Chatbot questions hold no visitor id, IP or email (decision 032): nothing ties one to a person.
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { eraseNewsletterPerson } from '../admin/subscribers.ts'
import { isPostgres } from '../db/knex.ts'
import type { Db } from '../db/knex.ts'
import { chunk, type Queryable } from '../db/rows.ts'
import { repackHours } from '../analytics/funnelSeqs.ts'
import { HOUR_MS } from '../analytics/ingest.ts'

type Row = Record<string, unknown>

export type PersonData = {
  email: string
  leads: Row[]
  contacts: Row[]
  activities: Row[]
  deals: Row[]
  subscribers: Row[]
  newsletterActivity: Row[]
  spamSubmissions: Row[]
  notifications: Row[]
  visitorIds: string[]
  sessions: Row[]
  events: Row[]
  roiCalculations: Row[]
}

export type PersonCounts = Record<Exclude<keyof PersonData, 'email'>, number>

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** What the audit log keeps of an erased person: a keyed hash of the address (decision 127). */
export const emailDigest = (email: string, secret: string) =>
  crypto
    .createHmac('sha256', secret)
    .update(`privacy:${normaliseEmail(email)}`)
    .digest('hex')

const json = (value: unknown): unknown => {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

function listsEmail(emails: unknown, email: string): boolean {
  const list = json(emails)
  return Array.isArray(list) && list.some((e) => normaliseEmail(String((e as { email?: unknown })?.email ?? e ?? '')) === email)
}

function hasId(ids: unknown, wanted: Set<number>): boolean {
  const list = json(ids)
  return Array.isArray(list) && list.some((id) => wanted.has(Number(id)))
}

/** A JSON column as text, for a prefilter with LIKE (the exact match is done in JS). */
const asText = (db: Queryable, column: string) => (isPostgres(db as Db) ? `lower(${column}::text)` : `lower(${column})`)

/** The ids and rows behind a person; `full` false skips the large rows (events) for the counts only. */
export async function findPerson(db: Queryable, rawEmail: string): Promise<PersonData> {
  const email = normaliseEmail(rawEmail)
  const like = `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const leads = (await db('leads').whereRaw('lower(email) = ?', [email]).orderBy('id')) as Row[]
  const leadIds = leads.map((l) => Number(l.id))
  const contactCandidates = (await db('contacts')
    .whereRaw(`${asText(db, 'emails')} like ? escape '\\'`, [like])
    .modify((q) => {
      if (leadIds.length) q.orWhereIn('lead_id', leadIds)
    })
    .orderBy('id')) as Row[]
  const contacts = contactCandidates.filter((c) => listsEmail(c.emails, email) || leadIds.includes(Number(c.lead_id)))
  const contactIds = new Set(contacts.map((c) => Number(c.id)))
  const activities = contactIds.size
    ? ((await db('activities')
        .whereIn('contact_id', [...contactIds])
        .orderBy('id')) as Row[])
    : []
  const deals: Row[] = []
  if (contactIds.size) {
    const candidates = (await db('deals')
      .where((q) => {
        for (const id of contactIds) q.orWhereRaw(`${asText(db, 'contact_ids')} like ?`, [`%${id}%`])
      })
      .orderBy('id')) as Row[]
    deals.push(...candidates.filter((d) => hasId(d.contact_ids, contactIds)))
  }
  const subscribers = (await db('newsletter_subscribers').whereRaw('lower(email) = ?', [email]).orderBy('id')) as Row[]
  const subscriberIds = subscribers.map((s) => Number(s.id))
  const newsletterActivity = subscriberIds.length
    ? [
        ...(
          (await db('newsletter_sends')
            .whereIn('subscriber_id', subscriberIds)
            .select('id', 'campaign_id', 'status', 'sent_at', 'opened_at', 'clicked_at', 'bounced')) as Row[]
        ).map((r) => ({
          kind: 'send',
          ...r,
        })),
        ...((await db('newsletter_events').whereIn('subscriber_id', subscriberIds).select()) as Row[]).map((r) => ({ kind: 'event', ...r })),
      ]
    : []
  const spamSubmissions = (await db('spam_submissions').whereRaw('lower(email) = ?', [email]).orderBy('id')) as Row[]
  const notifications = leadIds.length ? ((await db('outbox').whereIn('lead_id', leadIds).orderBy('id')) as Row[]) : []
  const visitorIds = leadIds.length ? ((await db('analytics_visitors').whereIn('lead_id', leadIds).orderBy('visitor_id').pluck('visitor_id')) as string[]) : []
  // `h:<hash>` links a day's anonymous hash to the lead: that hash is the visitor id of those rows.
  const keys = visitorIds.map((v) => (v.startsWith('h:') ? v.slice(2) : v))
  const byPerson = (q: Knex.QueryBuilder) => {
    if (leadIds.length) q.orWhereIn('lead_id', leadIds)
    if (keys.length) q.orWhereIn('visitor_id', keys)
  }
  const tied = leadIds.length || keys.length
  const sessions = tied ? ((await db('analytics_sessions').where(byPerson).orderBy('started_at')) as Row[]) : []
  const events = tied ? ((await db('events').where(byPerson).orderBy('ts').orderBy('id')) as Row[]) : []
  const origins = leads.filter((l) => l.ip_hash).map((l) => [String(l.ip_hash), String(l.user_agent ?? '')] as const)
  const roiCalculations = origins.length
    ? ((await db('roi_calculations')
        .where((q) => {
          for (const [ip, ua] of origins) q.orWhere({ ip_hash: ip, user_agent: ua })
        })
        .orderBy('id')) as Row[])
    : []
  return {
    email,
    leads,
    contacts,
    activities,
    deals,
    subscribers,
    newsletterActivity,
    spamSubmissions,
    notifications,
    visitorIds,
    sessions,
    events,
    roiCalculations,
  }
}

export function countsOf(data: PersonData): PersonCounts {
  const out = {} as PersonCounts
  for (const [key, value] of Object.entries(data)) if (key !== 'email') out[key as keyof PersonCounts] = (value as unknown[]).length
  return out
}

/**
 * Erases a person in the caller's transaction; answers what was removed. Deals keep their name and
 * amount (the agency's revenue figures) and lose the person's contact ids; ROI calculations keep
 * their figures and lose the IP hash and user agent that tied them to the person; the audit log
 * entries of the erased records keep who did what and when, not the person's data.
 */
export async function erasePerson(trx: Knex.Transaction, rawEmail: string): Promise<PersonCounts> {
  const data = await findPerson(trx, rawEmail)
  const counts = countsOf(data)
  const leadIds = data.leads.map((l) => Number(l.id))
  const contactIds = data.contacts.map((c) => Number(c.id))
  const contactSet = new Set(contactIds)
  const subscriberIds = data.subscribers.map((s) => Number(s.id))
  const keys = data.visitorIds.map((v) => (v.startsWith('h:') ? v.slice(2) : v))

  for (const deal of data.deals) {
    const ids = (json(deal.contact_ids) as unknown[]).filter((id) => !contactSet.has(Number(id)))
    await trx('deals')
      .where({ id: deal.id })
      .update({ contact_ids: JSON.stringify(ids) })
  }
  if (contactIds.length) {
    await trx('activities').whereIn('contact_id', contactIds).delete()
    await trx('contacts').whereIn('id', contactIds).delete()
  }
  // Their events waiting for GA4 and their sessions' paths for funnels (decisions 122, 123).
  for (const ids of chunk(
    data.events.map((e) => Number(e.id)),
    500,
  ))
    await trx('ga4_forward_queue').whereIn('event_id', ids).delete()
  for (const ids of chunk(
    data.sessions.map((s) => String(s.id)),
    500,
  ))
    await trx('analytics_session_paths').whereIn('session_id', ids).delete()
  // Their sessions' steps leave the hours' packed sequences too (decision 187).
  await repackHours(
    trx,
    data.sessions.map((s) => Math.floor(Number(s.started_at) / HOUR_MS)),
  )
  if (leadIds.length) {
    await trx('outbox').whereIn('lead_id', leadIds).delete()
    await trx('events').whereIn('lead_id', leadIds).delete()
    await trx('analytics_sessions').whereIn('lead_id', leadIds).delete()
    await trx('analytics_visitors').whereIn('lead_id', leadIds).delete()
  }
  if (keys.length) {
    await trx('events').whereIn('visitor_id', keys).delete()
    await trx('analytics_sessions').whereIn('visitor_id', keys).delete()
  }
  for (const r of data.roiCalculations) await trx('roi_calculations').where({ id: r.id }).update({ ip_hash: '', user_agent: '' })
  await eraseNewsletterPerson(trx, data.email)
  await trx('spam_submissions').whereRaw('lower(email) = ?', [data.email]).delete()
  if (leadIds.length) await trx('leads').whereIn('id', leadIds).delete()

  // The audit trail of the erased records keeps the action, the user and the time only.
  const erased = JSON.stringify({ erased: [null, true] })
  for (const [resource, ids] of [
    ['leads', leadIds],
    ['contacts', contactIds],
    ['subscribers', subscriberIds],
    ['activities', data.activities.map((a) => Number(a.id))],
  ] as const)
    if (ids.length)
      await trx('audit_logs')
        .where({ resource })
        .whereIn('record_id', ids as number[])
        .update({ changes: erased })
  return counts
}
