// Redirect rules (issue 10): the contract shared by the admin API, the admin UI, the Koa
// middleware and the build. Pure code, no I/O: path normalisation, the safe-regex check, the
// compiled rule table (exact map + prefix list longest first + regex list) and target building.
// See docs/decisions/070-redirects.md.
import { z } from 'zod'

export const REDIRECT_STATUS_CODES = [301, 302, 307, 308, 410] as const
export const MATCH_TYPES = ['exact', 'prefix', 'regex'] as const
export const QUERY_MODES = ['pass', 'ignore', 'exact'] as const
export type MatchType = (typeof MATCH_TYPES)[number]
export type QueryMode = (typeof QUERY_MODES)[number]

/** A rule as the matcher needs it (a redirects row, or an entry of data/redirects.yaml). */
export type RedirectRule = {
  id: number | string
  source: string
  target: string | null
  status_code: number
  match_type: MatchType
  query_mode: QueryMode
  enabled?: boolean
}

/** Longest path a regex rule is tried on: bounds the work of any regex that passed the check. */
export const REGEX_MAX_PATH = 1024
export const REGEX_MAX_LENGTH = 300
/** At most this many unbounded quantifiers (*, +, {n,}) in one pattern. */
export const REGEX_MAX_UNBOUNDED = 3

/**
 * The path the way the static site resolves it: percent-decoded, without trailing slashes (the
 * site answers /about/ with a 301 to /about), lower case (every catalog URL is lower case).
 */
export function normalizePath(raw: string): string {
  let p = raw
  try {
    p = decodeURIComponent(raw)
  } catch {
    // keep the raw text: an undecodable path matches only a rule written the same way
  }
  if (!p.startsWith('/')) p = `/${p}`
  p = p.replace(/\/{2,}/g, '/')
  if (p.length > 1) p = p.replace(/\/+$/, '') || '/'
  return p.toLowerCase()
}

/** Query string with its parameters sorted (the `exact` query mode compares these). */
export function normalizeQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''))
  params.sort()
  return params.toString()
}

/** Splits "/a?b=1" into its path and query (no leading "?"). */
export function splitSource(source: string): { path: string; query: string } {
  const i = source.indexOf('?')
  return i < 0 ? { path: source, query: '' } : { path: source.slice(0, i), query: source.slice(i + 1) }
}

/** The stored form of a source: normalised path (and sorted query for the `exact` mode); regex as typed. */
export function normalizeSource(source: string, matchType: MatchType, queryMode: QueryMode): string {
  const trimmed = source.trim()
  if (matchType === 'regex') return trimmed
  const { path, query } = splitSource(trimmed.replace(/^https?:\/\/[^/]+/i, ''))
  const base = normalizePath(path)
  return queryMode === 'exact' && query ? `${base}?${normalizeQuery(query)}` : base
}

/**
 * Why a pattern is refused, or null when it is accepted. The accepted subset cannot backtrack
 * catastrophically: no backreferences or lookaround, no quantified group that itself contains a
 * quantifier or an alternation (star height 1: `(a+)+`, `(a|aa)*`), at most REGEX_MAX_UNBOUNDED
 * unbounded quantifiers, and the pattern must compile.
 */
export function checkRegex(pattern: string): string | null {
  if (!pattern) return 'Give a pattern.'
  if (pattern.length > REGEX_MAX_LENGTH) return `A pattern has at most ${REGEX_MAX_LENGTH} characters.`
  try {
    new RegExp(pattern, 'i')
  } catch (error) {
    return `This pattern does not compile: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.`
  }
  type Group = { quantified: boolean; alternation: boolean }
  const stack: Group[] = [{ quantified: false, alternation: false }]
  let unbounded = 0
  let lastClosed: Group | null = null
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    const atom = lastClosed
    lastClosed = null
    if (c === '\\') {
      const n = pattern[i + 1] ?? ''
      if (/[1-9]/.test(n) || n === 'k') return 'Backreferences (\\1, \\k<name>) are not allowed: they can make matching slow.'
      i++
      continue
    }
    if (c === '[') {
      i++
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1
      continue
    }
    if (c === '(') {
      if (/^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) return 'Lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not allowed.'
      stack.push({ quantified: false, alternation: false })
      continue
    }
    if (c === ')') {
      lastClosed = stack.pop() ?? null
      if (lastClosed && (lastClosed.quantified || lastClosed.alternation)) {
        const parent = stack[stack.length - 1]
        if (parent) parent.quantified ||= lastClosed.quantified
      }
      continue
    }
    if (c === '|') {
      stack[stack.length - 1].alternation = true
      continue
    }
    const brace = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i)) : null
    if (c === '*' || c === '+' || c === '?' || brace) {
      const repeats = c === '*' || c === '+' || (brace ? brace[2] !== undefined && (brace[3] === '' || Number(brace[3]) > 1) : false)
      const isUnbounded = c === '*' || c === '+' || (brace ? brace[2] !== undefined && brace[3] === '' : false)
      if (brace) i += brace[0].length - 1
      if (pattern[i + 1] === '?') i++
      if (repeats && atom && (atom.quantified || atom.alternation))
        return 'A repeated group may not contain another repetition or an alternation, e.g. (a+)+ or (a|b)*: it can make matching take forever.'
      if (isUnbounded && ++unbounded > REGEX_MAX_UNBOUNDED) return `At most ${REGEX_MAX_UNBOUNDED} unbounded repetitions (*, +, {n,}) in one pattern.`
      if (repeats || c === '?') stack[stack.length - 1].quantified = true
    }
  }
  return null
}

