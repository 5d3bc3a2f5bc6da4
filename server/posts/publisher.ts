// Incremental publishing (issue 11): after a post is published, unpublished, edited while live or
// reaches its publishAt/unpublishAt, re-render only what changed with the full build's own code
// path: vike's prerender() with the same bundle (dist/server, kept by +config's keepDistServer),
// the same redirect link rewriting, the same checks (scripts/build/checkSite.ts), sitemap writer,
// chatbot index (scripts/build/chatbotIndex.ts) and precompression. Files go to a staging folder
// first and are renamed into the served site only when every check passed; the static server's
// index is refreshed (fresh ETags).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { prerender } from 'vike/api'
import type { Family } from '../../data/catalog.ts'
import { getDbPosts, setDbPosts, setRenderOnly, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { defaultDataDir } from '../../data/loadData.ts'
import { getSiteContext, type SiteContext } from '../../pages/_shared/siteContext.ts'
import { checkSite, htmlFileOf, quickFacts, type QuickFacts } from '../../scripts/build/checkSite.ts'
import { compressBytes, compressesBytes, compressFile, isCompressible } from '../../scripts/build/precompress.ts'
import { planRedirects, writeHostFiles } from '../../scripts/build/redirects.ts'
import { sitemapUrls, writeSitemap } from '../../scripts/build/sitemap.ts'
import { buildChatbotIndex, CHATBOT_INDEX_FILE, writeChatbotIndex } from '../../scripts/build/chatbotIndex.ts'
import type { Queryable } from '../db/rows.ts'
import { refreshStaticFiles } from '../middleware/staticSite.ts'
import { readRules } from '../redirects/store.ts'
import { readYamlRules } from '../redirects/yamlRules.ts'
import { readSnapshot } from './snapshot.ts'
import { effectiveHead, isIndexable, readHead, setHead } from '../cms/headOverride.ts'
import { readOverrides } from '../db/queries/pageOverrides.ts'
import { readFeedSettings } from '../db/queries/siteSettings.ts'
import { renderFeeds } from '../feeds/writeFeeds.ts'
import { inventoryBuiltAt, inventoryFileOf, pageFacts, readInventoryUpdates, writeInventoryUpdates } from '../cms/inventory.ts'
import { FEED_FORMATS, feedOfPath, feedPath } from '../../shared/feeds.ts'

export type Impact = { added: string[]; changed: string[]; removed: string[] }
/** `liveMs`: from the start until the pages, listings, sitemap and feeds were served (a written
 * publish only); `durationMs` also covers the chatbot index that follows them. */
export type Receipt = { ok: boolean; impact: Impact; written: string[]; failures: string[]; durationMs: number; liveMs?: number }

/** The feeds among the files a receipt wrote (what a WebSub ping names). */
export const feedsOf = (written: readonly string[]) => written.filter((f) => feedOfPath(f) !== null)

/** Hook point for the feeds module (issue 11 part B): called with the new site context and the
 * staging folder after the pages rendered; the files it writes there go live with the pages. */
export type AfterRender = (ctx: SiteContext, stagingDir: string) => Promise<string[]>
const afterRenderHooks: AfterRender[] = []
export const onAfterRender = (hook: AfterRender) => afterRenderHooks.push(hook)

const BLOG_FAMILIES: readonly Family[] = ['blog-post', 'tag']
const relOf = (outDir: string, file: string) => `/${path.relative(outDir, file).split(path.sep).join('/')}`

/** serverEntry: the bundle the served site was built with (default <root>/dist/server/entry.mjs). */
export type PublisherOptions = { root: string; outDir: string; serverEntry?: string }

export class Publisher {
  private facts: Map<string, QuickFacts> | null = null
  private queue: Promise<unknown> = Promise.resolve()
  constructor(private readonly opts: PublisherOptions) {}

  /** The posts the served site was built with; read once from the database at start. */
  async init(db: Queryable) {
    if (!getDbPosts()) setDbPosts(await readSnapshot(db as never))
  }

  /**
   * Loads vike's pre-render machinery (config, server bundle, catalog), the data files, the
   * sitemap's dates and the served pages' facts once, in the background at server start, so the
   * first publish is as quick as the next ones. Renders /blog, writes nothing.
   */
  warm(): Promise<boolean> {
    return this.serial(async () => {
      process.env.DATA_DIR ||= defaultDataDir
      try {
        await this.render(new Set(['/blog']), (_url, page) => page)
        // What a publish reads for the whole catalog, once: the data files (this module's copy
        // of the site context; the render above loaded the bundle's), every sitemap page's
        // last-modified date (one `git log` per data file) and every served page's facts.
        const ctx = getSiteContext()
        for (const entry of sitemapUrls(ctx)) ctx.lastmod(entry.sources)
        this.allFacts(ctx)
        // The chatbot index's per-document terms (decision 103): a publish then re-tokenises only posts.
        buildChatbotIndex(ctx)
        return true
      } catch {
        return false // the first publish reports why (e.g. another build's bundle is registered)
      } finally {
        setRenderOnly(undefined)
      }
    })
  }

  /** Runs one publish at a time (pages, sitemap and the facts cache are shared). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn)
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Runs `fn` between publishes: a draft preview (server/posts/preview.ts) sets the same global snapshot. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(fn)
  }

  /**
   * Brings the served site in line with the posts in `db` (usually the transaction that changed
   * them). `dryRun` renders and checks but writes nothing: the impact preview.
   */
  sync(db: Queryable, { dryRun = false } = {}): Promise<Receipt> {
    return this.serial(() => this.run(db, dryRun))
  }

  private async run(db: Queryable, dryRun: boolean): Promise<Receipt> {
    const started = performance.now()
    const span = spans()
    const { outDir } = this.opts
    process.env.DATA_DIR ||= defaultDataDir
    const before = getDbPosts()
    const oldCtx = getSiteContext()
    const next: DbPostsSnapshot = await readSnapshot(db as never)
    span('snapshot')
    setDbPosts(next)
    let keep = false
    try {
      const ctx = getSiteContext()
      span('site context')
      const blogUrls = (c: SiteContext) => c.catalog.entries.filter((e) => BLOG_FAMILIES.includes(e.family)).map((e) => e.url)
      const oldUrls = new Set(oldCtx.catalog.entries.map((e) => e.url))
      const newUrls = new Set(ctx.catalog.entries.map((e) => e.url))
      const candidates = new Set([...blogUrls(ctx), '/blog'])
      const added = [...candidates].filter((u) => !oldUrls.has(u))
      const removed = blogUrls(oldCtx).filter((u) => !newUrls.has(u))

      const rules = [...readYamlRules(), ...(await readRules(db)).filter((r) => r.enabled).map((r) => ({ ...r, id: `db:${r.id}` }))]
      const plan = planRedirects(rules)
      // Page overrides of /admin/cms and the feed settings, applied as the full build does.
      const [overrides, feedSettings] = await Promise.all([readOverrides(db as never), readFeedSettings(db as never)])
      // Pages as rendered (redirect links rewritten, before any override): what the inventory keeps.
      const asRendered = new Map<string, string>()
      // A page whose bytes differ from the served one is compressed at once, in memory, on
      // libuv's threads while the next pages render (decision 103); written only if the checks pass.
      const compressed = new Map<string, Promise<[Buffer, Buffer]>>()
      const rewrite = (url: string, page: string) => {
        const out = plan.rewrite(page)
        asRendered.set(url, out)
        const override = overrides.get(url)
        const final = override && ctx.catalog.byUrl.has(url) ? setHead(out, effectiveHead(readHead(out), override, ctx.siteUrl)) : out
        const file = htmlFileOf(outDir, url)
        const bytes = Buffer.from(final)
        if (!dryRun && compressesBytes(file, bytes) && readOr(file) !== final) {
          const job = compressBytes(file, bytes)
          job.catch(() => {}) // awaited when staged; a refused publish never awaits it
          compressed.set(url, job)
        }
        return final
      }
      let html: Map<string, string>
      try {
        html = await this.render(candidates, rewrite)
        span('render')
      } catch (error) {
        const impact: Impact = { added, changed: [], removed }
        return {
          ok: false,
          impact,
          written: [],
          failures: [`rendering failed: ${(error as Error).message}`],
          durationMs: Math.round(performance.now() - started),
        }
      }
      const changed = [...candidates].filter((u) => !added.includes(u) && readOr(htmlFileOf(outDir, u)) !== html.get(u))
      const impact: Impact = { added, changed, removed }

      const facts = this.allFacts(ctx)
      for (const [url, page] of html) facts.set(url, quickFacts(page))
      for (const url of removed) facts.delete(url)
      const canonicalOverrides = new Map<string, string>()
      const sitemapByOverride = new Map<string, boolean>()
      for (const [url, override] of overrides) {
        const page = html.get(url) ?? readOr(htmlFileOf(outDir, url))
        if (page === null || !ctx.catalog.byUrl.has(url)) continue
        const head = effectiveHead(readHead(page), override, ctx.siteUrl)
        canonicalOverrides.set(url, head.canonical)
        sitemapByOverride.set(url, isIndexable(head, ctx.siteUrl + url))
      }
      span('facts')
      const failures = checkSite(ctx, outDir, facts, canonicalOverrides, new Set(html.keys()))
      span('checks')
      const receipt = (ok: boolean, written: string[]): Receipt => ({ ok, impact, written, failures, durationMs: Math.round(performance.now() - started) })
      // The cache keeps the served pages' facts: a dry run or a refused publish changed none.
      if (failures.length || dryRun) return receipt(!failures.length, [])

      // Stage every file, then rename them into the served folder.
      const staging = fs.mkdtempSync(path.join(path.dirname(outDir), '.publish-'))
      try {
        const staged: string[] = []
        /** Staged pages whose .gz/.br were made during the render. */
        const precompressed = new Set<string>()
        for (const url of [...added, ...changed]) {
          const file = htmlFileOf(staging, url)
          fs.mkdirSync(path.dirname(file), { recursive: true })
          fs.writeFileSync(file, html.get(url)!)
          staged.push(file)
          const job = compressed.get(url)
          if (job) {
            const [gz, br] = await job
            fs.writeFileSync(`${file}.gz`, gz)
            fs.writeFileSync(`${file}.br`, br)
            precompressed.add(file)
          }
        }
        span('stage pages')
        writeSitemap(ctx, staging, sitemapByOverride)
        span('sitemap')
        const site = { siteUrl: ctx.siteUrl, brand: ctx.data.site.brand.name, tagline: ctx.data.site.brand.tagline }
        for (const feed of renderFeeds(ctx.data.posts as never, feedSettings, site as never, (u) =>
          fileSize(path.join(outDir, u.split('?')[0].replace(/^\/+/, ''))),
        )) {
          const file = path.join(staging, feed.path.slice(1))
          fs.mkdirSync(path.dirname(file), { recursive: true })
          fs.writeFileSync(file, feed.body)
          staged.push(file)
        }
        span('feeds')
        writeHostFiles(rules, staging)
        staged.push(...['sitemap.xml', 'robots.txt', '_redirects', 'redirects.nginx.conf', '.htaccess'].map((f) => path.join(staging, f)))
        for (const hook of afterRenderHooks) staged.push(...(await hook(ctx, staging)))
        // Generated files whose bytes the served site already has (most tag feeds, robots.txt, the
        // redirects files) are left alone: no needless compression, and their ETags stay.
        span('hooks')
        const toWrite = staged.filter((file) => !sameAsServed(file, path.join(outDir, relOf(staging, file).slice(1))))
        await Promise.all(toWrite.filter((file) => !precompressed.has(file) && isCompressible(file)).map((file) => compressFile(file)))
        span('compress')
        const written: string[] = []
        for (const file of toWrite) {
          const rel = relOf(staging, file)
          const target = path.join(outDir, rel.slice(1))
          fs.mkdirSync(path.dirname(target), { recursive: true })
          for (const suffix of ['.br', '.gz']) {
            if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, target + suffix)
            else fs.rmSync(target + suffix, { force: true })
          }
          fs.renameSync(file, target)
          written.push(rel)
        }
        const gone: string[] = []
        // Feeds of a tag no post uses any more (the full build would not write them).
        const tagsNow = new Set(ctx.catalog.entries.filter((e) => e.family === 'tag').map((e) => e.url))
        for (const url of removed.filter((u) => u.startsWith('/tag/') && !tagsNow.has(u)))
          for (const format of FEED_FORMATS) {
            const rel = feedPath({ kind: 'tag', tag: url.slice('/tag/'.length) }, format)
            const file = path.join(outDir, rel.slice(1))
            if (!fs.existsSync(file)) continue
            for (const f of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(f, { force: true })
            gone.push(rel)
          }
        for (const url of removed) {
          const file = htmlFileOf(outDir, url)
          for (const f of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(f, { force: true })
          try {
            fs.rmdirSync(path.dirname(file))
          } catch {
            // not empty (another file lives there) or already gone
          }
          gone.push(relOf(outDir, file))
        }
        span('rename')
        refreshStaticFiles(outDir, [...written, ...gone])
        span('static index')
        // The pages, listings, sitemap and feeds are live: what the receipt times as "live".
        const liveMs = Math.round(performance.now() - started)
        keep = true
        this.facts = facts
        updateInventory(outDir, ctx, asRendered, removed)
        span('inventory')
        // Then the chatbot's index, by the full build's own writer over the same site context (a
        // published post is answered, an unpublished one no longer offered). It follows the pages
        // rather than holding them back: at 10,000 pages its rebuild and compression take longer
        // than the pages themselves (decision 109). Same bytes as a full build.
        const chatbotIndex = await this.updateChatbotIndex(ctx, staging)
        if (chatbotIndex) written.push(chatbotIndex)
        span('chatbot index')
        return { ...receipt(true, written), liveMs }
      } finally {
        fs.rmSync(staging, { recursive: true, force: true })
      }
    } finally {
      if (!keep) setDbPosts(before)
      setRenderOnly(undefined)
    }
  }

  /**
   * Writes the chatbot index for `ctx` into the served site if its bytes changed, with its .br/.gz
   * and a fresh ETag; returns its path, or null when unchanged. A failure is logged and leaves the
   * previous index served: the published pages are already live.
   */
  private async updateChatbotIndex(ctx: SiteContext, staging: string): Promise<string | null> {
    const { outDir } = this.opts
    try {
      writeChatbotIndex(ctx, staging)
      const file = path.join(staging, CHATBOT_INDEX_FILE)
      const target = path.join(outDir, CHATBOT_INDEX_FILE)
      if (sameAsServed(file, target)) return null
      await compressFile(file)
      for (const suffix of ['.br', '.gz']) {
        if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, target + suffix)
        else fs.rmSync(target + suffix, { force: true })
      }
      fs.renameSync(file, target)
      const rel = relOf(staging, file)
      refreshStaticFiles(outDir, [rel])
      return rel
    } catch (error) {
      console.error(`publish: the chatbot index was not updated: ${(error as Error).message}`)
      return null
    }
  }

  /** Pre-renders `urls` with vike (the build's bundle and hooks) and the build's link rewriting. */
  async render(urls: ReadonlySet<string>, rewrite: (url: string, html: string) => string): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    // vike's prerender() imports the server bundle that the last `vike build` of this checkout
    // registered; it must be the served build's (a benchmark's synthetic build is not).
    const registered = registeredServerEntry()
    const ours = this.opts.serverEntry ?? path.join(this.opts.root, 'dist', 'server', 'entry.mjs')
    if (registered && path.resolve(registered) !== ours)
      throw new Error(`vike's registered server bundle is ${registered}, not the served build's ${ours}: run \`npm run build\` again before publishing.`)
    setRenderOnly(urls)
    const onPagePrerender = async (pageContext: { urlOriginal: string; _prerenderResult: { filePath: string; fileContent: string } }) => {
      const { filePath, fileContent } = pageContext._prerenderResult
      if (!filePath.endsWith('.html') || !urls.has(pageContext.urlOriginal)) return
      out.set(pageContext.urlOriginal, rewrite(pageContext.urlOriginal, fileContent))
    }
    await withoutSkippedPageWarnings(() => prerenderWithSetup(registered ?? ours, this.opts.root, onPagePrerender))
    return out
  }

  /** Facts of every catalog page for the duplicate checks, read once from the served files. */
  private allFacts(ctx: SiteContext): Map<string, QuickFacts> {
    if (!this.facts) {
      this.facts = new Map()
      for (const entry of ctx.catalog.entries) {
        const page = readOr(htmlFileOf(this.opts.outDir, entry.url))
        if (page !== null) this.facts.set(entry.url, quickFacts(page))
      }
    }
    return new Map(this.facts)
  }
}

