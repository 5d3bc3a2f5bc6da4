// sitemap.xml's lastmod: the last commit that touched a page's data files (one `git log` walk for
// the whole data folder), the file's mtime when it is not committed or not in git.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirs } from '../../tests/tempDirs.ts'
import { commitDates, lastModified } from './lastModified.ts'

const tmp = tempDirs('lastmod')

function commit(repo: string, date: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, name)), { recursive: true })
    fs.writeFileSync(path.join(repo, name), text)
  }
  const env = { ...process.env, GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: repo, env, stdio: 'ignore' })
  git('add', '-A')
  git('commit', '-q', '-m', `edit on ${date}`)
}

describe('lastModified', () => {
  it('dates each data file by the last commit that touched it, under a data folder inside the repository', () => {
    const repo = tmp('repo')
    execFileSync('git', ['init', '-q'], { cwd: repo })
    commit(repo, '2026-01-10', { 'data/cities.yaml': 'a', 'data/blog/first post.md': 'x', 'README.md': 'r' })
    commit(repo, '2026-03-02', { 'data/cities.yaml': 'b' })
    commit(repo, '2026-04-20', { 'README.md': 'r2' })
    const dataDir = path.join(repo, 'data')
    expect(Object.fromEntries(commitDates(dataDir))).toEqual({ 'cities.yaml': '2026-03-02', 'blog/first post.md': '2026-01-10' })

    fs.writeFileSync(path.join(dataDir, 'new.yaml'), 'not committed')
    const when = new Date('2026-05-05T10:00:00Z')
    fs.utimesSync(path.join(dataDir, 'new.yaml'), when, when)
    const lastmod = lastModified(dataDir)
    expect(lastmod(['cities.yaml'])).toBe('2026-03-02')
    expect(lastmod(['blog/first post.md', 'cities.yaml'])).toBe('2026-03-02')
    expect(lastmod(['blog/first post.md'])).toBe('2026-01-10')
    expect(lastmod(['new.yaml', 'cities.yaml'])).toBe('2026-05-05')
    // A folder: its newest committed file.
    commit(repo, '2026-06-01', { 'data/blog/second.md': 'y' })
    expect(lastModified(dataDir)(['blog'])).toBe('2026-06-01')
  })

  it('uses the files’ modification times outside a git work tree', () => {
    const dataDir = tmp('plain')
    fs.writeFileSync(path.join(dataDir, 'site.yaml'), 'x')
    const when = new Date('2025-12-24T10:00:00Z')
    fs.utimesSync(path.join(dataDir, 'site.yaml'), when, when)
    expect(commitDates(dataDir).size).toBe(0)
    expect(lastModified(dataDir)(['site.yaml'])).toBe('2025-12-24')
  })
})
