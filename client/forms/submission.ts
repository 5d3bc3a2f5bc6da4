// What every public form does around its own fields: a signed form token from the server (the
// fill-time spam check), an Idempotency-Key per submission, the visitor's attribution, and the
// server's `{ errors: { field: message } }` split into the form's fields and the rest.
import { apiRequest } from '../../shared/request.ts'
import { attributionLimits } from './storedAttribution.ts'
import { getAttribution, type Attribution } from '../tracker/attribution.ts'

export async function fetchFormToken(): Promise<string> {
  const response = await apiRequest('GET', '/api/form-token')
  const body = (await response.json()) as { token?: unknown }
  return typeof body.token === 'string' ? body.token : ''
}

export const newIdempotencyKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** Longest value the API accepts for each attribution field, less `source` (see below) and
 * `campaign` (a form names its own). */
const { source: _source, campaign: _campaign, ...LIMITS } = attributionLimits

/**
 * The attribution fields a form sends. `source` is left out: on a lead it names the form (the
 * server's default, or 'Chatbot', 'Exit Intent Popup'...), and the server classifies the traffic
 * source itself from utmSource and referrer. See docs/decisions/031-attribution.md.
 */
export function attributionFields(): Record<string, string> {
  const attribution = getAttribution()
  const out: Record<string, string> = {}
  for (const [key, max] of Object.entries(LIMITS)) {
    const value = attribution?.[key as keyof Attribution]
    if (value) out[key] = value.slice(0, max)
  }
  out.landingPage ||= (location.pathname + location.search).slice(0, 2048)
  return out
}

/** The first message of each of `fields` ("services.0" counts as "services"), and the others. */
export function splitFieldErrors<F extends string>(errors: Record<string, string>, fields: readonly F[]): { known: Partial<Record<F, string>>; other: string[] } {
  const known: Partial<Record<F, string>> = {}
  const other: string[] = []
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] as F
    if (fields.includes(key)) known[key] ??= message
    else other.push(message)
  }
  return { known, other }
}
