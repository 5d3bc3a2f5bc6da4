// The visitor's attribution as the site tracker keeps it in localStorage ('pl_attribution'), limited
// to the fields and lengths of the shared AttributionSchema, without loading zod into the page.
import type { AttributionSchema } from '../../shared/contract.ts'
import type { z } from 'zod'

type Attribution = z.infer<typeof AttributionSchema>

/** Field → maximum length, as in AttributionSchema (the type keeps the keys in step). */
export const attributionLimits: Record<keyof Attribution, number> = {
  source: 120,
  campaign: 120,
  referrer: 2048,
  utmSource: 200,
  utmMedium: 200,
  utmCampaign: 200,
  utmTerm: 200,
  utmContent: 200,
  gclid: 256,
  fbclid: 256,
  msclkid: 256,
  landingPage: 2048,
  firstTouch: 200,
  lastTouch: 200,
}

export const ATTRIBUTION_KEY = 'pl_attribution'

export function readStoredAttribution(): Partial<Attribution> {
  const out: Partial<Attribution> = {}
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(ATTRIBUTION_KEY) ?? 'null')
    if (!raw || typeof raw !== 'object') return out
    for (const key of Object.keys(attributionLimits) as (keyof Attribution)[]) {
      const value = (raw as Record<string, unknown>)[key]
      if (typeof value === 'string' && value.trim()) out[key] = value.trim().slice(0, attributionLimits[key])
    }
  } catch {
    // Storage blocked or not JSON: no attribution.
  }
  return out
}
