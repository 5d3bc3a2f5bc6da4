// The one error middleware: client errors (4xx) become `{ message, errors }` JSON with their
// status and headers; so do 503 and 507 raised on purpose with `expose` (a full uploads folder:
// the visitor can act on the message); anything else is logged and answered with a generic 500
// that leaks nothing.
// Handlers raise client errors with Koa's ctx.throw/ctx.assert, passing field messages as
// `{ errors: { field: message } }` and response headers as `{ headers }`; code without a ctx
// uses httpError, which makes the same error.
import createError, { type HttpError } from 'http-errors'
import type { Middleware } from 'koa'
import { ZodError } from 'zod'
import { fieldErrors } from '../../shared/contract.ts'

/** What ctx.throw(status, message, { errors, headers }) throws, for code that has no ctx. */
export function httpError(status: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>): HttpError {
  return createError(status, message, { ...(errors ? { errors } : {}), ...(headers ? { headers } : {}) })
}

type ClientError = { status: number; expose?: boolean; message: string; errors?: Record<string, string>; headers?: Record<string, string> }

const clientError = (error: unknown): ClientError | null => {
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown }
  if (typeof status !== 'number') return null
  return (status >= 400 && status < 500) || ((status === 503 || status === 507) && expose === true) ? (error as ClientError) : null
}

export function errorHandler(): Middleware {
  return async function errorHandlerMiddleware(ctx, next) {
    try {
      await next()
    } catch (error) {
      if (error instanceof ZodError) {
        ctx.status = 400
        ctx.body = { message: 'Please correct the highlighted fields.', errors: fieldErrors(error) }
        return
      }
      const client = clientError(error)
      if (client) {
        ctx.status = client.status
        if (client.headers) ctx.set(client.headers)
        ctx.body = client.expose ? { message: client.message, ...(client.errors ? { errors: client.errors } : {}) } : { message: 'Bad request' }
        return
      }
      ctx.status = 500
      ctx.body = { message: 'Something went wrong on our side. Please try again.' }
      ctx.app.emit('error', error, ctx)
    }
  }
}

/** Error codes of a client that went away mid-response (closed tab, cancelled download). */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED'])

type LoggedContext = { method?: string; path?: string; req?: { destroyed?: boolean; aborted?: boolean }; res?: { writableFinished?: boolean } }

/** True when the error only says that the client closed the connection before the response ended. */
export function isClientGone(error: unknown, ctx?: LoggedContext): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  if (CLIENT_GONE.has(code)) return true
  return (error as { message?: unknown } | null)?.message === 'aborted' && Boolean(ctx?.req?.aborted || ctx?.req?.destroyed)
}

/**
 * The app's 'error' listener: a client that aborted a download is one line of information (it
 * is not our failure), anything else is logged with its stack.
 */
export function appErrorLogger(log: { error: (...args: unknown[]) => void; warn: (...args: unknown[]) => void } = console) {
  // Koa reports a broken response stream twice (the body's listener and the pipeline): one line per request.
  const reported = new WeakSet<object>()
  return (error: unknown, ctx?: LoggedContext) => {
    const where = `[${ctx?.method ?? ''} ${ctx?.path ?? ''}]`
    if (isClientGone(error, ctx)) {
      if (ctx) {
        if (reported.has(ctx)) return
        reported.add(ctx)
      }
      log.warn(`${where} the client closed the connection before the response was complete (${String((error as { code?: unknown }).code ?? 'aborted')})`)
      return
    }
    log.error(where, error)
  }
}
