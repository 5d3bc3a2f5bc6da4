// Read-only access to the SQLite database of the server Playwright starts (playwright.config.ts:
// VAR_DIR = os.tmpdir()/proofline-e2e-<port>), so a test can check the row its form created.
import os from 'node:os'
import path from 'node:path'
import sqlite3 from 'sqlite3'

export const e2ePort = Number(process.env.E2E_PORT ?? 4319)
export const e2eVarDir = path.join(os.tmpdir(), `proofline-e2e-${e2ePort}`)
export const e2eDbFile = path.join(e2eVarDir, 'app.sqlite')

export type LeadRow = {
  id: number
  kind: string
  is_spam: number
  spam_reason: string | null
  email: string
  name: string
  phone: string
  company: string
  message: string
  details: string | null
  source: string
  campaign: string
  traffic_source: string
  referrer: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  landing_page: string
  first_touch: string
  last_touch: string
}

let db: sqlite3.Database | undefined

function all<T>(sql: string, params: unknown[]): Promise<T[]> {
  db ??= new sqlite3.Database(e2eDbFile, sqlite3.OPEN_READONLY)
  return new Promise((resolve, reject) => db!.all(sql, params, (error, rows) => (error ? reject(error) : resolve(rows as T[]))))
}

/** The one lead stored for this email, waiting briefly for the write to be visible. */
export async function findLead(email: string, timeoutMs = 5000): Promise<LeadRow> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = await all<LeadRow>('select * from leads where email = ?', [email])
    if (rows.length > 1) throw new Error(`${rows.length} leads stored for ${email}, expected one`)
    if (rows.length === 1) return rows[0]
    if (Date.now() > until) throw new Error(`No lead stored for ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function countLeads(email: string): Promise<number> {
  const [{ n }] = await all<{ n: number }>('select count(*) as n from leads where email = ?', [email])
  return n
}

export async function closeDb() {
  const open = db
  db = undefined
  if (open) await new Promise<void>((resolve) => open.close(() => resolve()))
}

/** An address no other test (or earlier run against the same database) uses. */
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`

export type ChatQuestionRow = {
  id: number
  question: string
  question_key: string
  page: string
  confidence: string
  top_url: string | null
  top_score: number | null
  asked_at: string
}

/** The rows the chatbot logged for this exact question, waiting briefly for the write. */
export async function findChatQuestions(question: string, timeoutMs = 5000): Promise<ChatQuestionRow[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = await all<ChatQuestionRow>('select * from chatbot_questions where question = ?', [question])
    if (rows.length) return rows
    if (Date.now() > until) throw new Error(`No chatbot question stored for "${question}"`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
