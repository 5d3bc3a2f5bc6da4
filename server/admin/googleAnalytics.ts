// /api/admin/google-analytics/* for /admin/google-analytics (issue 13, docs/decisions/123): the
// GA4 forwarding setting and the honest state of its provider with the queue's counts; imported
// GA4 CSV exports (kept in their own tables, never mixed into native figures) and a side-by-side
// of first-party daily totals against one import; the GA Data API state ("not connected").
// Roles: `analytics` (admin, marketing): list to read, edit for the setting, import/delete for files.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import { toIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { FORWARDABLE, ga4ProviderFor, Ga4SettingsSchema, queueCounts, readGa4Settings, writeGa4Settings } from '../analytics/ga4.ts'
import { parseGa4Csv } from '../analytics/ga4Import.ts'
import { readSeries } from '../analytics/queries.ts'
import { audit } from './audit.ts'
import { adminJsonBody, readImportBody } from './body.ts'
import { parseQuery, RangeQuery, rangeOf } from './analytics.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

export const GA4_IMPORT_MAX_BYTES = 2 * 1024 * 1024
export const DATA_API_STATE = {
  state: 'not-connected' as const,
  message:
    'Not connected: the GA4 Data API needs a Google Cloud service account and network access, and this server has neither at run time. No GA4 figure is fetched or shown except those of a CSV export you import here.',
}

