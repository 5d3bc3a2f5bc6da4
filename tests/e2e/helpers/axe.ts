// axe-core as every accessibility check here runs it, and what it found, in the short form the
// specs compare with []: a rule, its impact, what it asks for, and the first five elements that
// break it.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const summarize = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))

/**
 * axe on the page as it is now, every rule of its default set, aggregating only the violations.
 * AxeBuilder's default mode runs axe in each frame, then opens a new blank page to merge every
 * frame's results: on a page with no frame, that made each check ~3× slower (1.0-2.4 s against
 * 0.3-0.9 s a screen, measured on 2026-12-07) for the same findings. So a page without frames runs
 * `axe.run` in the page itself (AxeBuilder's legacy mode). A page with frames keeps the default
 * mode: legacy mode reported nothing from inside a frame (measured with a same-origin one).
 * tests/e2e/axe-helper.spec.ts proves both still report what they should.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ['violations'] })

/** What axe finds on a page as it is now. */
export const violations = async (page: Page) => summarize(await axe(page).analyze())

/** What axe finds on an admin screen as it is now (a post preview's frame, a public page checked
 * by a11y.spec.ts, left out): for admin-a11y.spec.ts and the screens met in the middle of a flow. */
export async function adminViolations(page: Page) {
  return summarize(await axe(page).exclude('iframe[title^="Preview of"]').analyze())
}
