// The reconciliation report: every item of the file counted once, by type and outcome (created,
// updated, unchanged, skipped with its reason, failed with its reason), plus asset coverage and
// the unknown markup kept as HTML. `total` equals the file's item count, and the report says so.
import type { PlanEntry } from './plan.ts'

export type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed' | 'asset'
export type Reconciliation = {
  fileItems: number
  total: number
  addsUp: boolean
  byType: Record<string, Record<Outcome, number>>
  byOutcome: Record<Outcome, number>
  skipped: Array<{ location: string; title: string; reason: string }>
  failed: Array<{ location: string; title: string; reason: string }>
  assets: { referenced: number; found: number; missing: string[] }
  unknownMarkup: Record<string, number>
}

const OUTCOME: Record<PlanEntry['action'], Outcome> = { create: 'created', update: 'updated', unchanged: 'unchanged', skip: 'skipped', asset: 'asset' }
const zero = (): Record<Outcome, number> => ({ created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, asset: 0 })

export function createReconciliation() {
  const r: Reconciliation = {
    fileItems: 0,
    total: 0,
    addsUp: true,
    byType: {},
    byOutcome: zero(),
    skipped: [],
    failed: [],
    assets: { referenced: 0, found: 0, missing: [] },
    unknownMarkup: {},
  }
  const referenced = new Set<string>()
  const missing = new Set<string>()
  return {
    /** One item of the file: its plan entry, or the failure that stopped it. */
    add(entry: PlanEntry, failure?: string) {
      const outcome: Outcome = failure ? 'failed' : OUTCOME[entry.action]
      const type = entry.itemType
      r.byType[type] ??= zero()
      r.byType[type][outcome]++
      r.byOutcome[outcome]++
      r.total++
      if (outcome === 'skipped') r.skipped.push({ location: entry.location, title: entry.title, reason: entry.reason })
      if (outcome === 'failed') r.failed.push({ location: entry.location, title: entry.title, reason: failure! })
      for (const w of entry.warnings) {
        if (!w.startsWith('kept as HTML: ')) continue
        for (const name of w.slice('kept as HTML: '.length).split(', ')) r.unknownMarkup[name] = (r.unknownMarkup[name] ?? 0) + 1
      }
    },
    image(url: string, found: boolean) {
      if (referenced.has(url)) return
      referenced.add(url)
      if (!found) missing.add(url)
    },
    finish(fileItems: number): Reconciliation {
      r.fileItems = fileItems
      r.addsUp = r.total === fileItems
      r.assets = { referenced: referenced.size, found: referenced.size - missing.size, missing: [...missing].sort() }
      return r
    },
  }
}
