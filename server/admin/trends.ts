// /api/admin/trends (issue 14): terms scored for today against their 28-day weekday baseline
// (server/trends/score.ts) from first-party sources (server/trends/sources.ts), each with its
// parts (count, baseline, z-score, distinct visitors) and 29-day series; the evidence behind a
// term (questions, leads, landing pages); hide / unhide a term (audited); Search Console CSV
// imports (kept in their own tables, joined to the terms by the same normaliser, never scored:
// docs/decisions/136), uploaded, replaced and deleted (audited).
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso, toIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { BASELINE_DAYS, dayIndex, scoreTerms, type Observations, type TermScore } from '../trends/score.ts'
import { collect, siteEntities } from '../trends/sources.ts'
import { importLabel, parseSearchConsoleCsv, SEARCH_CONSOLE_MAX_BYTES, termsOfRow, type SearchConsoleKind } from '../trends/searchConsole.ts'
import { siteData } from '../blogGenerator/signals.ts'
import { audit } from './audit.ts'
import { adminJsonBody, readImportBody } from './body.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

const TermSchema = z.object({ term: z.string().trim().min(1, 'Choose a term.').max(200, 'At most 200 characters.') })

async function hiddenTerms(db: Db): Promise<Set<string>> {
  return new Set((await db('trend_hidden').select('term')).map((r: { term: string }) => r.term))
}

const IMPORT_COLUMNS = ['id', 'kind', 'filename', 'uploaded_by', 'uploaded_at', 'period_from', 'period_to', 'rows', 'clicks', 'impressions']
const ROWS_SHOWN = 1000

function importOut(row: Record<string, unknown>) {
  const uploadedAt = toIso(row.uploaded_at) ?? ''
  const i = { period_from: (row.period_from as string | null) ?? null, period_to: (row.period_to as string | null) ?? null, uploaded_at: uploadedAt }
  return {
    id: Number(row.id),
    kind: row.kind as SearchConsoleKind,
    filename: String(row.filename),
    uploadedAt,
    periodFrom: i.period_from,
    periodTo: i.period_to,
    rows: Number(row.rows),
    clicks: Number(row.clicks),
    impressions: Number(row.impressions),
    ...importLabel(i),
  }
}

/** Distinct visitors of a term over the scoring window (29 days to `now`). */
function windowVisitors(obs: Observations, term: string, now: number): number {
  const today = dayIndex(now)
  const all = new Set<string>()
  for (const [day, visitors] of obs.get(term) ?? []) if (day >= today - BASELINE_DAYS && day <= today) for (const v of visitors) all.add(v)
  return all.size
}

/**
 * The Search Console imports, and one of them (the chosen one or the latest) with its rows
 * (most clicks first), each joined to the first-party terms it shares through the normaliser.
 */
async function searchConsoleSection(db: Db, chosen: number | null, obs: Observations, scored: Map<string, TermScore>, hidden: Set<string>, now: number) {
  const imports = (await db('search_console_imports').orderBy('id', 'desc').limit(100).select(IMPORT_COLUMNS)).map(importOut)
  const current = chosen ? imports.find((i) => i.id === chosen) : imports[0]
  if (chosen && !current) throw httpError(404, `Search Console import ${chosen} does not exist (it may have been deleted). Choose another one.`)
  if (!current) return { imports, current: null }
  const rows = (await db('search_console_rows')
    .where({ import_id: current.id })
    .orderBy([
      { column: 'clicks', order: 'desc' },
      { column: 'impressions', order: 'desc' },
      { column: 'line', order: 'asc' },
    ])
    .limit(ROWS_SHOWN)
    .select('line', 'item', 'clicks', 'impressions', 'ctr', 'position')) as Array<Record<string, unknown>>
  const entities = siteEntities()
  return {
    imports,
    current: {
      ...current,
      shown: rows.length,
      rows: rows.map((r) => {
        const item = String(r.item)
        const terms = termsOfRow(current.kind, item, entities)
        const matches = terms
          .filter((t) => obs.has(t) && !hidden.has(t))
          .map((t) => ({ term: t, label: scored.get(t)?.label ?? null, visitors: scored.get(t)?.visitors ?? windowVisitors(obs, t, now) }))
        return {
          line: Number(r.line),
          item,
          clicks: Number(r.clicks),
          impressions: Number(r.impressions),
          ctr: r.ctr == null ? null : Number(r.ctr),
          position: r.position == null ? null : Number(r.position),
          terms: current.kind === 'queries' ? terms : terms.slice(0, 1),
          matches,
        }
      }),
    },
  }
}

const DayParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'This is not a calendar date.')
const ImportQuery = z
  .object({
    filename: z.string().optional(),
    from: z.union([z.literal(''), DayParam]).optional(),
    to: z.union([z.literal(''), DayParam]).optional(),
  })
  .superRefine((q, c) => {
    if (!!q.from !== !!q.to) c.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'Give both days of the period, or neither.' })
    else if (q.from && q.to && q.from > q.to) c.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts.' })
    else if (q.to && q.to > new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
      c.addIssue({ code: 'custom', path: ['to'], message: 'The period ends in the future.' })
  })

/** Reads, checks and parses an uploaded export; answers 4xx itself (null) or returns the parse. */
async function readExport(ctx: Context) {
  const q = ImportQuery.safeParse(ctx.query)
  if (!q.success) {
    const errors: Record<string, string> = {}
    for (const issue of q.error.issues) errors[issue.path.join('.') || 'period'] ??= issue.message
    throw httpError(422, `Please correct the period: ${Object.values(errors)[0]}`, errors)
  }
  const filename = String(q.data.filename || 'search-console.csv')
    .replace(/[^\w .()-]/g, '_')
    .slice(0, 200)
  if (!/\.csv$/i.test(filename))
    throw httpError(415, 'Upload Queries.csv or Pages.csv as a .csv file (unzip the export first).', { file: 'Choose a .csv file.' })
  if (Number(ctx.get('Content-Length') || 0) > SEARCH_CONSOLE_MAX_BYTES)
    throw httpError(413, 'The file is larger than 5 MB: Search Console exports at most 1,000 rows, so this is not one of its Queries.csv or Pages.csv.')
  const body = await readImportBody(ctx)
  if (body.text === undefined) throw httpError(415, 'Send the Search Console export as text/csv.', { file: 'Choose a .csv file.' })
  if (Buffer.byteLength(body.text) > SEARCH_CONSOLE_MAX_BYTES)
    throw httpError(413, 'The file is larger than 5 MB: Search Console exports at most 1,000 rows, so this is not one of its Queries.csv or Pages.csv.')
  const parsed = parseSearchConsoleCsv(body.text)
  if (parsed.errors.length || !parsed.kind) {
    ctx.status = 422
    ctx.body = {
      message: `The file has ${parsed.errors.length} error${parsed.errors.length === 1 ? '' : 's'}; nothing was imported. Fix the lines below and upload it again.`,
      errors: Object.fromEntries(parsed.errors.map((e) => [`line ${e.line}`, e.message])),
      lines: parsed.errors,
    }
    return null
  }
  return { filename, kind: parsed.kind, rows: parsed.rows, ignoredColumns: parsed.ignoredColumns, from: q.data.from || null, to: q.data.to || null }
}

type Parsed = NonNullable<Awaited<ReturnType<typeof readExport>>>
const summaryOf = (p: Parsed) => ({
  kind: p.kind,
  filename: p.filename,
  period_from: p.from,
  period_to: p.to,
  rows: p.rows.length,
  clicks: p.rows.reduce((a, r) => a + r.clicks, 0),
  impressions: p.rows.reduce((a, r) => a + r.impressions, 0),
})
async function insertRows(trx: Db, importId: number, p: Parsed) {
  for (let i = 0; i < p.rows.length; i += 200) await trx('search_console_rows').insert(p.rows.slice(i, i + 200).map((r) => ({ import_id: importId, ...r })))
}

