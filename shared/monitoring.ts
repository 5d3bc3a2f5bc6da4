// The error beacon's contract (issue 14): what the browser sends to POST /api/errors. The
// browser truncates to these sizes before sending; the server refuses anything bigger.
import { z } from 'zod'
import { ERROR_MESSAGE_MAX, ERROR_STACK_MAX } from './errorBeacon.ts'

export * from './errorBeacon.ts'

export const ErrorBeaconSchema = z.object({
  via: z.enum(['boundary', 'onerror', 'unhandledrejection']),
  type: z.string().max(100).default('Error'),
  message: z.string().max(ERROR_MESSAGE_MAX),
  stack: z.string().max(ERROR_STACK_MAX).default(''),
  path: z.string().max(2048).default(''),
  componentStack: z.string().max(ERROR_STACK_MAX).optional(),
})
