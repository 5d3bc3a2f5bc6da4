// The one attribution table: every field a lead or an ROI calculation records about where the
// visitor came from, with its name in API bodies and code, its longest value and its column in
// the `leads` and `roi_calculations` tables. The public contract (shared/contract.ts), the browser
// tracker and forms (client/tracker/attribution.ts, client/forms/attribution.ts), the server's
// attribution builder and queries, and the admin's lead columns all derive from it.
// A new field is one line here plus a migration adding its column to both tables
// (server/db/attributionColumns.test.ts checks the tables against this list).

/**
 * Who fills a field:
 * - 'origin': where the visit came from, read by the browser from the landing URL and referrer;
 *   a landing is a new touch when one of these differs from the stored attribution;
 * - 'landing': written by the browser for each new touch (landing page, first and last touch);
 * - 'form': named by the form that sends it (the server has a default);
 * - 'server': computed by the server from the request.
 */
export type AttributionOrigin = 'origin' | 'landing' | 'form' | 'server'

export type AttributionField = {
  readonly key: string
  readonly column: string
  readonly max: number
  readonly from: AttributionOrigin
  /** The URL query parameter the browser reads it from. */
  readonly param?: string
  /** False: kept out of the staff's CSV export. */
  readonly exported?: false
  /** How the staff's lead screen names it, and the section it sits in (none: not shown). */
  readonly label?: string
  readonly section?: AttributionSection
}

/** The sections of the lead screen's attribution, in screen order. */
export const ATTRIBUTION_SECTIONS = ['Source', 'UTM', 'Referrer and landing page'] as const
export type AttributionSection = (typeof ATTRIBUTION_SECTIONS)[number]

export const ATTRIBUTION_FIELDS = [
  { key: 'source', column: 'source', max: 120, from: 'form', label: 'Source', section: 'Source' },
  { key: 'campaign', column: 'campaign', max: 120, from: 'form', label: 'Campaign', section: 'Source' },
  { key: 'trafficSource', column: 'traffic_source', max: 200, from: 'server', label: 'Traffic source', section: 'Source' },
  { key: 'referrer', column: 'referrer', max: 2048, from: 'origin', label: 'Referrer', section: 'Referrer and landing page' },
  { key: 'utmSource', column: 'utm_source', max: 200, from: 'origin', param: 'utm_source', label: 'utm_source', section: 'UTM' },
  { key: 'utmMedium', column: 'utm_medium', max: 200, from: 'origin', param: 'utm_medium', label: 'utm_medium', section: 'UTM' },
  { key: 'utmCampaign', column: 'utm_campaign', max: 200, from: 'origin', param: 'utm_campaign', label: 'utm_campaign', section: 'UTM' },
  { key: 'utmTerm', column: 'utm_term', max: 200, from: 'origin', param: 'utm_term', label: 'utm_term', section: 'UTM' },
  { key: 'utmContent', column: 'utm_content', max: 200, from: 'origin', param: 'utm_content', label: 'utm_content', section: 'UTM' },
  { key: 'gclid', column: 'gclid', max: 256, from: 'origin', param: 'gclid', label: 'Google click id', section: 'Referrer and landing page' },
  { key: 'fbclid', column: 'fbclid', max: 256, from: 'origin', param: 'fbclid', label: 'Meta click id', section: 'Referrer and landing page' },
  { key: 'msclkid', column: 'msclkid', max: 256, from: 'origin', param: 'msclkid', label: 'Microsoft click id', section: 'Referrer and landing page' },
  { key: 'landingPage', column: 'landing_page', max: 2048, from: 'landing', label: 'Landing page', section: 'Referrer and landing page' },
  { key: 'firstTouch', column: 'first_touch', max: 200, from: 'landing', label: 'First touch', section: 'Source' },
  { key: 'lastTouch', column: 'last_touch', max: 200, from: 'landing', label: 'Last touch', section: 'Source' },
  { key: 'userAgent', column: 'user_agent', max: 512, from: 'server', exported: false, label: 'User agent', section: 'Referrer and landing page' },
  { key: 'ipHash', column: 'ip_hash', max: 64, from: 'server', exported: false },
] as const satisfies readonly AttributionField[]

type Field = (typeof ATTRIBUTION_FIELDS)[number]
export type AttributionKey = Field['key']
/** The fields a client sends (the contract's AttributionSchema): all but the server's own. */
export type SentAttributionKey = Exclude<Field, { from: 'server' }>['key']
/** The fields the browser reads from the visit and keeps. */
export type VisitAttributionKey = Extract<Field, { from: 'origin' | 'landing' }>['key']

/** A lead's or calculation's attribution as the server stores it. */
export type Attribution = Record<AttributionKey, string>

const keysFrom = <K extends AttributionKey>(...from: AttributionOrigin[]) =>
  ATTRIBUTION_FIELDS.filter((f) => (from as string[]).includes(f.from)).map((f) => f.key as K)

export const SENT_ATTRIBUTION_KEYS = keysFrom<SentAttributionKey>('origin', 'landing', 'form')
export const VISIT_ATTRIBUTION_KEYS = keysFrom<VisitAttributionKey>('origin', 'landing')
/** The fields that tell one touch from another. */
export const ORIGIN_ATTRIBUTION_KEYS = keysFrom<Extract<Field, { from: 'origin' }>['key']>('origin')

/** Field → longest value. */
export const attributionMax = Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f.key, f.max])) as Record<AttributionKey, number>

/** Field → URL query parameter, for the fields read from the landing URL. */
export const ATTRIBUTION_PARAMS = ATTRIBUTION_FIELDS.flatMap((f) => ('param' in f ? [[f.key, f.param] as const] : []))

/** The row columns of an attribution (leads and roi_calculations). */
export function attributionColumns(a: Attribution): Record<string, string> {
  return Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f.column, a[f.key]]))
}

/** The lead screen's attribution: each section's columns and labels, in screen order. */
export const ATTRIBUTION_SCREEN = ATTRIBUTION_SECTIONS.map((title) => ({
  title,
  fields: ATTRIBUTION_FIELDS.flatMap((f) => ('section' in f && f.section === title ? [{ column: f.column, label: f.label }] : [])),
}))

/** Every attribution column, in table order. */
export const ATTRIBUTION_COLUMNS = ATTRIBUTION_FIELDS.map((f) => f.column)
/** The attribution columns of the staff's CSV export. */
export const EXPORTED_ATTRIBUTION_COLUMNS = ATTRIBUTION_FIELDS.filter((f) => !('exported' in f)).map((f) => f.column)

/**
 * The string fields of `keys` found in `raw` (an untrusted record: storage, a request), trimmed
 * and cut to their limit; empty values are left out.
 */
export function pickAttribution<K extends AttributionKey>(raw: unknown, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {}
  if (!raw || typeof raw !== 'object') return out
  for (const key of keys) {
    const value = (raw as Record<string, unknown>)[key]
    if (typeof value === 'string' && value.trim()) out[key] = value.trim().slice(0, attributionMax[key])
  }
  return out
}
