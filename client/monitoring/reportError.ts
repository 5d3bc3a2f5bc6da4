// The site's own error reporter (issue 14), no third-party SDK: the island error boundary,
// window.onerror and unhandled promise rejections send one small JSON beacon each to
// POST /api/errors. Sizes are cut to the contract, the same error is sent once per page view,
// and at most ERROR_REPORTS_PER_PAGE reports leave a page view (a render loop cannot flood).
import { ERROR_BEACON_PATH, ERROR_MESSAGE_MAX, ERROR_REPORTS_PER_PAGE, ERROR_STACK_MAX, type ErrorBeacon } from '../../shared/errorBeacon.ts'

type Via = ErrorBeacon['via']

let sent = 0
const seen = new Set<string>()
let started = false

function describe(error: unknown): { type: string; message: string; stack: string } {
  if (error instanceof Error) return { type: error.name || 'Error', message: error.message || String(error), stack: error.stack ?? '' }
  if (typeof error === 'string') return { type: 'Error', message: error, stack: '' }
  let message: string
  try {
    message = `Non-Error value: ${JSON.stringify(error)}`
  } catch {
    message = `Non-Error value: ${String(error)}`
  }
  return { type: 'Error', message, stack: '' }
}

export function reportError(error: unknown, via: Via, componentStack?: string): boolean {
  if (typeof window === 'undefined' || sent >= ERROR_REPORTS_PER_PAGE) return false
  const { type, message, stack } = describe(error)
  const key = `${type}\n${message}\n${stack.slice(0, 200)}`
  if (seen.has(key)) return false
  seen.add(key)
  sent++
  const beacon: ErrorBeacon = {
    via,
    type: type.slice(0, 100),
    message: message.slice(0, ERROR_MESSAGE_MAX),
    stack: stack.slice(0, ERROR_STACK_MAX),
    path: `${location.pathname}${location.search}`.slice(0, 2048),
    ...(componentStack ? { componentStack: componentStack.slice(0, 2000) } : {}),
  }
  const body = JSON.stringify(beacon)
  try {
    if (navigator.sendBeacon?.(ERROR_BEACON_PATH, new Blob([body], { type: 'text/plain' }))) return true
  } catch {
    // fall through to fetch
  }
  fetch(ERROR_BEACON_PATH, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' }, keepalive: true }).catch(() => {})
  return true
}

/** Listens for uncaught errors and unhandled rejections (once per page load). */
export function startErrorReporting() {
  if (started || typeof window === 'undefined') return
  started = true
  window.addEventListener('error', (event) => {
    // Resource load errors do not reach window without capture; an error without any detail is
    // a cross-origin script's "Script error." and says nothing.
    if (!event.error && !event.message) return
    reportError(event.error ?? event.message, 'onerror')
  })
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason, 'unhandledrejection')
  })
}
