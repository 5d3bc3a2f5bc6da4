// The outputs of the build that depend on the data alone, not on the rendered pages: the chatbot
// index, the redirect host files and (without page overrides) sitemap.xml and robots.txt. The
// build prepares them while its bundles build in a child process (or come from the build cache),
// writes them once the bundles are in place and compresses them during the pre-render, instead of
// producing and compressing them after it (docs/decisions/167-build-fixed-costs.md). The chatbot
// index's documents are read from the data here; its terms, postings and JSON are computed in a
// worker thread (chatbotWorker.ts), so they never delay the first page (decision 174).
import { Worker } from 'node:worker_threads'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { buildChatIndex } from '../../shared/chatSearchIndex.ts'
import { chatbotEntities, chatbotSources } from './chatbotIndex.ts'
import { hostFiles, hostReportLines, type RedirectPlan } from './redirects.ts'
import { sitemapFiles } from './sitemap.ts'

export type ChatbotIndexBytes = { json: Buffer; docs: number; seconds: number }

export type EarlyOutputs = {
  /** File name in the output folder → bytes. */
  files: Map<string, string | Buffer>
  /** The chatbot index (CHATBOT_INDEX_FILE), being built in a worker thread. */
  chat: Promise<ChatbotIndexBytes>
  /** Log lines on rules the hosts cannot run. */
  hostNotes: string[]
  /** Seconds on this thread. */
  seconds: number
}

/** The index's JSON, built in a worker thread (inWorker) or on this one. Same bytes either way. */
/** The worker's entry: Node 20 does not apply tsx's --import hooks to a worker's .ts entry, so
 * it registers tsx itself, then imports the TypeScript module. */
const workerBoot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(
  new URL('./chatbotWorker.ts', import.meta.url).href,
)}) })`

export function chatbotIndexBytes(ctx: SiteContext, { inWorker = true } = {}): Promise<ChatbotIndexBytes> {
  const started = performance.now()
  const sources = chatbotSources(ctx)
  const entities = chatbotEntities(ctx)
  if (!inWorker) {
    const index = buildChatIndex(sources, entities)
    const json = Buffer.from(JSON.stringify(index))
    return Promise.resolve({ json, docs: index.docs.length, seconds: (performance.now() - started) / 1000 })
  }
  return new Promise((resolve, reject) => {
    // Run by scripts/buildRunner.mjs, the worker's own bundle (plain JavaScript) is given; else tsx boots it.
    const bundled = process.env.BUILD_CHATBOT_WORKER
    const worker = bundled
      ? new Worker(bundled, { execArgv: [], workerData: { sources, entities } })
      : new Worker(workerBoot, { eval: true, execArgv: [], workerData: { sources, entities } })
    let result: ChatbotIndexBytes | undefined
    worker.once('message', (message: { json: Uint8Array; docs: number }) => {
      const json = Buffer.from(message.json.buffer, message.json.byteOffset, message.json.byteLength)
      result = { json, docs: message.docs, seconds: (performance.now() - started) / 1000 }
    })
    worker.once('error', reject)
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the chatbot index worker exited with code ${code}`))))
  })
}

export function prepareEarlyOutputs(ctx: SiteContext, redirects: RedirectPlan, withSitemap: boolean): EarlyOutputs {
  const started = performance.now()
  const files = new Map<string, string | Buffer>()
  const chat = chatbotIndexBytes(ctx)
  chat.catch(() => {}) // awaited by the build
  if (withSitemap) for (const [name, text] of sitemapFiles(ctx)) files.set(name, text)
  const host = hostFiles(redirects.rules)
  for (const [name, text] of host.files) files.set(name, text)
  return { files, chat, hostNotes: hostReportLines(host.report), seconds: (performance.now() - started) / 1000 }
}
