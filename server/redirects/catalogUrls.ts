// The live catalog URLs (data/catalog.ts, the one list of public URLs), loaded once per process
// on the first redirect save: a rule may not hide one, and an internal target must be one.
import { buildCatalog } from '../../data/catalog.ts'
import { defaultDataDir, loadData } from '../../data/loadData.ts'

let cached: { dir: string; urls: ReadonlySet<string> } | null = null

export function catalogUrls(dir = defaultDataDir): ReadonlySet<string> {
  if (cached?.dir === dir) return cached.urls
  const urls = new Set(buildCatalog(loadData(dir)).entries.map((e) => e.url.toLowerCase()))
  cached = { dir, urls }
  return urls
}
