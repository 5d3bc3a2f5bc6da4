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

/**
 * The bodies of the JS files the page receives, in arrival order. Each body is read as its
 * response arrives, so the list can be awaited in slices (what came with the page, what came
 * later). A script that arrives after the test's last read is never awaited: when the test ends,
 * Playwright rejects its pending read ("response.text: Test ended"), and that rejection must not
 * fail a test that never needed the body. A body the test does await still rejects there.
 */
export function collectScriptBodies(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return
    const body = response.text()
    body.catch(() => {}) // handled here only for the never-awaited case above
    bodies.push(body)
  })
  return bodies
}

/** URLs that went anywhere but the test server (data: and blob: URLs never leave the page). */
export function offsiteRequests(urls: string[], baseURL: string): string[] {
  const own = new URL(baseURL).host
  return urls.filter((u) => {
    const url = new URL(u)
    return url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== own
  })
}
