// The one error middleware: known client errors become `{ message, errors }` JSON with their
// status; anything else is logged and answered with a generic 500 that leaks nothing.
import type { Middleware } from 'koa'
import { ZodError } from 'zod'
import { fieldErrors } from '../../shared/contract.ts'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
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
      if (error instanceof HttpError) {
        ctx.status = error.status
        ctx.set(error.headers)
        ctx.body = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) }
        return
      }
      const status = (error as { status?: number; expose?: boolean }).status
      if (status && status >= 400 && status < 500) {
        ctx.status = status
        ctx.body = { message: (error as { expose?: boolean }).expose ? (error as Error).message : 'Bad request' }
        return
      }
      ctx.status = 500
      ctx.body = { message: 'Something went wrong on our side. Please try again.' }
      ctx.app.emit('error', error, ctx)
    }
  }
}
