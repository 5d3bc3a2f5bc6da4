// Sends a question the chatbot could not answer well to /api/chatbot/questions (same origin, no
// cookies needed, nothing but what the visitor typed and the page path). Fire and forget: a
// failure never disturbs the conversation.
import type { ChatQuestionLog } from '../../shared/chatbotContract.ts'

export const QUESTION_LOG_URL = '/api/chatbot/questions'

export function logQuestion(entry: ChatQuestionLog): void {
  fetch(QUESTION_LOG_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...entry, question: entry.question.slice(0, 300), page: entry.page.slice(0, 500) }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {})
}
