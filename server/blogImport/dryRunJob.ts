// The dry run as a job of the runner ('blog.dry-run', decision 153): the screen asks for it
// (POST …/dry-run answers 202 at once) and polls its progress, so a 100 MB export's dry run never
// holds a request open. Pass one ("reading") counts the items read so far; pass two ("planning")
// counts the items planned of the file's total. The result is stored on the row (`dry_run`) for
// the table, its pages and the CSV. A file the readers refuse (not well-formed XML, bad JSON, a
// broken zip) ends the job as "failed" with the reader's message (line and column): retrying
// would only fail the same way.
import { z } from 'zod'
import type { Db } from '../db/knex.ts'
import { fromJson, nowIso } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import { catalogUrls } from '../redirects/catalogUrls.ts'
import { walk, type DryRun, type SourceKind } from './dryRun.ts'
import { zipEntryNames } from './images.ts'
import { storedState } from './importJob.ts'
import type { PlanEntry } from './plan.ts'
import type { Reconciliation } from './reconcile.ts'
import { ImportFileError } from './wxr.ts'

export type StoredDryRun = {
  at: string
  entries: PlanEntry[]
  reconciliation: Reconciliation
  redirects: number
  redirectsSkipped: number
  linkRewrites: number
  images: { found: number; missing: Array<{ url: string; usedBy: string[] }> }
}

export type DryRunStatus = 'queued' | 'reading' | 'planning' | 'done' | 'failed'
/** A dry run in these states is under way: neither another dry run nor the import may start. */
export const DRY_RUN_ACTIVE: readonly string[] = ['queued', 'reading', 'planning']
/** The progress row is written at most this often. */
const PROGRESS_MS = 1000

export type DryRunOptions = {
  signal?: AbortSignal
  isSitePath?: (path: string) => boolean
  /** Progress writes at most every this many ms (tests: 0). */
  progressMs?: number
}

/** The dry run of an uploaded import, with what earlier imports stored (so a re-import plans "unchanged"). */
export async function planImport(
  db: Db,
  row: Record<string, unknown>,
  opts: DryRunOptions & {
    onRead?: (items: number) => Promise<void>
    onCounted?: (items: number) => Promise<void>
    onPlanned?: (items: number) => Promise<void>
  } = {},
): Promise<DryRun> {
  const { stored, owners } = await storedState(db)
  const mediaPath = row.media_path ? String(row.media_path) : null
  const mediaEntries = mediaPath ? await zipEntryNames(mediaPath).catch(() => [] as string[]) : []
  return walk({
    keepEntries: true,
    kind: String(row.kind) as SourceKind,
    file: String(row.file_path),
    name: String(row.file_name),
    stored: (k) => stored.get(k),
    slugOwner: (s) => owners.get(s),
    mediaEntries,
    isSitePath: opts.isSitePath ?? ((p) => catalogUrls().has(p.toLowerCase())),
    onRead: opts.onRead,
    onCounted: opts.onCounted,
    onItem: async (_item, _entry, _rewritten, index) => {
      opts.signal?.throwIfAborted()
      await opts.onPlanned?.(index)
    },
  })
}

export const storedDryRunOf = (plan: DryRun): StoredDryRun => ({
  at: nowIso(),
  entries: plan.entries,
  reconciliation: plan.reconciliation,
  redirects: plan.redirects.length,
  redirectsSkipped: plan.redirectsSkipped.length,
  linkRewrites: [...plan.linkRewrites.values()].reduce((a, b) => a + b, 0),
  images: { found: plan.images.size, missing: plan.missingImages },
})

/**
 * Runs the dry run of import `importId`, writing its progress (at most once a second) and then
 * its result on the row. A file the readers refuse leaves the dry run "failed" with the reason
 * (and answers null); any other error is thrown for the runner to retry.
 */
export async function runDryRunJob(db: Db, importId: number, opts: DryRunOptions = {}): Promise<StoredDryRun | null> {
  const row = (await db('blog_imports').where({ id: importId }).first()) as Record<string, unknown> | undefined
  if (!row) throw new Error(`blog import ${importId} does not exist`)
  const every = opts.progressMs ?? PROGRESS_MS
  const update = (values: Record<string, unknown>) =>
    db('blog_imports')
      .where({ id: importId })
      .update({ ...values, updated_at: nowIso() })
  let last = 0
  const progress = async (values: Record<string, unknown>) => {
    const now = performance.now()
    if (now - last < every) return
    last = now
    await update(values)
  }
  await update({ dry_run_status: 'reading', dry_run_done: 0, dry_run_total: 0, dry_run_error: null })
  let total = 0
  let plan: DryRun
  try {
    plan = await planImport(db, row, {
      ...opts,
      onRead: (items) => progress({ dry_run_done: items }),
      onCounted: async (items) => {
        total = items
        last = performance.now()
        await update({ dry_run_status: 'planning', dry_run_done: 0, dry_run_total: items })
      },
      onPlanned: (items) => progress({ dry_run_done: items }),
    })
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error
    await update({ dry_run_status: 'failed', dry_run_error: error.message.slice(0, 2000) })
    return null
  }
  const stored = storedDryRunOf(plan)
  // The phase moves from "uploaded" to "planned"; an import that ran keeps its own phase.
  const current = await db('blog_imports').where({ id: importId }).first('status', 'phase')
  await update({
    dry_run: JSON.stringify(stored),
    dry_run_status: 'done',
    dry_run_done: total,
    dry_run_total: total,
    phase: current?.status === 'uploaded' ? 'planned' : current?.phase,
  })
  return stored
}

export const blogDryRunJob = defineJob({
  type: 'blog.dry-run',
  payload: z.object({ importId: z.number().int().positive() }),
  maxAttempts: 2,
  backoff: { baseMs: 10_000, maxMs: 60_000 },
  timeoutMs: 30 * 60_000,
  async handler({ importId }, ctx) {
    try {
      await runDryRunJob(ctx.deps.db, importId, { signal: ctx.signal })
    } catch (error) {
      await ctx.deps
        .db('blog_imports')
        .where({ id: importId })
        .update({
          dry_run_status: ctx.lastAttempt ? 'failed' : 'queued',
          dry_run_error: String((error as Error).message ?? error).slice(0, 2000),
          updated_at: nowIso(),
        })
      throw error
    }
  },
})

/** The stored dry run of a row, if any. */
export const storedDryRun = (row: Record<string, unknown>) => fromJson<StoredDryRun>(row.dry_run)
