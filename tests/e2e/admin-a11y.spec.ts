// axe-core finds no violations on any staff screen of the admin, signed in as an admin (who sees
// every menu entry): WCAG 2.x A and AA and axe's best practices, less two best-practice rules
// (docs/decisions/212-admin-menu-sections.md): page-has-heading-one (react-admin's app bar title
// is each screen's heading; the custom screens have an h1 of their own) and aria-allowed-role (MUI's
// documented file-upload button is a label with role=button).
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { signInWithApi } from './helpers/admin.ts'

const SCREENS = [
  '/',
  '/leads',
  '/contacts',
  '/companies',
  '/deals',
  '/activities',
  '/activities/my-tasks',
  '/users',
  '/audit-logs',
  '/jobs',
  '/redirects',
  '/not-found',
  '/posts',
  '/posts/create',
  '/tags',
  '/cms',
  '/syndication',
  '/blog-generator',
  '/blog-migration',
  '/analytics',
  '/web-traffic',
  '/web-analytics',
  '/google-analytics',
  '/attribution',
  '/visitors',
  '/monitoring',
  '/error-groups',
  '/incidents',
  '/maintenance-windows',
  '/alerts',
  '/spam-review',
  '/trends',
  '/subscribers',
  '/newsletter-lists',
  '/newsletter-campaigns',
  '/newsletter-campaigns/create',
  '/newsletter-analytics',
  '/newsletter-settings',
  '/social-media',
  '/social-media/calendar',
  '/social-media/queue',
  '/social-accounts',
  '/privacy',
  '/account',
]

for (const path of SCREENS) {
  test(`/admin${path} has no axe violations`, async ({ page }) => {
    test.setTimeout(60_000)
    await signInWithApi(page.request)
    await page.goto(`/admin${path}`)
    await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 })
    // The screen's data and its lazily loaded charts.
    await page.waitForLoadState('networkidle')
    const results = await new AxeBuilder({ page }).disableRules(['page-has-heading-one', 'aria-allowed-role']).analyze()
    const found = results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
    expect(found).toEqual([])
  })
}
