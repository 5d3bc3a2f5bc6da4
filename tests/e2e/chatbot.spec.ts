// The chatbot: a launcher on every page, its code and index loaded only on first open, answers
// ranked from the site's own FAQ, Q&A and service data with links to the pages, the quote form
// and phone number on offer, an email captured as a 'Chatbot' lead (checked in the database),
// keyboard operation with Escape returning focus, and no request leaving the site.
import { expect, test, type Page } from '@playwright/test'
import { closeDb, findChatQuestions, findLead, uniqueEmail } from './helpers/db.ts'
import { waitForIsland } from './helpers/islands.ts'
import { collectRequests, collectScriptBodies, offsiteRequests } from './helpers/network.ts'

test.afterAll(closeDb)

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat with us' })
const chat = (page: Page) => page.getByRole('dialog', { name: 'Ask Proofline Digital' })
const log = (page: Page) => chat(page).getByRole('log', { name: 'Conversation' })

async function openChat(page: Page, url = '/') {
  await page.goto(url)
  await waitForIsland(page, 'ChatLauncher')
  await launcher(page).click()
  await expect(chat(page)).toBeVisible()
}

async function ask(page: Page, question: string) {
  await chat(page).getByRole('textbox', { name: 'Your question' }).fill(question)
  await chat(page).getByRole('button', { name: 'Ask' }).click()
}

test('the launcher is on every kind of page, closed', async ({ page }) => {
  for (const url of ['/', '/seo-services-austin-tx', '/faq/how-long-does-seo-take', '/blog']) {
    await page.goto(url)
    await expect(launcher(page)).toBeVisible()
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false')
  }
})

test('its code and index load on first open, not with the page', async ({ page }) => {
  const scripts = collectScriptBodies(page)
  const urls = collectRequests(page)
  await page.goto('/services')
  await waitForIsland(page, 'ChatLauncher')
  await page.waitForLoadState('networkidle')
  const initial = await Promise.all(scripts)
  expect(initial.some((body) => body.includes('chatbot-index.json'))).toBe(false)
  expect(urls.filter((u) => u.includes('chatbot-index'))).toEqual([])

  await launcher(page).click()
  await expect(chat(page)).toBeVisible()
  await expect.poll(() => urls.filter((u) => u.endsWith('/chatbot-index.json')).length).toBe(1)
  const later = await Promise.all(scripts.slice(initial.length))
  expect(later.some((body) => body.includes('chatbot-index.json'))).toBe(true)
})

