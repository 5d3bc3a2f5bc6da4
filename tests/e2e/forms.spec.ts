// The quote, contact and job application forms, end to end: filled in Chromium, sent to the real
// server, and checked in the real database row. Also: inline errors from the shared contract
// before anything is sent, and the server's own field errors shown under the fields.
import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { closeDb, countLeads, e2eVarDir, findLead, uniqueEmail } from './helpers/db.ts'
import { gotoWithIsland } from './helpers/islands.ts'

test.afterAll(closeDb)

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)

/** Counts the POSTs the page sends to an API path. */
function countPosts(page: Page, pathname: string) {
  const counter = { n: 0 }
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === pathname) counter.n++
  })
  return counter
}

test.describe('quote form', () => {
  test('a complete request is stored with its attribution and lands on /thank-you', async ({ page }) => {
    const email = uniqueEmail('quote')
    await gotoWithIsland(page, '/free-quote?utm_source=newsletter&utm_medium=email&utm_campaign=spring-audit', 'QuoteForm')
    const form = page.getByRole('form', { name: 'Free quote request' })
    await form.getByLabel('Your name').fill('Dana Whitfield')
    await form.getByLabel('Work email').fill(email)
    await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('(512) 555-0199')
    await form.getByLabel('Company').fill('Whitfield Roofing')
    await form.getByLabel('Website').fill('whitfieldroofing.example.com')
    await form.getByRole('checkbox', { name: 'SEO Services' }).check()
    await form.getByRole('checkbox', { name: 'PPC Management' }).check()
    await form.getByRole('radio', { name: '$5,000 - $15,000 / month' }).check()
    await form.getByLabel('When do you want to start?').selectOption({ label: 'In 1-3 months' })
    await form.getByLabel('Goals, current results or anything we should know').fill('We want more roof replacement leads in Austin.')
    await form.getByRole('checkbox', { name: /I agree to be contacted/ }).check()
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()

    await expect(page).toHaveURL(/\/thank-you$/)
    const row = await findLead(email)
    expect(row).toMatchObject({
      kind: 'quote',
      is_spam: 0,
      name: 'Dana Whitfield',
      phone: '+15125550199',
      company: 'Whitfield Roofing',
      message: 'We want more roof replacement leads in Austin.',
      source: 'Quote Form',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-audit',
      traffic_source: 'newsletter',
      landing_page: '/free-quote?utm_source=newsletter&utm_medium=email&utm_campaign=spring-audit',
    })
    expect(row.first_touch).toMatch(/^newsletter \/ email \/ spring-audit @ \d{4}-\d\d-\d\dT/)
    expect(row.last_touch).toBe(row.first_touch)
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({
      website: 'whitfieldroofing.example.com',
      services: ['seo-services', 'ppc-management'],
      budget: '5k-15k',
      timeline: '1-3-months',
      consent: true,
    })
  })

  test('/quote and /get-quote show the same form', async ({ page }) => {
    for (const url of ['/quote', '/get-quote']) {
      await gotoWithIsland(page, url, 'QuoteForm')
      await expect(page.getByRole('form', { name: 'Free quote request' }).getByRole('button', { name: 'Get My Free Quote' })).toBeVisible()
    }
  })

  test('fields carry labels, autocomplete and keyboard hints', async ({ page }) => {
    await gotoWithIsland(page, '/free-quote', 'QuoteForm')
    const form = page.getByRole('form', { name: 'Free quote request' })
    const hints = [
      ['Your name', 'name', null, 'text'],
      ['Work email', 'email', 'email', 'email'],
      ['Phone (optional)', 'tel', 'tel', 'tel'],
      ['Company', 'organization', null, 'text'],
      ['Website', 'url', 'url', 'url'],
    ] as const
    for (const [label, autocomplete, inputmode, type] of hints) {
      const input = form.getByRole('textbox', { name: label, exact: false })
      await expect(input).toHaveAttribute('autocomplete', autocomplete)
      await expect(input).toHaveAttribute('type', type)
      if (inputmode) await expect(input).toHaveAttribute('inputmode', inputmode)
    }
  })

  test('inline errors from the shared contract appear before anything is sent', async ({ page }) => {
    const posts = countPosts(page, '/api/quotes')
    await gotoWithIsland(page, '/free-quote', 'QuoteForm')
    const form = page.getByRole('form', { name: 'Free quote request' })
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()

    await expect(form.getByRole('alert')).toHaveText('Please check the fields marked below.')
    const name = form.getByLabel('Your name')
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription('Enter your name.')
    await expect(form.getByLabel('Work email')).toHaveAccessibleDescription('Enter your email address.')
    await expect(form.getByText('Choose at least one service.')).toBeVisible()
    await expect(form.getByText('Choose a monthly budget.')).toBeVisible()
    await expect(form.getByLabel('When do you want to start?')).toHaveAccessibleDescription('Choose a timeline.')
    await expect(form.getByText('Please agree to be contacted about your quote.')).toBeVisible()

    await form.getByLabel('Work email').fill('dana@')
    await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('12')
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(form.getByLabel('Work email')).toHaveAccessibleDescription('Enter a valid email address, like name@company.com.')
    await expect(form.getByRole('textbox', { name: 'Phone (optional)' })).toHaveAccessibleDescription('Enter a phone number with at least 7 digits.')
    // Fixing a field clears its message.
    await form.getByLabel('Your name').fill('Dana')
    await expect(form.getByLabel('Your name')).not.toHaveAttribute('aria-invalid')
    expect(posts.n).toBe(0)
  })

  test("the server's field errors are shown under the fields", async ({ page }) => {
    const email = uniqueEmail('quote-server')
    // The browser only offers real services; this request is altered on its way so the real
    // server rejects a service id it does not know.
    await page.route('**/api/quotes', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
      await route.continue({ postData: JSON.stringify({ ...body, services: ['not-a-real-service'] }) })
    })
    await gotoWithIsland(page, '/free-quote', 'QuoteForm')
    const form = page.getByRole('form', { name: 'Free quote request' })
    await form.getByLabel('Your name').fill('Dana Whitfield')
    await form.getByLabel('Work email').fill(email)
    await form.getByRole('checkbox', { name: 'Local SEO' }).check()
    await form.getByRole('radio', { name: 'Under $5,000 / month' }).check()
    await form.getByLabel('When do you want to start?').selectOption('asap')
    await form.getByRole('checkbox', { name: /I agree to be contacted/ }).check()
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()

    await expect(form.getByText('Choose services from the list.')).toBeVisible()
    await expect(form.getByRole('alert')).toHaveText('Please check the fields marked below.')
    await expect(page).toHaveURL(/\/free-quote$/)
    expect(await countLeads(email)).toBe(0)
  })
})

