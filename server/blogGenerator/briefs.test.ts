// Brief ranking from seeded signals (issue 12): distinct askers count, not repeats; commercial
// value lifts a brief; thin pages and quote services become briefs with their evidence; a draft
// carries the outline of its type, the site's facts with links, tags and an SEO score.
import { describe, expect, it } from 'vitest'
import { loadData } from '../../data/loadData.ts'
import { buildBriefs, postTypeFor, siteIndex, THIN_WORDS, type Signals } from './briefs.ts'
import { buildDraft } from './draft.ts'

const site = siteIndex(loadData())
const DAY = 86_400_000
const now = Date.parse('2026-11-24T12:00:00Z')
const ask = (question: string, page: string, daysAgo: number, confidence: 'none' | 'low' = 'none') => ({
  question,
  questionKey: question.toLowerCase().replace(/[?]+$/, ''),
  page,
  confidence,
  askedAt: now - daysAgo * DAY,
})
const empty = (): Signals => ({ questions: [], pageVisitors: new Map(), leads: [] })

describe('blog briefs', () => {
  it('ranks chatbot questions by distinct askers, not by repeats', () => {
    const signals = empty()
    for (let d = 0; d < 6; d++) signals.questions.push(ask('How much does HubSpot onboarding cost?', `/page-${d}`, d))
    // One visitor, 30 times, on one page on one day.
    for (let i = 0; i < 30; i++) signals.questions.push(ask('Do you sell fax machines?', '/contact', 0))
    const briefs = buildBriefs(signals, site)
    expect(briefs[0]).toMatchObject({ key: 'chatbot:how much does hubspot onboarding cost', source: 'chatbot', demand: 6 })
    expect(briefs[0].demandLabel).toContain('6 askers (6 unanswered')
    expect(briefs.find((b) => b.key === 'chatbot:do you sell fax machines')).toMatchObject({ demand: 1 })
  })

  it('lifts a brief with leads and deal value behind it above one with more askers', () => {
    const signals = empty()
    for (let d = 0; d < 5; d++) signals.questions.push(ask('Is podcast advertising worth it?', `/p-${d}`, d))
    for (let d = 0; d < 3; d++) signals.questions.push(ask('How long does SEO take in Austin?', `/q-${d}`, d, 'low'))
    for (let i = 0; i < 4; i++)
      signals.leads.push({
        id: i + 1,
        email: `l${i}@example.com`,
        kind: 'lead',
        text: 'We want SEO help in Austin',
        services: [],
        landingPage: '/',
        dealValue: 20_000,
        createdAt: now,
      })
    const briefs = buildBriefs(signals, site)
    const seo = briefs.find((b) => b.key === 'chatbot:how long does seo take in austin')!
    const podcast = briefs.find((b) => b.key === 'chatbot:is podcast advertising worth it')!
    expect(seo).toMatchObject({ leads: 4, dealValue: 80_000, postType: 'local-guide' })
    expect(seo.entities).toEqual(expect.arrayContaining(['Austin', 'SEO']))
    expect(podcast).toMatchObject({ leads: 0, dealValue: 0 })
    expect(briefs.indexOf(seo)).toBeLessThan(briefs.indexOf(podcast))
  })

  it('turns read Q&A pages, thin pages with traffic and quoted services into briefs with evidence', () => {
    const signals = empty()
    const qa = site.data.qa[0]
    signals.pageVisitors.set(`/faq/${qa.slug}`, 40)
    const [thinPath, thin] = [...site.copyPages].find(([, p]) => p.words < THIN_WORDS)!
    const [thickPath] = [...site.copyPages].find(([, p]) => p.words >= THIN_WORDS)!
    signals.pageVisitors.set(thinPath, 25)
    signals.pageVisitors.set(thickPath, 500)
    const service = site.data.cityServices[0]
    for (let i = 0; i < 3; i++)
      signals.leads.push({
        id: 10 + i,
        email: `q${i}@example.com`,
        kind: 'quote',
        text: '',
        services: [service.id],
        landingPage: '',
        dealValue: 0,
        createdAt: now,
      })
    const briefs = new Map(buildBriefs(signals, site).map((b) => [b.key, b]))
    expect(briefs.get(`qa:${qa.slug}`)).toMatchObject({ source: 'qa', postType: 'faq-roundup', demand: 40, page: `/faq/${qa.slug}` })
    expect(briefs.get(`thin:${thinPath}`)).toMatchObject({ source: 'thin-page', demand: 25 })
    expect(briefs.get(`thin:${thinPath}`)!.evidence[0].text).toContain(`${thin.words} words`)
    expect(briefs.has(`thin:${thickPath}`)).toBe(false)
    expect(briefs.get(`quote:${service.id}`)).toMatchObject({ source: 'quote-service', demand: 3, leads: 3 })
    expect(briefs.get(`quote:${service.id}`)!.evidence[0].link).toBe('/admin/leads/10/show')
  })

  it('picks the post type from the question', () => {
    expect(postTypeFor('SEO vs PPC: which is better?', [])).toBe('comparison')
    expect(postTypeFor('Do you have case studies for dentists?', [])).toBe('case-study')
    expect(postTypeFor('SEO in Austin', ['city'])).toBe('local-guide')
    expect(postTypeFor('How do I set up HubSpot workflows?', [])).toBe('how-to')
  })

  it('builds a draft with the outline of its type, facts with links, tags and an SEO score', () => {
    const signals = empty()
    for (let d = 0; d < 3; d++) signals.questions.push(ask('How long does SEO take in Austin?', `/q-${d}`, d))
    const brief = buildBriefs(signals, site)[0]
    const draft = buildDraft(brief, site, { knownTags: ['seo'], date: '2026-11-24' })
    expect(draft.title).toBe('How long does SEO take in Austin?')
    expect(draft.slug).toBe('how-long-does-seo-take-in-austin')
    expect(draft.postType).toBe('local-guide')
    expect(draft.outline).toContain('The local market in figures')
    expect(draft.facts.some((f) => f.kind === 'city' && f.text.startsWith('Austin: population'))).toBe(true)
    expect(draft.facts.some((f) => f.kind === 'service' && f.link.startsWith('/services/'))).toBe(true)
    expect(draft.tags).toContain('seo')
    expect(draft.body).toContain('No language model wrote any of it')
    expect(draft.body).toMatch(/\[Read more\]\(\/[a-z]/)
    expect(draft.seo.score).toBeGreaterThan(0)
    expect(draft.seo.score).toBeLessThan(100)
    // The editor's scorer (shared/seo.ts): the draft links to the site and has no excerpt yet.
    expect(draft.seo.checks.find((c) => c.id === 'internal-links')).toMatchObject({ status: 'good' })
    expect(draft.seo.checks.find((c) => c.id === 'description-length')).toMatchObject({ status: 'bad' })
    const roundup = buildDraft(brief, site, { postType: 'faq-roundup', knownTags: [], date: '2026-11-24' })
    expect(roundup.outline).toEqual(['Questions about How long does SEO take in Austin', 'The questions, answered', 'Where to read more'])
  })
})
