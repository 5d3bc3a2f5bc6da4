// Redirect rules that live with the content: data/redirects.yaml, a list of
// { source, target, status, match, query, note }. Read by the build (checked, written to the
// host files) and by the Koa server (applied with the database rules; ids "yaml:N").
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { z } from 'zod'
import { defaultDataDir } from '../../data/loadData.ts'
import { MATCH_TYPES, normalizeSource, QUERY_MODES, REDIRECT_STATUS_CODES, type RedirectRule } from '../../shared/redirects.ts'

export const REDIRECTS_FILE = 'redirects.yaml'

const YamlRuleSchema = z.object({
  source: z.string().min(1),
  target: z.string().nullish(),
  status: z
    .union(REDIRECT_STATUS_CODES.map((c) => z.literal(c)) as [z.ZodLiteral<301>, z.ZodLiteral<302>, z.ZodLiteral<307>, z.ZodLiteral<308>, z.ZodLiteral<410>])
    .default(301),
  match: z.enum(MATCH_TYPES).default('exact'),
  query: z.enum(QUERY_MODES).default('pass'),
  note: z.string().optional(),
})

export class RedirectsFileError extends Error {}

export function readYamlRules(dataDir = process.env.DATA_DIR || defaultDataDir): RedirectRule[] {
  const file = path.join(dataDir, REDIRECTS_FILE)
  if (!fs.existsSync(file)) return []
  const parsed = z
    .array(YamlRuleSchema)
    .nullable()
    .safeParse(YAML.parse(fs.readFileSync(file, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new RedirectsFileError(`data/${REDIRECTS_FILE}: entry ${issue.path.join('.')}: ${issue.message}`)
  }
  return (parsed.data ?? []).map((r, i) => ({
    id: `yaml:${i + 1}`,
    source: normalizeSource(r.source, r.match, r.query),
    target: r.status === 410 ? null : (r.target ?? null),
    status_code: r.status,
    match_type: r.match,
    query_mode: r.query,
    enabled: true,
  }))
}
