// Pre-rendering on both cores: the build splits the catalog's URLs in two disjoint halves; a
// child process (this file run as a script) renders one half with vike's renderPage() while the
// build renders the other. Both run the same per-page code (renderPages below) on the same
// inputs, handed over with v8 serialization (Maps and Dates survive), so every file is the one
// the serial build writes. See docs/decisions/162-parallel-render.md.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import { pathToFileURL } from 'node:url'
import { setDbPosts, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { effectiveHead, setHead } from '../../server/cms/headOverride.ts'
import { pageFacts } from '../../server/cms/inventory.ts'
import type { PageOverrideRow } from '../../server/db/queries/pageOverrides.ts'
import { quickFacts, type QuickFacts } from './checkSite.ts'
import { planRedirects, type RedirectPlan } from './redirects.ts'

export type RenderedFacts = ReturnType<typeof pageFacts>

export type RenderOptions = {
  redirects: RedirectPlan
  overrides: Map<string, PageOverrideRow>
  /** Only these URLs are rendered (undefined: all). */
  only?: ReadonlySet<string>
  /** Whether this process writes the file vike rendered for this URL (the error page is
   * rendered by both processes and written by the build only). */
  writes: (url: string) => boolean
  /** Called after each file is written (the build's compressor). */
  onWritten?: (filePath: string, fileContent: string) => Promise<void>
  /** Called after each HTML page. */
  onPage?: () => void
}

/** The build's output folder, as vite.config.ts names it (vike's outDir). */
const root = path.resolve(import.meta.dirname, '../..')
const distDir = () => path.resolve(root, process.env.BUILD_OUT_DIR || 'dist')

/** The URL vike pre-renders the error page at (its 404.html). */
const ERROR_URL = '/404'

/** Where vike's prerender() writes a URL's HTML (its urlToFile: `/a` -> `/a/index.html`, the
 * error page -> `/404.html`). Catalog URLs are plain paths (no query, hash or trailing slash). */
const fileOf = (outDirClient: string, url: string) =>
  url === ERROR_URL ? path.join(outDirClient, '404.html') : path.join(outDirClient, url === '/' ? '' : url, 'index.html')

/**
 * Renders every catalog URL (and the error page) with vike's `renderPage()` over the server
 * bundle `vike build` wrote, and writes each page as the build always has: redirected links
 * rewritten, the CMS head override applied, facts kept for the checks and the inventory.
 *
 * Not vike's `prerender()` (decision 164): that resolves the Vite config and vike's config files
 * again (esbuild, Babel) and creates, routes and keeps a pageContext for every URL before the
 * first page renders, seconds of fixed cost, and then renders two pages at a time around
 * awaited file writes. `renderPage()` is the same route, data hook and onRenderHtml with the same
 * HTML injection: the pages are byte-identical (tests/site/incrementalPublish.test.ts compares
 * this build with the publisher, which still uses `prerender()`).
 */
export async function renderPages(opts: RenderOptions) {
  const ctx = getSiteContext({ share: true })
  const facts = new Map<string, QuickFacts>()
  const rendered = new Map<string, RenderedFacts>()
  const outDirClient = path.join(distDir(), 'client')
  // The server entry registers the bundle's pages, hooks and assets manifest with vike.
  await import(pathToFileURL(path.join(distDir(), 'server', 'entry.mjs')).href)
  const { renderPage } = await import('vike/server')
  const madeDirs = new Set<string>()
  let written: Promise<void> | undefined
  let done = 0
  const urls = ctx.catalog.entries.map((e) => e.url).filter((url) => (!opts.only || opts.only.has(url)) && opts.writes(url))
  if (opts.writes(ERROR_URL)) urls.push(ERROR_URL)
  for (const url of urls) {
    const isError = url === ERROR_URL
    const pageContext = await renderPage({ urlOriginal: url })
    const { httpResponse, errorWhileRendering } = pageContext as typeof pageContext & { errorWhileRendering?: unknown }
    if (errorWhileRendering) throw errorWhileRendering
    if (!httpResponse || httpResponse.statusCode !== (isError ? 404 : 200)) {
      throw new Error(
        `pre-rendering ${url} answered ${httpResponse ? `status ${httpResponse.statusCode}` : 'nothing'} (a redirect, an abort or no matching page)`,
      )
    }
    const filePath = fileOf(outDirClient, url)
    let fileContent = opts.redirects.rewrite(httpResponse.body)
    if (!isError) {
      // The inventory of /admin/cms keeps the page as rendered; a page override then sets its head.
      const own = pageFacts(fileContent)
      rendered.set(url, own)
      const override = opts.overrides.get(url)
      if (override) fileContent = setHead(fileContent, effectiveHead(own.head, override, ctx.siteUrl))
    }
    const dir = path.dirname(filePath)
    if (!madeDirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true })
      madeDirs.add(dir)
    }
    // Written synchronously: 27 KB into the page cache is cheaper than the thread pool's round trips.
    fs.writeFileSync(filePath, fileContent)
    // The compressor's add() waits on the thread pool (a stat, queued behind the gzip and brotli
    // jobs it started): it runs while the next page renders, one page behind, so its
    // back-pressure still holds.
    await written
    written = opts.onWritten?.(filePath, fileContent)
    written?.catch(() => {}) // handled here, awaited on the next page or after the last
    facts.set(url, quickFacts(fileContent))
    done++
    opts.onPage?.()
  }
  await written
  return { done, facts, rendered }
}

