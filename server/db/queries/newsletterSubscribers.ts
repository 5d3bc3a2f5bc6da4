// Newsletter subscribers: one row per email; unsubscribing keeps the row with its status.
import { insertReturningId, nowIso, type Queryable } from '../rows.ts'

export type NewSubscriber = { email: string; source: string; landingPage: string; userAgent: string; ipHash: string }

/** Subscribes (or re-subscribes) an email; `created` is false when the row already existed. */
export async function subscribe(db: Queryable, s: NewSubscriber, now = Date.now()): Promise<{ id: number; created: boolean }> {
  const at = nowIso(now)
  const existing = await db('newsletter_subscribers').select('id', 'status').where({ email: s.email }).first()
  if (existing) {
    if (existing.status !== 'subscribed') {
      await db('newsletter_subscribers').where({ id: existing.id }).update({ status: 'subscribed', subscribed_at: at, unsubscribed_at: null, updated_at: at })
    }
    return { id: Number(existing.id), created: false }
  }
  const id = await insertReturningId(db('newsletter_subscribers'), {
    email: s.email,
    status: 'subscribed',
    source: s.source,
    landing_page: s.landingPage,
    user_agent: s.userAgent,
    ip_hash: s.ipHash,
    subscribed_at: at,
    created_at: at,
    updated_at: at,
  })
  return { id, created: true }
}

/** Marks the email unsubscribed; true when a subscribed row changed. */
export async function unsubscribe(db: Queryable, email: string, now = Date.now()): Promise<boolean> {
  const at = nowIso(now)
  const changed = await db('newsletter_subscribers')
    .where({ email, status: 'subscribed' })
    .update({ status: 'unsubscribed', unsubscribed_at: at, updated_at: at })
  return Number(changed) > 0
}

export async function getSubscriberByEmail(db: Queryable, email: string) {
  return db('newsletter_subscribers').where({ email }).first()
}