export const isAbsoluteUrl = (target: string) => /^https?:\/\//i.test(target)

/** Joins a query string onto a target that may have its own. */
export function withQuery(target: string, query: string): string {
  if (!query) return target
  const hash = target.indexOf('#')
  const [base, fragment] = hash < 0 ? [target, ''] : [target.slice(0, hash), target.slice(hash)]
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`
}

type Compiled = RedirectRule & { regex?: RegExp; prefix?: string; literal?: string }
export type RuleMatch = { rule: RedirectRule; location: string | null; status: number }

/**
 * The compiled table: exact rules in a Map (keyed by path, and by path?sorted-query for the
 * `exact` query mode), prefix rules longest first, regex rules in id order. A request that
 * matches nothing costs two map lookups, a scan of the prefix list by first segment and the
 * regexes (bounded by REGEX_MAX_PATH).
 */
export class RuleTable {
  readonly exact = new Map<string, Compiled>()
  readonly exactWithQuery = new Map<string, Compiled>()
  /** Prefix rules by their first path segment ("/old-blog/x" → "old-blog"), longest first. */
  readonly prefixes = new Map<string, Compiled[]>()
  readonly rootPrefix: Compiled[] = []
  readonly regexes: Compiled[] = []
  readonly size: number

  constructor(rules: RedirectRule[]) {
    let size = 0
    for (const rule of rules) {
      if (rule.enabled === false) continue
      size++
      if (rule.match_type === 'exact') {
        const { query } = splitSource(rule.source)
        if (rule.query_mode === 'exact' && query) this.exactWithQuery.set(rule.source, rule)
        else if (!this.exact.has(splitSource(rule.source).path)) this.exact.set(splitSource(rule.source).path, rule)
      } else if (rule.match_type === 'prefix') {
        const prefix = splitSource(rule.source).path
        const key = firstSegment(prefix)
        const compiled = { ...rule, prefix }
        if (key === '') this.rootPrefix.push(compiled)
        else {
          const list = this.prefixes.get(key) ?? []
          list.push(compiled)
          this.prefixes.set(key, list)
        }
      } else {
        try {
          this.regexes.push({ ...rule, regex: new RegExp(rule.source, 'i'), literal: literalPrefix(rule.source) })
        } catch {
          // refused at save; a bad pattern in data/redirects.yaml fails the build instead
        }
      }
    }
    for (const list of this.prefixes.values()) list.sort((a, b) => b.prefix!.length - a.prefix!.length)
    this.rootPrefix.sort((a, b) => b.prefix!.length - a.prefix!.length)
    this.size = size
  }

  /** The rule that applies to this path (raw, as requested) and query, with the Location to send. */
  match(rawPath: string, rawQuery = ''): RuleMatch | null {
    if (!this.size) return null
    const path = normalizePath(rawPath)
    const query = rawQuery.replace(/^\?/, '')
    if (query && this.exactWithQuery.size) {
      const hit = this.exactWithQuery.get(`${path}?${normalizeQuery(query)}`)
      if (hit) return result(hit, hit.target, '')
    }
    const exact = this.exact.get(path)
    if (exact) return result(exact, exact.target, query)
    const list = this.prefixes.get(firstSegment(path))
    for (const rule of list ?? []) {
      const p = rule.prefix!
      if (path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))
        return result(rule, rule.target === null ? null : joinRest(rule.target, path.slice(p.length)), query)
    }
    for (const rule of this.rootPrefix) return result(rule, rule.target === null ? null : joinRest(rule.target, path.slice(1)), query)
    if (this.regexes.length && rawPath.length <= REGEX_MAX_PATH) {
      let decoded = rawPath
      try {
        decoded = decodeURIComponent(rawPath)
      } catch {
        // match the raw path
      }
      if (decoded.length > 1) decoded = decoded.replace(/\/+$/, '')
      const lower = decoded.toLowerCase()
      for (const rule of this.regexes) {
        // Most patterns start with a literal path (^/news/...): a cheap test before the regex.
        if (rule.literal && !lower.startsWith(rule.literal)) continue
        const m = rule.regex!.exec(decoded)
        if (m) return result(rule, rule.target === null ? null : rule.target.replace(/\$([1-9])/g, (_, n: string) => m[Number(n)] ?? ''), query)
      }
    }
    return null
  }
}

/** The literal text an anchored pattern must start with ("^/news/(\\d+)" → "/news/"), lower case; '' when unknown. */
export function literalPrefix(pattern: string): string {
  if (!pattern.startsWith('^') || hasTopLevelAlternation(pattern)) return ''
  let out = ''
  for (let i = 1; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') {
      const n = pattern[i + 1] ?? ''
      if (!/[/.-]/.test(n)) break
      out += n
      i++
      continue
    }
    if (/[.*+?()[\]{}|^$]/.test(c)) {
      // A quantifier applies to the last character: it is not part of the literal.
      if (/[*+?{]/.test(c)) out = out.slice(0, -1)
      break
    }
    out += c
  }
  return out.toLowerCase()
}

function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') i++
    else if (c === '[') {
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1
    } else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) return true
  }
  return false
}

const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1)
  return end < 0 ? path.slice(1) : path.slice(1, end)
}

function joinRest(target: string, rest: string): string {
  if (!rest || rest === '/') return target
  const clean = rest.replace(/^\/+/, '')
  return `${target.replace(/\/+$/, '')}/${clean}`
}

function result(rule: RedirectRule, location: string | null, query: string): RuleMatch {
  if (rule.status_code === 410 || location === null) return { rule, location: null, status: 410 }
  return { rule, location: rule.query_mode === 'pass' ? withQuery(location, query) : location, status: rule.status_code }
}

// ---- admin contract ---------------------------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null))

const redirectFields = {
  source: z.string().trim().min(1, 'Give the old URL (a path such as /old-page).').max(2048, 'At most 2048 characters.'),
  target: optionalText(2048),
  status_code: z.union(
    REDIRECT_STATUS_CODES.map((c) => z.literal(c)) as [z.ZodLiteral<301>, z.ZodLiteral<302>, z.ZodLiteral<307>, z.ZodLiteral<308>, z.ZodLiteral<410>],
    { error: 'One of 301, 302, 307, 308 or 410.' },
  ),
  match_type: z.enum(MATCH_TYPES, { error: 'One of exact, prefix or regex.' }),
  query_mode: z.enum(QUERY_MODES, { error: 'One of pass, ignore or exact.' }),
  enabled: z.boolean(),
  group: z
    .string()
    .trim()
    .max(100, 'At most 100 characters.')
    .nullish()
    .transform((v) => v ?? ''),
  note: optionalText(2000),
  /** Staff confirm that the rule may hide a live page. */
  confirmHidesPage: z.boolean().optional(),
}

export const RedirectCreateSchema = z.object({
  ...redirectFields,
  status_code: redirectFields.status_code.default(301),
  match_type: redirectFields.match_type.default('exact'),
  query_mode: redirectFields.query_mode.default('pass'),
  enabled: redirectFields.enabled.default(true),
})
export const RedirectUpdateSchema = z.object(redirectFields).partial()
export type RedirectInput = z.infer<typeof RedirectCreateSchema>

export const NotFoundUpdateSchema = z.object({ ignored: z.boolean() }).partial()

/** The answer of POST /api/admin/redirects/import: one entry per rule line, in order. */
export type RedirectImportReport = {
  total: number
  valid: number
  created: number
  rows: Array<{ row: number; source: string; target: string | null; status: 'ok' | 'error'; errors?: Record<string, string>; flattened?: string[] | null }>
}