/** What the child needs to render exactly as the build: the same inputs, read once by the build. */
type ShardInput = {
  dataDir: string
  snapshot: DbPostsSnapshot | undefined
  rules: RedirectPlan['rules']
  overrides: Map<string, PageOverrideRow>
  urls: string[]
}
type ShardOutput = {
  done: number
  facts: Map<string, QuickFacts>
  rendered: Map<string, RenderedFacts>
  rewritten: number
  peakRssMb: number
}

/** Splits the catalog's URLs in two disjoint halves, alternating so each half has its share of
 * every page family. */
export function splitUrls(urls: readonly string[]): [Set<string>, Set<string>] {
  const halves: [Set<string>, Set<string>] = [new Set(), new Set()]
  urls.forEach((url, i) => halves[i % 2].add(url))
  return halves
}

/** Starts a child process that renders and writes `urls`; resolves with its facts. Killed if the
 * build exits first. */
export function startShard(input: ShardInput, onPage: () => void): Promise<ShardOutput> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-shard-'))
  const inFile = path.join(dir, 'in.bin')
  const outFile = path.join(dir, 'out.bin')
  fs.writeFileSync(inFile, v8.serialize(input))
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, inFile, outFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  })
  const killChild = () => child.kill()
  process.once('exit', killChild)
  // One line per page rendered, for the build's progress.
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    for (const c of chunk) if (c === '.') onPage()
  })
  return new Promise<ShardOutput>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (status) => {
      process.off('exit', killChild)
      try {
        if (status !== 0) reject(new Error(`pre-render worker failed (exit ${status})`))
        else resolve(v8.deserialize(fs.readFileSync(outFile)) as ShardOutput)
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [inFile, outFile] = process.argv.slice(2)
  const input = v8.deserialize(fs.readFileSync(inFile)) as ShardInput
  process.env.DATA_DIR = input.dataDir
  setDbPosts(input.snapshot)
  const only = new Set(input.urls)
  const redirects = planRedirects(input.rules)
  const result = await renderPages({
    redirects,
    overrides: input.overrides,
    only,
    writes: (url) => only.has(url),
    onPage: () => process.stdout.write('.'),
  })
  const output: ShardOutput = { ...result, rewritten: redirects.rewritten, peakRssMb: process.resourceUsage().maxRSS / 1024 }
  fs.writeFileSync(outFile, v8.serialize(output))
  process.exit(0)
}
