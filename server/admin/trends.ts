// /api/admin/trends (issue 14): terms scored for today against their 28-day weekday baseline
// (server/trends/score.ts) from first-party sources (server/trends/sources.ts), each with its
// parts (count, baseline, z-score, distinct visitors) and 29-day series; the evidence behind a
// term (questions, leads, landing pages); hide / unhide a term (audited).
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { scoreTerms } from '../trends/score.ts'
import { collect } from '../trends/sources.ts'
import { siteData } from '../blogGenerator/signals.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

const TermSchema = z.object({ term: z.string().trim().min(1, 'Choose a term.').max(200, 'At most 200 characters.') })

async function hiddenTerms(db: Db): Promise<Set<string>> {
  return new Set((await db('trend_hidden').select('term')).map((r: { term: string }) => r.term))
}

export function registerTrendsRoutes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()
  router.get('/trends', ...guard, requirePermission('trends', 'list'), async function trendsHandler(ctx) {
    const now = Date.now()
    const started = performance.now()
    const [{ obs, value }, hidden] = await Promise.all([collect(db, now), hiddenTerms(db)])
    const { index } = siteData()
    // "No page covers this": a term that no page title, keyword, Q&A, FAQ or post of the site
    // carries (landing-page terms are pages themselves). The screen links it to the generator.
    let terms = scoreTerms(obs, now, hidden).map((t) => ({
      ...t,
      covered: t.term.startsWith('page ') || index.coveredTerms.has(t.term),
      leads: value.get(t.term)?.leads ?? 0,
      dealValue: value.get(t.term)?.dealValue ?? 0,
    }))
    if (ctx.query.sort === 'value') terms = terms.sort((a, b) => b.dealValue - a.dealValue || b.leads - a.leads || b.z - a.z)
    terms = terms.slice(0, 200)
    ctx.body = { day: new Date(now).toISOString().slice(0, 10), terms, hidden: [...hidden].sort(), computedMs: Math.round(performance.now() - started) }
  })
  router.get('/trends/evidence', ...guard, requirePermission('trends', 'show'), async function trendEvidenceHandler(ctx) {
    const { term } = TermSchema.parse({ term: ctx.query.term })
    const { evidence } = await collect(db)
    ctx.body = { term, items: evidence.get(term) ?? [] }
  })
  router.post('/trends/hidden', ...guard, requirePermission('trends', 'edit'), json, async function hideTermHandler(ctx) {
    const { term } = TermSchema.parse(bodyOf(ctx))
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const inserted = await w.trx('trend_hidden').insert({ term, hidden_by: w.userId, hidden_at: nowIso() }).onConflict('term').ignore().returning('term')
      if (inserted.length) await audit(w.trx, w.userId, 'create', 'trend-hidden', 0, null, { term })
    })
    ctx.status = 201
    ctx.body = { term, hidden: true }
  })
  router.post('/trends/unhide', ...guard, requirePermission('trends', 'edit'), json, async function unhideTermHandler(ctx) {
    const { term } = TermSchema.parse(bodyOf(ctx))
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const removed = await w.trx('trend_hidden').where({ term }).delete()
      if (!removed) throw httpError(404, 'This term is not hidden.')
      await audit(w.trx, w.userId, 'delete', 'trend-hidden', 0, { term }, null)
    })
    ctx.body = { term, hidden: false }
  })
}
