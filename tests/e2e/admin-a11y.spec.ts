// Every staff screen of the admin opens and passes axe, signed in as an admin (who sees every
// menu entry): every screen of the menu, the create forms, the import screens, and the list, show
// and edit screens of records each test makes. A screen opens as itself (never the admin's "Page
// not found", no error alert, no error logged while it loads; this spec took over
// admin-screens.spec.ts, which checked that on 18 of these screens), axe-core finds no violation
// (WCAG 2.x A and AA and axe's best practices, every rule on), it has exactly one h1, its
// title in the app bar, not empty, and at 1024 px no form field is cut off or squeezed to a sliver. The sign-in and the temporary-password screens, outside the
// layout, have their own; the file pickers are real buttons that open the chooser from the
// keyboard (docs/decisions/213-admin-headings.md, 214-test-time-headless-shell.md).
import { expect, test, type Page } from '@playwright/test'
import { adminApi, seedLead, signInWithApi, uniqueId } from './helpers/admin.ts'
import { adminViolations } from './helpers/axe.ts'

/** Every staff screen, in groups of the menu's sections: a test checks one group in one signed-in
 * browser context, screen after screen (a context and a sign-in per screen cost more than axe). */
const SCREENS: Record<string, string[]> = {
  'the overview and the CRM': ['/', '/leads', '/contacts', '/companies', '/deals', '/activities', '/activities/my-tasks'],
  'the content screens': ['/redirects', '/not-found', '/posts', '/posts/create', '/tags', '/cms', '/syndication', '/blog-generator', '/blog-migration'],
  'the analytics screens': ['/analytics', '/web-traffic', '/web-analytics', '/google-analytics', '/attribution', '/visitors'],
  'the monitoring screens': ['/monitoring', '/error-groups', '/incidents', '/maintenance-windows', '/alerts', '/spam-review', '/trends'],
  'the newsletter screens': [
    '/subscribers',
    '/newsletter-lists',
    '/newsletter-campaigns',
    '/newsletter-campaigns/create',
    '/newsletter-analytics',
    '/newsletter-settings',
  ],
  'the social media screens': ['/social-media', '/social-media/calendar', '/social-media/queue', '/social-accounts'],
  'the settings and the account': ['/users', '/audit-logs', '/jobs', '/privacy', '/account'],
  // The import screens (their file pickers).
  'the import screens': ['/contacts/import', '/redirects/import', '/subscribers/import'],
  'the CRM and content create forms': ['/contacts/create', '/companies/create', '/deals/create', '/activities/create', '/redirects/create', '/tags/create'],
  'the other create forms': [
    '/users/create',
    '/subscribers/create',
    '/newsletter-lists/create',
    '/maintenance-windows/create',
    '/social-accounts/create',
    '/social-media/create',
  ],
}

// A small laptop's window (1024 px; the menu stays open from 900 px): the screens are checked
// where their rows of fields have the least room, with the menu beside them.
test.use({ viewport: { width: 1024, height: 768 } })

type Finding = Awaited<ReturnType<typeof adminViolations>>[number] & { path: string }

/** The page's uncaught exceptions and console errors: each call of the returned function takes
 * those logged since the last call. */
function errorsOf(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return () => errors.splice(0)
}

/**
 * Opens a screen and checks it once its data and lazily loaded charts are in: it is the screen
 * (never the admin's "Page not found", no error alert, no error logged while it loads), axe finds
 * nothing, and it has exactly one h1, not empty.
 */
