// The client request helper of spec sections 7-8: always sends cookies, sends a JSON body only
// when there is a payload, and turns a non-OK response into "<status>: <body or statusText>".
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`)
    this.name = 'HttpError'
  }

  /** The `{ message, errors }` body of a 400, when the server sent one. */
  get fieldErrors(): Record<string, string> {
    try {
      const parsed = JSON.parse(this.body) as { errors?: Record<string, string> }
      return parsed.errors ?? {}
    } catch {
      return {}
    }
  }
}

export async function apiRequest(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const hasPayload = payload !== undefined
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasPayload ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasPayload ? JSON.stringify(payload) : undefined,
  })
  if (!response.ok) {
    const body = await response.text().catch(() => '')
    throw new HttpError(response.status, body, response.statusText)
  }
  return response
}
