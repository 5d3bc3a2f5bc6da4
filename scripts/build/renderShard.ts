// Pre-rendering on both cores: a child process (this file run as a script) starts while the
// bundles build, loads its modules and parses the data, then it and the build claim chunks of the
// catalog's URLs from one queue (work stealing) and render them with vike's prerender(). Both run
// the same per-page code (renderPages below) on the same inputs, handed over with v8
// serialization (Maps and Dates survive), so every file is the one the serial build writes.
// See docs/decisions/162-parallel-render.md and 170-parallel-render-default.md.
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
export type ShardInput = {
  dataDir: string
  snapshot: DbPostsSnapshot | undefined
  rules: RedirectPlan['rules']
  overrides: Map<string, PageOverrideRow>
}
export type ShardOutput = {
  done: number
  facts: Map<string, QuickFacts>
  rendered: Map<string, RenderedFacts>
  rewritten: number
  peakRssMb: number
  /** The files it wrote (pages and their pageContext JSON), for the build's compressor. */
  written: string[]
  /** vike's temporary config files it wrote (the build deletes them). */
  vikeTempFiles: string[]
  /** Seconds from its spawn to ready (modules loaded, data parsed) and CPU seconds it used. */
  readySeconds: number
  cpuSeconds: number
}

/** Smallest share of URLs handed out at once: each vike prerender() call costs about 60–100 ms of
 * CPU besides its pages (it resolves vike's config again and renders the error page), about 20
 * pages' worth (decision 170). */
const MIN_CHUNK = 100

/** Work stealing over the catalog's URLs: each renderer (this process and the child) claims the
 * next contiguous chunk when it is free, so both finish together whatever the start-up or the load
 * of each. Chunks shrink as the queue empties (guided self-scheduling: half of what is left for
 * two renderers, never below MIN_CHUNK), so there are few prerender() calls and a small tail. */
export function urlQueue(urls: readonly string[], workers = 2, minChunk = MIN_CHUNK) {
  let next = 0
  return {
    claim(): string[] | undefined {
      const left = urls.length - next
      if (left <= 0) return undefined
      const size = Math.min(left, Math.max(minChunk, Math.ceil(left / workers)))
      const chunk = urls.slice(next, next + size)
      next += size
      return chunk
    },
  }
}

type ToChild = { type: 'chunk'; urls: string[] } | { type: 'done' }
type FromChild = { type: 'ready' } | { type: 'claim' } | { type: 'result'; output: ShardOutput }

/** vike's temporary config files. On every prerender() call vike transpiles each +config,
 * +route… file to `<file>.build-<content hash>.mjs` beside it, imports it and deletes it: two
 * processes doing that at once delete (or truncate, by writing it again) the file the other is
 * importing (ENOENT, or an empty module). In both renderers these files are written atomically
 * (a file of the process's own, renamed over) and left in place; the build deletes them when the
 * pre-render is over. Once a process has imported them they come from its import cache. */
const vikeTempFile = /\.build-[a-z0-9]{12}\.mjs$/

export function shareVikeTempFiles({ owner = true } = {}) {
  const { writeFileSync, unlinkSync } = fs
  const files = new Set<string>()
  fs.writeFileSync = ((file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView, options?: fs.WriteFileOptions) => {
    if (typeof file !== 'string' || !vikeTempFile.test(file)) return writeFileSync(file, data, options)
    files.add(file)
    const own = `${file}.${process.pid}.tmp`
    writeFileSync(own, data, options)
    fs.renameSync(own, file)
  }) as typeof fs.writeFileSync
  fs.unlinkSync = ((file: fs.PathLike) => {
    if (typeof file === 'string' && vikeTempFile.test(file)) files.add(file)
    else unlinkSync(file)
  }) as typeof fs.unlinkSync
  const remove = () => {
    for (const file of files) fs.rmSync(file, { force: true })
  }
  // A build that fails midway leaves none in the source tree either. Only the build (the owner)
  // deletes them: the child exits while the build may still be importing them.
  if (owner) process.once('exit', remove)
  return {
    files,
    /** Deletes the files (when no process renders any more) and restores fs. */
    done(more: Iterable<string> = []) {
      for (const file of more) files.add(file)
      remove()
      process.off('exit', remove)
      fs.writeFileSync = writeFileSync
      fs.unlinkSync = unlinkSync
    },
  }
}

/** Renders one chunk of URLs. */
export function renderChunk(
  urls: readonly string[],
  opts: Omit<RenderOptions, 'only' | 'writes'> & { writesOthers?: boolean; catalogUrls?: ReadonlySet<string> },
) {
  const only = new Set(urls)
  return renderPages({
    ...opts,
    only,
    // vike renders the error page (and any page outside the catalog) in every call: one of them writes it.
    writes: (url) => only.has(url) || (!!opts.writesOthers && !opts.catalogUrls?.has(url)),
  })
}

