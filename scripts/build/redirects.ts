// Redirects at build time (issue 10): reads the rules (data/redirects.yaml, and the database when
// one is reachable), fails naming the rule on a hidden catalog URL, a missing internal target, a
// loop or a chain; rewrites internal links that point at a redirected URL to the final URL; and
// writes the host files into dist/client: _redirects (Netlify, Cloudflare Pages), redirects.nginx.conf
// (an nginx map include) and .htaccess (Apache), listing the rules a host cannot run.
import fs from 'node:fs'
import path from 'node:path'
import { checkRegex, isAbsoluteUrl, normalizePath, RuleTable, splitSource, type RedirectRule } from '../../shared/redirects.ts'
import { createDb } from '../../server/db/knex.ts'
import { readRules } from '../../server/redirects/store.ts'
import { readYamlRules } from '../../server/redirects/yamlRules.ts'
import { hiddenUrls } from '../../server/redirects/validate.ts'

export type RedirectPlan = {
  rules: RedirectRule[]
  table: RuleTable
  /** The page's HTML with links to redirected URLs replaced by their final URL. */
  rewrite: (html: string) => string
  rewritten: number
}

const label = (r: RedirectRule) => `rule ${r.id} (${r.match_type} ${r.source}${r.target ? ` → ${r.target}` : ' → 410'})`

/** Rules from the database when one is reachable (DATABASE_URL, or the SQLite file under var/). */
export async function readDatabaseRules(root: string, log: (line: string) => void): Promise<RedirectRule[]> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const varDir = process.env.VAR_DIR || path.join(root, 'var')
  if (!databaseUrl && !fs.existsSync(path.join(varDir, 'app.sqlite'))) return []
  const db = createDb({ databaseUrl, varDir, searchPath: process.env.DATABASE_SEARCH_PATH || undefined })
  try {
    const rules = (await readRules(db)).filter((r) => r.enabled).map((r) => ({ ...r, id: `db:${r.id}` }))
    log(`redirects: ${rules.length} rule(s) from the database`)
    return rules
  } catch (error) {
    log(`redirects: the database is not reachable or not migrated (${(error as Error).message.split('\n')[0]}); using data/redirects.yaml only`)
    return []
  } finally {
    await db.destroy()
  }
}

/** Every problem of the rule set, each naming its rule; empty when the rules can be published. */
export function checkRules(rules: RedirectRule[], catalog: ReadonlySet<string>): string[] {
  const problems: string[] = []
  const table = new RuleTable(rules)
  const seen = new Map<string, RedirectRule>()
  for (const rule of rules) {
    const key = `${rule.match_type} ${rule.source}`
    const dup = seen.get(key)
    if (dup) problems.push(`${label(rule)}: the same source as ${label(dup)}`)
    seen.set(key, rule)
    if (rule.match_type === 'regex') {
      const bad = checkRegex(rule.source)
      if (bad) {
        problems.push(`${label(rule)}: ${bad}`)
        continue
      }
    }
    const hidden = hiddenUrls(rule, catalog, 3)
    if (hidden.length) problems.push(`${label(rule)}: hides the catalog URL ${hidden.join(', ')}; remove the page from data/ or the rule`)
    if (rule.status_code === 410 || !rule.target || isAbsoluteUrl(rule.target) || /\$[1-9]/.test(rule.target)) continue
    const { path: targetPath, query } = splitSource(rule.target.split('#')[0])
    const next = table.match(targetPath, query)
    if (next) {
      const loop = next.rule.id === rule.id || (next.location && table.match(splitSource(next.location).path)?.rule.id === rule.id)
      problems.push(
        loop
          ? `${label(rule)}: a loop with ${label(next.rule)}`
          : `${label(rule)}: a chain through ${label(next.rule)}; point it at ${next.location ?? 'a live page'} directly`,
      )
      continue
    }
    const p = normalizePath(targetPath)
    if (rule.match_type !== 'prefix' && !catalog.has(p) && !/\.[a-z0-9]{1,8}$/i.test(p))
      problems.push(`${label(rule)}: the target ${p} is not a page of the site`)
  }
  return problems
}

export function planRedirects(rules: RedirectRule[]): RedirectPlan {
  const table = new RuleTable(rules)
  const plan: RedirectPlan = {
    rules,
    table,
    rewritten: 0,
    rewrite: (html) => {
      if (!table.size) return html
      return html.replace(/(<a\s[^>]*?href=")(\/[^"]*)"/g, (whole, head: string, href: string) => {
        const hash = href.indexOf('#')
        const [base, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)]
        const { path: p, query } = splitSource(base.replaceAll('&amp;', '&'))
        const m = table.match(p, query)
        if (!m || !m.location) return whole
        plan.rewritten++
        return `${head}${m.location.replaceAll('&', '&amp;')}${fragment}"`
      })
    },
  }
  return plan
}

// ---- host files -----------------------------------------------------------------------------

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A regex source for hosts that match the path without its leading slash (Apache .htaccess). */
const withoutLeadingSlash = (pattern: string) => (pattern.startsWith('^/') ? `^${pattern.slice(2)}` : pattern.startsWith('^') ? pattern : `.*${pattern}`)

/** Which rules each host cannot run (they need the Koa server). */
export type HostReport = { netlify: RedirectRule[]; nginx: RedirectRule[]; apache: RedirectRule[] }