/**
 * Brings the /admin/cms inventory in line with the pages just published: the rendered pages'
 * facts (before overrides, as the build keeps them), removed pages dropped, the catalog's order.
 * Written to the small updates file beside the build's dist/cms-inventory.json (decision 103),
 * merged with the previous publishes' updates; the build's file is not rewritten. The CMS store
 * re-reads what changed.
 */
function updateInventory(outDir: string, ctx: SiteContext, rendered: Map<string, string>, removed: string[]) {
  const file = inventoryFileOf(outDir)
  const base = inventoryBuiltAt(file)
  if (!base) return // no inventory (a build without one): the next full build writes it
  const previous = readInventoryUpdates(file)
  const same = previous?.base === base
  const pages = new Map(same ? previous!.pages.map((p) => [p.url, p]) : [])
  const gone = new Set(same ? previous!.removed : [])
  for (const url of removed) {
    pages.delete(url)
    gone.add(url)
  }
  for (const [url, html] of rendered) {
    const entry = ctx.catalog.byUrl.get(url)
    if (!entry) continue
    const { family, label, params, sources, isAlias } = entry
    pages.set(url, { url, family, label, params, sources, isAlias, ...pageFacts(html), lastmod: ctx.lastmod(sources) })
    gone.delete(url)
  }
  writeInventoryUpdates(file, { version: 1, base, pages: [...pages.values()], removed: [...gone], order: ctx.catalog.entries.map((e) => e.url) })
}

