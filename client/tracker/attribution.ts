// First-touch and last-touch attribution (spec sections 3 and 9), kept in localStorage under
// 'pl_attribution' and sent with every form. The top-level fields describe the latest landing
// that carried attribution (UTM tags, an ad click id or an outside referrer); a later direct or
// internal visit does not overwrite them. `firstTouch` is written once, `lastTouch` on every
// landing whose attribution differs from the stored one. See docs/decisions/031-attribution.md.
import { ATTRIBUTION_PARAMS, attributionMax, ORIGIN_ATTRIBUTION_KEYS, VISIT_ATTRIBUTION_KEYS, type VisitAttributionKey } from '../../shared/attribution.ts'
import { classifyTrafficSource } from '../../shared/trafficSource.ts'
import { getLanding, type Landing } from './schedule.ts'

export const ATTRIBUTION_KEY = 'pl_attribution'

/** What the browser keeps: the visit's fields of the attribution table, and `source`, the traffic
 * source classified from them (shared/trafficSource.ts). */
export type Attribution = Record<'source' | VisitAttributionKey, string>

const FIELDS: (keyof Attribution)[] = ['source', ...VISIT_ATTRIBUTION_KEYS]
/** The fields that say where a visit came from; a landing is "new" when one of them differs. */
const ORIGIN: (keyof Attribution)[] = ['source', ...ORIGIN_ATTRIBUTION_KEYS]

const clip = (value: string, max: number) => value.trim().slice(0, max)

/** "source / medium / campaign @ ISO time": what a staff member reads in the lead's first and last touch. */
export function describeTouch(a: Pick<Attribution, 'source' | 'utmMedium' | 'utmCampaign'>, at: Date): string {
  const label = [a.source, a.utmMedium, a.utmCampaign].filter(Boolean).join(' / ')
  return clip(`${label.slice(0, 170)} @ ${at.toISOString()}`, attributionMax.firstTouch)
}

/**
 * The attribution to store after a landing, or null when the stored one stays as it is.
 * Pure: the caller reads and writes storage.
 */
export function nextAttribution(stored: Attribution | null, landing: Landing, now: Date): Attribution | null {
  let url: URL
  try {
    url = new URL(landing.href)
  } catch {
    return null
  }
  let referrer = clip(landing.referrer, attributionMax.referrer)
  try {
    // A referrer from this site is a step inside the visit, not where the visit came from.
    if (referrer && new URL(referrer).host === url.host) referrer = ''
  } catch {
    referrer = ''
  }
  const fields = { referrer } as Attribution
  for (const [key, param] of ATTRIBUTION_PARAMS) fields[key] = clip(url.searchParams.get(param) ?? '', attributionMax[key])
  fields.source = classifyTrafficSource({ utmSource: fields.utmSource, referrer }).slice(0, attributionMax.source)
  const hasSignal = Boolean(referrer) || ATTRIBUTION_PARAMS.some(([key]) => fields[key])
  if (stored && !hasSignal) return null
  if (stored && ORIGIN.every((key) => stored[key] === fields[key])) return null
  const touch = describeTouch(fields, now)
  return {
    ...fields,
    landingPage: clip(url.pathname + url.search, attributionMax.landingPage),
    firstTouch: stored?.firstTouch || touch,
    lastTouch: touch,
  }
}

export function readAttribution(): Attribution | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(ATTRIBUTION_KEY) ?? 'null')
    if (!raw || typeof raw !== 'object') return null
    const out = {} as Attribution
    for (const key of FIELDS) {
      const value = (raw as Record<string, unknown>)[key]
      out[key] = typeof value === 'string' ? value : ''
    }
    return out
  } catch {
    return null
  }
}

let recorded = false
/** This page load's attribution when localStorage is blocked. */
let inMemory: Attribution | null = null

/** Stores this page load's landing (once per page load). */
export function recordLanding(landing: Landing = getLanding(), now = new Date()) {
  if (recorded) return
  recorded = true
  const next = nextAttribution(readAttribution(), landing, now)
  if (!next) return
  inMemory = next
  try {
    localStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(next))
  } catch {
    // Storage blocked: the attribution lives for this page load only.
  }
}

/** The visitor's attribution for a form, recording this landing first if the tracker has not yet. */
export function getAttribution(): Attribution | null {
  recordLanding()
  return readAttribution() ?? inMemory
}
