// Build reports (issue 14): scripts/build.ts writes dist/build-report.json (the release that is
// being served: its id stamps every recorded error) and appends one line per build, failed ones
// too, to var/build-history.jsonl, which the performance panel reads.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export const BuildReportSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  ok: z.boolean(),
  seconds: z.number(),
  pages: z.number(),
  pagesPerSecond: z.number(),
  brokenLinks: z.number(),
  problems: z.number(),
})
export type BuildReport = z.infer<typeof BuildReportSchema>

export const buildReportPath = (staticDir: string) => path.join(path.dirname(staticDir), 'build-report.json')
export const buildHistoryPath = (varDir: string) => path.join(varDir, 'build-history.jsonl')

export function newBuildId(at = new Date()): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${Math.random().toString(36).slice(2, 6)}`
}

export function writeBuildReport(report: BuildReport, opts: { distDir?: string; varDir: string }) {
  if (opts.distDir && report.ok) fs.writeFileSync(path.join(opts.distDir, 'build-report.json'), `${JSON.stringify(report)}\n`)
  fs.mkdirSync(opts.varDir, { recursive: true })
  fs.appendFileSync(buildHistoryPath(opts.varDir), `${JSON.stringify(report)}\n`)
}

const releaseCache = new Map<string, { at: number; id: string }>()
/** The id of the build being served ('' when the site was not built by scripts/build.ts). */
export function currentRelease(staticDir: string, now = Date.now()): string {
  const cached = releaseCache.get(staticDir)
  if (cached && now - cached.at < 60_000) return cached.id
  let id = ''
  try {
    id = BuildReportSchema.parse(JSON.parse(fs.readFileSync(buildReportPath(staticDir), 'utf8'))).id
  } catch {
    id = ''
  }
  releaseCache.set(staticDir, { at: now, id })
  return id
}

/** The last `limit` builds, newest first; unreadable lines are skipped. */
export function readBuildHistory(varDir: string, limit = 50): BuildReport[] {
  let text = ''
  try {
    text = fs.readFileSync(buildHistoryPath(varDir), 'utf8')
  } catch {
    return []
  }
  const out: BuildReport[] = []
  for (const line of text.split('\n').reverse()) {
    if (!line.trim()) continue
    try {
      const parsed = BuildReportSchema.safeParse(JSON.parse(line))
      if (parsed.success) out.push(parsed.data)
    } catch {
      // a torn line from a killed build
    }
    if (out.length >= limit) break
  }
  return out
}
