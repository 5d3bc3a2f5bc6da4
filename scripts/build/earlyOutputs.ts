// The outputs of the build that depend on the data alone, not on the rendered pages: the chatbot
// index, the redirect host files and (without page overrides) sitemap.xml and robots.txt. The
// build prepares them while its bundles build in a child process (or come from the build cache),
// writes them once the bundles are in place and compresses them during the pre-render, instead of
// producing and compressing them after it (docs/decisions/167-build-fixed-costs.md). The chatbot
// index's documents are read from the data here; its terms, postings and JSON are computed in a
// worker thread (chatbotWorker.ts), so they never delay the first page (decision 174).
import { Worker } from 'node:worker_threads'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { chatbotEntities, chatbotSources } from './chatbotIndex.ts'
import { hostFiles, hostReportLines, type RedirectPlan } from './redirects.ts'
import { sitemapFiles } from './sitemap.ts'

export type ChatbotIndexFile = { file: string; bytes: number; docs: number; seconds: number }

export type EarlyOutputs = {
  /** File name in the output folder → bytes. */
  files: Map<string, string | Buffer>
  /** The chatbot index (CHATBOT_INDEX_FILE), being built in a worker thread into a file outside the
   * client folder (Vite empties that folder when the bundles' build writes it): moved in later. */
  chat: Promise<ChatbotIndexFile>
  /** Log lines on rules the hosts cannot run. */
  hostNotes: string[]
  /** Seconds on this thread. */
  seconds: number
}

/** The worker's entry: Node 20 does not apply tsx's --import hooks to a worker's .ts entry, so
 * it registers tsx itself, then imports the TypeScript module. Run by scripts/buildRunner.mjs, the
 * worker's own bundle (plain JavaScript, BUILD_CHATBOT_WORKER) is started instead. */
const workerBoot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(
  new URL('./chatbotWorker.ts', import.meta.url).href,
)}) })`

/** The worker's young generation: 16 MB, not V8's default of 3 semi-spaces of 16 MB. At 10k cities
 * the worker is still building the index when the pre-render starts, and the build's peak RSS is
 * that moment: 19-65 MB lower in 3 of 3 pairs, same time (docs/decisions/215-build-memory-2.md). */
const resourceLimits = { maxYoungGenerationSizeMb: 16 }

/** Writes the index's JSON into `file` in a worker thread (the same bytes as
 * JSON.stringify(buildChatIndex(...)): chatIndexJsonParts). */
export function chatbotIndexFile(ctx: SiteContext, file: string): Promise<ChatbotIndexFile> {
  const started = performance.now()
  const workerData = { sources: chatbotSources(ctx), entities: chatbotEntities(ctx), file }
  return new Promise((resolve, reject) => {
    const bundled = process.env.BUILD_CHATBOT_WORKER
    const worker = bundled
      ? new Worker(bundled, { execArgv: [], workerData, resourceLimits })
      : new Worker(workerBoot, { eval: true, execArgv: [], workerData, resourceLimits })
    let result: ChatbotIndexFile | undefined
    worker.once('message', (message: { bytes: number; docs: number }) => {
      result = { file, bytes: message.bytes, docs: message.docs, seconds: (performance.now() - started) / 1000 }
    })
    worker.once('error', reject)
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the chatbot index worker exited with code ${code}`))))
  })
}

export function prepareEarlyOutputs(ctx: SiteContext, redirects: RedirectPlan, withSitemap: boolean, chatbotStaging: string): EarlyOutputs {
  const started = performance.now()
  const files = new Map<string, string | Buffer>()
  const chat = chatbotIndexFile(ctx, chatbotStaging)
  chat.catch(() => {}) // awaited by the build
  if (withSitemap) for (const [name, text] of sitemapFiles(ctx)) files.set(name, text)
  const host = hostFiles(redirects.rules)
  for (const [name, text] of host.files) files.set(name, text)
  return { files, chat, hostNotes: hostReportLines(host.report), seconds: (performance.now() - started) / 1000 }
}
