// The error beacon's sizes and shape, without zod (the browser's reporter imports this file; the
// server's schema is shared/monitoring.ts).
export const ERROR_BEACON_PATH = '/api/errors'
export const ERROR_BEACON_MAX_BYTES = 16 * 1024
export const ERROR_MESSAGE_MAX = 1000
export const ERROR_STACK_MAX = 8000
/** At most this many reports leave one page view (a render loop must not flood the endpoint). */
export const ERROR_REPORTS_PER_PAGE = 5

export type ErrorBeacon = {
  via: 'boundary' | 'onerror' | 'unhandledrejection'
  type?: string
  message: string
  stack?: string
  path?: string
  componentStack?: string
}
