// Every route under /api/admin, read from the Koa router's own stack (so a new route is covered
// without editing this file), called as each role and without a session: the answer is 403
// exactly when canAccess says the role may not do the route's resource/action (as declared by
// its requirePermission guard), 401 without a session, and never a 5xx or a 408. Routes without a
// session check or without a permission guard fail here, except the sign-in/account routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminRouter } from '../../server/admin/index.ts'
import type { PermissionMiddleware } from '../../server/auth/sessions.ts'
import { canAccess, type Role } from '../../shared/permissions.ts'
import { databases, startAdminServer, userWithRole, type AdminServer, type AdminSession } from './helpers.ts'

type Route = { method: string; path: string; names: string[]; permission?: PermissionMiddleware['permission'] }

/** Routes on the caller's own account, whatever the role (sign in, who am I, sign out, own password,
 * own digest setting: that one refuses opting in by role in its handler, see tests/admin-api/digest.test.ts). */
const ACCOUNT_ROUTES = new Set([
  'POST /api/admin/auth/login',
  'GET /api/admin/auth/me',
  'POST /api/admin/auth/logout',
  'POST /api/admin/auth/password',
  'GET /api/admin/account/digest',
  'PUT /api/admin/account/digest',
])
/** Calls with side effects on the caller's own session: run last, or never as a role check. */
const SKIP_AS_ROLE = new Set(['POST /api/admin/auth/logout', 'POST /api/admin/auth/password', 'POST /api/admin/auth/login'])

function routesOf(server: AdminServer): Route[] {
  const router = createAdminRouter({ db: server.db, env: server.env })
  const out: Route[] = []
  for (const layer of router.stack as unknown as {
    path: string
    methods: string[]
    stack: (((...a: never[]) => unknown) & { permission?: PermissionMiddleware['permission'] })[]
  }[]) {
    for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
      const guards = layer.stack.filter((fn) => fn.permission)
      out.push({ method, path: layer.path, names: layer.stack.map((fn) => fn.name), permission: guards.at(-1)?.permission })
    }
  }
  return out
}

/** A concrete URL: every :param becomes an id that does not exist. */
const urlOf = (path: string) => path.replace(/:[A-Za-z_]+/g, '999999')

async function call(s: AdminSession | null, server: AdminServer, route: Route) {
  const url = urlOf(route.path)
  if (!s) {
    const reply = await fetch(server.base + url, {
      method: route.method,
      headers: route.method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      body: route.method === 'GET' ? undefined : '{}',
    })
    return reply.status
  }
  return (await s.request(route.method, url, route.method === 'GET' ? {} : { json: {} })).status
}

describe.each(databases)('every /api/admin route × role ($name)', (target) => {
  let server: AdminServer
  let routes: Route[]
  let sessions: Record<Role, AdminSession>
  beforeAll(async () => {
    server = await startAdminServer(target)
    routes = routesOf(server)
    sessions = { admin: server.admin, sales: await userWithRole(server, 'sales'), marketing: await userWithRole(server, 'marketing') }
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('finds the routes in the router stack', () => {
    expect(routes.length).toBeGreaterThan(50)
    expect(routes.some((r) => r.method === 'GET' && r.path === '/api/admin/leads')).toBe(true)
  })

  it('guards every route but the account ones with a session check and a permission', () => {
    const unguarded = routes
      .filter((r) => !ACCOUNT_ROUTES.has(`${r.method} ${r.path}`))
      .filter((r) => !r.names.includes('requireSessionMiddleware') || !r.permission)
      .map((r) => `${r.method} ${r.path}`)
    expect(unguarded).toEqual([])
  })

  it('answers 401 without a session on every route but sign-in', async () => {
    const wrong: string[] = []
    for (const route of routes.filter((r) => !(r.method === 'POST' && r.path === '/api/admin/auth/login'))) {
      const status = await call(null, server, route)
      if (status !== 401) wrong.push(`${route.method} ${route.path}: ${status}`)
    }
    expect(wrong).toEqual([])
  })

  // Sales and marketing first, admin last: an admin's allowed write with an empty body may change data.
  it.each(['sales', 'marketing', 'admin'] as const)('%s: 403 exactly when canAccess says no, never 5xx', async (role) => {
    const wrong: string[] = []
    for (const route of routes.filter((r) => r.permission && !SKIP_AS_ROLE.has(`${r.method} ${r.path}`))) {
      const status = await call(sessions[role], server, route)
      const allowed = canAccess(role, route.permission!)
      // 408: the request's body was sent whole; a route that times out reading it waited on a stream
      // an earlier parser had read (PUT /redirects/bulk did, 30 s each time).
      const ok = allowed ? status !== 401 && status !== 403 && status !== 408 && status < 500 : status === 403
      if (!ok) wrong.push(`${route.method} ${route.path} (${route.permission!.resource}/${route.permission!.action}, allowed=${allowed}): ${status}`)
    }
    expect(wrong).toEqual([])
  })
})
