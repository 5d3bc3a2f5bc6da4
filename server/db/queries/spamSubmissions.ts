// Flagged submissions of forms that are not leads (the newsletter): kept for review, never acted on.
import { insertReturningId, nowIso, type Queryable } from '../rows.ts'

export type NewSpamSubmission = { endpoint: string; reason: string; email: string; payload: unknown; userAgent: string; ipHash: string }

export async function insertSpamSubmission(db: Queryable, s: NewSpamSubmission, now = Date.now()): Promise<number> {
  return insertReturningId(db('spam_submissions'), {
    endpoint: s.endpoint,
    reason: s.reason,
    email: s.email,
    payload: JSON.stringify(s.payload ?? null),
    user_agent: s.userAgent,
    ip_hash: s.ipHash,
    created_at: nowIso(now),
  })
}
