// The job queue in the admin (admins only, by canAccess): list with filters by type and state,
// sort, show with the last error, a streamed CSV export, and Retry for a failed job (queued
// again now with a fresh set of attempts), audited as an update of the job. Nothing else writes
// a job from the admin except Discard (issue 14): a queued or failed job is deleted, audited as a
// delete of the job with its last state; a running job cannot be discarded.
import { Readable } from 'node:stream'
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { discardJob, JOB_EXPORT_COLUMNS, jobsTable, retryFailedJob } from '../db/queries/jobs.ts'
import { toIso } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { audit } from './audit.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { filteredQuery, mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

const EXPORT_BATCH = 1000

const config: ResourceConfig = {
  name: 'jobs',
  spec: jobsTable,
  defaultSort: ['id', 'DESC'],
}

function postRetry(db: Db): Middleware {
  return async function postRetryHandler(ctx) {
    const id = parseId(ctx.params.id)
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoad(w.trx, jobsTable, id)
      if (before.state !== 'failed' || !(await retryFailedJob(w.trx, id))) {
        throw httpError(409, `Only a failed job can be retried; this one is ${String(before.state)}.`)
      }
      const after = await mustLoad(w.trx, jobsTable, id)
      await audit(w.trx, w.userId, 'update', 'jobs', id, before, after)
      return after
    })
  }
}

function postDiscard(db: Db): Middleware {
  return async function postDiscardHandler(ctx) {
    const id = parseId(ctx.params.id)
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoad(w.trx, jobsTable, id)
      if (!(await discardJob(w.trx, id))) {
        throw httpError(409, `Only a queued or failed job can be discarded; this one is ${String(before.state)}. Wait for it to finish, then try again.`)
      }
      await audit(w.trx, w.userId, 'delete', 'jobs', id, before, null)
      return before
    })
  }
}

function exportValue(value: unknown): string {
  if (value == null) return ''
  if (value instanceof Date) return value.toISOString()
  return toIso(value) ?? ''
}

/** Newest first, in pages of 1,000 by id (keyset), with the list's filters. */
function getExport(db: Db): Middleware {
  return async function getJobsExportHandler(ctx) {
    const { filter } = parseListParams(ctx.query)
    const userId = adminState(ctx).user.id
    // Validates the filter before the first byte is sent: a bad filter is a 400, not a cut stream.
    filteredQuery(db, config, filter, userId).toSQL()
    const columns = JOB_EXPORT_COLUMNS.map((c) => `jobs.${c}`)
    async function* rows() {
      yield `\uFEFF${csvLine([...JOB_EXPORT_COLUMNS])}`
      let after: number | null = null
      for (;;) {
        const query = filteredQuery(db, config, filter, userId).select(columns).orderBy('jobs.id', 'desc').limit(EXPORT_BATCH)
        if (after !== null) query.where('jobs.id', '<', after)
        const page: Array<Record<string, unknown>> = await query
        if (!page.length) return
        yield page.map((row) => csvLine(JOB_EXPORT_COLUMNS.map((c) => exportValue(row[c])))).join('')
        after = Number(page[page.length - 1].id)
        if (page.length < EXPORT_BATCH) return
      }
    }
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="jobs-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = Readable.from(rows())
  }
}

export const jobs: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    router.get('/jobs/export.csv', ...guard, requirePermission('jobs', 'export'), getExport(db))
    router.post('/jobs/:id/retry', ...guard, requirePermission('jobs', 'edit'), postRetry(db))
    router.post('/jobs/:id/discard', ...guard, requirePermission('jobs', 'delete'), postDiscard(db))
  },
}