export type RenderWorker = {
  /** Resolves once the child has loaded its modules and parsed the data (it can start early,
   * while the bundles build: it only needs them at its first chunk). */
  ready: Promise<void>
  /** Starts handing it chunks from the queue; resolves with its facts once the queue is empty. */
  run(queue: { claim(): string[] | undefined }): Promise<ShardOutput>
}

/** Spawns the render child at once. It loads vike, React and our modules and parses the data
 * (the build's inputs come over IPC with v8 serialization: Maps and Dates survive), then waits
 * for chunks. Killed if the build exits first. */
export function startRenderWorker(input: ShardInput, onPage: () => void): RenderWorker {
  const spawned = performance.now()
  // The input goes through a file, not the IPC channel: the build blocks in the bundles step
  // (spawnSync) right after this, and a large message might not be flushed by then.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-worker-'))
  const inFile = path.join(dir, 'in.bin')
  fs.writeFileSync(inFile, v8.serialize(input))
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'worker', inFile], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    serialization: 'advanced',
    env: process.env,
  })
  const killChild = () => child.kill()
  process.once('exit', killChild)
  // One dot per page rendered, for the build's progress.
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    for (const c of chunk) if (c === '.') onPage()
  })
  const send = (message: ToChild) => child.send(message)
  let queue: { claim(): string[] | undefined } | undefined
  let claimed = false
  let resolveReady!: () => void
  let resolveRun!: (output: ShardOutput) => void
  const ready = new Promise<void>((resolve) => (resolveReady = resolve))
  const result = new Promise<ShardOutput>((resolve, reject) => {
    resolveRun = resolve
    child.on('error', reject)
    child.on('close', (status) => {
      process.off('exit', killChild)
      fs.rmSync(dir, { recursive: true, force: true })
      reject(new Error(`pre-render worker failed (exit ${status})`))
    })
  })
  // A rejection surfaces through run(); nobody may be listening yet.
  result.catch(() => {})
  const answer = () => {
    const urls = queue!.claim()
    send(urls ? { type: 'chunk', urls } : { type: 'done' })
  }
  child.on('message', (message: FromChild) => {
    if (message.type === 'ready') resolveReady()
    else if (message.type === 'claim') {
      // Its first claim arrives as soon as it is ready; it gets work once the build says run().
      if (queue) answer()
      else claimed = true
    } else if (message.type === 'result') {
      resolveRun({ ...message.output, readySeconds: message.output.readySeconds || (performance.now() - spawned) / 1000 })
    }
  })
  return {
    ready: Promise.race([ready, result.then(() => {})]),
    run(q) {
      queue = q
      if (claimed) answer()
      return result
    },
  }
}

async function worker() {
  const started = performance.now()
  const cpuStart = process.cpuUsage()
  const messages: ToChild[] = []
  let wake: (() => void) | undefined
  process.on('message', (message: ToChild) => {
    messages.push(message)
    wake?.()
  })
  // The build is gone (killed, or failed): stop rendering into a folder nobody waits for.
  process.on('disconnect', () => process.exit(1))
  const receive = async (): Promise<ToChild> => {
    while (!messages.length) await new Promise<void>((resolve) => (wake = resolve))
    return messages.shift()!
  }
  const input = v8.deserialize(fs.readFileSync(process.argv[3])) as ShardInput
  process.env.DATA_DIR = input.dataDir
  setDbPosts(input.snapshot)
  // Parse and validate the data now, while the build's bundles step runs.
  getSiteContext({ share: true })
  const redirects = planRedirects(input.rules)
  const tempFiles = shareVikeTempFiles({ owner: false })
  const readySeconds = (performance.now() - started) / 1000
  process.send!({ type: 'ready' } satisfies FromChild)
  const output: ShardOutput = {
    done: 0,
    facts: new Map(),
    rendered: new Map(),
    rewritten: 0,
    peakRssMb: 0,
    written: [],
    vikeTempFiles: [],
    readySeconds,
    cpuSeconds: 0,
  }
  for (;;) {
    process.send!({ type: 'claim' } satisfies FromChild)
    const message = await receive()
    if (message.type !== 'chunk') break
    const result = await renderChunk(message.urls, {
      redirects,
      overrides: input.overrides,
      onWritten: async (filePath) => void output.written.push(filePath),
      onPage: () => process.stdout.write('.'),
    })
    output.done += result.done
    for (const [url, f] of result.facts) output.facts.set(url, f)
    for (const [url, r] of result.rendered) output.rendered.set(url, r)
  }
  const cpu = process.cpuUsage(cpuStart)
  Object.assign(output, {
    vikeTempFiles: [...tempFiles.files],
    rewritten: redirects.rewritten,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  })
  process.send!({ type: 'result', output } satisfies FromChild, () => process.exit(0))
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename) && process.argv[2] === 'worker') {
  await worker()
}
