// Funnels and journeys over session paths (docs/decisions/122). A session path is the ordered list
// of its steps, one a line: `p:/path` (a page view), `fv:<form>`, `fs:<form>`, `fx:<form>` (form
// view, start, submit) and `g:<goal>` (a conversion: `call`, `form:<name>`...).
import { z } from 'zod'

export const STEP_KINDS = { page: 'p', form_view: 'fv', form_start: 'fs', form_submit: 'fx', goal: 'g' } as const
export type StepKind = keyof typeof STEP_KINDS
export type FunnelStep = { kind: StepKind; value: string }

export const FunnelStepSchema = z.object({
  kind: z.enum(Object.keys(STEP_KINDS) as [StepKind, ...StepKind[]], { error: 'Choose page, form_view, form_start, form_submit or goal.' }),
  value: z.string().trim().min(1, 'Enter a page, form or goal (* matches any text).').max(300),
})
export const FunnelSchema = z.array(FunnelStepSchema).min(2, 'A funnel has 2 to 5 steps.').max(5, 'A funnel has 2 to 5 steps.')

/** A glob (`*` any text) as an anchored regular expression. */
const globRe = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)

export type Matcher = (line: string) => boolean
export function matcherOf(step: FunnelStep): Matcher {
  const prefix = `${STEP_KINDS[step.kind]}:`
  const re = globRe(step.value)
  return (line) => line.startsWith(prefix) && re.test(line.slice(prefix.length))
}

/** A LIKE pattern every session holding the step matches (a superset: the matcher decides). */
export function likeOf(step: FunnelStep): string {
  const escaped = `${STEP_KINDS[step.kind]}:${step.value}`.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')
  return `%${escaped}%`
}

/** How far a session gets through the funnel: steps must happen in order (others may come between). */
export function reached(lines: string[], matchers: Matcher[]): number {
  let i = 0
  for (const line of lines) {
    if (i === matchers.length) break
    if (matchers[i](line)) i++
  }
  return i
}

export type FunnelResult = { steps: { kind: StepKind; value: string; sessions: number; dropOff: number; dropOffRate: number; fromStart: number }[] }

/** Sessions reaching each step, the drop-off from the step before, and the share of the first step. */
export function funnel(paths: { steps: string }[], steps: FunnelStep[]): FunnelResult {
  const matchers = steps.map(matcherOf)
  const counts = steps.map(() => 0)
  for (const p of paths) {
    const n = reached(p.steps.split('\n'), matchers)
    for (let i = 0; i < n; i++) counts[i]++
  }
  return funnelResult(steps, counts)
}

/** The funnel's figures from the sessions reaching each step. */
export function funnelResult(steps: FunnelStep[], counts: number[]): FunnelResult {
  return {
    steps: steps.map((s, i) => {
      const before = i === 0 ? counts[0] : counts[i - 1]
      const dropOff = i === 0 ? 0 : before - counts[i]
      return {
        kind: s.kind,
        value: s.value,
        sessions: counts[i],
        dropOff,
        dropOffRate: before ? Math.round((dropOff / before) * 1000) / 10 : 0,
        fromStart: counts[0] ? Math.round((counts[i] / counts[0]) * 1000) / 10 : 0,
      }
    }),
  }
}

/** How many pages before the conversion a journey shows (the rest is "…"). */
export const JOURNEY_PAGES = 4

/**
 * A converting session's journeys, one per distinct goal it converted on, in the order of their
 * first conversion: the pages before that first conversion (the last JOURNEY_PAGES of them, earlier
 * ones as "…"), the goal, and the goals converted before it (sorted). The journey of a session for
 * a goal glob is the one whose goal matches and whose earlier goals do not (its first match).
 */
export function journeysOfSession(steps: string): { pages: string[]; conversion: string; prior: string[] }[] {
  const pages: string[] = []
  const seen: string[] = []
  const out: { pages: string[]; conversion: string; prior: string[] }[] = []
  for (const line of steps.split('\n')) {
    if (line.startsWith('p:')) {
      if (pages.at(-1) !== line.slice(2)) pages.push(line.slice(2))
    } else if (line.startsWith('g:') && !seen.includes(line.slice(2))) {
      const shown = pages.length > JOURNEY_PAGES ? ['…', ...pages.slice(-JOURNEY_PAGES)] : [...pages]
      out.push({ pages: shown, conversion: line.slice(2), prior: [...seen].sort(byCode) })
      seen.push(line.slice(2))
    }
  }
  return out
}

/** Byte (code unit) order, as SQLite's BINARY and PostgreSQL's "C" collation compare. */
export const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/** The grouping key of a journey: its shown pages, one a line, then its conversion. */
export const journeyKey = (pages: string[], conversion: string) => [...pages, conversion].join('\n')

export type JourneyRow = { pages: string[]; conversion: string; sessions: number; path: string; share: number }
export const journeyRow = (key: string, sessions: number, converting: number): JourneyRow => {
  const lines = key.split('\n')
  const conversion = lines.pop() ?? ''
  return {
    pages: lines,
    conversion,
    sessions,
    path: [...lines, `✓ ${conversion}`].join(' → '),
    share: converting ? Math.round((sessions / converting) * 1000) / 10 : 0,
  }
}

/**
 * The most common paths to a conversion: for each converting session, its pages up to its first
 * conversion matching `goal` (a glob), then that conversion. Most sessions first, then by journey
 * in byte order. (The reference computation: readJourneys answers the same from rollups.)
 */
export function journeys(paths: { steps: string }[], goal = '*', limit = 20) {
  const goalRe = globRe(goal)
  const counts = new Map<string, number>()
  let converting = 0
  for (const p of paths) {
    const j = journeysOfSession(p.steps).find((x) => goalRe.test(x.conversion))
    if (!j) continue
    converting++
    const key = journeyKey(j.pages, j.conversion)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const rows = [...counts]
    .sort((a, b) => b[1] - a[1] || byCode(a[0], b[0]))
    .slice(0, limit)
    .map(([key, n]) => journeyRow(key, n, converting))
  return { converting, rows }
}

export { globRe }
