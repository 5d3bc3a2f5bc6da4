// The outbox of staff notifications: the message and its delivery record (status, attempts, last
// error). Sending is a job of the durable runner (server/jobs/notifications.ts), enqueued in the
// transaction that writes the message; the runner's lease makes a crash mid-send retry it.
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

/** Many messages; answers their ids in the order given. */
export async function insertOutboxMessages(db: Queryable, messages: NewOutboxMessage[], now = Date.now()): Promise<number[]> {
  const at = nowIso(now)
  const ids: number[] = []
  for (const part of chunk(messages, 200)) {
    const rows = await insertMany<{ id: number | string }>(
      db,
      'outbox',
      part.map((m) => outboxColumns(m, at)),
      ['id'],
    )
    // Both databases answer a multi-row insert's ids in ascending order, which is insertion order.
    ids.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b))
  }
  return ids
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

export async function findOutboxMessage(db: Queryable, id: number): Promise<OutboxRow | undefined> {
  const row = await db('outbox').where({ id }).first()
  return row ? normalise(row) : undefined
}

/** A send is starting: its attempt number is recorded before the message leaves. */
export async function markOutboxAttempt(db: Queryable, id: number, attempt: number, now: number) {
  await db('outbox')
    .where({ id })
    .update({ attempts: attempt, next_attempt_at: nowIso(now), updated_at: nowIso(now) })
}

export async function markOutboxSent(db: Queryable, id: number, now: number) {
  await db('outbox')
    .where({ id })
    .update({ status: 'sent', sent_at: nowIso(now), last_error: null, updated_at: nowIso(now) })
}

/** A failed attempt: still pending (the job retries it), or failed when it was the last one. */
export async function markOutboxAttemptFailed(db: Queryable, id: number, error: string, last: boolean, now: number) {
  await db('outbox')
    .where({ id })
    .update({ status: last ? 'failed' : 'pending', last_error: error.slice(0, 2000), updated_at: nowIso(now) })
}
