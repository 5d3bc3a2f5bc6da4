// `npm run build`: validates data/, builds the client and server bundles, pre-renders every
// catalog URL into dist/client with progress output, writes generated assets, sitemap.xml and
// robots.txt, checks every page (links, duplicates, head), and precompresses the output.
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { prestartStep, startStep, type StepResult } from './build/steps.ts'
import {
  ADMIN_SCOPE,
  asideDirOf,
  buildCacheDir,
  cachesRoot,
  moveLegacyCaches,
  createBuildCache,
  readAutoImporter,
  setAsidePrevious,
  sourceHash,
  unhashedInputs,
  writeAutoImporter,
} from './build/buildCache.ts'
import type { getSiteContext } from '../pages/_shared/siteContext.ts'
import type { RenderedFacts, ShardOutput } from './build/renderShard.ts'
import type { QuickFacts } from './build/checkSite.ts'
import type { BuildReport } from '../server/monitoring/builds.ts'
import type { InventoryFile, InventoryPage } from '../server/cms/inventory.ts'

/** The build's other modules (zod, yaml, the data loader, the pre-render, vike's API, knex, ...),
 * imported once the bundles' child is spawned: their load (~0.5 s of this process's start-up)
 * then runs beside the child's own, not before it (decision 196). Only the light modules above
 * (steps.ts, buildCache.ts) load before. */
const loadModules = async () => {
  const [
    loadData,
    dbPosts,
    siteContext,
    snapshot,
    chatbotIndex,
    earlyOutputs,
    checkSite,
    precompress,
    renderShard,
    sitemap,
    redirects,
    builds,
    cmsData,
    headOverride,
    inventory,
    feeds,
  ] = await Promise.all([
    import('../data/loadData.ts'),
    import('../data/dbPosts.ts'),
    import('../pages/_shared/siteContext.ts'),
    import('../server/posts/snapshot.ts'),
    import('./build/chatbotIndex.ts'),
    import('./build/earlyOutputs.ts'),
    import('./build/checkSite.ts'),
    import('./build/precompress.ts'),
    import('./build/renderShard.ts'),
    import('./build/sitemap.ts'),
    import('./build/redirects.ts'),
    import('../server/monitoring/builds.ts'),
    import('./build/cmsData.ts'),
    import('../server/cms/headOverride.ts'),
    import('../server/cms/inventory.ts'),
    import('../server/feeds/writeFeeds.ts'),
  ])
  dataErrors = [loadData.AggregateDataError, loadData.DataError]
  return {
    ...dbPosts,
    ...siteContext,
    ...snapshot,
    ...chatbotIndex,
    ...earlyOutputs,
    ...checkSite,
    ...precompress,
    ...renderShard,
    ...sitemap,
    ...redirects,
    ...builds,
    ...cmsData,
    ...headOverride,
    ...inventory,
    ...feeds,
  }
}
/** The data loader's error classes, once loaded (fail() tells a data error from a bug by them). */
let dataErrors: (abstract new (...args: never[]) => Error)[] = []

export const root = path.resolve(import.meta.dirname, '..')
/** BUILD_OUT_DIR lets the benchmark build a synthetic site without touching dist/. */
export const distDir = path.resolve(root, process.env.BUILD_OUT_DIR || 'dist')
export const outDir = path.join(distDir, 'client')

/** The site as the feeds name it. */
export const feedSiteOf = (ctx: ReturnType<typeof getSiteContext>) => ({
  siteUrl: ctx.siteUrl,
  brand: ctx.data.site.brand.name,
  tagline: ctx.data.site.brand.tagline,
})

function* walkFiles(dir: string): Generator<string> {
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name)
    if (item.isDirectory()) yield* walkFiles(full)
    else yield full
  }
}

function fail(error: unknown): never {
  if (error instanceof Error && dataErrors.some((kind) => error instanceof kind)) {
    console.error(`\nBuild stopped: a data file is invalid.\n${error.message}`)
  } else {
    console.error(error)
  }
  process.exit(1)
}

/** Where the build history goes (the performance panel of /admin/monitoring reads it). */
const varDir = path.resolve(root, process.env.VAR_DIR || 'var')

