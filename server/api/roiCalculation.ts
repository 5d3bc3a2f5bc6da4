// POST /api/roi-calculation: the calculator's inputs and results. The server recomputes the
// results with the shared formula and stores both.
import type { Middleware } from 'koa'
import { computeRoi, RoiCalculationSchema } from '../../shared/contract.ts'
import { insertRoiCalculation } from '../db/queries/roiCalculations.ts'
import { buildAttribution } from './attribution.ts'
import { commitResponse } from './commit.ts'
import type { HandlerDeps } from './deps.ts'
import { apiState } from './state.ts'
import { parseInput } from './validate.ts'

export function postRoiCalculation(deps: HandlerDeps): Middleware {
  return async function postRoiCalculationHandler(ctx) {
    const data = parseInput(RoiCalculationSchema, apiState(ctx).body)
    const results = computeRoi(data)
    const attribution = buildAttribution(ctx, data, { secret: deps.env.APP_SECRET, defaultSource: 'ROI Calculator', userAgent: data.userAgent })
    await commitResponse(ctx, deps.writer, async (trx) => {
      const id = await insertRoiCalculation(trx, { ...data, submittedResults: data.results, results, attribution })
      return { status: 201, body: { id, results } }
    })
  }
}
