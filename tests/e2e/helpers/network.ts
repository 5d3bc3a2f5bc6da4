// Request bookkeeping for browser tests: the analytics beacons a page sent, and every host the
// page talked to (to prove nothing leaves the machine).
import type { Page, Request } from '@playwright/test'

export type SentEvent = {
  type: string
  path: string
  visitorId: string
  sessionId: string
  at: number
  value?: number
  name?: string
  referrer?: string
  props?: Record<string, unknown>
}

/** Collects the events of every POST /api/events (sendBeacon or fetch) the page sends. */
export function collectEvents(page: Page): { events: SentEvent[]; batches: SentEvent[][]; contentTypes: string[] } {
  const out = { events: [] as SentEvent[], batches: [] as SentEvent[][], contentTypes: [] as string[] }
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/events') return
    const body = JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[] }
    out.batches.push(body.events ?? [])
    out.events.push(...(body.events ?? []))
    out.contentTypes.push(request.headers()['content-type'] ?? '')
  })
  return out
}

/** Every URL the page requested. */
export function collectRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return urls
}

/** URLs that went anywhere but the test server (data: and blob: URLs never leave the page). */
export function offsiteRequests(urls: string[], baseURL: string): string[] {
  const own = new URL(baseURL).host
  return urls.filter((u) => {
    const url = new URL(u)
    return url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== own
  })
}
