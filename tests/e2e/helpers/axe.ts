// What axe found, in the short form the accessibility specs compare with []: a rule, its impact,
// what it asks for, and the first five elements that break it.
import type AxeBuilder from '@axe-core/playwright'

export const summarize = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
