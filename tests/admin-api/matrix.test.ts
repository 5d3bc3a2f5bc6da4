// The role × resource × action matrix over HTTP: every endpoint answers 403 exactly when
// canAccess says no, and never 401/403/5xx when it says yes. Each call of each role is its own
// test case, named by role, action, resource and route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canAccess, ROLES, type Role } from '../../shared/permissions.ts'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer, type AdminSession } from './helpers.ts'

type Ids = { lead: number; contact: number; company: number; deal: number; activity: number; user: number; audit: number }
type Call = { resource: string; action: string; route: string; run: (s: AdminSession, ids: Ids) => Promise<{ status: number }> }

const calls: Call[] = []
const crud = (resource: string, body: () => Record<string, unknown>, key: keyof Ids) => {
  calls.push(
    { resource, action: 'list', route: `GET /${resource}`, run: (s) => s.get(`/api/admin/${resource}?range=[0,4]`) },
    { resource, action: 'show', route: `GET /${resource}/:id`, run: (s, ids) => s.get(`/api/admin/${resource}/${ids[key]}`) },
    { resource, action: 'create', route: `POST /${resource}`, run: (s) => s.post(`/api/admin/${resource}`, body()) },
    { resource, action: 'edit', route: `PUT /${resource}/:id`, run: (s, ids) => s.put(`/api/admin/${resource}/${ids[key]}`, {}) },
    { resource, action: 'edit', route: `PUT /${resource}/bulk`, run: (s, ids) => s.put(`/api/admin/${resource}/bulk`, { ids: [ids[key]], data: {} }) },
  )
}
let n = 0
crud('leads', () => ({ email: `m${++n}@example.com`, name: 'Matrix' }), 'lead')
crud('contacts', () => ({ first_name: 'Matrix' }), 'contact')
crud('companies', () => ({ name: 'Matrix Co' }), 'company')
crud('deals', () => ({ name: 'Matrix deal' }), 'deal')
crud('activities', () => ({ type: 'note', subject: 'Matrix' }), 'activity')
crud('users', () => ({ email: `matrix${++n}@example.com`, name: 'Matrix', role: 'sales' }), 'user')
calls.push(
  { resource: 'audit-logs', action: 'list', route: 'GET /audit-logs', run: (s) => s.get('/api/admin/audit-logs?range=[0,4]') },
  { resource: 'audit-logs', action: 'show', route: 'GET /audit-logs/:id', run: (s, ids) => s.get(`/api/admin/audit-logs/${ids.audit}`) },
  { resource: 'dashboard', action: 'show', route: 'GET /dashboard', run: (s) => s.get('/api/admin/dashboard') },
  { resource: 'leads', action: 'export', route: 'GET /leads/export.csv', run: (s) => s.get('/api/admin/leads/export.csv') },
  { resource: 'leads', action: 'show', route: 'GET /leads/:id/resume', run: (s, ids) => s.get(`/api/admin/leads/${ids.lead}/resume`) },
  { resource: 'leads', action: 'convert', route: 'POST /leads/:id/convert', run: (s) => s.post('/api/admin/leads/999999/convert', {}) },
  {
    resource: 'contacts',
    action: 'import',
    route: 'POST /contacts/import',
    run: (s) => s.request('POST', '/api/admin/contacts/import?dryRun=1', { body: 'first_name\nAda\n', type: 'text/csv' }),
  },
  { resource: 'deals', action: 'edit', route: 'PUT /deals/:id/move', run: (s, ids) => s.put(`/api/admin/deals/${ids.deal}/move`, { stage: 'won', index: 0 }) },
  { resource: 'users', action: 'edit', route: 'POST /users/:id/reset-password', run: (s) => s.post('/api/admin/users/999999/reset-password') },
)
// Deletes run last (on records made for the purpose), one by id and one in bulk.
const deletable = ['leads', 'contacts', 'companies', 'deals', 'activities', 'users'] as const
const cases = ROLES.flatMap((role) => calls.map((call) => [`${role} ${call.action} ${call.resource}: ${call.route}`, { role, ...call }] as const))
const deleteCases = ROLES.flatMap((role) =>
  deletable.map((resource) => [`${role} delete ${resource}: DELETE /${resource}/:id and /${resource}/bulk`, { role, resource }] as const),
)

describe.each(databases)('role × resource × action over HTTP ($name)', (target) => {
  let server: AdminServer
  let sessions: Record<Role, AdminSession>
  let ids: Ids
  beforeAll(async () => {
    server = await startAdminServer(target)
    sessions = { admin: server.admin, sales: await userWithRole(server, 'sales'), marketing: await userWithRole(server, 'marketing') }
    const a = server.admin
    const [lead] = await insertLeads(server.db, 1)
    const company = (await a.post('/api/admin/companies', { name: 'Base Co' })).body.id
    const contact = (await a.post('/api/admin/contacts', { first_name: 'Base', company_id: company })).body.id
    const deal = (await a.post('/api/admin/deals', { name: 'Base deal', company_id: company })).body.id
    const activity = (await a.post('/api/admin/activities', { type: 'task', subject: 'Base' })).body.id
    const audit = (await a.get('/api/admin/audit-logs?range=[0,0]')).body[0].id
    ids = { lead, contact, company, deal, activity, user: sessions.sales.user.id, audit }
  })
  afterAll(async () => {
    await server?.stop()
  })

  it.each(cases)('%s', async (_name, { role, resource, action, run }) => {
    const { status } = await run(sessions[role], ids)
    if (canAccess(role, { resource, action })) {
      expect(status).not.toBe(401)
      expect(status).not.toBe(403)
      expect(status).toBeLessThan(500)
    } else expect(status).toBe(403)
  })

  it.each(deleteCases)('%s', async (_name, { role, resource }) => {
    const allowed = canAccess(role, { resource, action: 'delete' })
    const a = server.admin
    const victim =
      resource === 'users'
        ? (await a.post('/api/admin/users', { email: `del-${role}-${++n}@example.com`, name: 'Victim', role: 'sales' })).body.id
        : resource === 'leads'
          ? (await insertLeads(server.db, 1))[0]
          : (
              await a.post(
                `/api/admin/${resource}`,
                resource === 'companies'
                  ? { name: 'Victim' }
                  : resource === 'contacts'
                    ? { first_name: 'Victim' }
                    : resource === 'deals'
                      ? { name: 'Victim' }
                      : { type: 'note', subject: 'Victim' },
              )
            ).body.id
    expect((await sessions[role].delete(`/api/admin/${resource}/${victim}`)).status).toBe(allowed ? 200 : 403)
    expect((await sessions[role].delete(`/api/admin/${resource}/bulk`, { ids: [victim] })).status).toBe(allowed ? 200 : 403)
  })
})
