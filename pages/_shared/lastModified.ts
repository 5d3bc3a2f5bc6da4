// lastmod for sitemap.xml: the last commit that touched a page's data files. A fresh clone has
// no meaningful file mtimes, so git is the honest source; outside git, the files' mtimes.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { defaultDataDir } from '../../data/loadData.ts'

export function lastModified(dataDir = defaultDataDir) {
  const cache = new Map<string, string>()
  const ofFile = (source: string): string => {
    let date = cache.get(source)
    if (date) return date
    const full = path.join(dataDir, source)
    try {
      date = execFileSync('git', ['log', '-1', '--format=%cs', '--', full], { cwd: dataDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    } catch {
      date = ''
    }
    // Not committed yet (or not in git): the file's own modification time.
    if (!date) date = fs.existsSync(full) ? fs.statSync(full).mtime.toISOString().slice(0, 10) : new Date().toISOString().slice(0, 10)
    cache.set(source, date)
    return date
  }
  return (sources: string[]) => sources.map(ofFile).sort().at(-1) ?? new Date().toISOString().slice(0, 10)
}
