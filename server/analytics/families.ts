// Per-family daily rollups for /admin/web-analytics (docs/decisions/114): the `page` rollup figures,
// the page details and the web-vital histograms of a UTC day, summed per template family of the last
// build's inventory (dist/cms-inventory.json, the file /admin/cms reads). Written by rollupDay after
// the day's per-page rows; rewritten for every rolled-up day when the inventory changes (a new build
// can move URLs between families), so daily family rows always follow the current build.
import fs from 'node:fs'
import { inventoryFileOf, inventoryUpdatesFileOf, mergeInventory, readInventoryUpdates, type InventoryFile } from '../cms/inventory.ts'
import { fillTotals } from './pageTotals.ts'
import type { Queryable } from '../db/rows.ts'
import { chunk } from '../db/rows.ts'
import { PAGE_COLUMNS, type PageDetail } from './pageDetails.ts'
import { METRICS, type Figures } from './rollup.ts'

/** The family of paths that are not in the last build's inventory (old URLs, 404s). */
export const OUTSIDE_BUILD = '(not in the last build)'

export type FamilyLookup = { familyOf: (path: string) => string; signature: string; pagesOf: (family: string) => number | null }

/** A path's family through an inventory: trailing slashes dropped, then exact, then lower case. */
export function familyLookupOf(pages: { url: string; family: string }[], signature: string): FamilyLookup {
  const byUrl = new Map(pages.map((p) => [p.url, p.family]))
  const counts = new Map<string, number>()
  for (const p of pages) counts.set(p.family, (counts.get(p.family) ?? 0) + 1)
  return {
    familyOf: (path) => {
      const bare = path.length > 1 ? path.replace(/\/+$/, '') : path
      return (byUrl.get(bare) ?? byUrl.get(bare.toLowerCase()) ?? OUTSIDE_BUILD).slice(0, 60)
    },
    signature,
    pagesOf: (family) => counts.get(family) ?? null,
  }
}

const cache = new Map<string, { mtimeMs: string; lookup: FamilyLookup }>()

/** The family lookup of the build in `staticDir` with the incremental publisher's updates
 * (decision 103; re-read when either inventory file changes). */
export function familyLookupFor(staticDir: string): FamilyLookup {
  const file = inventoryFileOf(staticDir)
  let mtimeMs = ''
  try {
    mtimeMs = String(fs.statSync(file).mtimeMs)
  } catch {
    return familyLookupOf([], 'none')
  }
  try {
    mtimeMs += `|${fs.statSync(inventoryUpdatesFileOf(file)).mtimeMs}`
  } catch {
    // no publish since the build
  }
  const hit = cache.get(file)
  if (hit && hit.mtimeMs === mtimeMs) return hit.lookup
  let lookup: FamilyLookup
  try {
    const data = mergeInventory(JSON.parse(fs.readFileSync(file, 'utf8')) as InventoryFile, readInventoryUpdates(file))
    lookup = familyLookupOf(data.pages ?? [], `${data.builtAt ?? ''}|${(data.pages ?? []).length}`)
  } catch {
    lookup = familyLookupOf([], 'unreadable')
  }
  cache.set(file, { mtimeMs, lookup })
  return lookup
}

type FamilyRow = { family: string; pages: number } & Figures & PageDetail

/** Rewrites one UTC day's family rows from that day's per-page daily rows. */
export async function rollupFamilyDay(db: Queryable, day: number, familyOf: (path: string) => string): Promise<void> {
  // One after the other: `db` is the rollup's transaction (one client).
  const figures = (await db('analytics_daily')
    .where({ day, dim: 'page' })
    .select('key', ...METRICS)) as ({ key: string } & Figures)[]
  const details = (await db('analytics_page_daily')
    .where({ day })
    .select('path', ...PAGE_COLUMNS)) as ({ path: string } & PageDetail)[]
  const vitals = (await db('analytics_vitals_daily').where({ day }).select('path', 'metric', 'bucket', 'n')) as {
    path: string
    metric: string
    bucket: number | string
    n: number | string
  }[]
  const rows = new Map<string, FamilyRow>()
  const pagesSeen = new Map<string, Set<string>>()
  const at = (path: string) => {
    const family = familyOf(path)
    let row = rows.get(family)
    if (!row) {
      row = { family, pages: 0 } as FamilyRow
      for (const c of [...METRICS, ...PAGE_COLUMNS]) row[c] = 0
      rows.set(family, row)
      pagesSeen.set(family, new Set())
    }
    pagesSeen.get(family)!.add(path)
    return row
  }
  for (const r of figures) {
    const row = at(r.key)
    for (const m of METRICS) row[m] += Number(r[m] ?? 0)
  }
  for (const r of details) {
    const row = at(r.path)
    for (const c of PAGE_COLUMNS) row[c] += Number(r[c] ?? 0)
  }
  const hist = new Map<string, { family: string; metric: string; bucket: number; n: number }>()
  for (const v of vitals) {
    const family = familyOf(v.path)
    const key = `${family}\u0001${v.metric}\u0001${v.bucket}`
    const h = hist.get(key) ?? { family, metric: v.metric, bucket: Number(v.bucket), n: 0 }
    h.n += Number(v.n)
    hist.set(key, h)
  }
  for (const [family, seen] of pagesSeen) rows.get(family)!.pages = seen.size
  await db('analytics_family_daily').where({ day }).delete()
  await db('analytics_family_vitals_daily').where({ day }).delete()
  for (const part of chunk([...rows.values()], 100)) await db('analytics_family_daily').insert(part.map((r) => ({ day, ...r })))
  for (const part of chunk([...hist.values()], 200)) await db('analytics_family_vitals_daily').insert(part.map((h) => ({ day, ...h })))
}

export const FAMILY_SIGNATURE_KEY = 'rollup.family_signature'

/**
 * When the build's inventory changed since the family rows were written, rewrites the family rows of
 * every day that has per-page rows (one day at a time). Answers the days rewritten.
 */
export async function refreshFamilies(db: Queryable, lookup: FamilyLookup): Promise<number> {
  const stored = await db('analytics_state').where({ key: FAMILY_SIGNATURE_KEY }).first('value')
  if (stored?.value === lookup.signature) return 0
  const days = (await db('analytics_daily').where({ dim: 'total' }).distinct('day').orderBy('day')) as { day: number | string }[]
  for (const d of days) await rollupFamilyDay(db, Number(d.day), lookup.familyOf)
  // The family histograms' running totals (decision 184) follow the rewritten days.
  if (days.length) await db.transaction((trx) => fillTotals(trx, ['analytics_family_vitals_daily']))
  await db('analytics_state').insert({ key: FAMILY_SIGNATURE_KEY, value: lookup.signature }).onConflict('key').merge()
  return days.length
}
