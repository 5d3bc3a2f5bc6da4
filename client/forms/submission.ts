// What every public form does around its own fields (client/forms/useForm.ts drives it): a
// signed form token from the server (the fill-time spam check), an Idempotency-Key per attempt,
// the visitor's attribution, the request itself, and the server's `{ errors: { field: message } }`
// split into the form's fields and the rest.
import { pickAttribution, VISIT_ATTRIBUTION_KEYS, type VisitAttributionKey } from '../../shared/attribution.ts'
import { apiRequest, HttpError } from '../../shared/request.ts'
import { getAttribution } from '../tracker/attribution.ts'

export async function fetchFormToken(): Promise<string> {
  const response = await apiRequest('GET', '/api/form-token')
  const body = (await response.json()) as { token?: unknown }
  return typeof body.token === 'string' ? body.token : ''
}

export const newIdempotencyKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/**
 * The attribution a form sends: the visit's fields of the attribution table, as the tracker
 * keeps them. getAttribution() records this page load's landing first when the tracker (loaded
 * after idle) has not yet, so a form sent in the first seconds carries the same first and last
 * touch as a later one. `source` is left out unless asked for: on a lead it names the form (the
 * server's default, or 'Chatbot', 'Exit Intent Popup'...), and the server classifies the traffic
 * source itself from utmSource and referrer. See docs/decisions/031-attribution.md.
 */
export function formAttribution(withTrafficSource = false): Partial<Record<VisitAttributionKey | 'source', string>> {
  const attribution = getAttribution()
  const out: Partial<Record<VisitAttributionKey | 'source', string>> = pickAttribution(
    attribution,
    withTrafficSource ? ['source', ...VISIT_ATTRIBUTION_KEYS] : VISIT_ATTRIBUTION_KEYS,
  )
  out.landingPage ||= pickAttribution({ landingPage: location.pathname + location.search }, ['landingPage']).landingPage
  return out
}

/** The first message of each of `fields` ("services.0" counts as "services"), and the others. */
export function splitFieldErrors<F extends string>(
  errors: Record<string, string>,
  fields: readonly F[],
): { known: Partial<Record<F, string>>; other: string[] } {
  const known: Partial<Record<F, string>> = {}
  const other: string[] = []
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] as F
    if (fields.includes(key)) known[key] ??= message
    else other.push(message)
  }
  return { known, other }
}

/**
 * Posts a form: JSON through shared/request.ts, or multipart when a value is a file (same
 * credentials; a non-OK answer throws the same HttpError).
 */
export async function sendForm(url: string, body: Record<string, unknown>, headers: Record<string, string>): Promise<Response> {
  if (!Object.values(body).some((value) => value instanceof Blob)) return apiRequest('POST', url, body, headers)
  const data = new FormData()
  const entries = Object.entries(body).filter(([, value]) => value !== undefined)
  // Text fields first, files last, as a streaming parser on the server reads them.
  for (const [key, value] of entries) if (!(value instanceof Blob)) data.append(key, String(value))
  for (const [key, value] of entries) if (value instanceof Blob) data.append(key, value, value instanceof File ? value.name : key)
  const response = await fetch(url, { method: 'POST', body: data, credentials: 'include', headers })
  if (!response.ok) throw new HttpError(response.status, await response.text().catch(() => ''), response.statusText)
  return response
}

/** The messages of a 400 answer: its field errors, or its message when it has none. */
export function serverFieldErrors(error: HttpError): Record<string, string> {
  const errors = error.fieldErrors
  if (Object.keys(errors).length) return errors
  try {
    const { message } = JSON.parse(error.body) as { message?: unknown }
    return typeof message === 'string' && message ? { _: message } : {}
  } catch {
    return {}
  }
}
