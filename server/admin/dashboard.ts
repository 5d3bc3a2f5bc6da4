// GET /api/admin/dashboard: the overview's numbers in one request, computed by the database.
// CRM figures (pipeline, tasks) only for roles that may see deals and activities.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import type { Dashboard } from '../../shared/adminContract.ts'
import { canAccess } from '../../shared/permissions.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { listOpenTasks, tasksDue } from '../db/queries/activities.ts'
import { pipelineByStage } from '../db/queries/deals.ts'
import { conversionBySource, leadCounts, leadsOverTime, recentLeads } from '../db/queries/leads.ts'
import { newNotFoundThisWeek } from '../redirects/notFoundLog.ts'

function getDashboard(db: Db): Middleware {
  return async function getDashboardHandler(ctx) {
    const { user } = adminState(ctx)
    const crm = canAccess(user.role, { resource: 'deals', action: 'list' })
    const tasks = canAccess(user.role, { resource: 'activities', action: 'list' })
    const notFound = canAccess(user.role, { resource: 'not-found', action: 'list' })
    const [leads, bySource, pipeline, due, overTime, recent, mine, newNotFound] = await Promise.all([
      leadCounts(db),
      conversionBySource(db),
      crm ? pipelineByStage(db) : Promise.resolve([]),
      tasks ? tasksDue(db, user.id) : Promise.resolve(0),
      leadsOverTime(db),
      recentLeads(db),
      tasks ? listOpenTasks(db, user.id) : Promise.resolve([]),
      notFound ? newNotFoundThisWeek(db) : Promise.resolve([]),
    ])
    const body: Dashboard = {
      leads,
      conversionBySource: bySource,
      pipelineByStage: pipeline,
      tasksDue: due,
      leadsOverTime: overTime,
      recentLeads: recent,
      myTasks: mine,
      newNotFound,
    }
    ctx.body = body
  }
}

export function registerDashboardRoutes(router: Router, db: Db, guard: Middleware[]) {
  router.get('/dashboard', ...guard, requirePermission('dashboard', 'show'), getDashboard(db))
}
