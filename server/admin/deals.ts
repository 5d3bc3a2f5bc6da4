// The kanban move: one request puts a deal at `index` in `stage` and renumbers the positions of
// the source and target stages in one transaction.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { DealMoveSchema } from '../../shared/adminContract.ts'
import type { Db } from '../db/knex.ts'
import { positionsOf, stageOrder, writeStageOrder } from '../db/queries/deals.ts'
import { requirePermission } from '../auth/sessions.ts'
import { audit } from './audit.ts'
import { adminJsonBody, bodyOf } from './body.ts'
import { dealsConfig } from './crm.ts'
import { mustLoad, parseId, writeWith } from './resourceRouter.ts'

export function putMove(db: Db): Middleware {
  return async function putMoveHandler(ctx) {
    const id = parseId(ctx.params.id)
    const { stage, index } = DealMoveSchema.parse(bodyOf(ctx))
    ctx.body = await writeWith(db, ctx)(async (w) => {
      const before = await mustLoad(w.trx, dealsConfig.spec, id)
      const from = String(before.stage)
      const current = await positionsOf(w.trx, [from, stage])
      const source = (await stageOrder(w.trx, from)).filter((x) => x !== id)
      const target = from === stage ? source : await stageOrder(w.trx, stage)
      const at = Math.min(index, target.length)
      target.splice(at, 0, id)
      if (from !== stage) await writeStageOrder(w.trx, from, source, current)
      await writeStageOrder(w.trx, stage, target, current)
      const after = await mustLoad(w.trx, dealsConfig.spec, id)
      await audit(w.trx, w.userId, 'update', 'deals', id, before, after)
      return { id, stage, index: at }
    })
  }
}

export function registerDealRoutes(router: Router, db: Db, guard: Middleware[]) {
  router.put('/deals/:id/move', ...guard, requirePermission('deals', 'edit'), adminJsonBody(), putMove(db))
}
