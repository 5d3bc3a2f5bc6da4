// The live catalog URLs (data/catalog.ts, the one list of public URLs), loaded once per process
// on the first redirect save: a rule may not hide one, and an internal target must be one.
// Published database posts (data/dbPosts.ts) count: the catalog is rebuilt when they change.
import { buildCatalog } from '../../data/catalog.ts'
import { getDbPosts, mergePosts } from '../../data/dbPosts.ts'
import { defaultDataDir, loadData, type SiteData } from '../../data/loadData.ts'

let files: { dir: string; data: SiteData } | null = null
let cached: { dir: string; version: number | undefined; urls: ReadonlySet<string> } | null = null

export function catalogUrls(dir = defaultDataDir): ReadonlySet<string> {
  const snapshot = getDbPosts()
  if (cached?.dir === dir && cached.version === snapshot?.version) return cached.urls
  if (files?.dir !== dir) files = { dir, data: loadData(dir) }
  const data = { ...files.data, posts: mergePosts(files.data.posts, snapshot) }
  const urls = new Set(buildCatalog(data).entries.map((e) => e.url.toLowerCase()))
  cached = { dir, version: snapshot?.version, urls }
  return urls
}
