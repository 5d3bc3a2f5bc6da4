// Pre-rendering on both cores: the build splits the catalog's URLs in two disjoint halves; a
// child process (this file run as a script) renders one half with vike's prerender() while the
// build renders the other. Both run the same per-page code (renderPages below) on the same
// inputs, handed over with v8 serialization (Maps and Dates survive), so every file is the one
// the serial build writes. See docs/decisions/162-parallel-render.md.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import { prerender } from 'vike/api'
import { setDbPosts, setRenderOnly, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { effectiveHead, setHead } from '../../server/cms/headOverride.ts'
import { pageFacts } from '../../server/cms/inventory.ts'
import type { PageOverrideRow } from '../../server/db/queries/pageOverrides.ts'
import { quickFacts, type QuickFacts } from './checkSite.ts'
import { planRedirects, type RedirectPlan } from './redirects.ts'

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

/** Pre-renders with vike and writes each page as the build always has: redirected links
 * rewritten, the CMS head override applied, facts kept for the checks and the inventory. */
export async function renderPages(opts: RenderOptions) {
  const ctx = getSiteContext({ share: true })
  const facts = new Map<string, QuickFacts>()
  const rendered = new Map<string, RenderedFacts>()
  let done = 0
  setRenderOnly(opts.only)
  try {
    await prerender({
      viteConfig: { logLevel: 'warn' },
      onPagePrerender: async (pageContext: PrerenderedPage) => {
        if (!opts.writes(pageContext.urlOriginal)) return releasePage(pageContext)
        const { filePath, fileContent: html } = pageContext._prerenderResult
        let fileContent = filePath.endsWith('.html') ? opts.redirects.rewrite(html) : html
        if (filePath.endsWith('.html') && ctx.catalog.byUrl.has(pageContext.urlOriginal)) {
          // The inventory of /admin/cms keeps the page as rendered; a page override then sets its head.
          const own = pageFacts(fileContent)
          rendered.set(pageContext.urlOriginal, own)
          const override = opts.overrides.get(pageContext.urlOriginal)
          if (override) fileContent = setHead(fileContent, effectiveHead(own.head, override, ctx.siteUrl))
        }
        await fs.promises.mkdir(path.dirname(filePath), { recursive: true })
        await fs.promises.writeFile(filePath, fileContent)
        await opts.onWritten?.(filePath, fileContent)
        if (!filePath.endsWith('.html')) return
        facts.set(pageContext.urlOriginal, quickFacts(fileContent))
        releasePage(pageContext)
        done++
        opts.onPage?.()
      },
    })
  } finally {
    setRenderOnly(undefined)
  }
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
