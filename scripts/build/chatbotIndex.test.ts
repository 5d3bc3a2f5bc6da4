// The chatbot's local search: the tokenizer, BM25 ranking on a small corpus, and the exact top
// answers the built index gives for real visitor questions over the site's own data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { buildChatIndex, searchChatIndex, stem, tokenize, type SourceDoc } from '../../shared/chatSearchIndex.ts'
import { buildChatbotIndex, chatbotSources, CHATBOT_INDEX_FILE, excerpt, writeChatbotIndex } from './chatbotIndex.ts'

describe('tokenize', () => {
  it('lower-cases, drops stop words and punctuation, and stems', () => {
    expect(tokenize("How much does HubSpot's pricing cost?")).toEqual(['hubspot', 'cost', 'cost'])
    expect(tokenize('Tracking phone calls in GA4')).toEqual(['track', 'phon', 'call', 'ga4'])
    expect(tokenize('Café résumé — e-mail')).toEqual(['cafe', 'resum', 'mail'])
  })

  it('maps prices, pricing, fees and charges to one term', () => {
    expect(['price', 'prices', 'pricing', 'fee', 'fees', 'charges'].map((w) => tokenize(w)[0])).toEqual(['cost', 'cost', 'cost', 'cost', 'cost', 'cost'])
  })

  it('stems word families alike and leaves short words and numbers alone', () => {
    expect(['integration', 'integrate', 'integrated'].map(stem)).toEqual(['integr', 'integr', 'integr'])
    expect(['agency', 'agencies'].map(stem)).toEqual(['agenc', 'agenc'])
    expect(['seo', 'ppc', 'roas', '2025'].map(stem)).toEqual(['seo', 'ppc', 'roas', '2025'])
  })
})

describe('BM25 ranking', () => {
  const docs: SourceDoc[] = [
    {
      kind: 'FAQ',
      title: 'How long does SEO take?',
      answer: 'Four to twelve months.',
      url: '/a',
      body: 'Organic search results need time to build authority.',
    },
    { kind: 'FAQ', title: 'What do paid ads cost?', answer: 'It depends on the auction.', url: '/b', body: 'Search ads are bought per click; SEO is not.' },
    { kind: 'Service', title: 'Email marketing', answer: 'Newsletters that sell.', url: '/c', body: 'Email automation, newsletters and deliverability.' },
  ]
  const index = buildChatIndex(docs)
  // The site's score threshold is tuned for ~80 documents; this corpus has three.
  const search = (q: string) => searchChatIndex(index, q, { minScore: 0 })

  it('ranks a title match above a body mention, best first', () => {
    expect(search('seo').map((h) => h.doc.url)).toEqual(['/a', '/b'])
    expect(search('how long does seo take')[0].doc).toEqual({ kind: 'FAQ', title: 'How long does SEO take?', answer: 'Four to twelve months.', url: '/a' })
  })

  it('answers nothing for words it does not know, including object property names', () => {
    expect(search('weather in paris')).toEqual([])
    expect(search('constructor toString __proto__')).toEqual([])
  })

  it('keeps postings compact: [doc, weighted tf] pairs per term', () => {
    // "email" is in the title (×3) and body (×1) of doc 2.
    expect(index.postings.email).toEqual([2, 4])
    expect(index.docs).toHaveLength(3)
    expect(index.lengths).toHaveLength(3)
  })
})

describe('the site index', () => {
  const ctx = getSiteContext()
  const index = buildChatbotIndex(ctx)
  const top = (question: string) => searchChatIndex(index, question).map((h) => `${h.doc.title} → ${h.doc.url}`)

  it('indexes the FAQ, the Q&A pages and the service pages, each linking to a page that exists', () => {
    const sources = chatbotSources(ctx)
    expect(sources.filter((d) => d.kind === 'FAQ').length).toBe(ctx.data.faq.length + 1)
    expect(sources.filter((d) => d.kind === 'Q&A').length).toBe(ctx.data.qa.length)
    expect(sources.filter((d) => d.kind === 'Service').length).toBe(
      ctx.data.servicePages.length + ctx.data.servicePages.reduce((n, p) => n + p.faqs.length, 0) + 1,
    )
    for (const doc of sources) expect(ctx.catalog.byUrl.has(doc.url.split('#')[0]), doc.url).toBe(true)
  })

  it('gives the exact best answers for real questions', () => {
    expect(top('How much do your services cost?')[0]).toBe('How much do your services cost? → /faq#faq-2')
    expect(top('How long does SEO take?')[0]).toBe('How long does SEO take to show results? → /faq/how-long-does-seo-take')
    expect(top('Which CRMs do you work with?')).toEqual(['Which CRMs do you work with? → /faq#faq-5'])
    expect(top('what is a good ROAS')).toEqual([
      'What is a good ROAS for paid advertising? → /faq/what-is-a-good-roas',
      'What return on ad spend should we expect? → /faq#faq-4',
    ])
    expect(top('can you guarantee first page rankings')).toEqual([
      'Do you guarantee first-page rankings? → /services/seo',
      'Can you guarantee a number one ranking on Google? → /faq#faq-3',
    ])
    const contact = 'Where are you located, and what is your phone number and email? → /contact'
    expect(top('track phone calls')).toEqual(['How do I track phone calls as conversions? → /faq/how-to-track-phone-call-conversions', contact])
    expect(top('what is your phone number')).toEqual([contact, 'How do I track phone calls as conversions? → /faq/how-to-track-phone-call-conversions'])
    expect(top('where are you located')[0]).toBe(contact)
    expect(top('what services do you offer')[0]).toBe('What services do you offer? → /services')
    expect(top('hubspot or salesforce')).toEqual([
      'Should we choose HubSpot or Salesforce? → /services/crm-integration',
      'Is HubSpot or Salesforce better for a small business? → /faq/hubspot-vs-salesforce-for-small-business',
      'Do you work with the HubSpot and Salesforce APIs specifically? → /services/api-integration',
    ])
    expect(top('do you require a long-term contract')[0]).toBe('Do you require a long-term contract? → /faq#faq-2')
  })

  it('answers nothing for questions the site does not cover', () => {
    expect(top('what is the weather in paris')).toEqual([])
    expect(top('xyzzy')).toEqual([])
  })

  it('writes the index as JSON for the browser', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatbot-index-'))
    const { docs, bytes } = writeChatbotIndex(ctx, dir)
    const written = JSON.parse(fs.readFileSync(path.join(dir, CHATBOT_INDEX_FILE), 'utf8')) as typeof index
    expect(docs).toBe(index.docs.length)
    expect(bytes).toBeLessThan(100_000)
    expect(searchChatIndex(written, 'track phone calls')).toEqual(searchChatIndex(index, 'track phone calls'))
    fs.rmSync(dir, { recursive: true })
  })
})

describe('excerpt', () => {
  it('keeps whole sentences within the limit', () => {
    expect(excerpt('One. Two two. Three three three.', 20)).toBe('One. Two two.')
    expect(excerpt('Short answer.', 20)).toBe('Short answer.')
    expect(excerpt('A single very long sentence without any stop at all', 20)).toBe('A single very long…')
  })
})
