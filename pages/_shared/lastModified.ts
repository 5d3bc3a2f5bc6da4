// lastmod for sitemap.xml: the last commit that touched a page's data files. A fresh clone has
// no meaningful file mtimes, so git is the honest source; outside git, the files' mtimes.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { defaultDataDir } from '../../data/loadData.ts'

/** The date of the last commit that touched each file under dataDir (paths relative to it), from
 * one `git log` walk: a file's first appearance, newest first, is what `git log -1 -- file` gives.
 * One process instead of one per data file (~1 s of the build's start-up for ~40 files). Empty
 * outside a git work tree. */
export function commitDates(dataDir: string): Map<string, string> {
  const dates = new Map<string, string>()
  let log: string
  try {
    log = execFileSync('git', ['-c', 'core.quotepath=off', 'log', '--format=%x00%cs', '--name-only', '--relative', '--', '.'], {
      cwd: dataDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    })
  } catch {
    return dates
  }
  for (const commit of log.split('\0')) {
    const [date, ...files] = commit.split('\n')
    for (const file of files) if (file && !dates.has(file)) dates.set(file, date)
  }
  return dates
}

export function lastModified(dataDir = defaultDataDir) {
  let committed: Map<string, string> | undefined
  const cache = new Map<string, string>()
  const ofFile = (source: string): string => {
    let date = cache.get(source)
    if (date) return date
    committed ??= commitDates(dataDir)
    const full = path.join(dataDir, source)
    const rel = path.relative(dataDir, full).split(path.sep).join('/')
    date = committed.get(rel)
    // A folder (the tag pages' `blog`): its newest file, as `git log -1 -- <folder>` answers.
    if (!date) for (const [file, d] of committed) if ((rel === '' || file.startsWith(`${rel}/`)) && (!date || d > date)) date = d
    // Not committed yet (or not in git): the file's own modification time.
    if (!date) date = fs.existsSync(full) ? fs.statSync(full).mtime.toISOString().slice(0, 10) : new Date().toISOString().slice(0, 10)
    cache.set(source, date)
    return date
  }
  return (sources: string[]) => sources.map(ofFile).sort().at(-1) ?? new Date().toISOString().slice(0, 10)
}