test('answers from the FAQ with a link to the page, and offers the quote form and the phone', async ({ page, baseURL }) => {
  const urls = collectRequests(page)
  await openChat(page)
  await expect(log(page)).toHaveAttribute('aria-live', 'polite')
  await expect(log(page)).toContainText('Ask me about our services, pricing, timelines or tracking')
  await expect(chat(page).getByRole('link', { name: 'Get a free quote' })).toHaveAttribute('href', '/free-quote')
  await expect(chat(page).getByRole('link', { name: 'Call (888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142')

  await ask(page, 'How long does SEO take?')
  const readMore = log(page).getByRole('link', { name: 'Read more: How long does SEO take to show results?' })
  await expect(readMore).toHaveAttribute('href', '/faq/how-long-does-seo-take')
  await expect(log(page)).toContainText("Google's own guidance on hiring an SEO says that in most cases it takes four months to a year")
  await expect(log(page).getByRole('link', { name: 'How long does SEO take to show results?', exact: true })).toHaveAttribute('href', '/seo-services')

  // A question the site does not cover gets the quote form and the phone number instead.
  await ask(page, 'What is the weather in Paris?')
  const fallback = log(page).locator('div').filter({ hasText: "I couldn't find that on our site." }).last()
  await expect(fallback.getByRole('link', { name: 'Get a free quote' })).toHaveAttribute('href', '/free-quote')
  await expect(fallback.getByRole('link', { name: 'Call (888) 555-0142' })).toHaveAttribute('href', 'tel:+18885550142')

  await readMore.click()
  await expect(page.locator('h1')).toHaveText('How long does SEO take to show results?')
  expect(offsiteRequests(urls, baseURL!)).toEqual([])
})

test('suggested questions are answered when chosen', async ({ page }) => {
  await openChat(page)
  await chat(page).getByRole('button', { name: 'Which CRMs do you work with?' }).click()
  await expect(log(page).getByRole('link', { name: 'Read more: Which CRMs do you work with?' })).toHaveAttribute('href', '/faq#faq-5')
  await expect(chat(page).getByRole('button', { name: 'Which CRMs do you work with?' })).toHaveCount(0)
})

test('keyboard: Enter opens it with focus in the question box, Escape closes it and returns focus, the conversation stays', async ({ page }) => {
  await page.goto('/contact')
  await waitForIsland(page, 'ChatLauncher')
  await launcher(page).focus()
  await page.keyboard.press('Enter')
  const input = chat(page).getByRole('textbox', { name: 'Your question' })
  await expect(input).toBeFocused()
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.type('Do you require a long-term contract?')
  await page.keyboard.press('Enter')
  await expect(log(page).getByRole('link', { name: 'Read more: Do you require a long-term contract?' })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(chat(page)).toBeHidden()
  await expect(launcher(page)).toBeFocused()
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false')

  await page.keyboard.press('Enter')
  await expect(input).toBeFocused()
  await expect(log(page)).toContainText('Do you require a long-term contract?')
  await chat(page).getByRole('button', { name: 'Close chat' }).click()
  await expect(chat(page)).toBeHidden()
  await expect(launcher(page)).toBeFocused()
})

test("an email left in the chat is stored as a lead with source 'Chatbot'", async ({ page }) => {
  const email = uniqueEmail('chatbot')
  await openChat(page, '/services/seo?utm_source=chat-test')
  await ask(page, 'How much do your services cost?')
  await expect(log(page).getByRole('link', { name: 'Read more: How much do your services cost?' })).toBeVisible()

  const emailBox = chat(page).getByRole('textbox', { name: 'Leave your email and a strategist will follow up' })
  await emailBox.fill('not-an-email')
  await chat(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(chat(page).getByRole('alert')).toHaveText('Enter a valid email address, like name@company.com.')
  await expect(emailBox).toHaveAccessibleDescription('Enter a valid email address, like name@company.com.')

  await emailBox.fill(email)
  await chat(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(log(page)).toContainText(`Thanks! A strategist will email ${email} within 24 hours.`)
  await expect(emailBox).toHaveCount(0)

  const row = await findLead(email)
  expect(row).toMatchObject({
    kind: 'lead',
    is_spam: 0,
    source: 'Chatbot',
    campaign: 'Chatbot Conversation',
    message: 'Chatbot conversation on /services/seo\nQ: How much do your services cost?',
    utm_source: 'chat-test',
    traffic_source: 'chat-test',
    landing_page: '/services/seo?utm_source=chat-test',
  })
})

test('answers from every kind of page, and logs what it cannot answer well: the question, the page and the time, nothing else', async ({ page }) => {
  await openChat(page, '/case-studies')
  await ask(page, 'Do you work with mortgage lenders?')
  await expect(
    log(page)
      .getByRole('link', { name: /^Read more: / })
      .last(),
  ).toHaveAttribute('href', /^\/(mortgage-marketing-agency|digital-marketing-for-mortgage-lenders)$/)
  await ask(page, 'do you do SEO in Dallas')
  await expect(
    log(page)
      .getByRole('link', { name: /^Read more: / })
      .last(),
  ).toHaveAttribute('href', '/seo-services-dallas-tx')

  const unanswered = `Who won the Super Bowl in ${Date.now()}?`
  await ask(page, unanswered)
  await expect(log(page).locator('div').filter({ hasText: "I couldn't find that on our site." }).last()).toBeVisible()
  const [row] = await findChatQuestions(unanswered)
  expect(row).toMatchObject({ question: unanswered, page: '/case-studies', confidence: 'none', top_url: null })
  expect(Date.now() - Date.parse(row.asked_at)).toBeLessThan(5 * 60_000)
  expect(Object.keys(row).sort()).toEqual(['asked_at', 'confidence', 'id', 'page', 'question', 'question_key', 'top_score', 'top_url'])
})
