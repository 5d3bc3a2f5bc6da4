// /api/admin/demo-data (admins only): GET counts the demo records a first start added (is_demo);
// DELETE removes them all in one transaction with one audit entry that says how many went from
// each table. The admin's overview shows the button while any are left.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { countDemoData, deleteDemoData } from '../db/queries/demoData.ts'

function getDemoData(db: Db): Middleware {
  return async function getDemoDataHandler(ctx) {
    ctx.body = await countDemoData(db)
  }
}

function deleteDemoDataRoute(db: Db): Middleware {
  return async function deleteDemoDataHandler(ctx) {
    const { user } = adminState(ctx)
    const removed = await db.transaction(async (trx) => {
      const counts = await deleteDemoData(trx)
      const changes = Object.fromEntries(Object.entries(counts).map(([table, n]) => [table, [n, 0] as [unknown, unknown]]))
      await insertAuditLogs(trx, [{ userId: user.id, action: 'remove_demo_data', resource: 'demo-data', recordId: null, changes }])
      return counts
    })
    ctx.body = { removed }
  }
}

export function registerDemoDataRoutes(router: Router, db: Db, guard: Middleware[]) {
  router.get('/demo-data', ...guard, requirePermission('demo-data', 'list'), getDemoData(db))
  router.delete('/demo-data', ...guard, requirePermission('demo-data', 'delete'), deleteDemoDataRoute(db))
}