/**
 * vike's pre-render with its setup kept across calls (decision 103). The public `prerender()`
 * clears vike's global context on every call, so each call resolved the Vite config again (vite's
 * resolveConfig with every plugin), re-transpiled the +config files with esbuild and re-read the
 * server bundle's page configs: most of a publish's render time. The first call of the process
 * goes through `prerender()`; later calls with the same registered bundle run vike's own
 * `runPrerender()` (the function `prerender()` ends in) on the context that first call set up, so
 * the pages are rendered by the same code from the same bundle: same bytes. Every page's data
 * comes from our hooks (the snapshot on globalThis), never from that context. If vike moves the
 * module, every call falls back to `prerender()`.
 */
type OnPagePrerender = (pageContext: { urlOriginal: string; _prerenderResult: { filePath: string; fileContent: string } }) => Promise<void>
type RunPrerender = (options: { onPagePrerender: OnPagePrerender }, trigger: 'prerender()') => Promise<void>
const VIKE_SETUP = Symbol.for('proofline.vikePrerenderSetup')
const vikeState = globalThis as unknown as { [VIKE_SETUP]?: { entry: string; run: RunPrerender | null } }

async function prerenderWithSetup(entry: string, root: string, onPagePrerender: OnPagePrerender) {
  const setup = vikeState[VIKE_SETUP]
  if (setup?.entry === entry && setup.run && process.env.PUBLISH_VIKE_SETUP !== 'off') return setup.run({ onPagePrerender }, 'prerender()')
  vikeState[VIKE_SETUP] = undefined
  await prerender({ viteConfig: { logLevel: 'error', root }, onPagePrerender })
  vikeState[VIKE_SETUP] = { entry, run: await internalRunPrerender() }
}

