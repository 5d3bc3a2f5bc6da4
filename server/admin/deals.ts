// Deals: the generic resource (a new deal, or one whose stage an edit changes, goes to the end of
// its stage's column; its contacts must exist) and the kanban move: one request puts a deal at
// `index` in `stage` and renumbers the positions of the source and target stages in one
// transaction.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { DealCreateSchema, DealMoveSchema, DealUpdateSchema } from '../../shared/adminContract.ts'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { contactsExist } from '../db/queries/contacts.ts'
import { dealsTable, nextPosition, positionsOf, stageOrder, writeStageOrder } from '../db/queries/deals.ts'
import type { Queryable } from '../db/rows.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

async function checkContacts(db: Queryable, ids: unknown) {
  if (!Array.isArray(ids) || !ids.length) return
  if (!(await contactsExist(db, ids as number[])))
    throw httpError(400, 'Please correct the highlighted fields.', { contact_ids: 'Some of these contacts do not exist.' })
}

const config: ResourceConfig = {
  name: 'deals',
  spec: dealsTable,
  defaultSort: ['position', 'ASC'],
  createSchema: DealCreateSchema,
  updateSchema: DealUpdateSchema,
  beforeCreate: async (data, w) => {
    await checkContacts(w.trx, data.contact_ids)
    return { ...data, position: await nextPosition(w.trx, String(data.stage)) }
  },
  beforeUpdate: async (before, patch, w) => {
    await checkContacts(w.trx, patch.contact_ids)
    // A stage changed by an edit form puts the deal at the end of its new column.
    if (patch.stage && patch.stage !== before.stage) return { ...patch, position: await nextPosition(w.trx, String(patch.stage)) }
    return patch
  },
}

function putMove(db: Db): Middleware {
  return async function putMoveHandler(ctx) {
    const id = parseId(ctx.params.id)
    const { stage, index } = DealMoveSchema.parse(bodyOf(ctx))
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoad(w.trx, dealsTable, id)
      const from = String(before.stage)
      const current = await positionsOf(w.trx, [from, stage])
      const source = (await stageOrder(w.trx, from)).filter((x) => x !== id)
      const target = from === stage ? source : await stageOrder(w.trx, stage)
      const at = Math.min(index, target.length)
      target.splice(at, 0, id)
      if (from !== stage) await writeStageOrder(w.trx, from, source, current)
      await writeStageOrder(w.trx, stage, target, current)
      const after = await mustLoad(w.trx, dealsTable, id)
      await audit(w.trx, w.userId, 'update', 'deals', id, before, after)
      return { id, stage, index: at }
    })
  }
}

export const deals: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    router.put('/deals/:id/move', ...guard, requirePermission('deals', 'edit'), adminJsonBody(), putMove(db))
  },
}
