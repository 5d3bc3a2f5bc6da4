// The outbox of staff notifications. Rows are claimed with a lease (next_attempt_at moves into
// the future before sending) so a crash mid-send retries the row instead of losing it.
import { chunk, insertMany, insertReturningId, nowIso, toIso, type Queryable } from '../rows.ts'

export type NewOutboxMessage = { kind: string; leadId: number | null; recipient: string; replyTo: string; subject: string; body: string }

export type OutboxRow = {
  id: number
  kind: string
  lead_id: number | null
  recipient: string
  reply_to: string
  subject: string
  body: string
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: string
  last_error: string | null
  sent_at: string | null
}

function outboxColumns(m: NewOutboxMessage, at: string) {
  return {
    kind: m.kind,
    lead_id: m.leadId,
    recipient: m.recipient,
    reply_to: m.replyTo,
    subject: m.subject,
    body: m.body,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    created_at: at,
    updated_at: at,
  }
}

export async function insertOutboxMessage(db: Queryable, m: NewOutboxMessage, now = Date.now()): Promise<number> {
  return insertReturningId(db('outbox'), outboxColumns(m, nowIso(now)))
}

export async function insertOutboxMessages(db: Queryable, messages: NewOutboxMessage[], now = Date.now()): Promise<void> {
  const at = nowIso(now)
  for (const part of chunk(messages, 200)) await insertMany(db, 'outbox', part.map((m) => outboxColumns(m, at)))
}

function normalise(row: Record<string, unknown>): OutboxRow {
  return {
    ...(row as OutboxRow),
    id: Number(row.id),
    lead_id: row.lead_id == null ? null : Number(row.lead_id),
    attempts: Number(row.attempts),
    next_attempt_at: toIso(row.next_attempt_at) ?? '',
    sent_at: toIso(row.sent_at),
  }
}

export async function listOutbox(db: Queryable, opts: { status?: OutboxRow['status'] } = {}): Promise<OutboxRow[]> {
  const query = db('outbox').orderBy('id', 'asc')
  if (opts.status) query.where({ status: opts.status })
  return (await query).map(normalise)
}

export async function findDueOutboxMessages(db: Queryable, now: number, limit: number): Promise<OutboxRow[]> {
  const rows = await db('outbox').where({ status: 'pending' }).andWhere('next_attempt_at', '<=', nowIso(now)).orderBy('id', 'asc').limit(limit)
  return rows.map(normalise)
}

/** Takes a due row for `leaseMs`; false when another worker took it first. */
export async function claimOutboxMessage(db: Queryable, row: OutboxRow, now: number, leaseMs: number): Promise<boolean> {
  const updated = await db('outbox')
    .where({ id: row.id, status: 'pending', attempts: row.attempts })
    .update({ attempts: row.attempts + 1, next_attempt_at: nowIso(now + leaseMs), updated_at: nowIso(now) })
  return Number(updated) === 1
}

export async function markOutboxSent(db: Queryable, id: number, now: number) {
  await db('outbox').where({ id }).update({ status: 'sent', sent_at: nowIso(now), last_error: null, updated_at: nowIso(now) })
}

/** A failed attempt: retry at `retryAt`, or give up (status failed) when it is null. */
export async function markOutboxAttemptFailed(db: Queryable, id: number, error: string, retryAt: number | null, now: number) {
  await db('outbox')
    .where({ id })
    .update({
      status: retryAt == null ? 'failed' : 'pending',
      last_error: error.slice(0, 2000),
      next_attempt_at: nowIso(retryAt ?? now),
      updated_at: nowIso(now),
    })
}
