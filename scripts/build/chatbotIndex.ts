// Writes /chatbot-index.json: the chatbot's BM25 index over the site's own answers (the FAQ,
// the long-form Q&A pages, the service pages and their FAQs), each with the page it links to.
// Only URLs that exist in the catalog are indexed, so every answer's link works.
import fs from 'node:fs'
import path from 'node:path'
import type { SiteContext } from '../../pages/_shared/siteContext.ts'
import { buildChatIndex, type ChatIndex, type SourceDoc } from '../../shared/chatSearchIndex.ts'

export const CHATBOT_INDEX_FILE = 'chatbot-index.json'
/** Answers longer than this are cut at a sentence end; the link leads to the full text. */
const ANSWER_MAX = 480

/** The first sentences of `text` that fit in `max` characters. */
export function excerpt(text: string, max = ANSWER_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max)
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '))
  if (end > max / 3) return cut.slice(0, end + 1)
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`
}

export function chatbotSources(ctx: SiteContext): SourceDoc[] {
  const { data, catalog } = ctx
  const exists = (url: string) => catalog.byUrl.has(url.split('#')[0])
  const docs: SourceDoc[] = []

  // /faq groups its answers by category, in order of first appearance (templates/FaqIndexTemplate.tsx).
  const categories = [...new Set(data.faq.map((f) => f.category))]
  for (const faq of data.faq) {
    const url = categories.length > 1 ? `/faq#faq-${categories.indexOf(faq.category) + 1}` : '/faq'
    docs.push({ kind: 'FAQ', title: faq.question, answer: excerpt(faq.answer), url, body: `${faq.answer} ${faq.category}` })
  }
  for (const qa of data.qa) {
    docs.push({
      kind: 'Q&A',
      title: qa.question,
      answer: excerpt(qa.answer[0]),
      url: `/faq/${qa.slug}`,
      body: `${qa.answer.join(' ')} ${qa.category}`,
      keywords: qa.keywords,
    })
  }
  for (const page of data.servicePages) {
    const url = `/services/${page.slug}`
    docs.push({
      kind: 'Service',
      title: `${page.name}: ${page.h1}`,
      answer: excerpt(page.description),
      url,
      body: `${page.intro} ${page.deliverables.join('. ')} ${page.sections.map((s) => s.heading).join('. ')}`,
      keywords: page.keywords,
    })
    for (const faq of page.faqs) docs.push({ kind: 'Service', title: faq.question, answer: excerpt(faq.answer), url, body: `${faq.answer} ${page.name}` })
  }
  // The agency itself: where it is, how to reach it, what it sells (site.yaml and the service list).
  const { contact, brand } = data.site
  const { address } = contact
  docs.push({
    kind: 'FAQ',
    title: 'Where are you located, and what is your phone number and email?',
    answer: `Call us toll-free at ${contact.phone} (${contact.hours}), email ${contact.email}, or visit ${brand.name} at ${address.street}, ${address.city}, ${address.region} ${address.postalCode}.`,
    url: '/contact',
    body: 'contact phone call email office address location located visit hours reach talk speak person',
  })
  docs.push({
    kind: 'Service',
    title: 'What services do you offer?',
    answer: excerpt(`${brand.name} offers ${data.servicePages.map((p) => p.name).join(', ')}.`),
    url: '/services',
    body: `services offer help agency ${data.servicePages.map((p) => `${p.name} ${p.eyebrow}`).join(' ')}`,
  })
  return docs.filter((doc) => exists(doc.url))
}

export function buildChatbotIndex(ctx: SiteContext): ChatIndex {
  return buildChatIndex(chatbotSources(ctx))
}

export function writeChatbotIndex(ctx: SiteContext, outDir: string): { docs: number; bytes: number } {
  const index = buildChatbotIndex(ctx)
  const json = JSON.stringify(index)
  fs.writeFileSync(path.join(outDir, CHATBOT_INDEX_FILE), json)
  return { docs: index.docs.length, bytes: Buffer.byteLength(json) }
}