/** The content-hash cache of precompressed files, one per output folder (PRECOMPRESS_CACHE=off
 * turns it off; PRECOMPRESS_CACHE_DIR moves it). */
function precompressCacheDir() {
  if (process.env.PRECOMPRESS_CACHE === 'off') return undefined
  if (process.env.PRECOMPRESS_CACHE_DIR) return path.resolve(process.env.PRECOMPRESS_CACHE_DIR)
  return path.join(cachesRoot(root), 'proofline-precompress', path.relative(root, distDir).replace(/[^\w.-]+/g, '_') || 'dist')
}

/** Where the admin's child builds (moved into the output's client folder once the bundles are there:
 * Vite empties that folder when the bundles' build writes it). */
const adminStagingOf = (dist: string) => path.join(dist, 'admin-staging')

/** With the content-hash cache on, the admin's child fills it with the admin's .gz and .br after its
 * build (decision 196); BUILD_ADMIN_COMPRESS=0 leaves them to the compressor, to compare. */
function adminCompressEnv(): Record<string, string> {
  const cacheDir = precompressCacheDir()
  return cacheDir && process.env.BUILD_ADMIN_COMPRESS !== '0' ? { ADMIN_COMPRESS_CACHE: cacheDir } : {}
}

/**
 * The output folder must be inside the project: the server bundle in it imports its packages
 * (vike, react) from the project's node_modules, and vike takes a path outside the working
 * directory's first folder for a relative one. Outside, the build failed half-way with an ENOENT
 * on a path that does not exist (/work/app/tmp/site/client/.vite/manifest.json for /tmp/site).
 */
export function checkOutDir(projectRoot: string, dist: string) {
  const relative = path.relative(projectRoot, dist)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(
      `BUILD_OUT_DIR must be a folder inside the project (${projectRoot}), not ${dist}: the server bundle it holds loads its packages from the project's node_modules. Build into the project (the default is dist/) and copy or deploy the folder from there.`,
    )
  }
}

