// POST /api/chatbot/questions: a question the chatbot could not answer well, sent by the chat
// window (client/chatbot/ChatPanel.tsx) so the content team sees what visitors ask.
import { z } from 'zod'

export const CHAT_QUESTION_MAX = 300

export const ChatQuestionLogSchema = z.object({
  question: z.string().trim().min(2, 'Send the question the visitor typed.').max(CHAT_QUESTION_MAX),
  page: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s?#]*$/, 'Send the path of the page (starting with /, without query or fragment).'),
  confidence: z.enum(['none', 'low']),
  topUrl: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)\S*$/, 'Send the path the answer linked to.')
    .nullable()
    .default(null),
  score: z.number().min(0).max(10_000).nullable().default(null),
})
export type ChatQuestionLog = z.input<typeof ChatQuestionLogSchema>
