// /admin/trends over HTTP: seeded chatbot questions make a term rise (scored with its parts),
// one asker repeating a question stays out, leads' words count per lead, the evidence lists the
// questions behind a term, staff hide and unhide a term (audited); roles are checked. A Search
// Console export is imported apart (line-numbered errors, its own label and table, joined to the
// first-party terms by the same normaliser, never in the scores), replaced and deleted (audited).
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

  it('imports a Search Console CSV apart from the scores, joined to the terms; replace and delete are audited; roles', async () => {
    const upload = (text: string, query = 'filename=Queries.csv', method = 'POST', id = '') =>
      server.admin.request(method, `/api/admin/trends/search-console${id ? `/${id}` : ''}?${query}`, { body: text, type: 'text/csv' })
    const before = (await server.admin.get('/api/admin/trends')).body
    expect(before.searchConsole).toEqual({ imports: [], current: null })

    // Bad input: wrong type, bad lines (all named, nothing stored), half a period, too large.
    expect((await upload('Top queries,Clicks,Impressions\nseo,1,2', 'filename=Queries.exe')).status).toBe(415)
    const bad = await upload(['Top queries,Clicks,Impressions,CTR,Position', 'seo audit,3,40,7.5%,4.1', 'ppc,lots,10,1%,2', 'SEO audit,1,1,100%,1'].join('\n'))
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['line 3', 'line 4'])
    expect(bad.body.lines[0]).toEqual({ line: 3, message: 'Clicks "lots" is not a whole number.' })
    expect((await upload('Date,Clicks,Impressions\n2026-11-01,1,2')).body.errors['line 1']).toContain('Dates.csv')
    const half = await upload('Top queries,Clicks,Impressions\nseo,1,2', 'filename=Queries.csv&from=2026-10-01')
    expect(half.status).toBe(422)
    expect(half.body.errors.to).toBe('Give both days of the period, or neither.')
    expect((await upload('Top queries,Clicks,Impressions\nseo,1,2', 'filename=Queries.csv&from=2026-10-01&to=2026-02-30')).status).toBe(422)
    expect((await upload(`Top queries,Clicks,Impressions\n${'x'.repeat(6 * 1024 * 1024)},1,2`)).status).toBe(413)
    expect(await server.db('search_console_imports')).toHaveLength(0)

    const queries = [
      'Top queries,Clicks,Impressions,CTR,Position',
      'hubspot crm migration cost,40,900,4.44%,6.1',
      'podcast advertising agency,5,300,1.67%,11.4',
      'fax machine repair,0,10,0%,50',
    ].join('\r\n')
    const created = await upload(queries, 'filename=Queries.csv&from=2026-10-01&to=2026-10-28')
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ kind: 'queries', rows: 3, clicks: 45, impressions: 1210, label: 'Imported from Search Console, as of 2026-10-28' })

    const after = (await server.admin.get('/api/admin/trends')).body
    // The first-party scores are the same with or without the import.
    expect(after.terms).toEqual(before.terms)
    const current = after.searchConsole.current
    expect(current).toMatchObject({ id: created.body.id, label: 'Imported from Search Console, as of 2026-10-28', period: 'Covers 2026-10-01 to 2026-10-28.' })
    expect(current.rows.map((r: { item: string }) => r.item)).toEqual(['hubspot crm migration cost', 'podcast advertising agency', 'fax machine repair'])
    expect(current.rows[0]).toMatchObject({ clicks: 40, impressions: 900, ctr: 0.0444, position: 6.1 })
    expect(current.rows[0].matches).toContainEqual({ term: 'migration', label: 'breakout', visitors: 37 })
    expect(current.rows[1].matches).toContainEqual({ term: 'podcast', label: 'new', visitors: 4 })
    // "fax" is a first-party term (one asker), below the threshold: joined, with no label.
    expect(current.rows[2].matches).toContainEqual({ term: 'fax', label: null, visitors: 1 })

    // Pages.csv without a period: dated by its import.
    const pages = await upload('Top pages,Clicks,Impressions,CTR,Position\nhttps://www.example.com/services/seo/,12,400,3%,5.5', 'filename=Pages.csv')
    expect(pages.status).toBe(201)
    expect(pages.body.label).toBe(`Imported from Search Console, as of ${new Date().toISOString().slice(0, 10)}`)
    expect(pages.body.period).toContain('gives no period')
    const latest = (await server.admin.get('/api/admin/trends')).body.searchConsole
    expect(latest.imports.map((i: { id: number }) => i.id)).toEqual([pages.body.id, created.body.id])
    expect(latest.current).toMatchObject({ id: pages.body.id, kind: 'pages' })
    expect(latest.current.rows[0].terms).toEqual(['page /services/seo/'])
    expect((await server.admin.get(`/api/admin/trends?import=${created.body.id}`)).body.searchConsole.current.id).toBe(created.body.id)
    expect((await server.admin.get('/api/admin/trends?import=999999')).status).toBe(404)
    expect((await server.admin.get('/api/admin/trends?import=abc')).status).toBe(400)

    // Replace: same kind only; the rows and the period are replaced.
    expect((await upload('Top pages,Clicks,Impressions\n/faq,1,2', 'filename=Pages.csv', 'PUT', String(created.body.id))).status).toBe(422)
    const replaced = await upload('Top queries,Clicks,Impressions\nga4 migration help,7,70', 'filename=Queries-nov.csv', 'PUT', String(created.body.id))
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({ id: created.body.id, filename: 'Queries-nov.csv', rows: 1, periodTo: null })
    expect(await server.db('search_console_rows').where({ import_id: created.body.id })).toHaveLength(1)
    expect((await upload('Top queries,Clicks,Impressions\nseo,1,2', 'filename=Queries.csv', 'PUT', '999999')).status).toBe(404)

    // Roles: marketing imports and deletes; sales may not import (nor read trends).
    const marketing = await userWithRole(server, 'marketing')
    const byMarketing = await marketing.request('POST', '/api/admin/trends/search-console?filename=Queries.csv', {
      body: 'Top queries,Clicks,Impressions\nseo,1,2',
      type: 'text/csv',
    })
    expect(byMarketing.status).toBe(201)
    expect((await marketing.request('DELETE', `/api/admin/trends/search-console/${byMarketing.body.id}`)).status).toBe(200)
    const sales = await userWithRole(server, 'sales')
    expect(
      (
        await sales.request('POST', '/api/admin/trends/search-console?filename=Queries.csv', {
          body: 'Top queries,Clicks,Impressions\nseo,1,2',
          type: 'text/csv',
        })
      ).status,
    ).toBe(403)
    expect((await sales.request('DELETE', `/api/admin/trends/search-console/${pages.body.id}`)).status).toBe(403)

    expect((await server.admin.request('DELETE', `/api/admin/trends/search-console/${pages.body.id}`)).status).toBe(200)
    expect((await server.admin.request('DELETE', `/api/admin/trends/search-console/${pages.body.id}`)).status).toBe(404)
    expect(await server.db('search_console_rows').where({ import_id: pages.body.id })).toHaveLength(0)
    const audits = await server.db('audit_logs').where({ resource: 'search-console-imports' }).orderBy('id').select('action')
    expect(audits.map((a: { action: string }) => a.action)).toEqual(['create', 'create', 'update', 'create', 'delete', 'delete'])
  })
})