export async function buildSite(options: { quiet?: boolean; serial?: boolean } = {}) {
  checkOutDir(root, distDir)
  // The pre-render hooks run from the bundled server code, where import.meta.url no longer
  // points into data/: tell them where the data is (the bundles' child inherits it too).
  process.env.DATA_DIR ||= path.join(root, 'data')
  // The bundles' child starts first and loads Node, Vite and vike's plugin while this process loads
  // its own modules (decision 196) and reads the data; it builds when told to (decision 193).
  // BUILD_PRESTART_BUNDLES=0 starts it where it was before 193, after the data (to compare).
  const started = performance.now()
  /** Seconds spent in each phase, for `npm run bench:build`; startup: from the process's start
   * (Node, tsx, this module's light imports) to here. */
  const phases: Record<string, number> = { startup: started / 1000 }
  let bundlesChild = process.env.BUILD_PRESTART_BUNDLES === '0' ? undefined : prestartStep('bundles', ['', options.quiet ? 'quiet' : ''])
  // The build cache (decision 174): the bundles and the admin depend on the code alone; when it
  // did not change since a build that stored them, they are copied instead of built. The key
  // reads no data, so it comes first: it decides whether the bundles' child builds at all.
  const cacheStarted = performance.now()
  moveLegacyCaches(root, varDir)
  const buildCache = createBuildCache(buildCacheDir(root))
  const aside = asideDirOf(distDir)
  const cacheSkips = [distDir, varDir, aside]
  const cacheKey = buildCache.enabled ? sourceHash(root, cacheSkips).hash : ''
  // The admin's own key: admin/, shared/ and the root's files (decision 206).
  const adminKey = buildCache.enabled ? sourceHash(root, cacheSkips, ADMIN_SCOPE).hash : ''
  phases.cacheKey = (performance.now() - cacheStarted) / 1000
  // The previous output is renamed aside (one rename, not a delete of thousands of files on the
  // critical path) and the bundles' child is told to build into the output folder now, while this
  // process reads and validates the data (decision 196). Until the data validated, any error kills
  // the child, removes what it wrote and renames the previous output back: a data error leaves the
  // previous dist/ as it was. BUILD_EARLY_BUNDLES=0 builds them after the data, as decision 193 did.
  const earlyBundles = process.env.BUILD_EARLY_BUNDLES !== '0'
  const setAside = earlyBundles ? setAsidePrevious(distDir, aside) : undefined
  const willBuild = !(cacheKey && buildCache.has('bundles', cacheKey))
  let bundlesGo: Promise<StepResult> | undefined
  // The bundles are in the build cache: the pre-started child, which has written nothing, is
  // stopped now rather than when the build ends. Left alone it went on loading Vite, vike and the
  // plugins beside the pre-render: a warm 1k build took 0.85 CPU-seconds and 0.3 s more. Should
  // the cache entry be gone when it is copied, a new child builds them (buildSiteWith).
  if (!willBuild && bundlesChild) {
    void bundlesChild.stop()
    bundlesChild = undefined
  }
  if (earlyBundles && willBuild && bundlesChild) {
    phases.bundlesGo = (performance.now() - started) / 1000
    bundlesGo = bundlesChild.go()
    bundlesGo.catch(() => {})
  }
  // The admin's child (its own Vite build, then its files' compression) is pre-started now too and
  // told to build once the data is valid (decision 186): its build and compression then run beside the
  // bundles' build, not beside the pre-render's thread. BUILD_ADMIN_GO=render starts it with the
  // pre-render as before; =start builds it at once, beside the data's parse.
  const adminGo = earlyBundles && bundlesGo ? (process.env.BUILD_ADMIN_GO ?? 'validated') : 'render'
  const adminChild =
    adminGo !== 'render' && !(adminKey && buildCache.has('admin', adminKey))
      ? prestartStep('admin', [adminStagingOf(distDir), options.quiet ? 'quiet' : ''], adminCompressEnv(), Number(process.env.BUILD_ADMIN_NICE ?? 10))
      : undefined
  const early = {
    adminChild,
    adminDone: undefined as Promise<StepResult> | undefined,
    /** Tells the pre-started admin child to build (once; nothing without a child). */
    goAdmin() {
      if (!adminChild || early.adminDone) return
      phases.adminGo = (performance.now() - started) / 1000
      early.adminDone = adminChild.go()
      early.adminDone.catch(() => {})
    },
  }
  if (adminGo === 'start') early.goAdmin()
  /** Before the data validated: stops the children, removes what they wrote, brings the previous output back. */
  const undo = async () => {
    await Promise.all([bundlesGo && bundlesChild?.stop(), early.adminDone && adminChild?.stop()])
    setAside?.restore()
  }
  try {
    let modules: Awaited<ReturnType<typeof loadModules>>
    const modulesStarted = performance.now()
    try {
      modules = await loadModules()
    } catch (error) {
      await undo()
      throw error
    }
    phases.modules = (performance.now() - modulesStarted) / 1000
    return await buildSiteWith(
      modules,
      bundlesChild,
      started,
      { phases, buildCache, cacheKey, adminKey, cacheSkips, setAside, bundlesGo, undo, early },
      options,
    )
  } finally {
    // Not told to build (bundles from the build cache, or an error before): it ends without building.
    bundlesChild?.cancel()
    adminChild?.cancel()
  }
}

