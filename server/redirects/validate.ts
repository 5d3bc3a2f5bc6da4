// The checks a redirect rule passes before it is saved (admin API, CSV import, build): a source
// that compiles and cannot backtrack, no hidden live page unless confirmed, no loop, a target
// that exists; a chain is flattened (A→B while B→C: A is saved pointing at C) and rules that
// would now chain through this one are re-pointed at its final target.
import { checkRegex, isAbsoluteUrl, normalizePath, normalizeSource, RuleTable, splitSource, type RedirectRule } from '../../shared/redirects.ts'

export const MAX_HOPS = 20
const CANDIDATE = '\u0000candidate'

export type Candidate = RedirectRule & { confirmHidesPage?: boolean }
export type Checked = {
  source: string
  target: string | null
  /** The chain that was flattened, e.g. ["/b", "/c"]: the target was /b, it is now /c. */
  flattened: string[] | null
  /** Other rules that pointed at this source: re-pointed at this rule's final target. */
  repointed: Array<{ id: number | string; source: string; from: string; to: string }>
  /** Live catalog URLs this rule hides (only when confirmed). */
  hides: string[]
}
export type RuleErrors = Record<string, string>

/** Internal path of a target ("/a?b#c" → "/a"), or null for an absolute URL / a target with captures. */
const internalPaths = new Map<string, string | null>()
function internalPath(target: string): string | null {
  const known = internalPaths.get(target)
  if (known !== undefined) return known
  const path = isAbsoluteUrl(target) || /\$[1-9]/.test(target) ? null : normalizePath(splitSource(target.split('#')[0]).path)
  if (internalPaths.size > 100_000) internalPaths.clear()
  internalPaths.set(target, path)
  return path
}

const looksLikeFile = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path)

/** The catalog URLs a rule would hide (at most `limit`). */
export function hiddenUrls(rule: RedirectRule, catalog: ReadonlySet<string>, limit = 5): string[] {
  const table = new RuleTable([{ ...rule, enabled: true }])
  if (rule.match_type === 'exact' && rule.query_mode === 'exact' && splitSource(rule.source).query) return []
  const out: string[] = []
  for (const url of catalog) {
    if (table.match(url)) out.push(url)
    if (out.length >= limit) break
  }
  return out
}

/**
 * Checks one rule against the others (all rules but itself). Returns the normalised rule and
 * what was flattened, or field errors.
 */
export function checkRule(
  input: Candidate,
  others: RedirectRule[],
  catalog: ReadonlySet<string>,
  opts: { othersTable?: RuleTable } = {},
): { ok: true; rule: Checked } | { ok: false; errors: RuleErrors } {
  const errors: RuleErrors = {}
  const source = normalizeSource(input.source, input.match_type, input.query_mode)
  if (input.match_type === 'regex') {
    const problem = checkRegex(source)
    if (problem) errors.source = problem
  } else if (!source.startsWith('/') || /\s/.test(source)) errors.source = 'Give a path that starts with /, e.g. /old-page.'
  if (input.query_mode === 'exact' && input.match_type !== 'exact') errors.query_mode = 'The exact query mode works with exact rules only.'
  let target = input.status_code === 410 ? null : (input.target?.trim() ?? null)
  if (input.status_code !== 410 && !target) errors.target = 'Give the new URL (a path such as /new-page, or https://…), or choose 410 Gone.'
  if (target && !isAbsoluteUrl(target) && !target.startsWith('/')) errors.target = 'Give a path that starts with / or an absolute URL starting with https://.'
  if (target && /\$[1-9]/.test(target) && input.match_type !== 'regex') errors.target = '$1…$9 only work with regex rules.'
  if (Object.keys(errors).length) return { ok: false, errors }

  const duplicate = others.find((r) => r.match_type === input.match_type && r.source === source)
  if (duplicate) return { ok: false, errors: { source: `There is already a ${input.match_type} rule for this URL (rule ${duplicate.id}): edit that one.` } }

  const rule: RedirectRule = { ...input, id: CANDIDATE, source, target, enabled: true }
  let hides: string[] = []
  if (input.enabled !== false) {
    hides = hiddenUrls(rule, catalog)
    if (hides.length && !input.confirmHidesPage)
      return {
        ok: false,
        errors: {
          source: `This would hide the live page ${hides.join(', ')}${hides.length >= 5 ? ' and more' : ''}. Remove the page first, or confirm that the rule may hide it.`,
        },
      }
  }

  // Follow the target through the other rules: a loop is refused, a chain flattened.
  let flattened: string[] | null = null
  const path = target ? internalPath(target) : null
  if (target && path !== null) {
    // The compiled table of the other rules (the store's, when given), and the candidate alone:
    // reaching the candidate again is a loop.
    const all = opts.othersTable ?? new RuleTable(others.filter((r) => r.enabled !== false))
    const self = new RuleTable([rule])
    const seen = [path]
    let location = target
    for (let hop = 0; ; hop++) {
      const { path: p, query } = splitSource(location.split('#')[0])
      const m = self.match(p, query) ?? all.match(p, query)
      if (!m) break
      if (m.rule.id === CANDIDATE || hop >= MAX_HOPS)
        return {
          ok: false,
          errors: { target: `This would make a loop: ${[source, ...seen].join(' → ')}. Point the rule at a page that does not redirect back.` },
        }
      if (m.status === 410 || m.location === null)
        return {
          ok: false,
          errors: { target: `${seen[seen.length - 1]} is retired (410 Gone by rule ${m.rule.id}). Point this rule at a live page, or make it 410 too.` },
        }
      location = m.location
      if (isAbsoluteUrl(location)) break
      seen.push(normalizePath(splitSource(location).path))
    }
    if (location !== target) {
      flattened = seen
      target = location
    }
    const finalPath = internalPath(target)
    if (finalPath !== null && !catalog.has(finalPath) && !looksLikeFile(finalPath) && input.match_type !== 'prefix')
      return { ok: false, errors: { target: `There is no page at ${finalPath}. Pick a live URL of the site.` } }
  }

  // Rules whose target this rule now catches would chain through it: re-point them.
  const repointed: Checked['repointed'] = []
  if (input.enabled !== false) {
    const self = new RuleTable([rule])
    const sourcePath = splitSource(source).path
    for (const other of others) {
      if (!other.target || other.enabled === false) continue
      const p = internalPath(other.target)
      if (p === null) continue
      // Cheap string tests first: only a regex candidate needs the matcher for every rule.
      if (input.match_type === 'exact' && p !== sourcePath) continue
      if (input.match_type === 'prefix' && !p.startsWith(sourcePath)) continue
      const m = self.match(p, splitSource(other.target.split('#')[0]).query)
      if (!m) continue
      if (m.location === null)
        return { ok: false, errors: { source: `Rule ${other.id} (${other.source}) redirects here: point it elsewhere before retiring this URL with 410.` } }
      if (internalPath(m.location) === normalizePath(splitSource(other.source).path) && other.match_type !== 'regex')
        return { ok: false, errors: { target: `This would make a loop with rule ${other.id}: ${other.source} → ${source} → ${other.source}.` } }
      repointed.push({ id: other.id, source: other.source, from: other.target, to: m.location })
    }
  }
  return { ok: true, rule: { source, target, flattened, repointed, hides } }
}