async function violations(page: Page, path: string, takeErrors: () => string[]): Promise<Finding[]> {
  takeErrors()
  await page.goto(`/admin${path}`)
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 })
  await page.waitForLoadState('networkidle')
  const found: Finding[] = []
  const fault = (id: string, help: string) => found.push({ path, id, impact: 'critical', help, targets: [] })
  if (await page.getByRole('heading', { level: 1, name: 'Page not found' }).count()) fault('opens-its-screen', 'The admin showed "Page not found"')
  // An error alert on a screen that just opened means it failed to load. Only error Alerts have the
  // alert role (admin/theme.ts): an info, success or warning one is a status, and a screen reader
  // should not interrupt with it (docs/decisions/216-admin-alert-roles.md).
  const alertRoles = page.getByRole('alert')
  const alerts = await alertRoles.filter({ hasText: /could not|failed|error/i }).evaluateAll((elements) => elements.map((el) => el.textContent))
  const notErrors = await alertRoles.evaluateAll((elements) =>
    elements.filter((el) => /MuiAlert-color(Info|Success|Warning)/.test(el.className)).map((el) => el.textContent),
  )
  if (notErrors.length) fault('alert-role-for-errors', `Alerts that are not errors but have the alert role: ${JSON.stringify(notErrors)}`)
  if (alerts.length) fault('no-error-alert', `Error alerts: ${JSON.stringify(alerts)}`)
  const errors = takeErrors()
  if (errors.length) fault('no-console-error', `Errors logged while it loaded: ${JSON.stringify(errors)}`)
  // The post editor's preview frame holds a public page, checked on its own by a11y.spec.ts: axe
  // would otherwise count its header and main as a second banner and main of the admin.
  found.push(...(await adminViolations(page)).map((v) => ({ path, ...v })))
  // A field wider than the card that holds it is cut off at the card's edge (a card hides what
  // overflows it), one wider than the window makes the page scroll sideways, and one squeezed by
  // its row to a sliver cannot be read or typed into.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.MuiFormControl-root')].flatMap((field) => {
      const input = field.querySelector('.MuiInputBase-root')
      if (!input || !field.checkVisibility({ visibilityProperty: true })) return []
      const box = input.getBoundingClientRect()
      const card = field.closest('.MuiCard-root')
      const right = card ? card.getBoundingClientRect().right : document.documentElement.clientWidth
      const label = field.querySelector('label')?.textContent?.trim() || input.querySelector('input, textarea')?.getAttribute('aria-label') || field.className
      if (box.width < 48) return [`${label} is ${Math.round(box.width)} px wide`]
      return box.right > right + 1 ? [`${label} ends at ${Math.round(box.right)} px, its ${card ? 'card' : 'window'} at ${Math.round(right)} px`] : []
    }),
  )
  if (clipped.length) fault('field-fits-its-card', `Fields cut off: ${JSON.stringify(clipped)}`)
  // axe asks for at least one h1; a screen has exactly one, and it names the screen.
  const h1s = (await page.locator('h1').allInnerTexts()).map((text) => text.trim())
  if (h1s.length !== 1 || !h1s[0])
    found.push({ path, id: 'one-named-h1', impact: 'moderate', help: `Exactly one non-empty h1 (found: ${JSON.stringify(h1s)})`, targets: [] })
  return found
}

test('the sign-in screen has no axe violations and one h1', async ({ page }) => {
  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible({ timeout: 20_000 })
  expect(await adminViolations(page)).toEqual([])
  expect(await page.locator('h1').count()).toBe(1)
})

test('an address that names no screen says so, passes axe and leads back to the overview', async ({ page }) => {
  const takeErrors = errorsOf(page)
  await signInWithApi(page.request)
  await page.goto('/admin/leads-old')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('No staff screen has the address /admin/leads-old.')).toBeVisible()
  expect(await adminViolations(page)).toEqual([])
  expect(takeErrors()).toEqual([])
  await page.getByRole('link', { name: 'Back to the overview' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0)
})

test('a file picker is a button that opens the file chooser from the keyboard', async ({ page }) => {
  await signInWithApi(page.request)
  // Listening from the start: Playwright turns on its file-chooser interception when the first
  // listener is added, and a chooser opened before that is not reported.
  const opened: string[] = []
  page.on('filechooser', async (chooser) => {
    const label = (await chooser.element().getAttribute('aria-label')) ?? ''
    // The redirects' rules file is read into the form; the GA4 chooser is closed with nothing chosen.
    await chooser.setFiles(
      label === 'Rules file' ? { name: 'rules.csv', mimeType: 'text/csv', buffer: Buffer.from('source,target\n/old-pricing,/pricing\n') } : [],
    )
    opened.push(label)
  })
  for (const [path, button, input] of [
    ['/redirects/import', 'Choose a file', 'Rules file'],
    ['/google-analytics', 'Import a GA4 CSV export', 'GA4 CSV file'],
  ]) {
    await page.goto(`/admin${path}`)
    const picker = page.getByRole('button', { name: button })
    await expect(picker).toBeVisible({ timeout: 20_000 })
    expect(await picker.evaluate((el) => el.tagName)).toBe('BUTTON')
    await picker.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => opened.at(-1)).toBe(input)
    if (input === 'Rules file') await expect(page.getByRole('textbox', { name: 'Rules' })).toHaveValue(/\/old-pricing,\/pricing/)
  }
  expect(opened).toEqual(['Rules file', 'GA4 CSV file'])
})