export function registerGoogleAnalyticsRoutes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()

  router.get('/google-analytics/state', ...guard, requirePermission('analytics', 'list'), async function ga4State(ctx) {
    const provider = ga4ProviderFor(env)
    const [settings, queue, imports] = await Promise.all([
      readGa4Settings(db),
      queueCounts(db),
      db('ga4_imports').orderBy('id', 'desc').limit(50).select('id', 'filename', 'uploaded_at', 'days', 'first_day', 'last_day'),
    ])
    ctx.body = {
      settings,
      forwardable: Object.entries(FORWARDABLE).map(([key, ga4Name]) => ({ key, ga4Name })),
      provider: { state: provider.state, description: provider.description },
      queue,
      dataApi: DATA_API_STATE,
      imports: (imports as Record<string, unknown>[]).map((i) => ({ ...i, uploaded_at: toIso(i.uploaded_at) })),
    }
  })

  router.put('/google-analytics/settings', ...guard, requirePermission('analytics', 'edit'), json, async function ga4Settings(ctx) {
    const parsed = Ga4SettingsSchema.safeParse(bodyOf(ctx) ?? {})
    if (!parsed.success) {
      const errors: Record<string, string> = {}
      for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'settings'] ??= issue.message
      throw httpError(422, `Please correct the GA4 setting: ${Object.values(errors)[0]}`, errors)
    }
    const before = await readGa4Settings(db)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await writeGa4Settings(w.trx, parsed.data)
      await audit(w.trx, w.userId, 'update', 'ga4-settings', 1, before, parsed.data)
    })
    ctx.body = { settings: parsed.data }
  })

  router.post('/google-analytics/imports', ...guard, requirePermission('analytics', 'import'), async function ga4Import(ctx) {
    const filename = String(ctx.query.filename ?? 'ga4-export.csv')
      .replace(/[^\w .()-]/g, '_')
      .slice(0, 200)
    if (!/\.csv$/i.test(filename)) throw httpError(415, 'Upload the GA4 export as a .csv file.', { file: 'Choose a .csv file.' })
    const body = await readImportBody(ctx)
    if (body.text === undefined) throw httpError(415, 'Send the GA4 export as text/csv.', { file: 'Choose a .csv file.' })
    if (Buffer.byteLength(body.text) > GA4_IMPORT_MAX_BYTES)
      throw httpError(413, 'The file is larger than 2 MB: export daily totals only (Date and a few metrics).')
    const result = parseGa4Csv(body.text)
    if (result.errors.length) {
      ctx.status = 422
      ctx.body = {
        message: `The file has ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}; nothing was imported. Fix the lines below and upload it again.`,
        errors: Object.fromEntries(result.errors.map((e) => [`line ${e.line}`, e.message])),
        lines: result.errors,
      }
      return
    }
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const [row] = await w
        .trx('ga4_imports')
        .insert({
          filename,
          uploaded_by: w.userId,
          days: result.days.length,
          first_day: result.days[0].day,
          last_day: result.days.at(-1)!.day,
        })
        .returning('id')
      const importId = Number(typeof row === 'object' ? row.id : row)
      for (let i = 0; i < result.days.length; i += 200)
        await w.trx('ga4_import_days').insert(result.days.slice(i, i + 200).map((d) => ({ import_id: importId, ...d })))
      await audit(w.trx, w.userId, 'create', 'ga4-imports', importId, null, { filename, days: result.days.length })
      return importId
    })
    ctx.status = 201
    ctx.body = { id, filename, days: result.days.length, firstDay: result.days[0].day, lastDay: result.days.at(-1)!.day, ignoredColumns: result.ignoredColumns }
  })

  router.delete('/google-analytics/imports/:id', ...guard, requirePermission('analytics', 'delete'), async function ga4ImportDelete(ctx) {
    const id = Number(ctx.params.id)
    if (!Number.isInteger(id) || id <= 0) throw httpError(400, 'The import id must be a positive whole number.', { id: 'Invalid id.' })
    const before = await db('ga4_imports').where({ id }).first('filename', 'days')
    if (!before) throw httpError(404, `Import ${id} does not exist (it may have been deleted already).`)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      await w.trx('ga4_import_days').where({ import_id: id }).delete()
      await w.trx('ga4_imports').where({ id }).delete()
      await audit(w.trx, w.userId, 'delete', 'ga4-imports', id, before, null)
    })
    ctx.body = { id }
  })

  const CompareQuery = z.object({ import: z.coerce.number().int().positive().optional() })
  router.get('/google-analytics/comparison', ...guard, requirePermission('analytics', 'list'), async function ga4Comparison(ctx) {
    const r = parseQuery(RangeQuery, ctx.query)
    const q = parseQuery(CompareQuery, ctx.query)
    const range = rangeOf(r)
    const chosen = q.import
      ? await db('ga4_imports').where({ id: q.import }).first('id', 'filename', 'first_day', 'last_day')
      : await db('ga4_imports').orderBy('id', 'desc').first('id', 'filename', 'first_day', 'last_day')
    if (q.import && !chosen) throw httpError(404, `Import ${q.import} does not exist. Choose another one or upload the file again.`)
    const series = await readSeries(db, range)
    // Days of the viewer's time zone (hourly buckets of a short range are summed per day).
    const native = new Map<string, { visitors: number; sessions: number; pageViews: number; conversions: number }>()
    for (const p of series) {
      const day = p.bucket.slice(0, 10)
      const n = native.get(day) ?? { visitors: 0, sessions: 0, pageViews: 0, conversions: 0 }
      n.visitors += p.visitors
      n.sessions += p.sessions
      n.pageViews += p.page_views
      n.conversions += p.conversions
      native.set(day, n)
    }
    const imported = chosen
      ? ((await db('ga4_import_days')
          .where({ import_id: chosen.id })
          .andWhere('day', '>=', r.from)
          .andWhere('day', '<=', r.to)
          .select('day', 'users', 'sessions', 'page_views', 'events', 'conversions')) as Record<string, unknown>[])
      : []
    const ga4 = new Map(imported.map((d) => [String(d.day), d]))
    const num = (v: unknown) => (v == null ? null : Number(v))
    ctx.body = {
      import: chosen ? { id: Number(chosen.id), filename: chosen.filename, firstDay: chosen.first_day, lastDay: chosen.last_day } : null,
      days: [...native].map(([day, n]) => {
        const g = ga4.get(day)
        return {
          day,
          native: n,
          ga4: g
            ? { users: num(g.users), sessions: num(g.sessions), pageViews: num(g.page_views), events: num(g.events), conversions: num(g.conversions) }
            : null,
        }
      }),
    }
  })
}
