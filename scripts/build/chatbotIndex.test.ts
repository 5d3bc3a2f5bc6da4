// The chatbot's local search: the tokenizer, BM25 ranking on a small corpus, and the exact top
// answers the built index gives for real visitor questions over the site's own data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import {
  answerQuestion,
  buildChatIndex,
  chatIndexJsonParts,
  CONFIDENT_SCORE,
  entityPhrases,
  findEntities,
  normalize,
  searchChatIndex,
  stem,
  tokenize,
  type SourceDoc,
} from '../../shared/chatSearchIndex.ts'
import { buildChatbotIndex, chatbotEntities, chatbotSources, CHATBOT_INDEX_FILE, excerpt, gzipSize, writeChatbotIndex } from './chatbotIndex.ts'
import { chatbotIndexFile } from './earlyOutputs.ts'

describe('tokenize', () => {
  it('lower-cases, drops stop words and punctuation, and stems', () => {
    expect(tokenize("How much does HubSpot's pricing cost?")).toEqual(['cost', 'hubspot', 'cost', 'cost'])
    expect(tokenize('Tracking phone calls in GA4')).toEqual(['track', 'phon', 'call', 'ga4'])
    expect(tokenize('Café résumé — e-mail')).toEqual(['caf', 'resum', 'email'])
  })

  it('maps prices, pricing, fees and charges to one term', () => {
    expect(['price', 'prices', 'pricing', 'fee', 'fees', 'charges'].map((w) => tokenize(w)[0])).toEqual(['cost', 'cost', 'cost', 'cost', 'cost', 'cost'])
  })

  it('reads phrases as one meaning: how much, how long, set up, case studies', () => {
    expect(tokenize('how much')).toEqual(['cost'])
    expect(tokenize('How long does it take?')).toEqual(tokenize('what is the timeline to take'))
    expect(tokenize('set up HubSpot').sort()).toEqual(tokenize('HubSpot implementation').sort())
    expect(tokenize('implement')).toEqual(tokenize('implementation'))
    expect(tokenize('client results')).toEqual(tokenize('case studies'))
    expect(tokenize('officers')).not.toContain(tokenize('office')[0])
  })

  it('stems word families alike and leaves short words and numbers alone', () => {
    expect(['crms', 'crm'].map(stem)).toEqual(['crm', 'crm'])
    expect(['come', 'coming'].map(stem)).toEqual(['com', 'com'])
    expect(['integration', 'integrate', 'integrated'].map(stem)).toEqual(['integr', 'integr', 'integr'])
    expect(['agency', 'agencies'].map(stem)).toEqual(['agenc', 'agenc'])
    expect(['seo', 'ppc', 'roas', '2025'].map(stem)).toEqual(['seo', 'ppc', 'roas', '2025'])
  })
})

