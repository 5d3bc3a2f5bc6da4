// Newsletter subscribers: one row per email, with double opt-in (unconfirmed → subscribed), lists
// with a status per subscriber, and unsubscribing or blocklisting that keeps the row.
// Statuses: unconfirmed | subscribed | unsubscribed | blocklisted. docs/decisions/141.
import { insertReturningId, nowIso, type Queryable } from '../rows.ts'

export type NewSubscriber = {
  email: string
  source: string
  landingPage: string
  userAgent: string
  ipHash: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  referrer?: string
  firstTouch?: string
}

export const DEFAULT_LIST = 'Newsletter'
/** A second confirmation email is sent only after this long (no mail bombing through the form). */
export const CONFIRM_RESEND_MS = 10 * 60_000

export async function defaultListId(db: Queryable): Promise<number> {
  const row = await db('newsletter_lists').select('id').where({ name: DEFAULT_LIST }).first()
  if (row) return Number(row.id)
  return insertReturningId(db('newsletter_lists'), { name: DEFAULT_LIST, description: 'The Proofline Digital newsletter.' })
}

export async function setSubscription(db: Queryable, subscriberId: number, listId: number, status: string, now = Date.now()) {
  const at = nowIso(now)
  await db('newsletter_subscriptions')
    .insert({ subscriber_id: subscriberId, list_id: listId, status, created_at: at, updated_at: at })
    .onConflict(['subscriber_id', 'list_id'])
    .merge({ status, updated_at: at })
}

export type SubscribeOutcome = { id: number; created: boolean; sendConfirmation: boolean }

/**
 * Signs an email up for double opt-in: a new or unsubscribed address becomes unconfirmed and gets
 * a confirmation email; an unconfirmed one gets it again after CONFIRM_RESEND_MS; a subscribed or
 * blocklisted one changes nothing (and the reply does not tell which).
 */
export async function subscribe(db: Queryable, s: NewSubscriber, now = Date.now()): Promise<SubscribeOutcome> {
  const at = nowIso(now)
  const listId = await defaultListId(db)
  const existing = await db('newsletter_subscribers').select('id', 'status', 'confirmation_sent_at').where({ email: s.email }).first()
  if (existing) {
    const id = Number(existing.id)
    if (existing.status === 'unsubscribed') {
      await db('newsletter_subscribers').where({ id }).update({ status: 'unconfirmed', unsubscribed_at: null, confirmed_at: null, updated_at: at })
      await setSubscription(db, id, listId, 'unconfirmed', now)
      return { id, created: false, sendConfirmation: true }
    }
    if (existing.status === 'unconfirmed') {
      const last = existing.confirmation_sent_at ? new Date(existing.confirmation_sent_at).getTime() : 0
      return { id, created: false, sendConfirmation: now - last >= CONFIRM_RESEND_MS }
    }
    return { id, created: false, sendConfirmation: false }
  }
  const id = await insertReturningId(db('newsletter_subscribers'), {
    email: s.email,
    status: 'unconfirmed',
    source: s.source,
    landing_page: s.landingPage,
    user_agent: s.userAgent,
    ip_hash: s.ipHash,
    utm_source: s.utmSource ?? '',
    utm_medium: s.utmMedium ?? '',
    utm_campaign: s.utmCampaign ?? '',
    referrer: s.referrer ?? '',
    first_touch: s.firstTouch ?? '',
    consent: 'Double opt-in through the website form',
    subscribed_at: at,
    created_at: at,
    updated_at: at,
  })
  await setSubscription(db, id, listId, 'unconfirmed', now)
  return { id, created: true, sendConfirmation: true }
}

/** Confirms an unconfirmed subscriber; true when this call confirmed it (the welcome email goes out once). */
export async function confirmSubscriber(db: Queryable, id: number, now = Date.now()): Promise<boolean> {
  const at = nowIso(now)
  const changed = await db('newsletter_subscribers')
    .where({ id, status: 'unconfirmed' })
    .update({ status: 'subscribed', confirmed_at: at, subscribed_at: at, updated_at: at })
  if (!Number(changed)) return false
  await db('newsletter_subscriptions').where({ subscriber_id: id, status: 'unconfirmed' }).update({ status: 'subscribed', updated_at: at })
  return true
}

/** Unsubscribes the email from every list; true when a subscribed or unconfirmed row changed. */
export async function unsubscribe(db: Queryable, email: string, now = Date.now()): Promise<boolean> {
  const at = nowIso(now)
  const row = await db('newsletter_subscribers').select('id').where({ email }).whereIn('status', ['subscribed', 'unconfirmed']).first()
  if (!row) return false
  await db('newsletter_subscribers').where({ id: row.id }).update({ status: 'unsubscribed', unsubscribed_at: at, updated_at: at })
  await db('newsletter_subscriptions').where({ subscriber_id: row.id }).whereNot({ status: 'unsubscribed' }).update({ status: 'unsubscribed', updated_at: at })
  return true
}

export async function getSubscriberByEmail(db: Queryable, email: string) {
  return db('newsletter_subscribers').where({ email }).first()
}

export async function getSubscriber(db: Queryable, id: number) {
  return db('newsletter_subscribers').where({ id }).first()
}

/**
 * Writes the subscriber's tags to newsletter_subscriber_tags (the list's tag filter reads that
 * table through its index; the JSON column stays the record's value). Call it in the same
 * transaction as the column's write. Decision 180.
 */
export async function setSubscriberTags(db: Queryable, subscriberId: number, tags: readonly string[]) {
  await db('newsletter_subscriber_tags').where({ subscriber_id: subscriberId }).delete()
  const unique = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t && t.length <= 40))]
  if (unique.length) await db('newsletter_subscriber_tags').insert(unique.map((tag) => ({ tag, subscriber_id: subscriberId })))
}