export function netlifyRedirects(rules: RedirectRule[]): { text: string; unsupported: RedirectRule[] } {
  const lines = ['# Generated by the build from the redirect rules (docs/deploy-redirects.md). Do not edit.']
  const unsupported: RedirectRule[] = []
  for (const r of rules) {
    // _redirects has no regex, drops or matches queries its own way, and has no 410.
    if (r.match_type === 'regex' || r.status_code === 410 || r.query_mode !== 'pass' || !r.target) {
      unsupported.push(r)
      continue
    }
    lines.push(`${r.source} ${r.target} ${r.status_code}`)
    if (r.match_type === 'exact' && r.source !== '/') lines.push(`${r.source}/ ${r.target} ${r.status_code}`)
    if (r.match_type === 'prefix') lines.push(`${r.source.replace(/\/$/, '')}/* ${r.target.replace(/\/$/, '')}/:splat ${r.status_code}`)
  }
  return { text: `${lines.join('\n')}\n`, unsupported }
}

export function nginxMap(rules: RedirectRule[]): { text: string; unsupported: RedirectRule[] } {
  const unsupported: RedirectRule[] = []
  const maps = new Map<string, string[]>()
  const add = (name: string, line: string) => (maps.get(name) ?? maps.set(name, []).get(name)!).push(line)
  for (const r of rules) {
    if (r.query_mode === 'exact' && splitSource(r.source).query) {
      unsupported.push(r)
      continue
    }
    const name = r.status_code === 410 ? 'proofline_gone' : `proofline_redirect_${r.status_code}${r.query_mode === 'ignore' ? '_noquery' : ''}`
    const target = r.target ?? '1'
    const q = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`
    if (r.match_type === 'exact') add(name, `  ~*^${escapeRe(r.source === '/' ? '' : r.source)}/?$ ${q(target)};`)
    else if (r.match_type === 'prefix') add(name, `  ~*^${escapeRe(r.source)}(?:/(?<rest>.*))?$ ${q(r.target ? `${r.target.replace(/\/$/, '')}/$rest` : '1')};`)
    else add(name, `  ~*${r.source} ${q(target)};`)
  }
  const blocks = [...maps].map(([name, lines]) => `map $uri $${name} {\n  default "";\n${lines.join('\n')}\n}`)
  return {
    text: `# Generated by the build from the redirect rules (docs/deploy-redirects.md). Include in the http block.\n${blocks.join('\n\n')}\n`,
    unsupported,
  }
}

export function htaccess(rules: RedirectRule[]): { text: string; unsupported: RedirectRule[] } {
  const unsupported: RedirectRule[] = []
  const lines = ['# Generated by the build from the redirect rules (docs/deploy-redirects.md). Do not edit.', 'RewriteEngine On']
  for (const r of rules) {
    if (r.query_mode === 'exact' && splitSource(r.source).query) {
      unsupported.push(r)
      continue
    }
    const pattern =
      r.match_type === 'exact'
        ? `^${escapeRe(r.source.slice(1))}/?$`
        : r.match_type === 'prefix'
          ? `^${escapeRe(r.source.slice(1))}(?:/(.*))?$`
          : withoutLeadingSlash(r.source)
    const flags = r.status_code === 410 ? 'G,L,NC' : `R=${r.status_code},L,NC${r.query_mode === 'ignore' ? ',QSD' : ''}`
    const target = r.status_code === 410 || !r.target ? '-' : r.match_type === 'prefix' ? `${r.target.replace(/\/$/, '')}/$1` : r.target
    lines.push(`RewriteRule ${pattern} ${target} [${flags}]`)
  }
  return { text: `${lines.join('\n')}\n`, unsupported }
}

/** The host files ([file name, text]) and the rules each host cannot run. */
export function hostFiles(rules: RedirectRule[]): { files: [string, string][]; report: HostReport } {
  const netlify = netlifyRedirects(rules)
  const nginx = nginxMap(rules)
  const apache = htaccess(rules)
  return {
    files: [
      ['_redirects', netlify.text],
      ['redirects.nginx.conf', nginx.text],
      ['.htaccess', apache.text],
    ],
    report: { netlify: netlify.unsupported, nginx: nginx.unsupported, apache: apache.unsupported },
  }
}

export function writeHostFiles(rules: RedirectRule[], outDir: string): HostReport {
  const { files, report } = hostFiles(rules)
  for (const [name, text] of files) fs.writeFileSync(path.join(outDir, name), text)
  return report
}

/** The build's log lines about the rules a host cannot run. */
export const hostReportLines = (report: HostReport) =>
  Object.entries(report).flatMap(([host, rules]) => (rules.length ? [`  ${host} cannot run ${rules.map(label).join(', ')}: these need the Koa server`] : []))

/** Everything the build does with redirects before pre-rendering: read, check (exit on problems), plan. */
export async function prepareRedirects(root: string, catalog: ReadonlySet<string>, log: (line: string) => void): Promise<RedirectPlan> {
  const rules = [...readYamlRules(), ...(await readDatabaseRules(root, log))]
  const problems = checkRules(rules, catalog)
  if (problems.length) {
    console.error(`\nBuild failed: ${problems.length} redirect rule problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    process.exit(1)
  }
  log(`redirects: ${rules.length} rule(s) checked`)
  return planRedirects(rules)
}