describe('normalize and findEntities', () => {
  it('rewrites phrases only where one is, and accents only where there are some', () => {
    expect(normalize('Plain words, no phrase')).toBe(' plain words no phrase ')
    expect(normalize('How much for a web site?')).toBe('  cost  for a  website   ')
    expect(normalize('Résumé: how long?')).toBe(' resume  timeline   ')
  })

  it('takes the longest phrase at each word, left to right', () => {
    const phrases = entityPhrases([
      { id: 'city:new-york', names: ['New York', 'New York City', 'NYC'] },
      { id: 'city:york', names: ['York'] },
      { id: 'industry:real-estate', names: ['real estate', 'real estate agents'] },
    ])
    expect(findEntities(phrases, 'SEO for real estate agents in New York City and York')).toEqual(['industry:real-estate', 'city:new-york', 'city:york'])
    expect(findEntities(phrases, 'a new real deal in nyc')).toEqual(['city:new-york'])
    expect(findEntities(phrases, 'nothing here')).toEqual([])
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

  it('indexes every public page family and the questions they answer, each linking to a page that exists', () => {
    const sources = chatbotSources(ctx)
    const urls = new Set(sources.map((d) => d.url.split('#')[0]))
    // Every indexable family of the catalog has its pages in the index (tags and legal pages aside).
    for (const family of [
      'service',
      'landing',
      'hubspot',
      'hubspot-tool',
      'api-service',
      'integration',
      'mortgage',
      'city',
      'state',
      'case-study',
      'job',
      'blog-post',
      'qa',
      'content',
    ] as const) {
      const entries = ctx.catalog.ofFamily(family).filter((e) => !e.isAlias)
      expect(entries.length, family).toBeGreaterThan(0)
      for (const entry of entries) expect(urls.has(entry.url), entry.url).toBe(true)
    }
    for (const path of ['/careers', '/case-studies', '/contact', '/services', '/free-quote']) expect(urls.has(path), path).toBe(true)
    expect(sources.filter((d) => d.kind === 'FAQ').length).toBe(ctx.data.faq.length + 1)
    expect(sources.filter((d) => d.kind === 'Mortgage').length).toBe(ctx.data.mortgage.length + ctx.data.mortgage.reduce((n, p) => n + p.faqs.length, 0))
    for (const doc of sources) expect(ctx.catalog.byUrl.has(doc.url.split('#')[0]), doc.url).toBe(true)
  })

  it("recognises the site's cities, states, tools and industries in a question, by name or alias", () => {
    const named = (q: string) => answerQuestion(index, q).entities.sort()
    expect(named('SEO in NYC')).toEqual(['city:new-york'])
    expect(named('do you work in New York or Texas')).toEqual(['city:new-york', 'state:texas'])
    expect(named('loan officers using Encompass')).toEqual(['industry:mortgage', 'tool:encompass'])
    expect(named('Microsoft Dynamics 365 and HubSpot')).toEqual(['tool:hubspot', 'tool:microsoft-dynamics'])
    expect(named('we run an hvac company')).toEqual(['industry:home-services'])
    expect(named('how long does seo take')).toEqual([])
  })

  it('ranks a page about an entity the question does not name lower', () => {
    // "HubSpot SEO" and "SEO in Austin" answer "how long does SEO take" too, but are about something else.
    expect(top('How long does SEO take?')[0]).toBe('How long does SEO take to show results? → /faq/how-long-does-seo-take')
    expect(top('How long does HubSpot SEO take?')[0]).toBe('How long before HubSpot SEO work shows results? → /hubspot-seo')
    expect(top('How long does SEO take in Austin?')[0]).toBe('How long does SEO take to work for businesses in Austin? → /seo-services-austin-tx')
  })

  it('gives the exact best answers for real questions', () => {
    expect(top('How much do your services cost?')[0]).toBe('How much do your services cost? → /faq#faq-2')
    expect(top('Which CRMs do you work with?')[0]).toBe('Which CRMs do you work with? → /faq#faq-5')
    expect(top('what is a good ROAS')[0]).toBe('What is a good ROAS for paid advertising? → /faq/what-is-a-good-roas')
    expect(top('can you guarantee first page rankings')).toEqual([
      'Do you guarantee first-page rankings? → /seo-services',
      'Do you guarantee first-page rankings? → /services/seo',
      'Can you guarantee a number one ranking on Google? → /faq#faq-3',
    ])
    const contact = 'Where are you located, and what is your phone number and email? → /contact'
    expect(top('track phone calls')[0]).toBe('How do I track phone calls as conversions? → /faq/how-to-track-phone-call-conversions')
    expect(top('what is your phone number')).toEqual([contact])
    expect(top('where are you located')[0]).toBe(contact)
    expect(top('what services do you offer')[0]).toBe('What services do you offer? → /services')
    expect(top('hubspot or salesforce')[0]).toBe('HubSpot + Salesforce integration → /hubspot-salesforce-integration')
    expect(top('do you require a long-term contract')[0]).toBe('Do you require a long-term contract? → /faq#faq-2')
    expect(top('do you do SEO in Dallas')[0]).toBe('SEO Services in Dallas, TX → /seo-services-dallas-tx')
  })

  it('shows one link per page, and says how sure it is', () => {
    const answer = answerQuestion(index, 'how long does seo take')
    expect(new Set(answer.hits.map((h) => h.doc.url)).size).toBe(answer.hits.length)
    expect(answer.confidence).toBe('answered')
    expect(answerQuestion(index, 'what is the weather in paris').confidence).toBe('none')
    // A question that matches only common words is shown, but flagged for the content team.
    const weak = answerQuestion(index, 'tell me about results')
    expect(weak.confidence).toBe('low')
    expect(weak.hits[0].score).toBeLessThan(CONFIDENT_SCORE)
  })

  it('answers nothing for questions the site does not cover', () => {
    expect(top('what is the weather in paris')).toEqual([])
    expect(top('xyzzy')).toEqual([])
    // Sharing a word or two with a page does not make it an answer: the best page must cover the question.
    expect(top('who won the super bowl')).toEqual([])
    expect(top('what is the capital of france')).toEqual([])
    expect(top('Do you sponsor chess tournaments in Reykjavik?')).toEqual([])
  })

  it("is the same index without the publisher's per-document cache (the build's worker)", () => {
    const sources = chatbotSources(ctx)
    expect(JSON.stringify(buildChatIndex(sources, [], { reuse: false }))).toBe(JSON.stringify(buildChatIndex(sources, [])))
    expect(JSON.stringify(buildChatIndex(sources, chatbotEntities(ctx), { reuse: false }))).toBe(JSON.stringify(index))
  })

  it('gives each term its documents in order, across several blocks of postings', () => {
    // 2,400 documents of ~40 terms each: ~96,000 postings, more than one block of 65,536.
    const words = Array.from({ length: 300 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
    const sources: SourceDoc[] = Array.from({ length: 2400 }, (_, d) => ({
      title: `${words[d % 300]} ${words[(d * 7) % 300]} ${d}`,
      answer: Array.from({ length: 30 }, (_, k) => words[(d * 13 + k * k) % 300]).join(' '),
      url: `/p${d}`,
      kind: 'Page',
      body: Array.from({ length: 12 }, (_, k) => words[(d + k * 31) % 300]).join(' '),
    }))
    const built = buildChatIndex(sources, [], { reuse: false })
    // The same postings pushed document by document, each document's terms from an index of its own.
    const pushed: Record<string, number[]> = Object.create(null) as Record<string, number[]>
    sources.forEach((source, doc) => {
      for (const [term, [, count]] of Object.entries(buildChatIndex([source], [], { reuse: false }).postings)) (pushed[term] ??= []).push(doc, count)
    })
    expect(Object.values(built.postings).reduce((sum, list) => sum + list.length / 2, 0)).toBeGreaterThan(65_536)
    expect(Object.keys(built.postings)).toEqual(Object.keys(pushed))
    expect(built.postings).toEqual(pushed)
  })

  it('writes the JSON in pieces that add up to JSON.stringify, byte for byte (the build’s worker)', async () => {
    expect([...chatIndexJsonParts(index)].join('')).toBe(JSON.stringify(index))
    expect([...chatIndexJsonParts(index, 7)].join('')).toBe(JSON.stringify(index))
    // Terms that look like array indices come first in JSON.stringify's order; quotes, escapes and
    // non-ASCII text are JSON.stringify's own.
    const odd = buildChatIndex(
      [
        { title: 'Plans for 2026 and 10 "quoted" words', answer: 'Café — naïve\ncontrol \u0001 here', url: '/a', kind: 'Page', body: '42 7 constructor' },
        { title: 'Second 2026', answer: 'x', url: '/b', kind: 'Page', body: '' },
      ],
      [],
    )
    expect([...chatIndexJsonParts(odd, 1)].join('')).toBe(JSON.stringify(odd))
    // The worker (tsx boots it here) writes the file the build moves into the client folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatbot-worker-'))
    const file = path.join(dir, 'index.json')
    const written = await chatbotIndexFile(ctx, file)
    expect(fs.readFileSync(file, 'utf8')).toBe(JSON.stringify(index))
    expect(written).toMatchObject({ file, docs: index.docs.length, bytes: fs.statSync(file).size })
    fs.rmSync(dir, { recursive: true })
  })

  it('writes the index as JSON for the browser, under 200 KB gzipped', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatbot-index-'))
    const { docs, json } = writeChatbotIndex(ctx, dir)
    const bytes = json.length
    const gzipBytes = gzipSize(json)
    const raw = fs.readFileSync(path.join(dir, CHATBOT_INDEX_FILE))
    const written = JSON.parse(raw.toString('utf8')) as typeof index
    expect(docs).toBe(index.docs.length)
    expect(bytes).toBe(raw.length)
    expect(gzipBytes).toBe(zlib.gzipSync(raw, { level: 9 }).length)
    expect(gzipBytes).toBeLessThan(200_000)
    expect(searchChatIndex(written, 'track phone calls')).toEqual(searchChatIndex(index, 'track phone calls'))
    expect(answerQuestion(written, 'SEO in NYC')).toEqual(answerQuestion(index, 'SEO in NYC'))
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
