// `npm run build`: validates data/, builds the client and server bundles, pre-renders every
// catalog URL into dist/client with progress output, writes generated assets, sitemap.xml and
// robots.txt, checks every page (links, duplicates, head), and precompresses the output.
import fs from 'node:fs'
import path from 'node:path'
import { prerender } from 'vike/api'
import { AggregateDataError, DataError, defaultDataDir } from '../data/loadData.ts'
import { setDbPosts } from '../data/dbPosts.ts'
import { getSiteContext } from '../pages/_shared/siteContext.ts'
import { readBuildSnapshot } from '../server/posts/snapshot.ts'
import { runStep } from './build/steps.ts'
import { writeAssets } from './build/assets.ts'
import { writeChatbotIndex } from './build/chatbotIndex.ts'
import { checkSite, quickFacts, type QuickFacts } from './build/checkSite.ts'
import { precompress } from './build/precompress.ts'
import { writeSitemap } from './build/sitemap.ts'
import { finishRedirects, prepareRedirects } from './build/redirects.ts'

export const root = path.resolve(import.meta.dirname, '..')
/** BUILD_OUT_DIR lets the benchmark build a synthetic site without touching dist/. */
export const distDir = path.resolve(root, process.env.BUILD_OUT_DIR || 'dist')
export const outDir = path.join(distDir, 'client')

type PrerenderedPage = {
  urlOriginal: string
  data?: unknown
  pageHtmlString?: string
  _prerenderResult: { filePath: string; fileContent: string }
  _prerenderContext?: { output?: { pageContext: unknown; fileContent: string }[] }
}

/** Vike keeps every page's HTML and data until pre-rendering ends (prerenderContext.output);
 * we have already written the file, so drop our copies to keep a 10,000-page build's memory
 * flat. Private fields: if vike renames them this only stops saving memory. */
function releasePage(pageContext: PrerenderedPage) {
  const output = pageContext._prerenderContext?.output
  const written = output?.findLast((o) => o.pageContext === pageContext)
  if (written) written.fileContent = ''
  pageContext._prerenderResult.fileContent = ''
  pageContext.pageHtmlString = ''
  pageContext.data = undefined
}

function fail(error: unknown): never {
  if (error instanceof AggregateDataError || error instanceof DataError) {
    console.error(`\nBuild stopped: a data file is invalid.\n${error.message}`)
  } else {
    console.error(error)
  }
  process.exit(1)
}

export async function buildSite({ quiet = false } = {}) {
  const started = performance.now()
  // The pre-render hooks run from the bundled server code, where import.meta.url no longer
  // points into data/: tell them where the data is.
  process.env.DATA_DIR ||= defaultDataDir
  const log = (line: string) => quiet || console.log(line)
  setDbPosts(await readBuildSnapshot(root, log))
  const ctx = (() => {
    try {
      return getSiteContext()
    } catch (error) {
      fail(error)
    }
  })()
  const total = ctx.catalog.entries.length
  log(`data OK: ${total} URLs in the catalog`)

  const redirects = await prepareRedirects(root, new Set(ctx.catalog.entries.map((e) => e.url)), log)
  fs.rmSync(distDir, { recursive: true, force: true })
  const bundles = runStep('bundles', ['', quiet ? 'quiet' : ''])
  log(`bundles built in ${bundles.seconds.toFixed(1)} s`)

  let done = 0
  const renderStart = performance.now()
  const step = Math.max(25, Math.round(total / 10))
  const facts = new Map<string, QuickFacts>()
  await prerender({
    viteConfig: { logLevel: 'warn' },
    onPagePrerender: async (pageContext: PrerenderedPage) => {
      const { filePath, fileContent: rendered } = pageContext._prerenderResult
      const fileContent = filePath.endsWith('.html') ? redirects.rewrite(rendered) : rendered
      await fs.promises.mkdir(path.dirname(filePath), { recursive: true })
      await fs.promises.writeFile(filePath, fileContent)
      if (!filePath.endsWith('.html')) return
      facts.set(pageContext.urlOriginal, quickFacts(fileContent))
      releasePage(pageContext)
      done++
      if (done % step === 0 || done === total) {
        const seconds = (performance.now() - renderStart) / 1000
        const { rss, heapUsed } = process.memoryUsage()
        log(
          `  pre-rendered ${done}/${total} pages, ${(done / seconds).toFixed(0)} pages/s (heap ${(heapUsed / 2 ** 20).toFixed(0)} MB, RSS ${(rss / 2 ** 20).toFixed(0)} MB)`,
        )
      }
    },
  })
  const renderSeconds = (performance.now() - renderStart) / 1000

  const phase = (name: string, since: number) => log(`  ${name} in ${((performance.now() - since) / 1000).toFixed(1)} s`)
  let since = performance.now()
  await writeAssets(ctx, outDir)
  writeSitemap(ctx, outDir)
  writeChatbotIndex(ctx, outDir)
  finishRedirects(redirects, outDir, log)
  phase('assets and sitemap', since)
  since = performance.now()
  const problems = checkSite(ctx, outDir, facts)
  phase(`checked ${facts.size} pages`, since)
  if (problems.length) {
    console.error(
      `\nBuild failed: ${problems.length} problem(s) in the pre-rendered pages:\n${problems
        .slice(0, 50)
        .map((p) => `  - ${p}`)
        .join('\n')}`,
    )
    process.exit(1)
  }
  const admin = runStep('admin', [outDir, quiet ? 'quiet' : ''])
  log(`  admin built in ${admin.seconds.toFixed(1)} s (${((admin.jsBytes ?? 0) / 1024).toFixed(0)} KiB of JS)`)
  since = performance.now()
  const compressed = await precompress(outDir)
  phase('precompressed', since)
  const totalSeconds = (performance.now() - started) / 1000
  const pagesPerSecond = done / renderSeconds
  // The highest of the three processes: bundling, pre-rendering (this one) and the admin build.
  const peakRssMb = Math.max(process.resourceUsage().maxRSS / 1024, bundles.peakRssMb, admin.peakRssMb)
  log(
    `pre-rendered ${done} pages in ${renderSeconds.toFixed(1)} s (${pagesPerSecond.toFixed(0)} pages/s); ${compressed} files precompressed; total ${totalSeconds.toFixed(1)} s; peak RSS ${peakRssMb.toFixed(0)} MB`,
  )
  return { pages: done, renderSeconds, totalSeconds, pagesPerSecond, peakRssMb }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildSite({ quiet: process.argv.includes('--json') })
    .then((result) => process.argv.includes('--json') && console.log(JSON.stringify(result)))
    .catch(fail)
}
