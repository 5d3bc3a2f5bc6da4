// Saved ROI calculator runs: what the visitor's browser computed and what the server recomputed.
import { attributionColumns, type Attribution } from '../../../shared/attribution.ts'
import { insertReturningId, nowIso, type Queryable } from '../rows.ts'

type Results = { monthlyProfit: number; conversions: number; revenue: number; optimizedProfit: number }

export type NewRoiCalculation = {
  traffic: string
  conversionRate: string
  averageOrderValue: string
  profitMargin: string
  submittedResults: Results
  results: Results
  attribution: Attribution
}

export async function insertRoiCalculation(db: Queryable, c: NewRoiCalculation, now = Date.now()): Promise<number> {
  const matches = (Object.keys(c.results) as (keyof Results)[]).every((k) => c.results[k] === c.submittedResults[k])
  return insertReturningId(db('roi_calculations'), {
    traffic: c.traffic,
    conversion_rate: c.conversionRate,
    average_order_value: c.averageOrderValue,
    profit_margin: c.profitMargin,
    submitted_results: JSON.stringify(c.submittedResults),
    results: JSON.stringify(c.results),
    results_match: matches,
    ...attributionColumns(c.attribution),
    created_at: nowIso(now),
  })
}
