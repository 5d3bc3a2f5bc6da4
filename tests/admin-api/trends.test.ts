// /admin/trends over HTTP: seeded chatbot questions make a term rise (scored with its parts),
// one asker repeating a question stays out, leads' words count per lead, the evidence lists the
// questions behind a term, staff hide and unhide a term (audited); roles are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const DAY = 86_400_000

describe.each(databases)('trends ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
    const now = Date.now()
    const rows = []
    // "HubSpot CRM migration": 1 asker a day for 4 weeks, 9 different askers today.
    for (let d = 28; d >= 1; d--) rows.push({ q: 'Can you do a HubSpot CRM migration?', page: `/page-${d}`, at: now - d * DAY })
    for (let i = 0; i < 9; i++) rows.push({ q: `How long does a HubSpot CRM migration take for ${i + 2} users?`, page: `/hubspot-${i}`, at: now - i * 60_000 })
    // One visitor asking the same question 30 times on one page.
    for (let i = 0; i < 30; i++) rows.push({ q: 'Do you sell fax machines?', page: '/contact', at: now - i * 1000 })
    await server.db('chatbot_questions').insert(
      rows.map((r) => ({
        question: r.q,
        question_key: r.q.toLowerCase().replace(/[?.!]+$/, ''),
        page: r.page,
        confidence: 'none',
        asked_at: new Date(r.at).toISOString(),
      })),
    )
    // Newsletter signups from one form source: one visitor per email.
    await server.db('newsletter_subscribers').insert(
      [1, 2, 3].map((i) => ({
        email: `nl-${i}@example.com`,
        source: 'newsletter-e2e',
        status: 'pending',
        created_at: new Date(now - i * 1000).toISOString(),
      })),
    )
    await insertLeads(server.db, 4, (i) => ({ message: `We need podcast advertising help (${i})`, created_at: new Date(now - i * 60_000).toISOString() }))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('scores a rising term with its parts and leaves a one-asker spike out', async () => {
    const reply = await server.admin.get('/api/admin/trends')
    expect(reply.status).toBe(200)
    const byTerm = new Map(reply.body.terms.map((t: { term: string }) => [t.term, t]))
    expect(byTerm.get('migration')).toMatchObject({ label: 'breakout', count: 9, baseline: 1, visitors: 37 })
    expect((byTerm.get('migration') as { z: number }).z).toBeGreaterThan(5)
    expect(byTerm.get('podcast')).toMatchObject({ label: 'new', count: 4, visitors: 4 })
    // Commercial value (4 leads name podcasts) and the "no page covers this" flag.
    expect(byTerm.get('podcast')).toMatchObject({ leads: 4, dealValue: 0, covered: false })
    expect(byTerm.get('migration')).toMatchObject({ leads: 0, covered: true })
    expect(byTerm.get('newsletter')).toMatchObject({ label: 'new', count: 3 })
    const byValue = await server.admin.get('/api/admin/trends?sort=value')
    expect(byValue.body.terms[0].leads).toBeGreaterThan(0)
    expect([...byTerm.keys()]).not.toContain('fax')
    expect([...byTerm.keys()]).not.toContain('machine')
  })

  it('shows the evidence behind a term, hides and unhides it (audited); sales may not', async () => {
    const evidence = await server.admin.get('/api/admin/trends/evidence?term=migration')
    expect(evidence.status).toBe(200)
    expect(evidence.body.items[0]).toMatchObject({ source: 'chatbot', text: expect.stringContaining('HubSpot CRM migration') })
    expect((await server.admin.post('/api/admin/trends/hidden', { term: '' })).status).toBe(400)
    expect((await server.admin.post('/api/admin/trends/hidden', { term: 'migration' })).status).toBe(201)
    const after = await server.admin.get('/api/admin/trends')
    expect(after.body.terms.map((t: { term: string }) => t.term)).not.toContain('migration')
    expect(after.body.hidden).toEqual(['migration'])
    expect((await server.admin.post('/api/admin/trends/unhide', { term: 'migration' })).status).toBe(200)
    expect((await server.admin.post('/api/admin/trends/unhide', { term: 'migration' })).status).toBe(404)
    expect(await server.db('audit_logs').where({ resource: 'trend-hidden' })).toHaveLength(2)
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.get('/api/admin/trends')).status).toBe(200)
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/trends')).status).toBe(403)
  })
})
