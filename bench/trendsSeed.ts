// Seeds 90 days of what /admin/trends reads (server/trends/sources.ts), at the analytics bench's
// scale (bench/analytics.ts: 1,000,000 events in about 150,000 sessions over 90 days, 10,000
// pages, landing pages skewed by r²), for `npm run bench:monitoring`:
//   - landing pages: analytics_daily `landing` rows, one per (day, page) landed on, with visitors;
//   - chatbot questions: one per analytics session (150,000, an upper bound: most visitors never
//     open the chatbot), with a rising term, a steady weekday pattern and a one-asker spike;
//   - leads (10,000, the bench's form submits): message words, UTM term and campaign, quote
//     services, landing page; a third became contacts, half of those have a deal;
//   - newsletter signups (10,000): source and campaign.
// Deterministic (a seeded generator), so runs compare.
import { insertMany, nowIso } from '../server/db/rows.ts'
import type { Db } from '../server/db/knex.ts'

const DAY = 86_400_000
const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648)

const SERVICES = [
  'SEO',
  'PPC management',
  'HubSpot onboarding',
  'Salesforce integration',
  'web design',
  'email marketing',
  'content writing',
  'Google Ads audit',
]
const CITIES = ['Austin', 'Dallas', 'Houston', 'San Antonio', 'Denver', 'Phoenix', 'Chicago', 'Boston']
const TOPICS = [
  'local SEO pricing',
  'HubSpot CRM migration',
  'Shopify store speed',
  'landing page conversion rates',
  'LinkedIn ads for B2B',
  'Google Business Profile reviews',
  'marketing automation workflows',
  'schema markup for FAQs',
  'Core Web Vitals fixes',
  'ecommerce product feeds',
  'lead scoring rules',
  'monthly reporting dashboards',
  'podcast advertising',
  'TikTok ads for restaurants',
  'Zapier automations',
  'Salesforce reports',
  'WordPress maintenance plans',
  'accessibility audits',
  'GA4 migration',
  'cold email deliverability',
]
const TEMPLATES = [
  (t: string, c: string) => `How much does ${t} cost in ${c}?`,
  (t: string) => `Do you offer ${t}?`,
  (t: string, c: string) => `Can you help with ${t} for a small business in ${c}?`,
  (t: string) => `What is included in your ${t} package?`,
  (t: string) => `How long does ${t} take?`,
]
const CAMPAIGNS = ['spring-seo', 'hubspot-webinar', 'ppc-audit', 'local-services', 'ecommerce-q4', 'newsletter-nov']
const SOURCES = ['footer', 'blog-sidebar', 'exit-intent', 'resource-download', 'webinar-signup', 'quote-thanks']

export type TrendsSeedCounts = { landingRows: number; questions: number; leads: number; contacts: number; deals: number; signups: number }