export function registerTrendsRoutes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()
  router.get('/trends', ...guard, requirePermission('trends', 'list'), async function trendsHandler(ctx) {
    const now = Date.now()
    const started = performance.now()
    const chosen = ctx.query.import === undefined || ctx.query.import === '' ? null : Number(ctx.query.import)
    if (chosen !== null && (!Number.isInteger(chosen) || chosen <= 0))
      throw httpError(400, 'The import must be a positive whole number (an id from the imports list).', { import: 'Invalid id.' })
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
    const computedMs = Math.round(performance.now() - started)
    // Imported data, in its own field: never part of the scores or the terms above.
    const searchConsole = await searchConsoleSection(db, chosen, obs, new Map(terms.map((t) => [t.term, t])), hidden, now)
    ctx.body = { day: new Date(now).toISOString().slice(0, 10), terms, hidden: [...hidden].sort(), computedMs, searchConsole }
  })

  // Search Console imports: upload (a new import), replace (the rows and period of one), delete.
  router.post('/trends/search-console', ...guard, requirePermission('trends', 'import'), async function searchConsoleImport(ctx) {
    const parsed = await readExport(ctx)
    if (!parsed) return
    const summary = summaryOf(parsed)
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const [row] = await w
        .trx('search_console_imports')
        .insert({ ...summary, uploaded_by: w.userId, uploaded_at: nowIso() })
        .returning('id')
      const importId = Number(typeof row === 'object' ? row.id : row)
      await insertRows(w.trx, importId, parsed)
      await audit(w.trx, w.userId, 'create', 'search-console-imports', importId, null, summary)
      return importId
    })
    const saved = await db('search_console_imports').where({ id }).first(IMPORT_COLUMNS)
    ctx.status = 201
    ctx.body = { ...importOut(saved), ignoredColumns: parsed.ignoredColumns }
  })

  router.put('/trends/search-console/:id', ...guard, requirePermission('trends', 'import'), async function searchConsoleReplace(ctx) {
    const id = Number(ctx.params.id)
    if (!Number.isInteger(id) || id <= 0) throw httpError(400, 'The import id must be a positive whole number.', { id: 'Invalid id.' })
    const before = await db('search_console_imports').where({ id }).first(IMPORT_COLUMNS)
    if (!before) throw httpError(404, `Search Console import ${id} does not exist (it may have been deleted). Upload the file as a new import.`)
    const parsed = await readExport(ctx)
    if (!parsed) return
    if (parsed.kind !== before.kind)
      throw httpError(
        422,
        `Import ${id} holds ${before.kind}; this file holds ${parsed.kind}. Replace it with a ${before.kind === 'queries' ? 'Queries' : 'Pages'}.csv, or upload this file as a new import.`,
        {
          file: `Choose a ${before.kind === 'queries' ? 'Queries' : 'Pages'}.csv.`,
        },
      )
    const summary = summaryOf(parsed)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await w.trx('search_console_rows').where({ import_id: id }).delete()
      await w
        .trx('search_console_imports')
        .where({ id })
        .update({ ...summary, uploaded_by: w.userId, uploaded_at: nowIso() })
      await insertRows(w.trx, id, parsed)
      const { uploaded_at: _a, uploaded_by: _b, id: _c, ...was } = before
      await audit(w.trx, w.userId, 'update', 'search-console-imports', id, was, summary)
    })
    ctx.body = { ...importOut(await db('search_console_imports').where({ id }).first(IMPORT_COLUMNS)), ignoredColumns: parsed.ignoredColumns }
  })

  router.delete('/trends/search-console/:id', ...guard, requirePermission('trends', 'delete'), async function searchConsoleDelete(ctx) {
    const id = Number(ctx.params.id)
    if (!Number.isInteger(id) || id <= 0) throw httpError(400, 'The import id must be a positive whole number.', { id: 'Invalid id.' })
    const before = await db('search_console_imports').where({ id }).first('kind', 'filename', 'period_from', 'period_to', 'rows', 'clicks', 'impressions')
    if (!before) throw httpError(404, `Search Console import ${id} does not exist (it may have been deleted already).`)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await w.trx('search_console_rows').where({ import_id: id }).delete()
      await w.trx('search_console_imports').where({ id }).delete()
      await audit(w.trx, w.userId, 'delete', 'search-console-imports', id, before, null)
    })
    ctx.body = { id }
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
