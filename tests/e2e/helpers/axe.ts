// What axe found, in the short form the accessibility specs compare with []: a rule, its impact,
// what it asks for, and the first five elements that break it.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const summarize = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))

/** What axe finds on an admin screen as it is now (every rule; a post preview's frame, a public
 * page checked by a11y.spec.ts, left out): for admin-a11y.spec.ts and the screens met in the middle
 * of a flow. */
export async function adminViolations(page: Page) {
  return summarize(await new AxeBuilder({ page }).exclude('iframe[title^="Preview of"]').analyze())
}
