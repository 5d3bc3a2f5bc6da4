// What the API middleware leaves on ctx.state for the handlers after it.
import type { Context } from 'koa'

export type Upload = {
  field: string
  path: string
  storedName: string
  originalName: string
  size: number
  sha256: string
  isPdf: boolean
  tooLarge: boolean
  /** Set by the handler once the row that points at the file is committed. */
  keep: boolean
}

export type SpamVerdict = { isSpam: boolean; reason: string | null }

/** A valid form token (formSpam): spent by the first accepted submission that carries it. */
export type FormTokenState = { tokenHash: string; expiresAt: number }

export type IdempotencyState = { endpoint: string; key: string; bodyHash: string }

export type ApiState = {
  body?: Record<string, unknown>
  bodyHash?: string
  upload?: Upload | null
  spam?: SpamVerdict
  formToken?: FormTokenState
  idempotency?: IdempotencyState
}

export const apiState = (ctx: Context) => ctx.state as ApiState

/** The parsed JSON object of the request (jsonBody or multipartBody put it there), or {}. */
export const bodyOf = (ctx: Context): Record<string, unknown> => apiState(ctx).body ?? {}
