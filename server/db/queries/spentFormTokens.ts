// Form tokens spent by an accepted submission (docs/decisions/062-upload-quotas-and-form-tokens.md).
// A token is spent inside the transaction that stores the submission, so two submissions with one
// token accept at most one, on one instance or several.
import { sha256 } from '../../lib/signing.ts'
import { chunk, type Queryable } from '../rows.ts'

/** A token a submission wants to spend: its hash, its expiry, and a hash of the submission. */
export type TokenClaim = { tokenHash: string; expiresAt: number; payloadHash: string }

/**
 * - `spent`: the token was unspent and is now spent by this submission;
 * - `repeat`: the token was spent by the same submission (a double click or a retry without an
 *   Idempotency-Key), within `repeatWindowMs`: the lead de-duplication answers it;
 * - `reused`: the token was spent by another submission: flag this one.
 */
export type TokenVerdict = 'spent' | 'repeat' | 'reused'

export const hashFormToken = (token: string) => sha256(`form-token:${token}`)

/** Spends the tokens of many submissions at once, in order: a token claimed twice in the list is spent by the first. */
export async function spendFormTokens(db: Queryable, claims: TokenClaim[], now: number, repeatWindowMs: number): Promise<TokenVerdict[]> {
  const known = new Map<string, { payloadHash: string; spentAt: number }>()
  const hashes = [...new Set(claims.map((c) => c.tokenHash))]
  for (const part of chunk(hashes, 500)) {
    for (const row of await db('spent_form_tokens').select('token_hash', 'payload_hash', 'spent_at').whereIn('token_hash', part)) {
      known.set(row.token_hash, { payloadHash: row.payload_hash, spentAt: Number(row.spent_at) })
    }
  }
  const verdicts: TokenVerdict[] = []
  const fresh: TokenClaim[] = []
  for (const claim of claims) {
    const spent = known.get(claim.tokenHash)
    if (spent) {
      verdicts.push(spent.payloadHash === claim.payloadHash && now - spent.spentAt < repeatWindowMs ? 'repeat' : 'reused')
      continue
    }
    known.set(claim.tokenHash, { payloadHash: claim.payloadHash, spentAt: now })
    fresh.push(claim)
    verdicts.push('spent')
  }
  if (fresh.length) {
    // Another instance may have spent one of them since the select: it keeps it, and this
    // submission is flagged (conservative; the select above already caught the usual case).
    const inserted = new Set<string>()
    for (const part of chunk(fresh, 200)) {
      const rows = (await db('spent_form_tokens')
        .insert(part.map((c) => ({ token_hash: c.tokenHash, payload_hash: c.payloadHash, spent_at: now, expires_at: c.expiresAt })))
        .onConflict('token_hash')
        .ignore()
        .returning('token_hash')) as Array<{ token_hash: string } | string>
      for (const r of rows) inserted.add(typeof r === 'string' ? r : r.token_hash)
    }
    claims.forEach((claim, i) => {
      if (verdicts[i] === 'spent' && fresh.includes(claim) && !inserted.has(claim.tokenHash)) verdicts[i] = 'reused'
    })
  }
  return verdicts
}

/** Deletes the spent tokens that have expired (an expired token is flagged anyway); answers how many. */
export async function purgeSpentFormTokens(db: Queryable, now = Date.now(), batch = 1000): Promise<number> {
  let total = 0
  for (;;) {
    const expired = db('spent_form_tokens').select('token_hash').where('expires_at', '<', now).limit(batch)
    const deleted = Number(await db('spent_form_tokens').whereIn('token_hash', expired).delete())
    total += deleted
    if (deleted < batch) return total
  }
}
