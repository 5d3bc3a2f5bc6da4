// /api/admin/blog-migration/* (issue 12): upload a WordPress WXR, Ghost JSON or Markdown zip export
// with an optional media zip (streamed to VAR_DIR/blog-imports, never the web root), the dry run
// (per item: create, update, unchanged, skip, with the reason; filterable, CSV), the import as a
// job of the runner with its progress, the reconciliation report, the missing images and their
// "provide this file" step, and the check of every old URL. Roles: admin and marketing
// (canAccess 'blog-migration'); every write is audited. docs/decisions/152-blog-migration-screen.md
import fs from 'node:fs'
import path from 'node:path'
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { fromJson, insertReturningId, nowIso } from '../db/rows.ts'
import type { Env } from '../env.ts'
import { enqueueJob } from '../jobs/define.ts'
import { httpError } from '../middleware/errorHandler.ts'
import type { SourceKind } from '../blogImport/dryRun.ts'
import { blogDryRunJob, DRY_RUN_ACTIVE, type DryRunStatus, type StoredDryRun } from '../blogImport/dryRunJob.ts'
import { blogImportJob, getImport, publishImported } from '../blogImport/importJob.ts'
import { provideImages, readImages, type ImagesState } from '../blogImport/images.ts'
import type { PlanEntry } from '../blogImport/plan.ts'
import type { Reconciliation } from '../blogImport/reconcile.ts'
import { receiveFiles, type FileType } from '../blogImport/upload.ts'
import { checkOldUrls, type UrlCheckResult } from '../blogImport/urlCheck.ts'
import { audit } from './audit.ts'
import { csvLine } from './csv.ts'

const KIND_OF: Partial<Record<FileType, SourceKind>> = { xml: 'wordpress', json: 'ghost', zip: 'markdown' }
const KIND_LABEL: Record<SourceKind, string> = { wordpress: 'WordPress (WXR)', ghost: 'Ghost (JSON)', markdown: 'Markdown zip' }
/** Entries the plan endpoint returns per page at most (the CSV has them all). */
const PAGE_MAX = 500

export const uploadsDirOf = (env: Pick<Env, 'VAR_DIR'>) => path.join(env.VAR_DIR, 'blog-imports')

export type { StoredDryRun }

function summaryOf(row: Record<string, unknown>) {
  const report = fromJson<Reconciliation & { written?: number }>(row.report)
  return {
    id: Number(row.id),
    kind: String(row.kind) as SourceKind,
    kindLabel: KIND_LABEL[String(row.kind) as SourceKind] ?? String(row.kind),
    fileName: String(row.file_name),
    fileBytes: Number(row.file_bytes),
    mediaName: row.media_name ? String(row.media_name) : null,
    mediaBytes: row.media_bytes == null ? null : Number(row.media_bytes),
    status: String(row.status),
    phase: row.phase ? String(row.phase) : null,
    itemsTotal: Number(row.items_total),
    itemsDone: Number(row.items_done),
    error: row.error ? String(row.error) : null,
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
    created: report?.byOutcome.created ?? null,
    updated: report?.byOutcome.updated ?? null,
    skipped: report?.byOutcome.skipped ?? null,
    failed: report?.byOutcome.failed ?? null,
    hasDryRun: row.dry_run != null,
    dryRunStatus: row.dry_run_status ? (String(row.dry_run_status) as DryRunStatus) : null,
    dryRunDone: Number(row.dry_run_done ?? 0),
    dryRunTotal: Number(row.dry_run_total ?? 0),
    dryRunError: row.dry_run_error ? String(row.dry_run_error) : null,
  }
}
export type ImportSummary = ReturnType<typeof summaryOf>

async function rowOf(db: Db, id: string | number) {
  const n = Number(id)
  if (!Number.isInteger(n) || n <= 0) throw httpError(404, 'No such import.')
  const row = await db('blog_imports').where({ id: n }).first()
  if (!row) throw httpError(404, `Import #${n} does not exist (it may have been removed). Go back to the list of imports.`)
  return row as Record<string, unknown>
}

function filterEntries(entries: PlanEntry[], query: Record<string, unknown>) {
  const action = typeof query.action === 'string' && query.action ? query.action : ''
  const type = typeof query.type === 'string' && query.type ? query.type : ''
  const q = typeof query.q === 'string' ? query.q.trim().toLowerCase() : ''
  return entries.filter(
    (e) =>
      (!action || e.action === action) &&
      (!type || e.itemType === type) &&
      (!q || e.title.toLowerCase().includes(q) || (e.slug ?? '').includes(q) || e.reason.toLowerCase().includes(q) || e.location.includes(q)),
  )
}

const originOf = (ctx: Context) => `http://127.0.0.1:${ctx.req.socket.localPort}`

