// Fetches the chatbot's index (written at build time by scripts/build/chatbotIndex.ts) once per
// page load; a failed fetch is retried on the next question.
import type { ChatIndex } from '../../shared/chatSearchIndex.ts'

export const CHAT_INDEX_URL = '/chatbot-index.json'

let pending: Promise<ChatIndex> | undefined

export function loadChatIndex(): Promise<ChatIndex> {
  pending ??= fetch(CHAT_INDEX_URL, { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`)
      return response.json() as Promise<ChatIndex>
    })
    .catch((error: unknown) => {
      pending = undefined
      throw error
    })
  return pending
}
