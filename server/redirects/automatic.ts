// The automatic redirect when a page or post's slug changes (issue 10, for the publishing
// issue): old URL → new URL in the group "automatic", with the same checks and chain flattening
// as a rule saved by staff, audited as created by the user who changed the slug. Call it inside
// the transaction that saves the new slug.
import type { Knex } from 'knex'
import type { RedirectRule } from '../../shared/redirects.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { insertReturningId, nowIso } from '../db/rows.ts'
import { catalogUrls } from './catalogUrls.ts'
import { bumpVersion, contentRules, readRules } from './store.ts'
import { checkRule } from './validate.ts'

export const AUTOMATIC_GROUP = 'automatic'

/**
 * Creates the redirect oldUrl → newUrl, or updates the rule that already has that source.
 * `catalog` is the set of live URLs after the change (the new URL in it, the old one not).
 * Returns the rule id, or the field errors when the redirect cannot be made (e.g. a loop).
 */
export async function createSlugRedirect(
  trx: Knex.Transaction,
  oldUrl: string,
  newUrl: string,
  userId: number | null,
  catalog: ReadonlySet<string> = catalogUrls(),
): Promise<{ ok: true; id: number; target: string } | { ok: false; errors: Record<string, string> }> {
  // The new URL is a live page now: a rule that redirected it away (an earlier rename) goes.
  const newKey = newUrl.toLowerCase().replace(/\/+$/, '') || '/'
  for (const stale of (await readRules(trx)).filter((r) => r.match_type === 'exact' && r.source === newKey)) {
    await trx('redirects').where({ id: stale.id }).delete()
    await insertAuditLogs(trx, [
      { userId, action: 'delete', resource: 'redirects', recordId: stale.id, changes: { source: [stale.source, null], target: [stale.target, null] } },
    ])
  }
  const rules = await readRules(trx)
  const existing = rules.find((r) => r.match_type === 'exact' && r.source === oldUrl.toLowerCase().replace(/\/+$/, ''))
  const others: RedirectRule[] = [...rules.filter((r) => r !== existing), ...contentRules()]
  const result = checkRule(
    { id: existing?.id ?? 0, source: oldUrl, target: newUrl, status_code: 301, match_type: 'exact', query_mode: 'pass', enabled: true },
    others,
    catalog,
  )
  if (!result.ok) return result
  const at = nowIso()
  for (const r of result.rule.repointed) {
    await trx('redirects').where({ id: r.id }).update({ target: r.to, updated_at: at })
    await insertAuditLogs(trx, [{ userId, action: 'update', resource: 'redirects', recordId: Number(r.id), changes: { target: [r.from, r.to] } }])
  }
  let id: number
  if (existing) {
    id = existing.id
    await trx('redirects').where({ id }).update({ target: result.rule.target, status_code: 301, enabled: true, updated_at: at })
    await insertAuditLogs(trx, [{ userId, action: 'update', resource: 'redirects', recordId: id, changes: { target: [existing.target, result.rule.target] } }])
  } else {
    const row = {
      source: result.rule.source,
      target: result.rule.target,
      status_code: 301,
      match_type: 'exact',
      query_mode: 'pass',
      enabled: true,
      group: AUTOMATIC_GROUP,
      note: `Slug changed from ${oldUrl} to ${newUrl}`,
      hits: 0,
      created_by: userId,
      created_at: at,
      updated_at: at,
    }
    id = await insertReturningId(trx('redirects'), row)
    await insertAuditLogs(trx, [
      { userId, action: 'create', resource: 'redirects', recordId: id, changes: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, [null, v]])) },
    ])
  }
  await bumpVersion(trx)
  return { ok: true, id, target: result.rule.target! }
}
