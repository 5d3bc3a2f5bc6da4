// The chatbot's question log: questions it could not answer ('none') or answered with low
// confidence ('low'), written by POST /api/chatbot/questions, read by the blog generator and the
// trends screen (topChatbotQuestions), kept within DEFAULT_RETENTION by a daily job.
import type { Middleware } from 'koa'
import { z } from 'zod'
import { ChatQuestionLogSchema } from '../../shared/chatbotContract.ts'
import type { Db } from '../db/knex.ts'
import { DAY_MS, nowIso, type Queryable } from '../db/rows.ts'
import { defineJob } from '../jobs/define.ts'
import type { HandlerDeps } from '../api/deps.ts'
import { apiState } from '../api/state.ts'
import { parseInput } from '../api/validate.ts'

export const DEFAULT_RETENTION = { maxRows: 100_000, maxDays: 180 }

/** How questions are grouped: lower case, single spaces, no punctuation at the ends. */
export const questionKey = (question: string) =>
  question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .slice(0, 300)

export type ChatQuestionRow = { question: string; page: string; confidence: 'none' | 'low'; topUrl: string | null; score: number | null }

export async function insertChatbotQuestion(db: Queryable, row: ChatQuestionRow, now = Date.now()): Promise<void> {
  await db('chatbot_questions').insert({
    question: row.question,
    question_key: questionKey(row.question),
    page: row.page,
    confidence: row.confidence,
    top_url: row.topUrl,
    top_score: row.score,
    asked_at: nowIso(now),
  })
}

export type QuestionTrend = { questionKey: string; question: string; asked: number; unanswered: number; lastAskedAt: string; pages: string[] }

/** The most asked questions since `since`, most asked first (one row per question key). */
export async function topChatbotQuestions(db: Queryable, { since, limit = 50 }: { since: number; limit?: number }): Promise<QuestionTrend[]> {
  const rows = (await db('chatbot_questions')
    .select('question_key')
    .count({ asked: '*' })
    .sum({ unanswered: db.raw("case when confidence = 'none' then 1 else 0 end") })
    .max({ last: 'asked_at' })
    .min({ question: 'question' })
    .where('asked_at', '>=', nowIso(since))
    .groupBy('question_key')
    .orderBy([
      { column: 'asked', order: 'desc' },
      { column: 'question_key', order: 'asc' },
    ])
    .limit(limit)) as Array<Record<string, unknown>>
  const keys = rows.map((r) => String(r.question_key))
  const pages = new Map<string, Set<string>>()
  if (keys.length) {
    for (const r of (await db('chatbot_questions')
      .distinct('question_key', 'page')
      .whereIn('question_key', keys)
      .where('asked_at', '>=', nowIso(since))) as Array<Record<string, unknown>>) {
      const set = pages.get(String(r.question_key)) ?? new Set<string>()
      set.add(String(r.page))
      pages.set(String(r.question_key), set)
    }
  }
  return rows.map((r) => ({
    questionKey: String(r.question_key),
    question: String(r.question),
    asked: Number(r.asked),
    unanswered: Number(r.unanswered),
    lastAskedAt: new Date(r.last as string).toISOString(),
    pages: [...(pages.get(String(r.question_key)) ?? [])].sort().slice(0, 10),
  }))
}

/** Deletes rows older than maxDays, then the oldest beyond maxRows. Returns the rows deleted. */
export async function purgeChatbotQuestions(db: Db, now = Date.now(), { maxRows, maxDays } = DEFAULT_RETENTION): Promise<number> {
  let deleted = Number(
    await db('chatbot_questions')
      .where('asked_at', '<', nowIso(now - maxDays * DAY_MS))
      .delete(),
  )
  const [{ n }] = await db('chatbot_questions').count({ n: '*' })
  const excess = Number(n) - maxRows
  if (excess > 0) {
    const oldest = db('chatbot_questions')
      .select('id')
      .orderBy([
        { column: 'asked_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(excess)
    deleted += Number(await db('chatbot_questions').whereIn('id', oldest).delete())
  }
  return deleted
}

export const chatbotQuestionsPurgeJob = defineJob({
  type: 'chatbot.purge-questions',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  timeoutMs: 5 * 60_000,
  async handler(_payload, ctx) {
    await purgeChatbotQuestions(ctx.deps.db, ctx.now)
  },
})

/** POST /api/chatbot/questions → 202. */
export function postChatbotQuestion(deps: HandlerDeps): Middleware {
  return async function postChatbotQuestionHandler(ctx) {
    const input = parseInput(ChatQuestionLogSchema, apiState(ctx).body)
    await insertChatbotQuestion(deps.db, { question: input.question, page: input.page, confidence: input.confidence, topUrl: input.topUrl, score: input.score })
    ctx.status = 202
    ctx.body = { logged: true }
  }
}
