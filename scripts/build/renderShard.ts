// Pre-rendering on both cores: a child process (this file run as a script) starts once the
// bundles are built, loads its modules and parses the data, then it and the build claim chunks of the
// catalog's URLs from one queue (work stealing) and render them (pageRender.ts, decision 171). Both
// run the same per-page code (renderPages below) on the same inputs, handed over with v8
// serialization (Maps and Dates survive), so every file is the one the serial build writes.
// See docs/decisions/162-parallel-render.md and 170-parallel-render-default.md.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import { setDbPosts, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { effectiveHead, setHead } from '../../server/cms/headOverride.ts'
import { pageFacts } from '../../server/cms/inventory.ts'
import type { PageOverrideRow } from '../../server/db/queries/pageOverrides.ts'
import { quickFacts, type QuickFacts } from './checkSite.ts'
import { ERROR_URL, pageRendererOf } from './pageRender.ts'
import { planRedirects, type RedirectPlan } from './redirects.ts'

export type RenderedFacts = ReturnType<typeof pageFacts>

export type RenderOptions = {
  redirects: RedirectPlan
  overrides: Map<string, PageOverrideRow>
  /** Only these URLs are rendered (undefined: all). */
  only?: ReadonlySet<string>
  /** Whether this process renders and writes this URL (the error page: the build only). */
  writes: (url: string) => boolean
  /** Called after each file is written (the build's compressor). */
  onWritten?: (filePath: string, fileContent: string) => Promise<void>
  /** Called after each HTML page. */
  onPage?: () => void
}

/** The build's output folder, as vite.config.ts names it (vike's outDir). */
const root = path.resolve(import.meta.dirname, '../..')
const distDir = () => path.resolve(root, process.env.BUILD_OUT_DIR || 'dist')

const fileOf = (outDirClient: string, url: string) =>
  url === ERROR_URL ? path.join(outDirClient, '404.html') : path.join(outDirClient, url === '/' ? '' : url, 'index.html')

/**
 * Renders every catalog URL (and the error page) from the server bundle `vike build` wrote, and
 * writes each page as the build always has: redirected links rewritten, the CMS head override
 * applied, facts kept for the checks and the inventory.
 *
 * Not vike's `prerender()` (decision 164), and no longer vike's `renderPage()` per page either
 * (decision 171): `pageRender.ts` calls each page's route function, +data hook and vike-react's
 * onRenderHtml directly with the config vike resolved for that page, and puts the asset tags
 * where vike puts them; the first page of each kind is rendered by vike and compared, and anything
 * it cannot reproduce goes through `renderPage()`. The pages are byte-identical
 * (tests/site/pageRender.test.ts compares every page with `renderPage()`;
 * tests/site/incrementalPublish.test.ts compares this build with the publisher).
 */
export async function renderPages(opts: RenderOptions) {
  const ctx = getSiteContext({ share: true })
  const facts = new Map<string, QuickFacts>()
  const rendered = new Map<string, RenderedFacts>()
  const outDirClient = path.join(distDir(), 'client')
  const renderer = await pageRendererOf(path.join(distDir(), 'server', 'entry.mjs'))
  const madeDirs = new Set<string>()
  let written: Promise<void> | undefined
  let done = 0
  const urls = ctx.catalog.entries.map((e) => e.url).filter((url) => (!opts.only || opts.only.has(url)) && opts.writes(url))
  if (opts.writes(ERROR_URL)) urls.push(ERROR_URL)
  for (const url of urls) {
    const isError = url === ERROR_URL
    const { body } = await renderer.render(url)
    const filePath = fileOf(outDirClient, url)
    let fileContent = opts.redirects.rewrite(body)
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
    await written
    written = opts.onWritten?.(filePath, fileContent)
    written?.catch(() => {}) // handled here, awaited on the next page or after the last
    facts.set(url, quickFacts(fileContent))
    done++
    opts.onPage?.()
    // Back to the event loop once per page. Rendering and the compressor's add() resolve as
    // microtasks only, so without this the loop never reached libuv's poll phase during the
    // pre-render: a finished compression could not start the next file (decision 175's one
    // compression thread sat idle after its first file: 12 of 448 files compressed during the
    // pre-render in CI, 23 s of compression left after it at 10k cities), and the chatbot
    // index worker's message, the images and feeds and the admin's move all waited for the last
    // page. setImmediate runs after the poll phase, so their callbacks run between two pages.
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  await written
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
  /** Seconds from its spawn to ready (modules loaded, data parsed) and CPU seconds it used. */
  readySeconds: number
  cpuSeconds: number
}

/** Smallest share of URLs handed out at once. A chunk costs a pass over the catalog and one IPC
 * round trip (with vike's prerender(), before decision 164, each call cost 60–120 ms of CPU:
 * decision 170). */
const MIN_CHUNK = 50

/** Work stealing over the catalog's URLs: each renderer (this process and the child) claims the
 * next contiguous chunk when it is free, so both finish together whatever the start-up or the load
 * of each. Chunks shrink as the queue empties (guided self-scheduling: half of what is left for
 * two renderers, never below MIN_CHUNK), so there are few chunks and a small tail. */
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

/** Renders one chunk of URLs. */
export function renderChunk(
  urls: readonly string[],
  opts: Omit<RenderOptions, 'only' | 'writes'> & { writesOthers?: boolean; catalogUrls?: ReadonlySet<string> },
) {
  const only = new Set(urls)
  return renderPages({
    ...opts,
    only,
    // The error page (outside the catalog): rendered and written by one call only.
    writes: (url) => only.has(url) || (!!opts.writesOthers && !opts.catalogUrls?.has(url)),
  })
}

export type RenderWorker = {
  /** Resolves once the child has loaded its modules and parsed the data. */
  ready: Promise<void>
  /** Starts handing it chunks from the queue; resolves with its facts once the queue is empty. */
  run(queue: { claim(): string[] | undefined }): Promise<ShardOutput>
}

/** Spawns the render child at once. It loads vike, React and our modules and parses the data
 * (the build's inputs come over IPC with v8 serialization: Maps and Dates survive), then waits
 * for chunks. Killed if the build exits first. */
export function startRenderWorker(input: ShardInput, onPage: () => void): RenderWorker {
  const spawned = performance.now()
  // The input goes through a file, read before anything else: the child needs it whole to start.
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
  // Parse and validate the data now, while the build renders its first chunk.
  getSiteContext({ share: true })
  const redirects = planRedirects(input.rules)
  const readySeconds = (performance.now() - started) / 1000
  process.send!({ type: 'ready' } satisfies FromChild)
  const output: ShardOutput = {
    done: 0,
    facts: new Map(),
    rendered: new Map(),
    rewritten: 0,
    peakRssMb: 0,
    written: [],
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
    rewritten: redirects.rewritten,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  })
  process.send!({ type: 'result', output } satisfies FromChild, () => process.exit(0))
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename) && process.argv[2] === 'worker') {
  await worker()
}
