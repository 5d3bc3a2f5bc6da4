// Stores a lead of any kind, exactly once. Inside the commit:
// - an Idempotency-Key already stored (or claimed earlier in the same batch) replays its
//   response (422 when the body differs);
// - the same submission in the last 10 minutes answers 200 with that lead's id and
//   `duplicate: true` (the rules: server/api/leadDeduplication.ts);
// - otherwise the lead and its staff notification are inserted together: 201 `{ id }`, with the
//   key's response stored in the same transaction, and the job that sends the notification
//   (server/jobs/notifications.ts) enqueued in it too.
// Spam is stored flagged, without a notification, and answered 201 like a real lead.
// A valid form token is spent by the first submission stored unflagged; another submission with
// it is flagged `reused-token` (the same submission again is a duplicate, as above).
//
// Every lead goes through the writer's bulk path, so a group commit of 200 leads costs a handful
// of multi-row statements (keys, duplicates, leads, notifications, new keys), not 600+.
import type { Knex } from 'knex'
import type { Context } from 'koa'
import { optedOut } from '../analytics/derive.ts'
import { ingestorFor, linkLeadToVisitor } from '../analytics/ingest.ts'
import type { BulkHandler } from '../db/groupCommit.ts'
import { findIdempotencyKeys, insertIdempotencyKeys, type StoredResponse } from '../db/queries/idempotencyKeys.ts'
import type { NewLead } from '../db/queries/leads.ts'
import { insertOutboxMessages, type NewOutboxMessage } from '../db/queries/outbox.ts'
import { spendFormTokens } from '../db/queries/spentFormTokens.ts'
import { duplicateKey } from '../db/queries/leads.ts'
import { sha256 } from '../lib/signing.ts'
import { enqueueJobs } from '../jobs/define.ts'
import { notificationJob } from '../jobs/notifications.ts'
import { replayStoredResponse } from '../middleware/idempotency.ts'
import type { JobResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { DUPLICATE_WINDOW_MS, insertLeadsOnce } from './leadDeduplication.ts'
import { leadNotification } from './notifications.ts'
import { apiState, type FormTokenState, type IdempotencyState } from './state.ts'

export type LeadWrite = {
  lead: NewLead
  now: number
  notification: (id: number) => NewOutboxMessage
  idempotency?: IdempotencyState
  formToken?: FormTokenState
}
/** `isSpam`: how the lead was stored (a reused form token flags it here). */
export type LeadOutcome = { response: JobResponse; isSpam: boolean } | { stored: StoredResponse }

const keyOf = (i: IdempotencyState) => `${i.endpoint}\n${i.key}`

async function storedKeys(trx: Knex.Transaction, writes: LeadWrite[]): Promise<Map<string, StoredResponse>> {
  const byEndpoint = new Map<string, string[]>()
  for (const w of writes) {
    if (!w.idempotency) continue
    const keys = byEndpoint.get(w.idempotency.endpoint)
    if (keys) keys.push(w.idempotency.key)
    else byEndpoint.set(w.idempotency.endpoint, [w.idempotency.key])
  }
  const found = new Map<string, StoredResponse>()
  for (const [endpoint, keys] of byEndpoint)
    for (const [key, stored] of await findIdempotencyKeys(trx, endpoint, keys)) found.set(`${endpoint}\n${key}`, stored)
  return found
}

/** Writes leads in order, each checked against the database and the writes before it. */
export async function writeLeadsOnce(trx: Knex.Transaction, writes: LeadWrite[]): Promise<LeadOutcome[]> {
  const outcomes: (LeadOutcome | undefined)[] = new Array(writes.length)
  const stored = await storedKeys(trx, writes)
  const keyClaimedBy = new Map<string, number>()
  const replayOf = new Map<number, number>() // write index → index of the write that claimed its key
  const active: number[] = []
  writes.forEach((w, i) => {
    if (w.idempotency) {
      const key = keyOf(w.idempotency)
      const found = stored.get(key)
      if (found) return void (outcomes[i] = { stored: found })
      const claimed = keyClaimedBy.get(key)
      if (claimed !== undefined) return void replayOf.set(i, claimed)
      keyClaimedBy.set(key, i)
    }
    active.push(i)
  })

  const now = Math.max(...writes.map((w) => w.now))
  // Leads as stored: a submission whose form token was spent by another one is flagged.
  const leads = new Map(active.map((i) => [i, writes[i].lead]))
  const claimants = active.filter((i) => writes[i].formToken && !writes[i].lead.isSpam)
  if (claimants.length) {
    const verdicts = await spendFormTokens(
      trx,
      claimants.map((i) => ({ ...writes[i].formToken!, payloadHash: sha256(duplicateKey(writes[i].lead)) })),
      now,
      DUPLICATE_WINDOW_MS,
    )
    claimants.forEach((i, k) => {
      if (verdicts[k] === 'reused') leads.set(i, { ...writes[i].lead, isSpam: true, spamReason: 'reused-token' })
    })
  }
  const written = await insertLeadsOnce(
    trx,
    active.map((i) => leads.get(i)!),
    { first: Math.min(...writes.map((w) => w.now)), last: now },
  )
  const resultOf = new Map(active.map((writeIndex, k) => [writeIndex, written[k]]))
  const notifications = active.filter((i) => !leads.get(i)!.isSpam && !resultOf.get(i)!.duplicate).map((i) => writes[i].notification(resultOf.get(i)!.id))
  if (notifications.length) {
    // The messages and the jobs that send them commit with the leads.
    const ids = await insertOutboxMessages(trx, notifications, now)
    await enqueueJobs(
      trx,
      notificationJob,
      ids.map((outboxId) => ({ payload: { outboxId }, key: `outbox:${outboxId}` })),
      now,
    )
  }

  for (const i of active) {
    const { id, duplicate } = resultOf.get(i)!
    outcomes[i] = { response: duplicate ? { status: 200, body: { id, duplicate: true } } : { status: 201, body: { id } }, isSpam: leads.get(i)!.isSpam }
  }
  const newKeys = active
    .filter((i) => writes[i].idempotency)
    .map((i) => ({ ...writes[i].idempotency!, ...(outcomes[i] as { response: JobResponse }).response }))
  if (newKeys.length) await insertIdempotencyKeys(trx, newKeys, now)
  for (const [i, claimed] of replayOf) {
    const first = (outcomes[claimed] as { response: JobResponse }).response
    outcomes[i] = { stored: { bodyHash: writes[claimed].idempotency!.bodyHash, ...first } }
  }
  return outcomes as LeadOutcome[]
}

/**
 * The new lead's visit: today's anonymous sessions of this visitor get the lead id and the
 * browser's id is kept from now on (server/analytics/ingest.ts). Not with GPC or DNT. A failure
 * here never fails the lead (it is stored and announced already); it is logged.
 */
async function linkVisit(ctx: Context, deps: HandlerDeps, leadId: number) {
  if (optedOut({ gpc: ctx.get('Sec-GPC'), dnt: ctx.get('DNT') })) return
  try {
    await linkLeadToVisitor(deps.db, ingestorFor(deps.db), leadId, {
      ip: ctx.ip,
      userAgent: ctx.get('User-Agent').slice(0, 512),
      siteHost: ctx.hostname.toLowerCase(),
    })
  } catch (error) {
    console.error('Linking lead %d to its visit failed:', leadId, error)
  }
}

const leadWriter: BulkHandler<LeadWrite, LeadOutcome> = { name: 'leads', write: writeLeadsOnce }

export async function saveLead(ctx: Context, deps: HandlerDeps, lead: Omit<NewLead, 'isSpam' | 'spamReason'>, headline?: string) {
  const state = apiState(ctx)
  const spam = state.spam ?? { isSpam: false, reason: null }
  const write: LeadWrite = {
    lead: { ...lead, isSpam: spam.isSpam, spamReason: spam.reason },
    now: Date.now(),
    notification: (id) => leadNotification(id, write.lead, { recipient: deps.env.NOTIFY_EMAIL, headline }),
    idempotency: state.idempotency,
    formToken: state.formToken,
  }
  const outcome = await deps.writer.runBulk(leadWriter, write)
  if ('stored' in outcome) {
    replayStoredResponse(ctx, outcome.stored, write.idempotency?.bodyHash ?? '')
    return { ...outcome.stored, replayed: true, isSpam: false }
  }
  ctx.status = outcome.response.status
  ctx.body = outcome.response.body
  if (outcome.response.status === 201 && !outcome.isSpam) {
    deps.notifyOutbox()
    await linkVisit(ctx, deps, Number((outcome.response.body as { id: number }).id))
  }
  return { ...outcome.response, replayed: false, isSpam: outcome.isSpam }
}
