// The staff admin API under /api/admin: auth routes, then every resource behind the same guard
// (live session → Origin check → CSRF token) and a canAccess check per route. A resource is one
// file in this folder exporting an AdminResourceModule, and one line in RESOURCES.
import Router from '@koa/router'
import type { Middleware } from 'koa'
import type { Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { getMe, postLogin, postLogout, postPassword } from '../auth/routes.ts'
import { checkOrigin, loadSession, requireCsrfToken, requireSession } from '../auth/sessions.ts'
import { activities } from './activities.ts'
import { alerts } from './alerts.ts'
import { registerAnalyticsRoutes } from './analytics.ts'
import { registerWebAnalyticsRoutes } from './webAnalytics.ts'
import { registerGoogleAnalyticsRoutes } from './googleAnalytics.ts'
import { auditLogs } from './auditLogs.ts'
import { adminJsonBody } from './body.ts'
import { companies } from './companies.ts'
import { contacts } from './contacts.ts'
import { registerCmsRoutes } from './cms.ts'
import { registerDashboardRoutes } from './dashboard.ts'
import { registerSyndicationRoutes } from './syndication.ts'
import { registerDemoDataRoutes } from './demoData.ts'
import { deals } from './deals.ts'
import { errorGroups } from './errorGroups.ts'
import { incidents } from './incidents.ts'
import { maintenanceWindows } from './maintenanceWindows.ts'
import { registerMonitoringRoutes } from './monitoring.ts'
import { spamReview } from './spamReview.ts'
import { registerTrendsRoutes } from './trends.ts'
import { registerBlogMigrationRoutes } from './blogMigration.ts'
import { registerPrivacyRoutes } from './privacy.ts'
import { registerBlogGeneratorRoutes } from './blogGenerator.ts'
import { registerDigestRoutes } from './digest.ts'
import { jobs } from './jobs.ts'
import { leads } from './leads.ts'
import { registerResource, type AdminResourceModule } from './resourceRouter.ts'
import { users } from './users.ts'
import { notFound, redirects } from './redirects.ts'
import { posts } from './posts.ts'
import { registerPostEditorRoutes } from './postMedia.ts'
import { tags } from './tags.ts'

import { subscribers } from './subscribers.ts'
import { newsletterLists } from './newsletterLists.ts'
import { newsletterCampaigns } from './newsletterCampaigns.ts'
import { newsletterSettings } from './newsletterSettings.ts'
import { socialAccounts, socialPosts } from './socialMedia.ts'

const RESOURCES: AdminResourceModule[] = [
  leads,
  contacts,
  companies,
  deals,
  activities,
  users,
  auditLogs,
  jobs,
  redirects,
  notFound,
  errorGroups,
  alerts,
  incidents,
  maintenanceWindows,
  spamReview,
  subscribers,
  newsletterLists,
  newsletterCampaigns,
  newsletterSettings,
  posts,
  tags,
  socialPosts,
  socialAccounts,
]

export function createAdminRouter({ db, env, notifyJobs }: { db: Db; env: Env; notifyJobs?: () => void }): Router {
  const router = new Router({ prefix: '/api/admin' })
  const session = loadSession({ db, env })
  const json = adminJsonBody()
  const signedIn = [session, requireSession({ allowPasswordChangePending: true }), checkOrigin(), requireCsrfToken()]
  const guard = [session, requireSession(), checkOrigin(), requireCsrfToken()]

  router.use(async function adminNoStore(ctx, next) {
    ctx.set('Cache-Control', 'no-store')
    await next()
  })
  router.post('/auth/login', checkOrigin(), json, postLogin({ db, env }))
  router.get('/auth/me', ...signedIn, getMe())
  router.post('/auth/logout', ...signedIn, postLogout({ db }))
  router.post('/auth/password', ...signedIn, json, postPassword({ db }))

  registerDashboardRoutes(router, db, guard)
  registerDemoDataRoutes(router, db, guard)
  registerMonitoringRoutes(router, { db, env }, guard)
  registerTrendsRoutes(router, { db, env }, guard)
  registerBlogMigrationRoutes(router, { db, env, notifyJobs }, guard)
  registerBlogGeneratorRoutes(router, { db, env }, guard)
  const cmsStore = registerCmsRoutes(router, { db, env }, guard)
  registerSyndicationRoutes(router, { db, env }, guard, cmsStore)
  registerAnalyticsRoutes(router, db, guard)
  registerPostEditorRoutes(router, { db, env }, guard)
  registerWebAnalyticsRoutes(router, db, guard, cmsStore)
  registerGoogleAnalyticsRoutes(router, { db, env }, guard)
  registerPrivacyRoutes(router, { db, env }, guard)
  registerDigestRoutes(router, { db, env }, guard)
  for (const resource of RESOURCES) {
    // A resource's own routes first: /leads/export.csv must win over /leads/:id.
    resource.routes?.(router, { db, env }, guard)
    registerResource(router, db, resource.config, guard)
  }
  return router
}

/** /api/admin/* as one middleware; anything it does not answer falls through to the API's JSON 404. */
export function adminRoutes(deps: { db: Db; env: Env; notifyJobs?: () => void }): Middleware {
  const routes = createAdminRouter(deps).routes()
  return async function adminMiddleware(ctx, next) {
    if (ctx.path !== '/api/admin' && !ctx.path.startsWith('/api/admin/')) return next()
    await routes(ctx as never, next)
  }
}
