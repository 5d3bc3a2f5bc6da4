// Request bodies for the admin API: JSON objects up to 1 MB (the public API's 32 KB is for
// forms), and raw text (CSV imports) up to 10 MB.
import type { Context, Middleware } from 'koa'
import { bodyTimeoutOf, jsonBody, parseContentType, readRawBody, rejectUnsupportedEncoding } from '../middleware/jsonBody.ts'

export const ADMIN_JSON_LIMIT = 1024 * 1024
export const ADMIN_TEXT_LIMIT = 10 * 1024 * 1024

export const adminJsonBody = (): Middleware => jsonBody({ limit: ADMIN_JSON_LIMIT })

/** A CSV (text/csv or text/plain) or JSON body: { text } or { json }. */
export async function readImportBody(ctx: Context): Promise<{ text?: string; json?: unknown }> {
  const { mime } = parseContentType(ctx.get('Content-Type'))
  rejectUnsupportedEncoding(ctx.req)
  if (mime !== 'text/csv' && mime !== 'text/plain' && mime !== 'application/json') ctx.throw(415, 'Send the file as text/csv or a JSON object { rows: [...] }.')
  const raw = await readRawBody(ctx.req, ADMIN_TEXT_LIMIT, bodyTimeoutOf(ctx))
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw).replace(/^\uFEFF/, '')
  } catch {
    ctx.throw(400, 'The file is not valid UTF-8.')
  }
  if (mime !== 'application/json') return { text }
  try {
    return { json: JSON.parse(text) }
  } catch {
    ctx.throw(400, 'The request body is not valid JSON.')
  }
}