export async function seedTrendSources(
  db: Db,
  now: number,
  opts: { days?: number; sessions?: number; pages?: number; leads?: number; signups?: number } = {},
): Promise<TrendsSeedCounts> {
  const days = opts.days ?? 90
  const sessions = opts.sessions ?? 150_000
  const pages = opts.pages ?? 10_000
  const leadCount = opts.leads ?? 10_000
  const signupCount = opts.signups ?? 10_000
  const r = rand(7)
  const today = Math.floor(now / DAY)
  const perDay = Math.round(sessions / days)
  const counts: TrendsSeedCounts = { landingRows: 0, questions: 0, leads: 0, contacts: 0, deals: 0, signups: 0 }

  // Landing pages and chatbot questions, day by day (one transaction a day).
  for (let d = days - 1; d >= 0; d--) {
    const day = today - d
    const weekday = new Date(day * DAY).getUTCDay()
    // A weekday pattern: busy Tuesdays, quiet weekends.
    const n = Math.round(perDay * (weekday === 2 ? 1.4 : weekday === 0 || weekday === 6 ? 0.5 : 1))
    const landing = new Map<number, number>()
    const questions: Record<string, unknown>[] = []
    for (let s = 0; s < n; s++) {
      const page = Math.floor(r() ** 2 * pages)
      landing.set(page, (landing.get(page) ?? 0) + 1)
      // A topic skewed like the pages; "GA4 migration" rises over the last week.
      let topic = TOPICS[Math.floor(r() ** 1.5 * TOPICS.length)]
      if (d < 7 && r() < 0.05 * (7 - d)) topic = 'GA4 migration'
      const city = CITIES[Math.floor(r() * CITIES.length)]
      const question = TEMPLATES[Math.floor(r() * TEMPLATES.length)](topic, city)
      const at = day * DAY + Math.floor(r() * (d === 0 ? Math.max(1, now - day * DAY) : DAY))
      questions.push({
        question,
        question_key: question.toLowerCase().replace(/[?.!]+$/, ''),
        page: `/page-${page}`,
        confidence: r() < 0.6 ? 'none' : 'low',
        asked_at: new Date(at).toISOString(),
      })
    }
    // One visitor asking the same thing 200 times on one page, every day: stays one visitor.
    for (let k = 0; k < 200; k++)
      questions.push({
        question: 'Do you repair fax machines?',
        question_key: 'do you repair fax machines',
        page: '/contact',
        confidence: 'none',
        asked_at: new Date(day * DAY + k * 1000).toISOString(),
      })
    await db.transaction(async (trx) => {
      const rows = [...landing].map(([page, visitors]) => ({ day, dim: 'landing', key: `/page-${page}`, visitors, sessions: visitors, entries: visitors }))
      for (let i = 0; i < rows.length; i += 500) await insertMany(trx, 'analytics_daily', rows.slice(i, i + 500))
      for (let i = 0; i < questions.length; i += 500) await insertMany(trx, 'chatbot_questions', questions.slice(i, i + 500))
      counts.landingRows += rows.length
      counts.questions += questions.length
    })
  }

  // Leads over the 90 days, then contacts and deals for some of them.
  const leadRows: Record<string, unknown>[] = []
  for (let i = 0; i < leadCount; i++) {
    const at = now - Math.floor(r() * days * DAY)
    const topic = TOPICS[Math.floor(r() ** 1.5 * TOPICS.length)]
    const city = CITIES[Math.floor(r() * CITIES.length)]
    const services = [SERVICES[Math.floor(r() * SERVICES.length)], SERVICES[Math.floor(r() * SERVICES.length)]]
    leadRows.push({
      kind: r() < 0.5 ? 'quote' : 'lead',
      email: `bench-lead-${i}@example.com`,
      name: `Bench Lead ${i}`,
      phone: '(512) 555-0100',
      company: `Bench Company ${i % 700}`,
      message: `We are a ${city} business looking for ${topic}. Our budget is about $${1 + (i % 9)},000 a month.`,
      details: JSON.stringify({ serviceLabels: services }),
      source: 'google',
      campaign: CAMPAIGNS[i % CAMPAIGNS.length],
      utm_term: r() < 0.4 ? topic.toLowerCase() : '',
      utm_campaign: CAMPAIGNS[i % CAMPAIGNS.length],
      landing_page: `/page-${Math.floor(r() ** 2 * pages)}`,
      payload_hash: `bench-${i}`,
      created_at: nowIso(at),
      updated_at: nowIso(at),
    })
  }
  const leadIds: number[] = []
  await db.transaction(async (trx) => {
    for (let i = 0; i < leadRows.length; i += 400) {
      const inserted = (await trx('leads')
        .insert(leadRows.slice(i, i + 400))
        .returning('id')) as Array<{ id: number } | number>
      for (const row of inserted) leadIds.push(Number(typeof row === 'object' ? row.id : row))
    }
  })
  counts.leads = leadIds.length
  const contactRows = leadIds
    .filter((_, i) => i % 3 === 0)
    .map((leadId, i) => ({
      first_name: `Bench${i}`,
      last_name: 'Contact',
      emails: JSON.stringify([{ email: `bench-contact-${i}@example.com`, type: 'work' }]),
      phones: JSON.stringify([]),
      tags: JSON.stringify([]),
      lead_id: leadId,
    }))
  const contactIds: number[] = []
  await db.transaction(async (trx) => {
    for (let i = 0; i < contactRows.length; i += 400) {
      const inserted = (await trx('contacts')
        .insert(contactRows.slice(i, i + 400))
        .returning('id')) as Array<{ id: number } | number>
      for (const row of inserted) contactIds.push(Number(typeof row === 'object' ? row.id : row))
    }
    const deals = contactIds
      .filter((_, i) => i % 2 === 0)
      .map((id, i) => ({ name: `Bench deal ${i}`, contact_ids: JSON.stringify([id]), stage: 'won', amount: 1500 + (i % 40) * 250 }))
    for (let i = 0; i < deals.length; i += 400) await trx('deals').insert(deals.slice(i, i + 400))
    counts.deals = deals.length
  })
  counts.contacts = contactIds.length

  const signups = Array.from({ length: signupCount }, (_, i) => {
    const at = now - Math.floor(r() * days * DAY)
    return {
      email: `bench-subscriber-${i}@example.com`,
      status: 'subscribed',
      source: SOURCES[Math.floor(r() * SOURCES.length)],
      utm_campaign: r() < 0.3 ? CAMPAIGNS[Math.floor(r() * CAMPAIGNS.length)] : '',
      created_at: nowIso(at),
      updated_at: nowIso(at),
    }
  })
  await db.transaction(async (trx) => {
    for (let i = 0; i < signups.length; i += 400) await insertMany(trx, 'newsletter_subscribers', signups.slice(i, i + 400))
  })
  counts.signups = signups.length
  return counts
}