async function buildSiteWith(
  {
    setDbPosts,
    getSiteContext,
    readBuildSnapshot,
    CHATBOT_INDEX_FILE,
    prepareEarlyOutputs,
    checkSite,
    createPrecompressor,
    renderChunk,
    renderPages,
    startRenderWorker,
    urlQueue,
    writeSitemap,
    prepareRedirects,
    newBuildId,
    writeBuildReport,
    readCmsBuildData,
    effectiveHead,
    isIndexable,
    inventoryFileOf,
    writeInventory,
    writeFeeds,
  }: Awaited<ReturnType<typeof loadModules>>,
  bundlesChild: ReturnType<typeof prestartStep> | undefined,
  /** When buildSite started (performance.now()): before the modules above loaded. */
  started: number,
  /** What buildSite did before loading them: the cache key, the previous output set aside, the
   * bundles' child told to build. */
  start: {
    phases: Record<string, number>
    buildCache: ReturnType<typeof createBuildCache>
    cacheKey: string
    /** The admin's key (admin/, shared/ and the root's files; decision 206). */
    adminKey: string
    cacheSkips: string[]
    setAside: ReturnType<typeof setAsidePrevious> | undefined
    bundlesGo: Promise<StepResult> | undefined
    undo: () => Promise<void>
    /** The admin's pre-started child, when it builds before the pre-render (decision 186). */
    early: { adminChild: ReturnType<typeof prestartStep> | undefined; adminDone: Promise<StepResult> | undefined; goAdmin(): void }
  },
  { quiet = false, serial = true } = {},
) {
  // The old generation grows to 1.2x what a full GC left, not V8's default (up to 4x at the build's
  // allocation rate): at 10k cities the heap swung 280 -> 800 MB and RSS followed to 1.3 GB; with
  // it the heap stays near 300 MB and RSS at 700 MB, same render time (decision 177). Read at each GC.
  v8.setFlagsFromString('--heap-growing-percent=20')
  let childCompression: Promise<void> = Promise.resolve()
  const startedAt = new Date()
  const buildId = newBuildId(startedAt)
  const report = (over: Partial<BuildReport>) =>
    writeBuildReport(
      {
        id: buildId,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        ok: true,
        seconds: (performance.now() - started) / 1000,
        pages: 0,
        pagesPerSecond: 0,
        brokenLinks: 0,
        problems: 0,
        ...over,
      },
      { distDir, varDir },
    )
  const log = (line: string) => quiet || console.log(line)
  const { phases, buildCache, cacheKey, adminKey, cacheSkips, setAside, bundlesGo, undo, early: adminEarly } = start
  const loaded = await (async () => {
    try {
      const snapshot = await readBuildSnapshot(root, log)
      setDbPosts(snapshot)
      const dataStart = performance.now()
      const ctx = getSiteContext({ share: true })
      phases.data = (performance.now() - dataStart) / 1000
      log(`data OK: ${ctx.catalog.entries.length} URLs in the catalog`)
      const redirects = await prepareRedirects(root, new Set(ctx.catalog.entries.map((e) => e.url)), log)
      const cms = await readCmsBuildData(root, log)
      phases.validated = (performance.now() - started) / 1000
      return { snapshot, ctx, redirects, cms }
    } catch (error) {
      // Nothing of this build stays: the child stops before the previous output comes back.
      await undo()
      fail(error)
    }
  })()
  const { snapshot, ctx, redirects, cms } = loaded
  adminEarly.goAdmin()
  // The data is valid: the previous output is discarded (renamed; deleted after the last write).
  setAside?.discard()
  const total = ctx.catalog.entries.length

  // Progress of the pre-render, counted over both processes.
  let renderStart = 0
  const step = Math.max(25, Math.round(total / 10))
  let done = 0
  const progress = () => {
    done++
    if (done % step === 0 || done === total) {
      const seconds = (performance.now() - renderStart) / 1000
      const { rss, heapUsed } = process.memoryUsage()
      log(
        `  pre-rendered ${done}/${total} pages, ${(done / seconds).toFixed(0)} pages/s (heap ${(heapUsed / 2 ** 20).toFixed(0)} MB, RSS ${(rss / 2 ** 20).toFixed(0)} MB)`,
      )
    }
  }
  /** Stores a step's output unless Vite loaded a file the key did not hash (then says which). */
  const storeStep = (kind: 'bundles' | 'admin', result: StepResult, from: string) => {
    const { key, scope } = kind === 'admin' ? { key: adminKey, scope: ADMIN_SCOPE } : { key: cacheKey, scope: undefined }
    if (!key) return
    const unhashed = unhashedInputs(root, result.inputs ?? [], cacheSkips, scope)
    if (unhashed.length) {
      log(`  build cache: ${kind} not stored, it read files the cache key does not hash: ${unhashed.slice(0, 5).join(', ')}`)
      return
    }
    buildCache.store(kind, key, from, { ...result, inputs: undefined, autoImporter: kind === 'bundles' ? readAutoImporter() : undefined })
  }
  if (!setAside) {
    const rmStarted = performance.now()
    fs.rmSync(distDir, { recursive: true, force: true })
    phases.rmDist = (performance.now() - rmStarted) / 1000
  }
  // The bundles (vike build of the client and server, a child process) build while this process
  // prepares the outputs that depend on the data alone: the chatbot index (in a worker thread), the
  // redirect host files and, without page overrides, the sitemap. They are written once the bundles
  // are done (Vite empties dist/client when it starts writing), so they compress during the pre-render.
  const restoreStarted = performance.now()
  const cachedBundles = cacheKey && !bundlesGo ? buildCache.restore<StepResult & { autoImporter?: string }>('bundles', cacheKey, distDir) : undefined
  // vike's record of the last server bundle built, as `vike build` would have left it.
  if (cachedBundles?.autoImporter) writeAutoImporter(cachedBundles.autoImporter)
  const bundlesStep: Promise<StepResult & { cached?: boolean }> = cachedBundles
    ? Promise.resolve({ ...cachedBundles, autoImporter: undefined, peakRssMb: 0, seconds: (performance.now() - restoreStarted) / 1000, cached: true })
    : (
        bundlesGo ?? ((phases.bundlesGo = (performance.now() - started) / 1000), (bundlesChild ?? prestartStep('bundles', ['', quiet ? 'quiet' : ''])).go())
      ).then((result) => {
        // Before anything else is written into the output folder: it holds the bundles alone.
        storeStep('bundles', result, distDir)
        return result
      })
  bundlesStep.catch(() => {})
  // sharp (libvips) loads while the bundles build, not on the start-up path.
  const assetsModule = import('./build/assets.ts')
  // The chatbot index's worker writes its JSON beside the client folder, moved in once the bundles are there.
  fs.mkdirSync(distDir, { recursive: true })
  const early = prepareEarlyOutputs(ctx, redirects, cms.overrides.size === 0, path.join(distDir, `${CHATBOT_INDEX_FILE}.staging`))
  phases.early = early.seconds
  const bundles = await bundlesStep
  // When the bundles were ready, from the build's start: the critical path up to the pre-render.
  phases.bundlesReady = (performance.now() - started) / 1000
  if (bundles.cached) phases.bundlesCached = 1
  // With --parallel (serial by default, docs/decisions/170-parallel-render-default.md) the render
  // child starts now, once the bundles are built: started before them, its start-up (modules, data
  // parse, ~3 s of CPU) slowed the bundles step and the early outputs more than it saved.
  const worker = serial
    ? undefined
    : startRenderWorker({ dataDir: process.env.DATA_DIR!, snapshot, rules: redirects.rules, overrides: cms.overrides }, progress)
  worker?.ready.catch(() => {})
  log(
    `bundles ${bundles.cached ? 'copied from the build cache' : 'built'} in ${bundles.seconds.toFixed(1)} s, ready ${phases.bundlesReady.toFixed(1)} s after the start (${early.seconds.toFixed(1)} s of sitemap and redirect files meanwhile)`,
  )
  phases.bundles = bundles.seconds
  if (bundles.cpuSeconds !== undefined) phases.bundlesCpu = bundles.cpuSeconds
  if (bundles.loadSeconds !== undefined) phases.bundlesLoad = bundles.loadSeconds
  if (bundles.waitSeconds !== undefined) phases.bundlesWait = bundles.waitSeconds
  for (const [file, bytes] of early.files) fs.writeFileSync(path.join(outDir, file), bytes)
  // The admin (a Vite build of its own, independent of the pages) builds in a child process while
  // this one pre-renders: into a staging folder, since the pre-render owns dist/client, then moved
  // into dist/client/admin as soon as it is done (no page lives under /admin), so the compression of its
  // 2 MB of JS runs during the pre-render too (same files as building it afterwards).
  const adminStaging = adminStagingOf(distDir)
  // One compression thread while the pre-render runs (decision 175); PRECOMPRESS_RENDER_THREADS=2 to compare.
  const compressCacheDir = precompressCacheDir()
  const compressor = createPrecompressor({
    cacheDir: compressCacheDir,
    duringRender: Number(process.env.PRECOMPRESS_RENDER_THREADS) || 1,
    renderNice: Number(process.env.PRECOMPRESS_NICE ?? 0),
  })
  // The admin: already building when its child was pre-started (decision 186), else started now.
  const adminStarted = performance.now()
  let adminSeconds = 0
  const cachedAdmin = adminKey && !adminEarly.adminDone ? buildCache.restore<StepResult>('admin', adminKey, outDir) : undefined
  const adminStep: Promise<StepResult & { cached?: boolean }> = cachedAdmin
    ? Promise.resolve({ ...cachedAdmin, peakRssMb: 0, seconds: (performance.now() - adminStarted) / 1000, cached: true })
    : (adminEarly.adminDone ?? startStep('admin', [adminStaging, quiet ? 'quiet' : ''], adminCompressEnv())).then((admin) => {
        storeStep('admin', admin, adminStaging)
        fs.rmSync(path.join(outDir, 'admin'), { recursive: true, force: true })
        fs.renameSync(path.join(adminStaging, 'admin'), path.join(outDir, 'admin'))
        fs.rmSync(adminStaging, { recursive: true, force: true })
        compressor.addExisting(path.join(outDir, 'admin'))
        adminSeconds = (performance.now() - adminStarted) / 1000
        return admin
      })
  // Awaited after the pre-render; a failure then stops the build like before.
  adminStep.catch(() => {})
  // Images (sharp, on its own threads) and then the feeds (they read the images' sizes) while the
  // pre-render goes on; awaited after it.
  const { writeAssets } = await assetsModule
  let assetsStarted = performance.now()
  // Not before the chatbot index's worker is done: at 10k cities the images, the feeds and the
  // worker's last seconds overlapped the pre-render's start, and that was the build's peak RSS
  // (docs/decisions/219-images-after-the-chatbot-index.md). Its failure is the build's, below.
  const assetsStep = early.chat
    .catch(() => {})
    .then(() => {
      assetsStarted = performance.now()
      return writeAssets(ctx, outDir)
    })
    .then(async () => {
      const feeds = writeFeeds(outDir, ctx.data.posts, cms.feedSettings, feedSiteOf(ctx), { compress: false }).written
      for (const feed of feeds) {
        const file = path.join(outDir, feed.slice(1))
        await compressor.add(file, fs.readFileSync(file))
      }
      return { feeds: feeds.length, seconds: (performance.now() - assetsStarted) / 1000 }
    })
  assetsStep.catch(() => {})

  renderStart = performance.now()
  const cpuAtRender = process.cpuUsage()
  compressor.addExisting(outDir)
  // The chatbot index, once its worker is done: written and compressed during the pre-render
  // (after addExisting's walk, so it is compressed once).
  const chatStep = early.chat.then(async (chat) => {
    const file = path.join(outDir, CHATBOT_INDEX_FILE)
    fs.renameSync(chat.file, file)
    await compressor.add(file, chat.bytes)
    return chat
  })
  chatStep.catch(() => {})
  const compress = (filePath: string, fileContent: string) => compressor.add(filePath, fileContent)
  const own = { done: 0, facts: new Map<string, QuickFacts>(), rendered: new Map<string, RenderedFacts>() }
  let other: ShardOutput | undefined
  if (!worker) {
    Object.assign(own, await renderPages({ redirects, overrides: cms.overrides, writes: () => true, onWritten: compress, onPage: progress }))
  } else {
    // Work stealing: this process and the child claim chunks of the catalog's URLs from one queue.
    const catalogUrls = new Set(ctx.catalog.entries.map((e) => e.url))
    const queue = urlQueue([...catalogUrls])
    const theirs = worker.run(queue)
    let first = true
    for (let chunk = queue.claim(); chunk; chunk = queue.claim()) {
      // The error page (outside the catalog): written once, by this process's first chunk.
      const result = await renderChunk(chunk, {
        redirects,
        overrides: cms.overrides,
        writesOthers: first,
        catalogUrls,
        onWritten: compress,
        onPage: progress,
      })
      first = false
      own.done += result.done
      for (const [url, f] of result.facts) own.facts.set(url, f)
      for (const [url, r] of result.rendered) own.rendered.set(url, r)
    }
    other = await theirs
    // Its pages compress while the steps below run.
    const files = other.written
    childCompression = (async () => {
      for (const file of files) await compressor.add(file, await fs.promises.readFile(file))
    })()
    childCompression.catch(() => {})
    phases.workerReady = other.readySeconds
    phases.workerCpu = other.cpuSeconds
    phases.workerPages = other.done
    log(
      `  render worker: ready ${other.readySeconds.toFixed(1)} s after its start, rendered ${other.done} of the pages (${other.cpuSeconds.toFixed(1)} s CPU, peak RSS ${other.peakRssMb.toFixed(0)} MB)`,
    )
  }
  // The same maps as one serial build: the inventory and the checks read them in catalog order.
  const facts = new Map(own.facts)
  const rendered = new Map(own.rendered)
  if (other) {
    for (const [url, f] of other.facts) facts.set(url, f)
    for (const [url, r] of other.rendered) rendered.set(url, r)
    redirects.rewritten += other.rewritten
  }
  const renderSeconds = (performance.now() - renderStart) / 1000
  phases.render = renderSeconds
  // The admin's child ran niced beside the bundles' build and the pre-render, on the CPU they left
  // (decision 186); what is left of it now runs at the build's priority.
  adminEarly.adminChild?.unnice()
  // CPU of this process (every thread: the render, the compression and chatbot workers) before and during the pre-render.
  const cpuOf = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6
  phases.mainCpuBeforeRender = cpuOf(cpuAtRender)
  phases.mainCpuRender = cpuOf(process.cpuUsage(cpuAtRender))

  let since = performance.now()
  const admin = await adminStep
  // phases.admin: its own time, overlapped with the pre-render; adminWait: what the build
  // still waited for it after the pre-render.
  phases.admin = admin.seconds
  if (admin.compressSeconds) phases.adminCompress = admin.compressSeconds
  if (admin.cpuSeconds !== undefined) phases.adminCpu = admin.cpuSeconds
  if (admin.compressCpuSeconds) phases.adminCompressCpu = admin.compressCpuSeconds
  phases.adminWait = (performance.now() - since) / 1000
  if (admin.cached) phases.adminCached = 1
  log(
    `  admin ${admin.cached ? 'copied from the build cache' : 'built'} in ${admin.seconds.toFixed(1)} s (moved in after ${adminSeconds.toFixed(1)} s) during the pre-render, waited ${phases.adminWait.toFixed(1)} s more (${((admin.jsBytes ?? 0) / 1024).toFixed(0)} KiB of JS)`,
  )

  const phase = (name: string, since: number, key?: string) => {
    const seconds = (performance.now() - since) / 1000
    if (key) phases[key] = seconds
    log(`  ${name} in ${seconds.toFixed(1)} s`)
  }
  since = performance.now()
  const chat = await chatStep
  phases.chatbotIndex = chat.seconds
  log(`  chatbot index: ${chat.docs} documents, ${(chat.bytes / 1024).toFixed(0)} KB, built in ${chat.seconds.toFixed(1)} s in a worker thread`)
  const assets = await assetsStep
  log(
    `  images and ${assets.feeds} feeds (${cms.feedSettings.content} content, ${cms.feedSettings.itemLimit} items${cms.feedSettings.hubUrl ? `, hub ${cms.feedSettings.hubUrl}` : ''}) written in ${assets.seconds.toFixed(1)} s during the pre-render`,
  )
  const inventoryPages: InventoryPage[] = ctx.catalog.entries.flatMap((e) => {
    const page = rendered.get(e.url)
    if (!page) return []
    const { url, family, label, params, sources, isAlias } = e
    return [{ url, family, label, params, sources, isAlias, ...page, lastmod: ctx.lastmod(sources) }]
  })
  const canonicalOverrides = new Map<string, string>()
  const sitemapByOverride = new Map<string, boolean>()
  for (const page of inventoryPages) {
    const override = cms.overrides.get(page.url)
    if (!override) continue
    const head = effectiveHead(page.head, override, ctx.siteUrl)
    canonicalOverrides.set(page.url, head.canonical)
    sitemapByOverride.set(page.url, isIndexable(head, ctx.siteUrl + page.url))
  }
  // With page overrides the sitemap follows their effective heads (out when one makes a page noindex
  // or canonical elsewhere, in when one makes a noindex page indexable), which needs the rendered
  // heads: written now. Without, it was written before.
  if (cms.overrides.size) writeSitemap(ctx, outDir, sitemapByOverride)
  log(`redirects: ${redirects.rewritten} internal link(s) rewritten to their final URL; wrote _redirects, redirects.nginx.conf, .htaccess`)
  for (const line of early.hostNotes) log(line)
  phase('assets and sitemap after the pre-render', since, 'assets')
  since = performance.now()
  const problems = checkSite(ctx, outDir, facts, canonicalOverrides)
  phase(`checked ${facts.size} pages`, since, 'check')
  if (problems.length) {
    report({
      ok: false,
      pages: done,
      pagesPerSecond: done / renderSeconds,
      problems: problems.length,
      brokenLinks: problems.filter((p) => p.includes(': broken internal link ')).length,
    })
    console.error(
      `\nBuild failed: ${problems.length} problem(s) in the pre-rendered pages:\n${problems
        .slice(0, 50)
        .map((p) => `  - ${p}`)
        .join('\n')}`,
    )
    process.exit(1)
  }
  since = performance.now()
  await childCompression
  const compression = await compressor.finish(outDir)
  const compressed = compression.files
  phase(
    `precompressed ${compression.files} files (${compression.duringRender} during the pre-render, ${compression.cached} from the content-hash cache)`,
    since,
    'precompress',
  )
  // The index's size gzipped (level 9, as served), read from the compressed file.
  const chatGz = path.join(outDir, `${CHATBOT_INDEX_FILE}.gz`)
  if (fs.existsSync(chatGz)) log(`  chatbot index: ${(fs.statSync(chatGz).size / 1024).toFixed(0)} KB gzip`)
  const files = [...walkFiles(outDir)]
    .map((f) => `/${path.relative(outDir, f).split(path.sep).join('/')}`)
    .filter((f) => !/\.(br|gz)$/.test(f) && !f.endsWith('/index.html'))
  const inventory: InventoryFile = { version: 1, siteUrl: ctx.siteUrl, builtAt: new Date().toISOString(), pages: inventoryPages, files }
  writeInventory(inventoryFileOf(outDir), inventory)
  // The build's last write: the previous output, set aside and discarded once the data was valid,
  // is deleted now, by a process of its own the build does not wait for (decision 073).
  setAside?.deleteDiscarded()
  const totalSeconds = (performance.now() - started) / 1000
  phases.mainCpu = cpuOf(process.cpuUsage())
  const pagesPerSecond = done / renderSeconds
  // The largest process of the build (bundles, this one, the render worker, admin) as peakRssMb;
  // peakRssSumMb: the sum of the peaks of those that run at the same time (this one, the render
  // worker, the admin), an upper bound of the machine's.
  const peakRss = { bundles: bundles.peakRssMb, admin: admin.peakRssMb, render: process.resourceUsage().maxRSS / 1024, renderWorker: other?.peakRssMb ?? 0 }
  const peakRssMb = Math.max(peakRss.render, peakRss.renderWorker, peakRss.bundles, peakRss.admin)
  const peakRssSumMb = peakRss.render + peakRss.renderWorker + peakRss.admin
  log(
    `pre-rendered ${done} pages in ${renderSeconds.toFixed(1)} s (${pagesPerSecond.toFixed(0)} pages/s); ${compressed} files precompressed; total ${totalSeconds.toFixed(1)} s; peak RSS ${peakRssMb.toFixed(0)} MB (sum of its processes ${peakRssSumMb.toFixed(0)} MB)`,
  )
  report({ pages: done, pagesPerSecond, seconds: totalSeconds })
  return { pages: done, renderSeconds, totalSeconds, pagesPerSecond, peakRssMb, peakRssSumMb, peakRss, phases }
}

/** The command line: `--json` prints the result as one JSON line (the benches read it), `--parallel`
 * renders on two processes. `runner`: what scripts/buildRunner.mjs spent before (its check of the
 * build's bundle, and the bundling when the sources changed), added to the phases. */
export async function runCommand(args: string[], runner?: { runnerSeconds: number; runnerBundled: boolean }) {
  try {
    const result = await buildSite({ quiet: args.includes('--json'), serial: !args.includes('--parallel') || args.includes('--serial') })
    if (runner) {
      result.phases.runner = runner.runnerSeconds
      if (runner.runnerBundled) result.phases.runnerBundled = 1
    }
    if (args.includes('--json')) console.log(JSON.stringify(result))
  } catch (error) {
    fail(error)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void runCommand(process.argv.slice(2))
