// Lead de-duplication: a visitor who sends the same form twice (a double click, a retry without
// an Idempotency-Key, the back button) makes one lead. Two submissions are the same when their
// kind, email and payload hash are equal; a later one within DUPLICATE_WINDOW_MS of a non-spam
// lead is answered 200 with that lead's id and `duplicate: true`, and sends no second
// notification. Spam is never a duplicate: every flagged submission is stored.
// (An Idempotency-Key replay is a different mechanism, checked first: server/api/saveLead.ts.)
import { duplicateKey, insertLeadsUnlessDuplicate, type NewLead } from '../db/queries/leads.ts'
import type { Queryable } from '../db/rows.ts'
import { sha256 } from '../lib/signing.ts'

export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000

/** The hash that decides "same payload": the validated submission without its spam signals, plus `extra` (a résumé's hash). */
export function payloadHash(data: Record<string, unknown>, extra: unknown = null): string {
  const { fax: _fax, formToken: _token, ...rest } = data
  return sha256(JSON.stringify([rest, extra]))
}

export type LeadOnce = { id: number; duplicate: boolean }

/**
 * Inserts one group commit's leads, each at most once: among them, equal non-spam submissions
 * share the first one's row; against the table, one equal to a non-spam lead stored since the
 * window before the earliest submission is not inserted. Answers, in order, each lead's id and
 * whether it was a duplicate.
 */
export async function insertLeadsOnce(db: Queryable, leads: NewLead[], received: { first: number; last: number }): Promise<LeadOnce[]> {
  const firstInBatch = new Map<string, number>()
  const sameAs = new Map<number, number>() // index → index of the first equal submission
  const candidates: number[] = []
  leads.forEach((lead, i) => {
    if (!lead.isSpam) {
      const key = duplicateKey(lead)
      const earlier = firstInBatch.get(key)
      if (earlier !== undefined) return void sameAs.set(i, earlier)
      firstInBatch.set(key, i)
    }
    candidates.push(i)
  })
  const written = await insertLeadsUnlessDuplicate(
    db,
    candidates.map((i) => leads[i]),
    received.first - DUPLICATE_WINDOW_MS,
    received.last,
  )
  const results: LeadOnce[] = new Array(leads.length)
  candidates.forEach((i, k) => (results[i] = written[k]))
  for (const [i, first] of sameAs) results[i] = { id: results[first].id, duplicate: true }
  return results
}
