// `npm run audit`: Lighthouse (mobile, the default form factor) on one page of each page folder
// (a family, or a page of pages.yaml),
// served by the real server from the current build, in Debian's Chromium. Prints the four
// category scores, CLS, TBT and the JS each page loads (gzip KB, measured from the files the
// page actually requested). A report, not a test: it never fails on a score.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { pageKey } from '../data/catalog.ts'
import { getSiteContext } from '../pages/_shared/siteContext.ts'
import { loadEnv } from '../server/env.ts'
import { startServer } from '../server/index.ts'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist', 'client')
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error('Build the site first: npm run build')
  process.exit(1)
}

const { catalog } = getSiteContext()
const onePerPage = new Map<string, string>()
for (const entry of catalog.entries) if (!entry.isAlias && !onePerPage.has(pageKey(entry))) onePerPage.set(pageKey(entry), entry.url)
const only = process.argv.slice(2)
const targets = [...onePerPage.entries()].filter(([key, url]) => only.length === 0 || only.includes(key) || only.includes(url))

const env = loadEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', VAR_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'audit-')), NODE_ENV: 'test' })
const server = await startServer(env)
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})

const gzipKb = (urlPath: string) => {
  const file = path.join(clientDir, urlPath)
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024 : 0
}

console.log('page                         url                                        perf  a11y  best   seo    CLS    TBT  JS gzip KB')
try {
  for (const [key, url] of targets) {
    const result = await lighthouse(`http://127.0.0.1:${server.port}${url}`, { port: chrome.port, output: 'json', logLevel: 'error' })
    const lhr = result!.lhr
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType: string }[] } | undefined)?.items ?? []
    const jsKb = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + gzipKb(new URL(r.url).pathname), 0)
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0
    const tbt = lhr.audits['total-blocking-time']?.numericValue ?? 0
    console.log(
      `${key.padEnd(28)} ${url.slice(0, 42).padEnd(42)} ${String(score('performance')).padStart(4)} ${String(score('accessibility')).padStart(5)} ${String(score('best-practices')).padStart(5)} ${String(score('seo')).padStart(5)} ${cls.toFixed(3).padStart(6)} ${tbt.toFixed(0).padStart(6)} ${jsKb.toFixed(1).padStart(10)}`,
    )
    // A score of 0 with no failing audit is Lighthouse failing to measure (a trace or protocol
    // timeout on a loaded machine), not the page: say so, with the reason, instead of a bare 0.
    if (lhr.runtimeError) console.log(`    Lighthouse could not measure: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const unmeasured = Object.values(lhr.audits)
      .filter((a) => a.scoreDisplayMode === 'error')
      .map((a) => `${a.id} (${a.errorMessage ?? 'error'})`)
    if (unmeasured.length)
      console.log(`    not measured: ${unmeasured.slice(0, 4).join('; ')}${unmeasured.length > 4 ? ` and ${unmeasured.length - 4} more` : ''}`)
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const failing = lhr.categories[id].auditRefs.filter((ref) => (lhr.audits[ref.id]?.score ?? 1) < 1 && ref.weight > 0).map((ref) => ref.id)
      if (failing.length) console.log(`    ${id} below 100: ${failing.join(', ')}`)
    }
  }
} finally {
  chrome.kill()
  await server.close()
}
