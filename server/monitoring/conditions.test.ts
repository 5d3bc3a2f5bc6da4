// Gatus-style conditions: parsing with messages that say what to write, and evaluation that
// names the conditions that failed. And the conversion heartbeat on seeded hourly series.
import { describe, expect, it } from 'vitest'
import { ConditionError, evaluate, parseConditions } from './conditions.ts'
import { baselineAt, detectDrop, HOUR_MS, poissonCdf, WEEK_MS, type Series } from './heartbeat.ts'

describe('uptime conditions', () => {
  const page = parseConditions('[STATUS] == 200 && [RESPONSE_TIME] < 400 && [BODY] contains "Proofline"')
  const seen = { status: 200, responseMs: 120, body: '<title>Proofline Digital</title>', connected: true }

  it('passes when every condition holds and names the ones that fail', () => {
    expect(evaluate(page, seen)).toEqual({ ok: true, failed: [] })
    expect(evaluate(page, { ...seen, status: 503 })).toEqual({ ok: false, failed: ['[STATUS] == 200'] })
    expect(evaluate(page, { ...seen, responseMs: 400, body: 'maintenance' })).toEqual({
      ok: false,
      failed: ['[RESPONSE_TIME] < 400', '[BODY] contains "Proofline"'],
    })
    expect(evaluate(page, { ...seen, status: null, connected: false })).toMatchObject({ ok: false, failed: ['[STATUS] == 200'] })
    const db = parseConditions('[CONNECTED] == true && [RESPONSE_TIME] <= 500')
    expect(evaluate(db, { ...seen, responseMs: 500 }).ok).toBe(true)
    expect(evaluate(db, { ...seen, connected: false }).failed).toEqual(['[CONNECTED] == true'])
    expect(evaluate(parseConditions('[BODY] !contains "error" && [STATUS] != 500'), { ...seen, body: 'fine' }).ok).toBe(true)
  })

  it('refuses what it cannot read, saying what to write', () => {
    expect(() => parseConditions('')).toThrow(ConditionError)
    expect(() => parseConditions('[STATUS] = 200')).toThrow(/is not a condition/)
    expect(() => parseConditions('[LATENCY] < 3')).toThrow(/\[LATENCY\] is unknown/)
    expect(() => parseConditions('[STATUS] == ok')).toThrow(/whole number/)
    expect(() => parseConditions('[BODY] contains ok')).toThrow(/quoted text/)
    expect(() => parseConditions('[CONNECTED] < true')).toThrow(/takes == or !=/)
  })
})

describe('conversion heartbeat', () => {
  // Four weeks of history plus today: page views and forms follow the hour of the day (busy
  // 9-17 UTC, quiet at night), identically every week.
  const end = Date.parse('2026-11-24T15:00:00Z')
  const start = end - 5 * WEEK_MS
  const build = (rate: (hourOfDay: number) => number, change: (h: number) => number = (v) => v) => {
    const s: Series = new Map()
    for (let h = start; h < end; h += HOUR_MS) s.set(h, change(rate(new Date(h).getUTCHours())))
    return s
  }
  const busy = (h: number) => h >= 9 && h < 17
  const views = build((h) => (busy(h) ? 400 : 40))
  const forms = build((h) => (busy(h) ? 6 : 0))

  it('stays quiet on a normal weekday pattern, including the quiet night', () => {
    expect(baselineAt(forms, end - HOUR_MS)).toBe(6)
    expect(detectDrop('forms', forms, views, end)).toMatchObject({ alert: false, observed: 18, expected: 18 })
    // Night: nothing expected, nothing to judge.
    expect(detectDrop('forms', forms, views, Date.parse('2026-11-24T05:00:00Z')).alert).toBe(false)
  })

  it('alerts when forms stop while page views continue, not when traffic stops too', () => {
    const broken = new Map(forms)
    for (let h = end - 3 * HOUR_MS; h < end; h += HOUR_MS) broken.set(h, 0)
    const verdict = detectDrop('forms', broken, views, end)
    expect(verdict).toMatchObject({ alert: true, observed: 0, expected: 18, views: 1200 })
    expect(verdict.p).toBeLessThan(0.01)

    const outage = new Map(views)
    for (let h = end - 3 * HOUR_MS; h < end; h += HOUR_MS) outage.set(h, 10)
    expect(detectDrop('forms', broken, outage, end)).toMatchObject({ alert: false })
    expect(detectDrop('forms', broken, outage, end).reason).toContain('Traffic is down too')
  })

  it('does not alert on a dip within normal variation', () => {
    const dip = new Map(forms)
    dip.set(end - HOUR_MS, 2)
    dip.set(end - 2 * HOUR_MS, 4)
    expect(detectDrop('forms', dip, views, end)).toMatchObject({ alert: false, observed: 12 })
    expect(poissonCdf(0, 18)).toBeCloseTo(Math.exp(-18), 12)
    expect(poissonCdf(18, 18)).toBeGreaterThan(0.5)
  })
})
