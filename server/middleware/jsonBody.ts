// Reads a JSON request body: the content type must be JSON (415 otherwise; text/plain too when
// allowed, for navigator.sendBeacon), the body at most `limit` bytes (413), valid UTF-8 JSON
// holding an object (400). Leaves the object and the sha256 of the raw bytes on ctx.state.
import type { IncomingMessage } from 'node:http'
import type Koa from 'koa'
import type { Context, Middleware } from 'koa'
import { sha256 } from '../lib/signing.ts'
import { parseJsonText } from '../lib/text.ts'
import { apiState } from '../api/state.ts'
import { httpError } from './errorHandler.ts'

export const JSON_BODY_LIMIT = 32 * 1024

/**
 * A request body must arrive within this time from when its reading starts (BODY_TIMEOUT_MS;
 * uploads get UPLOAD_TIMEOUT_FACTOR times as long): a client trickling bytes gets 408 and its
 * connection closed, instead of holding a request open for ever.
 */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000
export const UPLOAD_TIMEOUT_FACTOR = 4
const bodyTimeoutKey = Symbol('bodyTimeoutMs')

/** Sets the body timeout of every request of `app` (createApp calls it with BODY_TIMEOUT_MS). */
export function setBodyTimeout(app: Koa, ms: number) {
  ;(app.context as unknown as Record<symbol, number>)[bodyTimeoutKey] = ms
}

export const bodyTimeoutOf = (ctx: Context): number => (ctx as unknown as Record<symbol, number | undefined>)[bodyTimeoutKey] ?? DEFAULT_BODY_TIMEOUT_MS

/** 408, and the connection is closed: the rest of a trickled body is not waited for. */
export const bodyTimedOut = () =>
  httpError(408, 'The request body took too long to arrive. Please check your connection and try again.', undefined, { Connection: 'close' })

/** A 400 about the body as a whole: `errors._` carries the message, like a root zod issue. */
export const badBody = (message: string) => httpError(400, message, { _: message })
/** Above this, a rejected body is not worth reading to the end: the connection is closed instead. */
const DRAIN_LIMIT = 1024 * 1024

export function parseContentType(header: string): { mime: string; charset: string } {
  const [mime, ...params] = header.split(';')
  let charset = ''
  for (const param of params) {
    const [name, value = ''] = param.split('=')
    if (name.trim().toLowerCase() === 'charset') charset = value.trim().replace(/^"|"$/g, '').toLowerCase()
  }
  return { mime: mime.trim().toLowerCase(), charset }
}

export function tooLarge(message: string, declaredLength: number) {
  // A huge body is not read to the end; closing the connection stops the upload.
  return httpError(413, message, undefined, declaredLength > DRAIN_LIMIT ? { Connection: 'close' } : {})
}

export function rejectUnsupportedEncoding(req: IncomingMessage) {
  const encoding = String(req.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase()
  if (encoding !== 'identity' && encoding !== '') throw httpError(415, 'Compressed request bodies are not accepted.')
}

/** The raw body, at most `limit` bytes, received within `timeoutMs`. */
export function readRawBody(req: IncomingMessage, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN)
  const message = `The request body must be at most ${Math.round(limit / 1024)} KB.`
  if (declared > limit) return Promise.reject(tooLarge(message, declared))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const timer = setTimeout(() => {
      cleanup()
      req.pause()
      reject(bodyTimedOut())
    }, timeoutMs)
    const cleanup = () => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('aborted', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        cleanup()
        discardRest(req, size)
        reject(httpError(413, message))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = () => {
      cleanup()
      reject(badBody('The request body was not received completely.'))
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('aborted', onError)
  })
}

/** Lets Node read and drop the rest of a rejected body (so the 413 arrives), up to DRAIN_LIMIT. */
export function discardRest(req: IncomingMessage, alreadyRead: number) {
  let seen = alreadyRead
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length
    if (seen > DRAIN_LIMIT) req.socket.destroy()
  })
  req.resume()
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Requests whose body a jsonBody middleware has read and parsed already. A route that passes a
 * request on with next() (PUT /redirects/:id handing "bulk" to the bulk route) runs a second parser:
 * it must not wait for a stream that has ended (it did, until the 30-second body timeout: a 408). */
const parsedRequests = new WeakSet<IncomingMessage>()

export function jsonBody(opts: { limit?: number; allowTextPlain?: boolean } = {}): Middleware {
  const limit = opts.limit ?? JSON_BODY_LIMIT
  const accepted = opts.allowTextPlain ? 'application/json or text/plain' : 'application/json'
  return async function jsonBodyMiddleware(ctx, next) {
    if (parsedRequests.has(ctx.req)) return next()
    const { mime, charset } = parseContentType(ctx.get('Content-Type'))
    const typeOk = mime === 'application/json' || (opts.allowTextPlain && mime === 'text/plain')
    if (!typeOk) ctx.throw(415, `Send the request body as ${accepted}.`)
    if (charset && charset !== 'utf-8' && charset !== 'utf8') ctx.throw(415, 'Send the request body as UTF-8.')
    rejectUnsupportedEncoding(ctx.req)
    const raw = await readRawBody(ctx.req, limit, bodyTimeoutOf(ctx))
    let text: string
    try {
      text = utf8.decode(raw)
    } catch {
      throw badBody('The request body is not valid UTF-8.')
    }
    if (!text.trim()) throw badBody('Send a JSON object in the request body.')
    let parsed: unknown
    try {
      parsed = parseJsonText(text.replace(/^\uFEFF/, ''))
    } catch {
      throw badBody('The request body is not valid JSON.')
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badBody('Send a JSON object in the request body.')
    const state = apiState(ctx)
    state.body = parsed as Record<string, unknown>
    parsedRequests.add(ctx.req)
    // Only an Idempotency-Key needs the body's hash.
    if (ctx.get('Idempotency-Key')) state.bodyHash = sha256(raw)
    await next()
  }
}
