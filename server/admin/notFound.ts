// The 404 log (issue 10) as the admin resource `not-found`: list sorted by hits (search by path,
// `hideBots` for paths only known bots hit, `ignored`), bulk ignore, delete, and the closest
// catalog URLs for the one-click "create redirect". Rows are written by the server's 404
// handler and the tracker's 404 page views (server/redirects/notFoundLog.ts), never by staff.
import type Router from '@koa/router'
import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { BulkDeleteSchema } from '../../shared/adminContract.ts'
import { NotFoundUpdateSchema } from '../../shared/redirects.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { isPostgres } from '../db/knex.ts'
import { selectColumns, toRecord, type TableSpec } from '../db/tableSpec.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { closestUrls } from '../redirects/notFoundLog.ts'
import { adminJsonBody } from './body.ts'
import { applySort, parseListParams } from './listQuery.ts'
import {
  deleteRecord,
  filteredQuery,
  loadRecord,
  mustLoad,
  parseId,
  updateRecord,
  writeWith,
  type AdminDeps,
  type AdminResourceModule,
  type ResourceConfig,
} from './resourceRouter.ts'

/**
 * The list counts at most this many rows: counting a million-row log on every page view is what
 * made it slow (1.9 s at p50 in bench:redirects); past the cap the screen says "of 10,000".
 */
export const NOT_FOUND_COUNT_CAP = 10_000

export const notFoundTable: TableSpec = {
  table: 'not_found_log',
  columns: {
    id: 'int',
    path: 'text',
    hits: 'int',
    bot_hits: 'int',
    first_seen_at: 'time',
    last_seen_at: 'time',
    referrers: 'json',
    user_agents: 'json',
    ignored: 'bool',
  },
}

/** `%term%` with LIKE's wildcards in the term escaped. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const BulkIgnoreSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000), data: NotFoundUpdateSchema.required() })

const config: ResourceConfig = {
  name: 'not-found',
  spec: notFoundTable,
  defaultSort: ['hits', 'DESC'],
  filters: () => (key, value, query: Knex.QueryBuilder) => {
    if (key === 'q') {
      if (typeof value !== 'string') throw httpError(400, 'q must be text.')
      const q = value.trim().toLowerCase()
      if (q) query.whereRaw(`not_found_log.path like ? escape '\\'`, [likePattern(q)])
      return true
    }
    if (key === 'hideBots') {
      if (value === true || value === 'true') query.whereRaw('not_found_log.hits > not_found_log.bot_hits')
      return true
    }
    return false
  },
}

export const notFound: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    router.get('/not-found', ...guard, requirePermission('not-found', 'list'), async function listNotFound(ctx) {
      const { sort, range, filter } = parseListParams(ctx.query)
      const userId = adminState(ctx).user.id
      const cappedCount = async (query: Knex.QueryBuilder) => {
        const capped = query.clone().clearSelect().clearOrder().select(db.raw('1')).limit(NOT_FOUND_COUNT_CAP)
        const [count] = await db.count({ n: '*' }).from(capped.as('capped'))
        return Number((count as { n: number | string }).n)
      }
      let base = filteredQuery(db, config, filter, userId)
      let total: number
      const term = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : ''
      if (!isPostgres(db) && term.length >= 3) {
        // SQLite: the trigram index finds the matches (a LIKE scan walks all rows for a rare
        // term); when they are many, the scan in sort order finds a page of them sooner.
        const { q: _searched, ...others } = filter
        const viaIndex = filteredQuery(db, config, others, userId)
          .join('not_found_log_fts', 'not_found_log_fts.rowid', 'not_found_log.id')
          // Without ESCAPE (which turns the index off): a wildcard in the term widens this match,
          // and the exact test below narrows it again.
          .whereRaw(`not_found_log_fts.path like ?`, [`%${term}%`])
          .whereRaw(`not_found_log.path like ? escape '\\'`, [likePattern(term)])
        total = await cappedCount(viaIndex)
        if (total < NOT_FOUND_COUNT_CAP) base = viaIndex
      } else total = await cappedCount(base)
      const pageQuery = base
        .clone()
        .select(selectColumns(notFoundTable))
        .offset(range[0])
        .limit(range[1] - range[0] + 1)
      applySort(pageQuery, notFoundTable, sort, config.defaultSort)
      const rows = await pageQuery
      ctx.set('Content-Range', rows.length ? `not-found ${range[0]}-${range[0] + rows.length - 1}/${total}` : `not-found */${total}`)
      ctx.set('Access-Control-Expose-Headers', 'Content-Range')
      ctx.body = rows.map((r: Record<string, unknown>) => toRecord(notFoundTable, r))
    })
    router.get('/not-found/:id/suggestions', ...guard, requirePermission('not-found', 'show'), async function suggestionsHandler(ctx) {
      const row = await mustLoad(db, notFoundTable, parseId(ctx.params.id))
      ctx.body = { path: row.path, urls: closestUrls(String(row.path), catalogUrls()) }
    })
    router.put('/not-found/bulk', ...guard, requirePermission('not-found', 'edit'), json, async function bulkIgnoreHandler(ctx) {
      const { ids, data } = BulkIgnoreSchema.parse(bodyOf(ctx))
      const done: number[] = []
      await writeWith(
        db,
        ctx,
      )(async (w) => {
        for (const id of ids) {
          if (!(await loadRecord(w.trx, notFoundTable, id))) continue
          await updateRecord(config, w, id, data)
          done.push(id)
        }
      })
      ctx.body = { ids: done }
    })
    const bulkDelete: Middleware = async (ctx) => {
      const { ids } = BulkDeleteSchema.parse(bodyOf(ctx))
      const done: number[] = []
      await writeWith(
        db,
        ctx,
      )(async (w) => {
        for (const id of ids) {
          if (!(await loadRecord(w.trx, notFoundTable, id))) continue
          await deleteRecord(config, w, id)
          done.push(id)
        }
      })
      ctx.body = { ids: done }
    }
    router.delete('/not-found/bulk', ...guard, requirePermission('not-found', 'delete'), json, bulkDelete)
    router.put('/not-found/:id', ...guard, requirePermission('not-found', 'edit'), json, async function ignoreHandler(ctx) {
      const id = parseId(ctx.params.id)
      const patch = NotFoundUpdateSchema.parse(bodyOf(ctx))
      ctx.body = await writeWith(db, ctx)((w) => updateRecord(config, w, id, patch))
    })
    router.delete('/not-found/:id', ...guard, requirePermission('not-found', 'delete'), async function deleteHandler(ctx) {
      const id = parseId(ctx.params.id)
      ctx.body = await writeWith(db, ctx)((w) => deleteRecord(config, w, id))
    })
  },
}