async function internalRunPrerender(): Promise<RunPrerender | null> {
  try {
    const api = import.meta.resolve('vike/api')
    const mod = (await import(new URL('../prerender/runPrerender.js', api).href)) as { runPrerender?: RunPrerender }
    return typeof mod.runPrerender === 'function' ? mod.runPrerender : null
  } catch {
    return null
  }
}

/** The server entry @brillout/vite-plugin-server-entry points vike at (written by `vike build`). */
export function registeredServerEntry(): string | null {
  try {
    const file = fileURLToPath(import.meta.resolve('@brillout/vite-plugin-server-entry/runtime')).replace(/runtime[/\\][^/\\]*$/, 'runtime/autoImporter.js')
    const text = fs.readFileSync(file, 'utf8')
    return /serverEntryFilePathAbsolute:\s*"([^"]+)"/.exec(text)?.[1] ?? null
  } catch {
    return null
  }
}

/**
 * vike's warning for each page folder none of whose URLs is rendered ("Cannot pre-render page …
 * because it has a non-static route …"). Rendering a few URLs leaves most folders out on purpose;
 * the full build (which renders them all) keeps the warning. +prerender.partial cannot be set per
 * prerender() call (vike reads it from +config, shared with the full build).
 */
export const SKIPPED_PAGE_WARNING =
  /Cannot pre-render page \S+ because it has a non-static route, while there isn't any \w+\(\) hook returning an URL matching the page's route/

/** Runs `fn` with exactly vike's skipped-page warning left out of console.warn; every other warning passes. */
export async function withoutSkippedPageWarnings<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')
    if (args.length === 1 && SKIPPED_PAGE_WARNING.test(text)) return
    warn.apply(console, args)
  }
  try {
    return await fn()
  } finally {
    console.warn = warn
  }
}

/** With PUBLISH_TIMING=1, prints how long each step of a publish took (bench/publish.ts profiling). */
function spans() {
  let last = performance.now()
  return (label: string) => {
    if (process.env.PUBLISH_TIMING !== '1') return
    const now = performance.now()
    console.error(`  publish span ${label.padEnd(14)} ${(now - last).toFixed(0).padStart(6)} ms`)
    last = now
  }
}

/** True when `served` holds the same bytes as `staged`, with its .br/.gz when it needs them. */
function sameAsServed(staged: string, served: string): boolean {
  try {
    if (!fs.readFileSync(staged).equals(fs.readFileSync(served))) return false
    return !isCompressible(staged) || (fs.existsSync(`${served}.br`) && fs.existsSync(`${served}.gz`))
  } catch {
    return false
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

function readOr(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
}
