// The role × resource × action matrix over HTTP: every endpoint answers 403 exactly when
// canAccess says no, and never 401/403/5xx when it says yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canAccess, ROLES, type Role } from '../../shared/permissions.ts'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer, type AdminSession } from './helpers.ts'

type Call = { resource: string; action: string; run: (s: AdminSession, ids: Ids) => Promise<{ status: number }> }
type Ids = { lead: number; contact: number; company: number; deal: number; activity: number; user: number; audit: number }

const calls: Call[] = []
const crud = (resource: string, body: () => Record<string, unknown>, key: keyof Ids) => {
  calls.push(
    { resource, action: 'list', run: (s) => s.get(`/api/admin/${resource}?range=[0,4]`) },
    { resource, action: 'show', run: (s, ids) => s.get(`/api/admin/${resource}/${ids[key]}`) },
    { resource, action: 'create', run: (s) => s.post(`/api/admin/${resource}`, body()) },
    { resource, action: 'edit', run: (s, ids) => s.put(`/api/admin/${resource}/${ids[key]}`, {}) },
    { resource, action: 'edit', run: (s, ids) => s.put(`/api/admin/${resource}/bulk`, { ids: [ids[key]], data: {} }) },
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
  { resource: 'audit-logs', action: 'list', run: (s) => s.get('/api/admin/audit-logs?range=[0,4]') },
  { resource: 'audit-logs', action: 'show', run: (s, ids) => s.get(`/api/admin/audit-logs/${ids.audit}`) },
  { resource: 'dashboard', action: 'show', run: (s) => s.get('/api/admin/dashboard') },
  { resource: 'leads', action: 'export', run: (s) => s.get('/api/admin/leads/export.csv') },
  { resource: 'leads', action: 'convert', run: (s) => s.post('/api/admin/leads/999999/convert', {}) },
  { resource: 'contacts', action: 'import', run: (s) => s.request('POST', '/api/admin/contacts/import?dryRun=1', { body: 'first_name\nAda\n', type: 'text/csv' }) },
  { resource: 'deals', action: 'edit', run: (s, ids) => s.put(`/api/admin/deals/${ids.deal}/move`, { stage: 'won', index: 0 }) },
  { resource: 'users', action: 'edit', run: (s) => s.post('/api/admin/users/999999/reset-password') },
)
// Deletes run last (on records made for the purpose).
const deletable = ['leads', 'contacts', 'companies', 'deals', 'activities'] as const

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

  for (const role of ROLES) {
    it(`${role}: every endpoint agrees with canAccess`, async () => {
      const s = () => sessions[role]
      for (const call of calls) {
        const allowed = canAccess(role, { resource: call.resource, action: call.action })
        const r = await call.run(s(), ids)
        const label = `${role} ${call.action} ${call.resource}: ${r.status}`
        if (allowed) {
          expect(r.status, label).not.toBe(401)
          expect(r.status, label).not.toBe(403)
          expect(r.status, label).toBeLessThan(500)
        } else expect(r.status, label).toBe(403)
      }
      for (const resource of [...deletable, 'users'] as const) {
        const allowed = canAccess(role, { resource, action: 'delete' })
        const victim =
          resource === 'users'
            ? (await server.admin.post('/api/admin/users', { email: `del-${role}-${++n}@example.com`, name: 'Victim', role: 'sales' })).body.id
            : resource === 'leads'
              ? (await insertLeads(server.db, 1))[0]
              : (await server.admin.post(`/api/admin/${resource}`, resource === 'companies' ? { name: 'Victim' } : resource === 'contacts' ? { first_name: 'Victim' } : resource === 'deals' ? { name: 'Victim' } : { type: 'note', subject: 'Victim' })).body.id
        const r = await s().delete(`/api/admin/${resource}/${victim}`)
        expect(r.status, `${role} delete ${resource}`).toBe(allowed ? 200 : 403)
        const bulk = await s().delete(`/api/admin/${resource}/bulk`, { ids: [victim] })
        expect(bulk.status, `${role} bulk delete ${resource}`).toBe(allowed ? 200 : 403)
      }
    })
  }
})
