// Trend scoring on seeded series: a term that rises is flagged, a steady weekday pattern is not,
// a one-visitor spike is not; plus new/breakout/declining, the 0–100 index and normalisation.
import { describe, expect, it } from 'vitest'
import { dayIndex, observe, relativeIndex, scoreTerms, stem, termsOf, type Observations } from './score.ts'

const DAY = 86_400_000
const now = Date.parse('2026-11-24T15:00:00Z') // a Tuesday
const daysAgo = (n: number) => now - n * DAY

/** `perDay(d, weekday)` distinct visitors on day d days ago. */
function seed(obs: Observations, term: string, perDay: (daysAgo: number, weekday: number) => number) {
  for (let d = 28; d >= 0; d--) {
    const at = daysAgo(d)
    const n = perDay(d, new Date(at).getUTCDay())
    for (let v = 0; v < n; v++) observe(obs, term, at, `${term}-visitor-${d}-${v}`)
  }
}

describe('trend scoring', () => {
  it('flags a rising term and leaves a steady weekday pattern alone', () => {
    const obs: Observations = new Map()
    // Busy on Tuesdays (12), quiet at weekends (1), 5 on other days: always the same.
    seed(obs, 'seo', (_d, wd) => (wd === 2 ? 12 : wd === 0 || wd === 6 ? 1 : 5))
    // 3 a day, then 14 today.
    seed(obs, 'hubspot crm', (d) => (d === 0 ? 14 : 3))
    const scores = new Map(scoreTerms(obs, now).map((s) => [s.term, s]))
    expect(scores.get('seo')).toMatchObject({ label: 'steady', count: 12, baseline: 12, z: 0 })
    expect(scores.get('hubspot crm')).toMatchObject({ label: 'rising', count: 14, baseline: 3 })
    expect(scores.get('hubspot crm')!.z).toBeGreaterThan(2)
    expect(scores.get('hubspot crm')!.series).toHaveLength(29)
  })

  it('does not show a one-visitor spike, however many times that visitor asks', () => {
    const obs: Observations = new Map()
    for (let i = 0; i < 40; i++) observe(obs, 'mortgage crm', now - i * 60_000, 'the-same-visitor')
    expect(scoreTerms(obs, now).map((s) => s.term)).not.toContain('mortgage crm')
  })

  it('labels new, breakout and declining terms, and hides hidden ones', () => {
    const obs: Observations = new Map()
    seed(obs, 'ai overviews', (d) => (d === 0 ? 6 : 0))
    seed(obs, 'local seo', (d) => (d === 0 ? 40 : 1))
    seed(obs, 'fax marketing', (d) => (d === 0 ? 0 : 10))
    const scores = new Map(scoreTerms(obs, now).map((s) => [s.term, s.label]))
    expect(scores.get('ai overviews')).toBe('new')
    expect(scores.get('local seo')).toBe('breakout')
    expect(scores.get('fax marketing')).toBe('declining')
    expect(scoreTerms(obs, now, new Set(['local seo'])).map((s) => s.term)).not.toContain('local seo')
    expect(dayIndex(now)).toBe(Math.floor(now / DAY))
  })

  it('scales compared series to 0–100 together', () => {
    expect(
      relativeIndex([
        [0, 5, 10],
        [2, 20, 4],
      ]),
    ).toEqual([
      [0, 25, 50],
      [10, 100, 20],
    ])
  })

  it('normalises text: entities whole, stop words out, words stemmed', () => {
    const entities = [
      { match: 'hubspot crm', term: 'HubSpot CRM' },
      { match: 'san antonio', term: 'San Antonio' },
    ]
    expect(termsOf('How much does HubSpot CRM onboarding cost in San Antonio?', entities).sort()).toEqual(
      ['HubSpot CRM', 'San Antonio', 'cost', 'onboard'].sort(),
    )
    expect(stem('agencies')).toBe('agency')
    expect(stem('marketing')).toBe('market')
    expect(termsOf('Do you do the 2 audits?')).toEqual(['audit'])
  })
})
