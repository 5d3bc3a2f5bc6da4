// The inventory as the server keeps it: the build's dist/cms-inventory.json with the incremental
// publisher's updates (re-read when either file changes), the overrides from the database, and views and leads of the last 30 days (one grouped
// query each, cached for STATS_TTL_MS). Computed rows are cached until the inventory file, the
// overrides (their count and latest update: one indexed aggregate per request, so another
// instance's save shows at once) or the stats change.
import fs from 'node:fs'
import path from 'node:path'
import type { CmsPage } from '../../shared/cms.ts'
import { sitemapXml } from '../../scripts/build/sitemap.ts'
import type { Db } from '../db/knex.ts'
import { readOverrides } from '../db/queries/pageOverrides.ts'
import { writeAtomically } from '../feeds/writeFeeds.ts'
import { refreshStaticFiles } from '../middleware/staticSite.ts'
import { effectiveHead, isIndexable, setHead } from './headOverride.ts'
import {
  computeRows,
  inventoryFileOf,
  inventoryUpdatesFileOf,
  mergeInventory,
  readInventoryUpdates,
  type InventoryFile,
  type Override,
  type Stats,
} from './inventory.ts'

const STATS_TTL_MS = 5 * 60_000
const DAY_MS = 86_400_000

export type CmsStore = ReturnType<typeof createCmsStore>

/** The HTML file of a catalog URL inside the built site. */
export const htmlRelOf = (url: string) => (url === '/' ? '/index.html' : `${url}/index.html`)

export function createCmsStore(db: Db, staticDir: string) {
  const file = inventoryFileOf(staticDir)
  const updatesFile = inventoryUpdatesFileOf(file)
  // The build's file (10,000 pages: parsed again only when a build replaces it) and the
  // publisher's small updates file beside it (decision 103), merged when either changes.
  let base: { mtimeMs: number; data: InventoryFile } | null = null
  let inventory: { stamp: string; data: InventoryFile; byUrl: Map<string, InventoryFile['pages'][number]> } | null = null
  let rows: { signature: string; rows: CmsPage[]; byUrl: Map<string, CmsPage> } | null = null
  let stats: { at: number; value: Stats } | null = null

  const mtimeOf = (f: string) => {
    try {
      return fs.statSync(f).mtimeMs
    } catch {
      return null
    }
  }

  function loadInventory(): InventoryFile | null {
    const mtimeMs = mtimeOf(file)
    if (mtimeMs === null) {
      base = inventory = null
      return null
    }
    const stamp = `${mtimeMs}|${mtimeOf(updatesFile)}`
    if (!inventory || inventory.stamp !== stamp) {
      if (!base || base.mtimeMs !== mtimeMs) base = { mtimeMs, data: JSON.parse(fs.readFileSync(file, 'utf8')) as InventoryFile }
      const data = mergeInventory(base.data, readInventoryUpdates(file))
      inventory = { stamp, data, byUrl: new Map(data.pages.map((p) => [p.url, p])) }
      rows = null
    }
    return inventory.data
  }

  async function loadStats(now: number): Promise<Stats> {
    if (stats && now - stats.at < STATS_TTL_MS) return stats.value
    const since = new Date(now - 30 * DAY_MS)
    try {
      const [views, leads] = await Promise.all([
        db('events').select('path').count({ n: '*' }).where('type', 'page_view').andWhere('received_at', '>=', since).groupBy('path'),
        db('leads').select('landing_page').count({ n: '*' }).where('created_at', '>=', since).andWhere('is_spam', false).groupBy('landing_page'),
      ])
      const byPath = (list: Record<string, unknown>[], key: string) => {
        const map = new Map<string, number>()
        for (const r of list) {
          let p = String(r[key] ?? '')
          try {
            p = new URL(p, 'http://x').pathname
          } catch {
            continue
          }
          p = p.length > 1 ? p.replace(/\/+$/, '').toLowerCase() : p
          map.set(p, (map.get(p) ?? 0) + Number(r.n))
        }
        return map
      }
      stats = { at: now, value: { views: byPath(views, 'path'), leads: byPath(leads, 'landing_page') } }
    } catch {
      stats = { at: now, value: null }
    }
    return stats.value
  }

  return {
    /** The built inventory, or null when the site has not been built. */
    inventory: loadInventory,
    async rows(now = Date.now()): Promise<{ rows: CmsPage[]; byUrl: Map<string, CmsPage> } | null> {
      const inv = loadInventory()
      if (!inv) return null
      const [mark, st] = await Promise.all([db('page_overrides').count({ n: '*' }).max({ last: 'updated_at' }).first(), loadStats(now)])
      const signature = `${inventory?.stamp}|${mark?.n}|${mark?.last instanceof Date ? mark.last.toISOString() : mark?.last}|${stats?.at}`
      if (rows && rows.signature === signature) return rows
      const overrides = await readOverrides(db)
      const computed = computeRows(inv, overrides as Map<string, Override>, st)
      rows = { signature, rows: computed, byUrl: new Map(computed.map((r) => [r.url, r])) }
      return rows
    },
    invalidate() {
      rows = null
    },
    page(url: string) {
      loadInventory()
      return inventory?.byUrl.get(url) ?? null
    },
    /**
     * Applies the current overrides of `url` to the served site at once: the page's head (same
     * setHead as the full build), sitemap.xml, their .gz/.br and the server's ETags. Returns the
     * files written. The full build does the same from the database, byte for byte.
     */
    async applyNow(url: string): Promise<{ written: string[]; ms: number }> {
      const started = performance.now()
      const inv = loadInventory()
      const page = inventory?.byUrl.get(url)
      if (!inv || !page) return { written: [], ms: 0 }
      const overrides = await readOverrides(db)
      const rel = htmlRelOf(url)
      const target = path.join(staticDir, rel.slice(1))
      const html = fs.readFileSync(target, 'utf8')
      const next = setHead(html, effectiveHead(page.head, overrides.get(url) ?? null, inv.siteUrl))
      const written: string[] = []
      if (next !== html) {
        writeAtomically(target, next)
        written.push(rel)
      }
      const sitemap = sitemapXml(
        inv.siteUrl,
        inv.pages.filter((p) => !p.isAlias && isIndexable(effectiveHead(p.head, overrides.get(p.url) ?? null, inv.siteUrl), inv.siteUrl + p.url)),
      )
      const sitemapFile = path.join(staticDir, 'sitemap.xml')
      if (!fs.existsSync(sitemapFile) || fs.readFileSync(sitemapFile, 'utf8') !== sitemap) {
        writeAtomically(sitemapFile, sitemap)
        written.push('/sitemap.xml')
      }
      refreshStaticFiles(staticDir, written)
      rows = null
      return { written, ms: Math.round(performance.now() - started) }
    },
  }
}