test.describe('contact form', () => {
  test('a message is stored and confirmed in place', async ({ page }) => {
    const email = uniqueEmail('contact')
    await gotoWithIsland(page, '/contact?utm_source=partner-site', 'ContactForm')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Your name').fill('Ana Ruiz')
    await form.getByLabel('Email').fill(email)
    await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('+1 737 555 0100')
    await form.getByLabel('Subject').fill('Partnership question')
    await form.getByLabel('Message').fill('Do you white-label HubSpot onboarding for agencies?')
    await form.getByRole('button', { name: 'Send Message' }).click()

    await expect(form.getByRole('status')).toHaveText('Thanks, Ana Ruiz. Your message is on its way and a strategist will reply within one business day.')
    await expect(form.getByLabel('Subject')).toHaveValue('')
    const row = await findLead(email)
    expect(row).toMatchObject({
      kind: 'contact',
      is_spam: 0,
      name: 'Ana Ruiz',
      phone: '+17375550100',
      message: 'Do you white-label HubSpot onboarding for agencies?',
      source: 'Contact Form',
      utm_source: 'partner-site',
      landing_page: '/contact?utm_source=partner-site',
    })
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({ subject: 'Partnership question' })
  })

  test("text typed before the form's code loaded is kept", async ({ page }) => {
    const email = uniqueEmail('contact-early')
    // Hold every script until the visitor has typed into the server-rendered form.
    let release!: () => void
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/**/*.js', async (route) => {
      await scriptsMayLoad
      await route.continue()
    })
    await page.goto('/contact', { waitUntil: 'domcontentloaded' })
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Your name').fill('Early Bird')
    release()
    await page.locator('[data-island="ContactForm"][data-hydrated]').waitFor({ state: 'attached' })
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Subject').fill('Typed early')
    await form.getByLabel('Message').fill('This name was typed before the page finished loading.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByRole('status')).toContainText('Thanks, Early Bird.')
    expect((await findLead(email)).name).toBe('Early Bird')
  })

  test('bad input shows its message under the field', async ({ page }) => {
    const posts = countPosts(page, '/api/contact')
    await gotoWithIsland(page, '/contact', 'ContactForm')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Your name').fill('Ana')
    await form.getByLabel('Email').fill('ana@example.com')
    await form.getByLabel('Subject').fill('Hi')
    await form.getByLabel('Message').fill('Too short')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByLabel('Subject')).toHaveAccessibleDescription('Enter a subject.')
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Write a message of at least 10 characters.')
    await expect(form.getByLabel('Subject')).toBeFocused()
    expect(posts.n).toBe(0)
  })
})

