// The outputs of the build that depend on the data alone, not on the rendered pages: the chatbot
// index, the redirect host files and (without page overrides) sitemap.xml and robots.txt. The
// build prepares them while its bundles build in a child process (this process would otherwise
// wait idle), writes them once the bundles are done and compresses them during the pre-render,
// instead of producing and compressing them after it (docs/decisions/167-build-fixed-costs.md).
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { buildChatbotIndex, CHATBOT_INDEX_FILE } from './chatbotIndex.ts'
import { hostFiles, hostReportLines, type RedirectPlan } from './redirects.ts'
import { sitemapFiles } from './sitemap.ts'

export type EarlyOutputs = {
  /** File name in the output folder → bytes. */
  files: Map<string, string | Buffer>
  chatDocs: number
  chatBytes: number
  /** Log lines on rules the hosts cannot run. */
  hostNotes: string[]
  seconds: number
}

export function prepareEarlyOutputs(ctx: SiteContext, redirects: RedirectPlan, withSitemap: boolean): EarlyOutputs {
  const started = performance.now()
  const files = new Map<string, string | Buffer>()
  const index = buildChatbotIndex(ctx)
  const json = Buffer.from(JSON.stringify(index))
  files.set(CHATBOT_INDEX_FILE, json)
  if (withSitemap) for (const [name, text] of sitemapFiles(ctx)) files.set(name, text)
  const host = hostFiles(redirects.rules)
  for (const [name, text] of host.files) files.set(name, text)
  return { files, chatDocs: index.docs.length, chatBytes: json.length, hostNotes: hostReportLines(host.report), seconds: (performance.now() - started) / 1000 }
}
