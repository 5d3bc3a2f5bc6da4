// No demo staff accounts (finding 5): a first start creates the first admin and nobody else; demo
// CRM records only on an empty embedded SQLite database, marked is_demo, and an admin removes
// them all with one audited action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed, seedDemo } from '../../scripts/seed.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, AdminSession, databases, userWithRole, type AdminServer } from './helpers.ts'
import { postJson, samples, startTestServer } from '../api/helpers.ts'

const TABLES = ['leads', 'companies', 'contacts', 'deals', 'activities'] as const

describe.each(databases)('demo data ($name)', (target) => {
  let server: AdminServer
  const printed: string[] = []
  beforeAll(async () => {
    const started = await startTestServer(target, { ADMIN_EMAIL, ADMIN_PASSWORD })
    // What `npm start` does on a fresh database.
    await seed(started.db, started.env, { demoIfEmpty: true, log: (t) => printed.push(t) })
    const admin = await AdminSession.login(started.base, ADMIN_EMAIL, ADMIN_PASSWORD)
    server = Object.assign(started, { admin })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const count = async (table: string, where: Record<string, unknown> = {}) => Number((await server.db(table).where(where).count({ n: '*' }))[0].n)

  it('a first start creates no staff account but the first admin, and prints no password', async () => {
    const users = await server.db('users').select('email', 'role')
    expect(users).toEqual([{ email: ADMIN_EMAIL, role: 'admin' }])
    expect(printed.join('\n')).not.toMatch(/password/i)
    expect(printed.join('\n')).not.toMatch(/sales@|marketing@/)
  })

  it(target.name === 'sqlite' ? 'fills an empty SQLite database with demo records, every one marked' : 'seeds nothing demo on PostgreSQL', async () => {
    for (const table of TABLES) {
      const total = await count(table)
      if (target.name === 'sqlite') {
        expect(total, table).toBeGreaterThan(0)
        expect(await count(table, { is_demo: true }), table).toBe(total)
      } else {
        expect(total, table).toBe(0)
      }
    }
  })

  it('an admin sees what is left and removes every demo record with one audited action; real records stay', async () => {
    // On PostgreSQL demo records only come when asked for (npm run seed -- --demo).
    if (target.name === 'postgres') await seedDemo(server.db, { scale: 30, log: () => {} })
    const before = await server.admin.get('/api/admin/demo-data')
    expect(before.status).toBe(200)
    for (const table of TABLES) expect(before.body[table], table).toBe(await count(table, { is_demo: true }))
    expect(before.body.leads).toBeGreaterThan(0)
    // Real work done next to the demo: a lead from the public form, and a contact at a demo company.
    const lead = await postJson(server.base, '/api/leads', samples.lead({ email: 'real.person@example.com' }))
    expect(lead.status).toBe(201)
    const demoCompany = await server.db('companies').where({ is_demo: true }).first()
    const contact = await server.admin.post('/api/admin/contacts', {
      first_name: 'Real',
      last_name: 'Customer',
      company_id: demoCompany.id,
      emails: [{ email: 'real.customer@example.com', type: 'work' }],
    })
    expect(contact.status, JSON.stringify(contact.body)).toBe(201)
    // Sales staff may not; only admins.
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/demo-data')).status).toBe(403)
    expect((await sales.delete('/api/admin/demo-data')).status).toBe(403)

    const removed = await server.admin.delete('/api/admin/demo-data')
    expect(removed.status).toBe(200)
    expect(removed.body.removed).toEqual(before.body)
    for (const table of TABLES) expect(await count(table, { is_demo: true }), table).toBe(0)
    expect(await count('leads', { email: 'real.person@example.com' })).toBe(1)
    const kept = await server.db('contacts').where({ id: contact.body.id }).first()
    expect(kept.company_id).toBeNull()
    expect((await server.admin.get('/api/admin/demo-data')).body).toEqual({ leads: 0, companies: 0, contacts: 0, deals: 0, activities: 0 })
    // One audit entry says who removed what.
    const audit = await server.db('audit_logs').where({ action: 'remove_demo_data' })
    expect(audit).toHaveLength(1)
    expect(audit[0].user_id).toBe(server.admin.user.id)
    expect(audit[0].resource).toBe('demo-data')
    const changes = typeof audit[0].changes === 'string' ? JSON.parse(audit[0].changes) : audit[0].changes
    expect(changes.leads).toEqual([before.body.leads, 0])
    // Nothing comes back on the next start.
    await seed(server.db, server.env, { demoIfEmpty: true, log: () => {} })
    expect(await count('leads', { is_demo: true })).toBe(0)
  })
})