test.describe('job application', () => {
  test('an application with a PDF résumé is stored with its file', async ({ page }) => {
    const email = uniqueEmail('apply')
    await gotoWithIsland(page, '/apply?opening=paid-media-manager', 'ApplyForm')
    const form = page.getByRole('form', { name: 'Job application' })
    await expect(form.getByLabel('Opening')).toHaveValue('paid-media-manager')
    await form.getByLabel('Full name').fill('Sam Okafor')
    await form.getByLabel('Email').fill(email)
    await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('512-555-0123')
    await form.getByLabel('Portfolio, LinkedIn or GitHub links').fill('https://www.linkedin.com/in/sam-okafor-example')
    await form.getByLabel(/Cover letter/).fill('I rebuilt a B2B Google Ads account around offline conversions and cut cost per SQL by 41% in one quarter.')
    await form.getByLabel('Resume (PDF, up to 5 MB)').setInputFiles({ name: 'sam-okafor.pdf', mimeType: 'application/pdf', buffer: PDF })
    await form.getByRole('button', { name: 'Send Application' }).click()

    await expect(form.getByRole('status')).toHaveText(
      'Thanks, Sam Okafor. Your application for Paid Media Manager was received. A hiring manager will reply within ten business days.',
    )
    const row = await findLead(email)
    expect(row).toMatchObject({
      kind: 'application',
      is_spam: 0,
      name: 'Sam Okafor',
      phone: '+15125550123',
      source: 'Careers',
      landing_page: '/apply?opening=paid-media-manager',
    })
    const details = JSON.parse(row.details ?? '{}') as { openingId: string; resume: { storedName: string; originalName: string; size: number } }
    expect(details).toMatchObject({
      openingId: 'paid-media-manager',
      openingTitle: 'Paid Media Manager',
      links: 'https://www.linkedin.com/in/sam-okafor-example',
    })
    expect(details.resume).toMatchObject({ originalName: 'sam-okafor.pdf', size: PDF.length })
    expect(fs.readFileSync(path.join(e2eVarDir, 'uploads', details.resume.storedName))).toEqual(PDF)
  })

  test('a file that is not a PDF is refused in the browser, and by the server when it only claims to be one', async ({ page }) => {
    const email = uniqueEmail('apply-bad')
    await gotoWithIsland(page, '/apply', 'ApplyForm')
    const form = page.getByRole('form', { name: 'Job application' })
    const resume = form.getByLabel('Resume (PDF, up to 5 MB)')
    await resume.setInputFiles({
      name: 'resume.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK\u0003\u0004'),
    })
    await expect(resume).toHaveAccessibleDescription('Upload your resume as a PDF file.')

    await form.getByLabel('Opening').selectOption({ label: 'Senior SEO Strategist' })
    await form.getByLabel('Full name').fill('Sam Okafor')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel(/Cover letter/).fill('A cover letter long enough for the rule: fifty characters or more, written here.')
    await resume.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('This is a plain text file, not a PDF.') })
    await expect(resume).not.toHaveAttribute('aria-invalid')
    await form.getByRole('button', { name: 'Send Application' }).click()

    await expect(resume).toHaveAccessibleDescription('The résumé must be a PDF file.')
    await expect(resume).toBeFocused()
    expect(await countLeads(email)).toBe(0)
  })

  test('required fields are reported inline', async ({ page }) => {
    await gotoWithIsland(page, '/apply', 'ApplyForm')
    const form = page.getByRole('form', { name: 'Job application' })
    await form.getByRole('button', { name: 'Send Application' }).click()
    await expect(form.getByLabel('Opening')).toHaveAccessibleDescription('Choose an opening.')
    await expect(form.getByLabel('Full name')).toHaveAccessibleDescription('Enter your name.')
    await expect(form.getByLabel(/Cover letter/)).toHaveAccessibleDescription('Write a cover letter of at least 50 characters.')
    await expect(form.getByLabel('Resume (PDF, up to 5 MB)')).toHaveAccessibleDescription('Attach your resume as a PDF.')
    await expect(form.getByLabel('Opening')).toBeFocused()
  })
})