for (const [name, paths] of Object.entries(SCREENS)) {
  test(`${name} open and have no axe violations`, async ({ page }) => {
    test.setTimeout(30_000 + 20_000 * paths.length)
    const takeErrors = errorsOf(page)
    await signInWithApi(page.request)
    const found = []
    for (const path of paths) found.push(...(await violations(page, path, takeErrors)))
    expect(found).toEqual([])
  })
}

const paragraph =
  'Most service businesses judge call tracking by the cost per lead a platform reports. That number hides how many calls became booked jobs. '.repeat(8)

/** Screens that show records: each test makes its own, so the lists have rows (with their
 * checkboxes and chips) whatever else runs beside it, then opens the list, the record and its form. */
const RECORDS: { name: string; paths: (page: Page, csrf: string) => Promise<string[]> }[] = [
  {
    name: 'a lead',
    async paths(page, csrf) {
      const { email } = await seedLead(page.request)
      const found = await adminApi(page.request, csrf, 'GET', `/leads?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`)
      const id = found.body[0].id
      // The overview lists it among the recent leads.
      return ['/', '/leads', `/leads/${id}/show`, `/leads/${id}`]
    },
  },
  {
    name: 'a company and a deal',
    async paths(page, csrf) {
      const company = await adminApi(page.request, csrf, 'POST', '/companies', { name: `Harbor Plumbing ${uniqueId()}` })
      const deal = await adminApi(page.request, csrf, 'POST', '/deals', {
        name: `Harbor retainer ${uniqueId()}`,
        stage: 'lead',
        amount: 4800,
        company_id: company.body.id,
      })
      expect([company.status, deal.status]).toEqual([201, 201])
      return [
        '/companies',
        `/companies/${company.body.id}/show`,
        `/companies/${company.body.id}`,
        '/deals',
        '/deals/table',
        `/deals/${deal.body.id}/show`,
        `/deals/${deal.body.id}`,
      ]
    },
  },
  {
    name: 'a post',
    async paths(page, csrf) {
      const id = uniqueId()
      const post = await adminApi(page.request, csrf, 'POST', '/posts', {
        title: `Booked Jobs per Campaign ${id}`,
        slug: `booked-jobs-per-campaign-${id}`,
        body: `${paragraph}\n\n## Tie every lead to a job\n\n${paragraph}`,
        excerpt: 'Why call tracking should report booked jobs per campaign rather than calls, and how to record call outcomes in the CRM.',
        tags: ['ppc'],
        author: 'Jordan Mercer',
      })
      expect(post.status, JSON.stringify(post.body)).toBe(201)
      return ['/posts', `/posts/${post.body.id}`]
    },
  },
  {
    name: 'a social post and its account',
    async paths(page, csrf) {
      const account = await adminApi(page.request, csrf, 'POST', '/social-accounts', { network: 'linkedin', name: `Harbor LinkedIn ${uniqueId()}` })
      const post = await adminApi(page.request, csrf, 'POST', '/social-media', {
        title: `Landing fixes ${uniqueId()}`,
        text: 'Five landing-page fixes that lift conversions.',
        variants: [{ account_id: Number(account.body.id) }],
      })
      expect([account.status, post.status]).toEqual([201, 201])
      return ['/social-accounts', `/social-accounts/${account.body.id}`, '/social-media', `/social-media/${post.body.id}`]
    },
  },
  {
    name: 'a user',
    async paths(page, csrf) {
      const users = await adminApi(page.request, csrf, 'GET', '/users')
      return ['/users', `/users/${users.body[0].id}`, '/audit-logs']
    },
  },
]

for (const { name, paths } of RECORDS) {
  test(`the screens of ${name} open and have no axe violations`, async ({ page }) => {
    test.setTimeout(120_000)
    const takeErrors = errorsOf(page)
    const csrf = await signInWithApi(page.request)
    const found = []
    for (const path of await paths(page, csrf)) found.push(...(await violations(page, path, takeErrors)))
    expect(found).toEqual([])
  })
}
