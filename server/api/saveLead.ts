// Stores a lead of any kind, exactly once: inside one transaction it looks for the same email and
// payload in the last 10 minutes (answering 200 with that lead's id and `duplicate: true`), else
// inserts the lead and its staff notification together and answers 201 `{ id }`. Spam is stored
// flagged, without a notification, and answered 201 like a real lead.
import type { Context } from 'koa'
import { findRecentDuplicateLead, insertLead, type NewLead } from '../db/queries/leads.ts'
import { insertOutboxMessage } from '../db/queries/outbox.ts'
import { sha256 } from '../lib/signing.ts'
import { commitResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { leadNotification } from './notifications.ts'
import { apiState } from './state.ts'

export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000

/** The hash that decides "same payload": the validated submission without its spam signals. */
export function payloadHash(data: Record<string, unknown>, extra: unknown = null): string {
  const { fax: _fax, formToken: _token, ...rest } = data
  return sha256(JSON.stringify([rest, extra]))
}

export async function saveLead(ctx: Context, deps: HandlerDeps, lead: Omit<NewLead, 'isSpam' | 'spamReason'>, headline?: string) {
  const spam = apiState(ctx).spam ?? { isSpam: false, reason: null }
  const row: NewLead = { ...lead, isSpam: spam.isSpam, spamReason: spam.reason }
  const now = Date.now()
  const result = await commitResponse(ctx, deps.writer, async (trx) => {
    if (!row.isSpam) {
      const existing = await findRecentDuplicateLead(trx, { kind: row.kind, email: row.email, payloadHash: row.payloadHash, since: now - DUPLICATE_WINDOW_MS })
      if (existing) return { status: 200, body: { id: existing, duplicate: true } }
    }
    const id = await insertLead(trx, row, now)
    if (!row.isSpam) await insertOutboxMessage(trx, leadNotification(id, row, { recipient: deps.env.NOTIFY_EMAIL, headline }), now)
    return { status: 201, body: { id } }
  })
  if (result.status === 201 && !result.replayed && !row.isSpam) deps.notifyOutbox()
  return result
}
