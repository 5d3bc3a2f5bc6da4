// Island ids come from the island's name, never from useId: the server renders islands with React
// and the browser hydrates them with Preact (decision 163), whose useId would make other ids.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const clientDir = path.resolve(import.meta.dirname, '..')
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })

/** Every id reference of an HTML fragment and the ids it defines. */
function references(html: string) {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]))
  const refs = [...html.matchAll(/\s(?:for|aria-controls|aria-labelledby|aria-describedby)="([^"]+)"/g)].flatMap((m) => m[1].split(/\s+/))
  return { ids, refs }
}

describe('island ids', () => {
  // useSyncExternalStore: preact/compat's ignores the server snapshot (client/ui/useStore.ts).
  it('no browser code calls useId or useSyncExternalStore', () => {
    const offenders = sources(clientDir)
      .filter((file) => /\b(?:useId|useSyncExternalStore)\s*\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(clientDir, file))
    expect(offenders).toEqual([])
  })

  it('an island renders the ids of its name, the same on every render, and its labels point at them', async () => {
    const { renderToString } = await import('react-dom/server')
    const { Island } = await import('../../templates/components/Island.tsx')
    const { NewsletterForm } = await import('./NewsletterForm.tsx')
    const { FaqAccordion } = await import('./FaqAccordion.tsx')
    const { RoiCalculator } = await import('./RoiCalculator.tsx')

    const newsletter = renderToString(Island({ name: 'NewsletterForm', component: NewsletterForm, props: {} }))
    expect(newsletter).toContain('id="NewsletterForm-newsletter-email"')
    expect(newsletter).toContain('for="NewsletterForm-newsletter-email"')
    expect(renderToString(Island({ name: 'NewsletterForm', component: NewsletterForm, props: {} }))).toBe(newsletter)

    const items = [
      { id: 'cost', question: 'What does it cost?', answer: 'From $2,500 a month.' },
      { id: 'term', question: 'Is there a contract?', answer: 'Month to month.' },
    ]
    const faq = renderToString(Island({ name: 'FaqAccordion', component: FaqAccordion, props: { items } }))
    expect(faq).toContain('aria-controls="FaqAccordion-faq-cost-a"')
    expect(faq).toContain('id="FaqAccordion-faq-term-q"')

    const roi = renderToString(Island({ name: 'RoiCalculator', component: RoiCalculator, props: {} }))
    for (const html of [newsletter, faq, roi]) {
      const { ids, refs } = references(html)
      expect(refs.length).toBeGreaterThan(0)
      expect(refs.filter((ref) => !ids.has(ref))).toEqual([])
      // React's useId ids («r0», _r_0_, :r0:) would differ from Preact's in the browser.
      expect(html).not.toMatch(/\sid="[^"]*(?:«|»|_r_|:r)/)
    }
  })
})
