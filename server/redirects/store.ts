// The compiled redirect table each server instance keeps in memory, and the batched hit counts.
// The table is rebuilt when the version in `redirects_version` changes: at once after a save in
// this process, and within CHECK_EVERY_MS for saves made by another instance. A request never
// waits for the database except the very first one.
import { RuleTable, type MatchType, type QueryMode, type RedirectRule } from '../../shared/redirects.ts'
import type { Db } from '../db/knex.ts'
import { nowIso, toBool, type Queryable } from '../db/rows.ts'
import { oneAtATime } from '../lib/periodicFlush.ts'
import { readYamlRules } from './yamlRules.ts'

export const CHECK_EVERY_MS = 2000

export type StoredRule = RedirectRule & { id: number; enabled: boolean; group: string }

export async function readVersion(db: Queryable): Promise<number> {
  const row = await db('redirects_version').select('version').where({ id: 1 }).first()
  return Number(row?.version ?? 0)
}

/** Marks the rule set changed (inside the writing transaction): every instance reloads. Returns the new version. */
export async function bumpVersion(db: Queryable): Promise<number> {
  await db('redirects_version').where({ id: 1 }).increment('version', 1)
  return readVersion(db)
}

const toStored = (r: Record<string, unknown>): StoredRule => ({
  id: Number(r.id),
  source: String(r.source),
  target: r.target == null ? null : String(r.target),
  status_code: Number(r.status_code),
  match_type: r.match_type as MatchType,
  query_mode: r.query_mode as QueryMode,
  enabled: toBool(r.enabled),
  group: String(r.group ?? ''),
})

export async function readRules(db: Queryable): Promise<StoredRule[]> {
  const rows = await db('redirects').select('id', 'source', 'target', 'status_code', 'match_type', 'query_mode', 'enabled', 'group').orderBy('id')
  return rows.map(toStored)
}

/** data/redirects.yaml, read once per process; a broken file fails the build, here it is skipped. */
let yamlRules: RedirectRule[] | null = null
export function contentRules(): RedirectRule[] {
  if (yamlRules) return yamlRules
  try {
    yamlRules = readYamlRules()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    yamlRules = []
  }
  return yamlRules
}

export class RedirectStore {
  version = -1
  rules: StoredRule[] = []
  table = new RuleTable([])
  private checkedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly db: Db,
    private readonly checkEveryMs = CHECK_EVERY_MS,
  ) {}

  /** Reloads the rules when the stored version differs from ours. */
  refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const version = await readVersion(this.db)
        this.checkedAt = Date.now()
        if (version === this.version) return
        this.install(await readRules(this.db), version)
      } finally {
        this.loading = null
      }
    })()
    return this.loading
  }

  private install(rules: StoredRule[], version: number) {
    this.rules = rules
    // Database rules first: staff can override a rule of data/redirects.yaml.
    this.table = new RuleTable([...rules, ...contentRules()])
    this.version = version
  }

  /**
   * After a save committed by this process: patch the cached rules instead of re-reading them,
   * when no other instance wrote in between (our version is the one before the save's).
   */
  async applySaved(version: number, changes: { saved?: Record<string, unknown>[]; deletedIds?: number[] }): Promise<void> {
    if (this.version !== version - 1 || this.loading) return this.refresh()
    const byId = new Map(this.rules.map((r) => [r.id, r]))
    for (const id of changes.deletedIds ?? []) byId.delete(id)
    for (const row of changes.saved ?? []) byId.set(Number(row.id), toStored(row))
    this.install(
      [...byId.values()].sort((a, b) => a.id - b.id),
      version,
    )
    this.checkedAt = Date.now()
  }

  /** The table for a request: the first call waits for the load, later ones refresh in the background. */
  async current(): Promise<RuleTable> {
    if (this.version < 0) await this.refresh()
    else if (Date.now() - this.checkedAt > this.checkEveryMs && !this.loading) this.refresh().catch(() => {})
    return this.table
  }

  /** The rules as of `version` read in the caller's transaction (the cached list when up to date). */
  async rulesAt(trx: Queryable): Promise<StoredRule[]> {
    const version = await readVersion(trx)
    if (version === this.version) return this.rules
    return readRules(trx)
  }
}

const stores = new WeakMap<Db, RedirectStore>()
export function redirectStore(db: Db): RedirectStore {
  let store = stores.get(db)
  if (!store) stores.set(db, (store = new RedirectStore(db)))
  return store
}

// ---- hit counts: counted in memory, written in one transaction per flush -----------------------

type Hits = Map<number, { count: number; last: number }>
const pendingHits = new WeakMap<Db, Hits>()

export function recordHit(db: Db, ruleId: number, at = Date.now(), count = 1) {
  let hits = pendingHits.get(db)
  if (!hits) pendingHits.set(db, (hits = new Map()))
  const entry = hits.get(ruleId)
  if (entry) {
    entry.count += count
    entry.last = Math.max(entry.last, at)
  } else hits.set(ruleId, { count, last: at })
}

/**
 * Writes the counted hits (one update per rule, one transaction); returns how many rules were
 * updated. One flush at a time per database, so an explicit flush sees the timer's rows committed.
 */
export const flushRedirectHits = oneAtATime(async (db: Db): Promise<number> => {
  const hits = pendingHits.get(db)
  if (!hits?.size) return 0
  pendingHits.set(db, new Map())
  const entries = [...hits].sort((a, b) => a[0] - b[0])
  try {
    await db.transaction(async (trx) => {
      for (const [id, { count, last }] of entries) {
        const at = nowIso(last)
        await trx('redirects')
          .where({ id })
          .update({
            hits: trx.raw('hits + ?', [count]),
            last_hit_at: trx.raw('case when last_hit_at is null or last_hit_at < ? then ? else last_hit_at end', [at, at]),
          })
      }
    })
  } catch (error) {
    // Put the counts back for the next flush rather than lose them.
    for (const [id, { count, last }] of entries) recordHit(db, id, last, count)
    throw error
  }
  return entries.length
})