/** notifyJobs: asks the job runner to look for work now (the dry run starts within ~50 ms, not at the next poll). */
export function registerBlogMigrationRoutes(router: Router, { db, env, notifyJobs }: { db: Db; env: Env; notifyJobs?: () => void }, guard: Middleware[]) {
  const dir = uploadsDirOf(env)
  const can = (action: Parameters<typeof requirePermission>[1]) => requirePermission('blog-migration', action)

  router.get('/blog-migration/imports', ...guard, can('list'), async function listImportsHandler(ctx) {
    const rows = await db('blog_imports').orderBy('id', 'desc').limit(200)
    ctx.body = rows.map(summaryOf)
  })

  router.post('/blog-migration/imports', ...guard, can('create'), async function uploadImportHandler(ctx) {
    const { fields, files } = await receiveFiles(
      ctx,
      dir,
      {
        export: { maxBytes: env.BLOG_IMPORT_MAX_BYTES, types: ['xml', 'json', 'zip'], label: 'the export file' },
        media: { maxBytes: env.BLOG_MEDIA_MAX_BYTES, types: ['zip'], label: 'the media zip (wp-content/uploads)' },
      },
      env.UPLOADS_MIN_FREE_BYTES,
    )
    const file = files.find((f) => f.field === 'export')
    const media = files.find((f) => f.field === 'media') ?? null
    const cleanup = () => Promise.all(files.map((f) => fs.promises.rm(f.path, { force: true })))
    if (!file) {
      await cleanup()
      throw httpError(422, 'Choose the export file: a WordPress export (.xml), a Ghost export (.json) or a zip of Markdown files.', {
        export: 'Choose the export file.',
      })
    }
    const kind = KIND_OF[file.type]!
    if (fields.kind && fields.kind !== kind) {
      await cleanup()
      throw httpError(422, `The file is ${KIND_LABEL[kind]}, not ${KIND_LABEL[fields.kind as SourceKind] ?? fields.kind}.`, {
        export: `This file is ${KIND_LABEL[kind]}.`,
      })
    }
    if (media && kind !== 'wordpress') {
      await cleanup()
      throw httpError(422, 'A media zip goes with a WordPress export; a Markdown zip carries its own images, and Ghost images are provided later.', {
        media: 'Only with a WordPress export.',
      })
    }
    const userId = adminState(ctx).user.id
    const now = nowIso()
    const values = {
      kind,
      file_name: file.originalName || `export.${file.type}`,
      file_path: file.path,
      file_bytes: file.size,
      media_path: media?.path ?? null,
      media_name: media?.originalName ?? null,
      media_bytes: media?.size ?? null,
      status: 'uploaded',
      phase: 'uploaded',
      created_by: userId,
      created_at: now,
      updated_at: now,
    }
    const id = await db.transaction(async (trx) => {
      const newId = await insertReturningId(trx('blog_imports'), values)
      await audit(trx, userId, 'create', 'blog-imports', newId, null, {
        kind,
        file_name: values.file_name,
        file_bytes: values.file_bytes,
        media_name: values.media_name,
        media_bytes: values.media_bytes,
      })
      return newId
    })
    ctx.status = 201
    ctx.body = summaryOf(await rowOf(db, id))
  })

  router.get('/blog-migration/imports/:id', ...guard, can('show'), async function showImportHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    const stored = fromJson<StoredDryRun>(row.dry_run)
    ctx.body = {
      ...summaryOf(row),
      report: fromJson(row.report),
      images: fromJson<ImagesState>(row.images),
      urlCheck: fromJson<UrlCheckResult>(row.url_check),
      dryRun: stored ? { ...stored, entries: undefined, entryCount: stored.entries.length } : null,
    }
  })

  // The dry run is a job (decision 153): answered 202 at once; the screen polls …/progress.
  router.post('/blog-migration/imports/:id/dry-run', ...guard, can('create'), async function dryRunHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    if (row.status === 'queued' || row.status === 'running') throw httpError(409, 'This import is running; its dry run can be repeated once it has finished.')
    if (DRY_RUN_ACTIVE.includes(String(row.dry_run_status))) throw httpError(409, 'The dry run of this file is already under way; watch its progress below.')
    const userId = adminState(ctx).user.id
    await db.transaction(async (trx) => {
      await trx('blog_imports')
        .where({ id: row.id as number })
        .update({ dry_run_status: 'queued', dry_run_done: 0, dry_run_total: 0, dry_run_error: null, updated_at: nowIso() })
      await enqueueJob(trx, blogDryRunJob, { importId: Number(row.id) })
      await audit(trx, userId, 'update', 'blog-imports', Number(row.id), { dryRun: row.dry_run_status ?? null }, { dryRun: 'queued' })
    })
    notifyJobs?.()
    ctx.status = 202
    ctx.body = summaryOf(await rowOf(db, Number(row.id)))
  })

  router.get('/blog-migration/imports/:id/plan', ...guard, can('show'), async function planEntriesHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    const stored = fromJson<StoredDryRun>(row.dry_run)
    if (!stored) throw httpError(409, 'Run the dry run first.')
    const entries = filterEntries(stored.entries, ctx.query)
    const offset = Math.max(0, Number(ctx.query.offset) || 0)
    const limit = Math.min(PAGE_MAX, Math.max(1, Number(ctx.query.limit) || 100))
    ctx.body = { total: entries.length, offset, entries: entries.slice(offset, offset + limit) }
  })

  router.get('/blog-migration/imports/:id/plan.csv', ...guard, can('export'), async function planCsvHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    const stored = fromJson<StoredDryRun>(row.dry_run)
    if (!stored) throw httpError(409, 'Run the dry run first.')
    const lines = [csvLine(['action', 'type', 'title', 'slug', 'location', 'reason', 'warnings'])]
    for (const e of filterEntries(stored.entries, ctx.query))
      lines.push(csvLine([e.action, e.itemType, e.title, e.slug ?? '', e.location, e.reason, e.warnings.join('; ')]))
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="blog-import-${row.id}-dry-run.csv"`)
    ctx.body = lines.join('')
  })

  router.post('/blog-migration/imports/:id/import', ...guard, can('import'), async function startImportHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    if (row.status === 'queued' || row.status === 'running') throw httpError(409, 'This import is already queued or running; watch its progress below.')
    if (DRY_RUN_ACTIVE.includes(String(row.dry_run_status))) throw httpError(409, 'The dry run is still under way; start the import once it has finished.')
    if (row.dry_run == null) throw httpError(409, 'Run the dry run first: it shows what the import will create, change and skip.')
    const userId = adminState(ctx).user.id
    await db.transaction(async (trx) => {
      await trx('blog_imports')
        .where({ id: row.id as number })
        .update({ status: 'queued', phase: 'queued', items_done: 0, error: null, updated_at: nowIso() })
      await enqueueJob(trx, blogImportJob, { importId: Number(row.id) })
      await audit(trx, userId, 'update', 'blog-imports', Number(row.id), { status: row.status }, { status: 'queued' })
    })
    ctx.status = 202
    ctx.body = summaryOf(await rowOf(db, Number(row.id)))
  })

  router.post('/blog-migration/imports/:id/images', ...guard, can('edit'), async function provideImagesHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    if (row.status !== 'done') throw httpError(409, 'Provide missing images once the import has finished.')
    const { files } = await receiveFiles(
      ctx,
      path.join(dir, `${row.id}-provided`),
      { files: { maxBytes: env.BLOG_MEDIA_MAX_BYTES, types: ['png', 'jpeg', 'gif', 'webp', 'zip'], multiple: true, label: 'an image or a zip of images' } },
      env.UPLOADS_MIN_FREE_BYTES,
    )
    if (!files.length) throw httpError(422, 'Choose one or more image files (or a zip of them).', { files: 'Choose at least one file.' })
    const userId = adminState(ctx).user.id
    const before = await readImages(db, Number(row.id))
    let result
    try {
      result = await provideImages(db, env.VAR_DIR, Number(row.id), files, userId)
    } finally {
      await Promise.all(files.map((f) => fs.promises.rm(f.path, { force: true })))
    }
    let publish: { ok: boolean; siteBuilt: boolean; failures: string[] } | null = null
    if (result.postsChanged.length) {
      const receipt = await publishImported(db, env, 'import-images', userId)
      publish = { ok: receipt.ok, siteBuilt: receipt.siteBuilt, failures: receipt.failures }
    }
    await audit(
      db,
      userId,
      'update',
      'blog-imports',
      Number(row.id),
      { missingImages: before?.missing.length ?? 0 },
      { missingImages: result.state.missing.length },
    )
    ctx.body = { matched: result.matched, unused: result.unused, postsChanged: result.postsChanged.length, images: result.state, publish }
  })

  router.post('/blog-migration/imports/:id/check', ...guard, can('edit'), async function checkUrlsHandler(ctx) {
    const row = await rowOf(db, ctx.params.id)
    if (row.status !== 'done') throw httpError(409, 'Check the old URLs once the import has finished.')
    const result = await checkOldUrls(db, originOf(ctx))
    const previous = fromJson<UrlCheckResult>(row.url_check)
    result.notPublished = previous?.notPublished ?? 0
    await db('blog_imports')
      .where({ id: row.id as number })
      .update({ url_check: JSON.stringify(result), updated_at: nowIso() })
    ctx.body = result
  })

  // A summary of one import for the job's progress bar (cheap to poll).
  router.get('/blog-migration/imports/:id/progress', ...guard, can('show'), async function progressHandler(ctx) {
    const imp = await getImport(db, Number(ctx.params.id))
    if (!imp) throw httpError(404, 'No such import.')
    const row = await rowOf(db, imp.id)
    const { dryRunStatus, dryRunDone, dryRunTotal, dryRunError } = summaryOf(row)
    ctx.body = {
      id: imp.id,
      status: imp.status,
      phase: row.phase ?? null,
      itemsTotal: imp.itemsTotal,
      itemsDone: imp.itemsDone,
      error: imp.error,
      dryRunStatus,
      dryRunDone,
      dryRunTotal,
      dryRunError,
    }
  })
}
