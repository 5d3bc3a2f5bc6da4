// POST /api/roi-calculation: the server recomputes the results and stores both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { computeRoi } from '../../shared/contract.ts'
import { fromJson, toBool } from '../../server/db/rows.ts'
import { databases, postJson, samples, startTestServer, type TestServer } from './helpers.ts'

describe.each(databases)('POST /api/roi-calculation ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })
  const row = async (id: number) => {
    const r = await server.db('roi_calculations').where({ id }).first()
    return { ...r, submitted_results: fromJson(r.submitted_results), results: fromJson(r.results), results_match: toBool(r.results_match) }
  }

  it('stores the inputs, the submitted and the recomputed results, and the attribution', async () => {
    const reply = await postJson(server.base, '/api/roi-calculation', samples.roi({ referrer: 'https://www.bing.com/' }), { 'User-Agent': 'RoiTest/2' })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ id: expect.any(Number), results: { monthlyProfit: 37500, conversions: 250, revenue: 125000, optimizedProfit: 18750 } })
    expect(await row(reply.body.id)).toMatchObject({
      traffic: '10000',
      conversion_rate: '2.5',
      average_order_value: '500',
      profit_margin: '30',
      submitted_results: { monthlyProfit: 37500, conversions: 250, revenue: 125000, optimizedProfit: 18750 },
      results: { monthlyProfit: 37500, conversions: 250, revenue: 125000, optimizedProfit: 18750 },
      results_match: true,
      source: 'ROI Calculator',
      traffic_source: 'organic-search',
      landing_page: '/roi-calculators?utm_medium=email',
      user_agent: 'RoiTest/2',
    })
  })

  it('keeps what the browser sent when it disagrees with the formula', async () => {
    const inputs = { traffic: '20000', conversionRate: 'abc', averageOrderValue: '', profitMargin: '50' }
    const reply = await postJson(
      server.base,
      '/api/roi-calculation',
      samples.roi({ ...inputs, results: { monthlyProfit: 1, conversions: 2, revenue: 3, optimizedProfit: 4 } }),
    )
    expect(reply.status).toBe(201)
    const expected = computeRoi(inputs)
    expect(expected).toEqual({ conversions: 500, revenue: 250000, monthlyProfit: 125000, optimizedProfit: 62500 })
    expect(await row(reply.body.id)).toMatchObject({
      results: expected,
      submitted_results: { monthlyProfit: 1, conversions: 2, revenue: 3, optimizedProfit: 4 },
      results_match: false,
    })
  })

  it.each([
    ['missing results', { results: undefined }, { results: 'This field is required.' }],
    [
      'results with text',
      { results: { monthlyProfit: 'a lot', conversions: 1, revenue: 1, optimizedProfit: 1 } },
      { 'results.monthlyProfit': 'Enter a number.' },
    ],
    ['missing traffic', { traffic: undefined }, { traffic: 'This field is required.' }],
    ['long traffic', { traffic: '1'.repeat(33) }, { traffic: 'Use at most 32 characters.' }],
    ['traffic as a number', { traffic: 10000 }, { traffic: 'Enter text.' }],
    ['long user agent', { userAgent: 'x'.repeat(513) }, { userAgent: 'Use at most 512 characters.' }],
  ] as const)('rejects %s with 400', async (_label, over, errors) => {
    const reply = await postJson(server.base, '/api/roi-calculation', samples.roi(over as Record<string, unknown>))
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ message: 'Please correct the highlighted fields.', errors })
  })
})
