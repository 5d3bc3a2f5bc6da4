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
 * The most common paths to a conversion: for each converting session, its pages up to its first
 * conversion (the last JOURNEY_PAGES of them), then the conversion. Optionally one goal (glob).
 */
export function journeys(paths: { steps: string }[], goal = '*', limit = 20) {
  const goalRe = globRe(goal)
  const counts = new Map<string, { pages: string[]; conversion: string; sessions: number }>()
  let converting = 0
  for (const p of paths) {
    const pages: string[] = []
    let conversion = ''
    for (const line of p.steps.split('\n')) {
      if (line.startsWith('p:')) {
        if (pages.at(-1) !== line.slice(2)) pages.push(line.slice(2))
      } else if (line.startsWith('g:') && goalRe.test(line.slice(2))) {
        conversion = line.slice(2)
        break
      }
    }
    if (!conversion) continue
    converting++
    const shown = pages.length > JOURNEY_PAGES ? ['…', ...pages.slice(-JOURNEY_PAGES)] : pages
    const key = `${shown.join('\n')}\u0001${conversion}`
    const row = counts.get(key) ?? { pages: shown, conversion, sessions: 0 }
    row.sessions++
    counts.set(key, row)
  }
  const rows = [...counts.values()]
    .sort((a, b) => b.sessions - a.sessions || a.pages.join().localeCompare(b.pages.join()))
    .slice(0, limit)
    .map((r) => ({ ...r, path: [...r.pages, `✓ ${r.conversion}`].join(' → '), share: converting ? Math.round((r.sessions / converting) * 1000) / 10 : 0 }))
  return { converting, rows }
}
