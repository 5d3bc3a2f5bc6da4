// The chatbot's answer ranking, measured: the top answer of each visitor question of the fixture
// (tests/fixtures/chatbot/questions.ts) must be one of the pages it should lead to, for at least
// 85% of the questions; the misses reported in issue 12 must all be answered right; and the
// held-out questions (never tuned on) must pass the same bar.
import { describe, expect, it } from 'vitest'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { answerQuestion } from '../../shared/chatSearchIndex.ts'
import { HELD_OUT, QUESTIONS, REPORTED_MISSES, type ChatQuestion } from '../../tests/fixtures/chatbot/questions.ts'
import { buildChatbotIndex } from './chatbotIndex.ts'

const MIN_ACCURACY = 0.85

const ctx = getSiteContext()
const index = buildChatbotIndex(ctx)

function measure(questions: ChatQuestion[]) {
  const misses: string[] = []
  for (const item of questions) {
    const top = answerQuestion(index, item.q).hits[0]?.doc.url
    if (!top || !item.expect.includes(top)) misses.push(`"${item.q}" → ${top ?? '(no answer)'}, expected ${item.expect.join(' or ')}`)
  }
  return { accuracy: (questions.length - misses.length) / questions.length, misses }
}

describe('the fixture', () => {
  it('has at least 60 questions across prices, timelines, industries, cities, tools and contracts, each expecting pages that exist', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(60)
    for (const topic of ['prices', 'timelines', 'industries', 'cities', 'tools', 'contracts'] as const) {
      expect(QUESTIONS.filter((q) => q.topic === topic).length, topic).toBeGreaterThanOrEqual(5)
    }
    for (const item of [...QUESTIONS, ...REPORTED_MISSES, ...HELD_OUT]) {
      expect(item.expect.length, item.q).toBeGreaterThan(0)
      for (const url of item.expect) expect(ctx.catalog.byUrl.has(url.split('#')[0]), `${item.q}: ${url}`).toBe(true)
    }
    expect(new Set(QUESTIONS.map((q) => q.q.toLowerCase())).size).toBe(QUESTIONS.length)
  })
})

describe('chatbot accuracy', () => {
  it(`leads at least ${MIN_ACCURACY * 100}% of the visitor questions to the right page first`, () => {
    const { accuracy, misses } = measure(QUESTIONS)
    console.log(
      `chatbot top-1 accuracy: ${(accuracy * 100).toFixed(1)}% of ${QUESTIONS.length} questions${misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''}`,
    )
    expect(accuracy, misses.join('\n')).toBeGreaterThanOrEqual(MIN_ACCURACY)
  })

  it('answers the questions issue 12 reported as misses', () => {
    expect(measure(REPORTED_MISSES).misses).toEqual([])
    // "What are your prices?" no longer gets the media-billing answer; "How much does SEO cost?" not
    // the PPC-versus-SEO one.
    expect(answerQuestion(index, 'What are your prices?').hits[0].doc.title).toBe('How much do your services cost?')
    expect(answerQuestion(index, 'How much does SEO cost?').hits[0].doc.title).not.toMatch(/PPC|pay-per-click/i)
    expect(answerQuestion(index, 'Do you work with mortgage lenders?').confidence).toBe('answered')
  })

  it(`keeps held-out questions (never tuned on) at ${MIN_ACCURACY * 100}% or more`, () => {
    const { accuracy, misses } = measure(HELD_OUT)
    console.log(`chatbot held-out top-1 accuracy: ${(accuracy * 100).toFixed(1)}% of ${HELD_OUT.length} questions`)
    expect(accuracy, misses.join('\n')).toBeGreaterThanOrEqual(MIN_ACCURACY)
  })
})
