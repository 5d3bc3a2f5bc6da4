// The one attribution table and what derives from it: the contract's AttributionSchema, the
// server's columns and the CSV export, and the reader of untrusted attribution records.
import { describe, expect, it } from 'vitest'
import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_SCREEN,
  ATTRIBUTION_PARAMS,
  attributionColumns,
  EXPORTED_ATTRIBUTION_COLUMNS,
  ORIGIN_ATTRIBUTION_KEYS,
  pickAttribution,
  SENT_ATTRIBUTION_KEYS,
  VISIT_ATTRIBUTION_KEYS,
  type Attribution,
} from './attribution.ts'
import { AttributionSchema, LeadSchema, QuoteSchema, RoiCalculationSchema } from './contract.ts'

describe('attribution table', () => {
  it('the contract accepts exactly the client-sent fields, each up to its limit', () => {
    expect(Object.keys(AttributionSchema.shape).sort()).toEqual([...SENT_ATTRIBUTION_KEYS].sort())
    expect(SENT_ATTRIBUTION_KEYS).not.toContain('trafficSource')
    expect(SENT_ATTRIBUTION_KEYS).not.toContain('ipHash')
    for (const field of ATTRIBUTION_FIELDS.filter((f) => f.from !== 'server')) {
      expect(AttributionSchema.safeParse({ [field.key]: 'x'.repeat(field.max) }).success, field.key).toBe(true)
      expect(AttributionSchema.safeParse({ [field.key]: 'x'.repeat(field.max + 1) }).success, field.key).toBe(false)
    }
    for (const schema of [LeadSchema, QuoteSchema, RoiCalculationSchema])
      expect(Object.keys(schema.shape)).toEqual(expect.arrayContaining([...SENT_ATTRIBUTION_KEYS]))
  })

  it('splits the fields by who fills them', () => {
    expect(ORIGIN_ATTRIBUTION_KEYS).toEqual(['referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'gclid', 'fbclid', 'msclkid'])
    expect(VISIT_ATTRIBUTION_KEYS).toEqual([...ORIGIN_ATTRIBUTION_KEYS, 'landingPage', 'firstTouch', 'lastTouch'])
    expect(Object.fromEntries(ATTRIBUTION_PARAMS)).toEqual({
      utmSource: 'utm_source',
      utmMedium: 'utm_medium',
      utmCampaign: 'utm_campaign',
      utmTerm: 'utm_term',
      utmContent: 'utm_content',
      gclid: 'gclid',
      fbclid: 'fbclid',
      msclkid: 'msclkid',
    })
  })

  it('maps an attribution to its columns, and exports all but the user agent and IP hash', () => {
    const a = Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f.key, `v-${f.key}`])) as Attribution
    const columns = attributionColumns(a)
    expect(columns).toMatchObject({
      source: 'v-source',
      traffic_source: 'v-trafficSource',
      utm_source: 'v-utmSource',
      landing_page: 'v-landingPage',
      first_touch: 'v-firstTouch',
      ip_hash: 'v-ipHash',
    })
    expect(Object.keys(columns)).toHaveLength(ATTRIBUTION_FIELDS.length)
    expect(EXPORTED_ATTRIBUTION_COLUMNS).not.toContain('user_agent')
    expect(EXPORTED_ATTRIBUTION_COLUMNS).not.toContain('ip_hash')
    expect(EXPORTED_ATTRIBUTION_COLUMNS).toContain('traffic_source')
  })

  it('reads an untrusted record: strings only, trimmed, cut to the limit, empty ones left out', () => {
    expect(pickAttribution(null, VISIT_ATTRIBUTION_KEYS)).toEqual({})
    expect(pickAttribution('text', VISIT_ATTRIBUTION_KEYS)).toEqual({})
    const raw = { utmSource: '  google ', utmMedium: '', gclid: 42, referrer: 'r'.repeat(3000), source: 'google', other: 'x' }
    expect(pickAttribution(raw, VISIT_ATTRIBUTION_KEYS)).toEqual({ utmSource: 'google', referrer: 'r'.repeat(2048) })
    expect(pickAttribution(raw, ['source', ...VISIT_ATTRIBUTION_KEYS])).toMatchObject({ source: 'google' })
  })
  it("puts every field but the address hash on the staff's lead screen, each once, with a label", () => {
    const shown = ATTRIBUTION_SCREEN.flatMap((section) => section.fields)
    expect(shown.map((f) => f.column).sort()).toEqual(
      ATTRIBUTION_FIELDS.filter((f) => f.key !== 'ipHash')
        .map((f) => f.column)
        .sort(),
    )
    expect(shown.every((f) => f.label)).toBe(true)
    expect(ATTRIBUTION_SCREEN.map((s) => s.title)).toEqual(['Source', 'UTM', 'Referrer and landing page'])
  })
})
