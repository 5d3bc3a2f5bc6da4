// POST /api/chatbot/questions: the questions the chatbot could not answer well are stored with the
// page and the time and nothing else; bad input gets field messages; the daily job keeps the
// table within its row and day limits; the trends query groups questions the way the generator reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RETENTION, purgeChatbotQuestions, questionKey, topChatbotQuestions, insertChatbotQuestion } from '../../server/chatbot/questionLog.ts'
import { jobs, schedules } from '../../server/jobs/registry.ts'
import { databases, postJson, request, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/chatbot/questions ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('stores the question, the page, the confidence and the time, and nothing about the visitor', async () => {
    const reply = await postJson(server.base, '/api/chatbot/questions', {
      question: '  Do you sponsor chess clubs?  ',
      page: '/services/seo',
      confidence: 'none',
    })
    expect(reply).toMatchObject({ status: 202, body: { logged: true } })
    const rows = await server.db('chatbot_questions').select()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      question: 'Do you sponsor chess clubs?',
      question_key: 'do you sponsor chess clubs',
      page: '/services/seo',
      confidence: 'none',
      top_url: null,
      top_score: null,
    })
    expect(Object.keys(rows[0]).sort()).toEqual(['asked_at', 'confidence', 'id', 'page', 'question', 'question_key', 'top_score', 'top_url'])
    expect(Math.abs(Date.now() - new Date(rows[0].asked_at as string).getTime())).toBeLessThan(60_000)
  })

  it('accepts a low-confidence answer with its link and score, sent as text/plain too', async () => {
    const reply = await request(server.base, 'POST', '/api/chatbot/questions', {
      body: JSON.stringify({ question: 'tell me about results', page: '/', confidence: 'low', topUrl: '/case-studies', score: 4.2 }),
      type: 'text/plain;charset=UTF-8',
    })
    expect(reply.status).toBe(202)
    const row = await server.db('chatbot_questions').where({ question: 'tell me about results' }).first()
    expect(row).toMatchObject({ confidence: 'low', top_url: '/case-studies', page: '/' })
    expect(Number(row.top_score)).toBeCloseTo(4.2)
  })

  it('answers 400 with field messages to bad input and stores nothing', async () => {
    const before = (await server.db('chatbot_questions').count({ n: '*' }))[0].n
    const reply = await postJson(server.base, '/api/chatbot/questions', {
      question: 'x'.repeat(301),
      page: 'https://elsewhere.example.com/',
      confidence: 'answered',
      topUrl: '//evil.example.com',
    })
    expect(reply.status).toBe(400)
    expect(Object.keys((reply.body as { errors: Record<string, string> }).errors).sort()).toEqual(['confidence', 'page', 'question', 'topUrl'])
    expect((reply.body as { errors: Record<string, string> }).errors.question).toBe('Use at most 300 characters.')
    expect((await postJson(server.base, '/api/chatbot/questions', {})).status).toBe(400)
    expect((await server.db('chatbot_questions').count({ n: '*' }))[0].n).toBe(before)
  })

  it('groups questions for the generator and trends: most asked first, with the unanswered count and pages', async () => {
    const now = Date.now()
    for (const [question, page, confidence] of [
      ['How much is SEO for a dentist?', '/services/seo', 'none'],
      ['how much is seo for a dentist', '/pricing', 'low'],
      ['HOW MUCH IS SEO FOR A DENTIST??', '/services/seo', 'none'],
      ['Do you do TikTok ads?', '/', 'none'],
    ] as const)
      await insertChatbotQuestion(server.db, { question, page, confidence, topUrl: null, score: null }, now)
    const top = await topChatbotQuestions(server.db, { since: now - 1000, limit: 2 })
    expect(top.map((t) => [t.questionKey, t.asked, t.unanswered, t.pages])).toEqual([
      ['how much is seo for a dentist', 3, 2, ['/pricing', '/services/seo']],
      ['do you do tiktok ads', 1, 1, ['/']],
    ])
  })

  it('keeps the table within the day and row limits through a scheduled job', async () => {
    expect(jobs.map((j) => j.type)).toContain('chatbot.purge-questions')
    expect(schedules.find((s) => s.job.type === 'chatbot.purge-questions')).toMatchObject({ runAtStart: true })
    const now = Date.now()
    await server.db('chatbot_questions').delete()
    await insertChatbotQuestion(server.db, { question: 'old question', page: '/', confidence: 'none', topUrl: null, score: null }, now - 200 * 86_400_000)
    for (let i = 0; i < 5; i++)
      await insertChatbotQuestion(server.db, { question: `recent ${i}`, page: '/', confidence: 'none', topUrl: null, score: null }, now - (5 - i) * 1000)
    // The server's own runner may purge the 200-day-old row first (the job runs at start): the end state is what counts.
    expect(await purgeChatbotQuestions(server.db, now, { maxDays: DEFAULT_RETENTION.maxDays, maxRows: 3 })).toBeGreaterThanOrEqual(2)
    expect((await server.db('chatbot_questions').orderBy('id').select('question')).map((r) => r.question)).toEqual(['recent 2', 'recent 3', 'recent 4'])
  })
})

describe('questionKey', () => {
  it('groups by lower case, single spaces and no punctuation at the ends', () => {
    expect(questionKey('  What are your   PRICES?! ')).toBe('what are your prices')
    expect(questionKey('¿Hablan español?')).toBe('hablan español')
  })
})
