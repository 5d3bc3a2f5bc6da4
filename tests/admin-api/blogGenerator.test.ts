// /admin/blog-generator over HTTP: briefs from seeded chatbot questions and quote requests, ranked
// with their evidence; "Create draft" makes a draft post (never published, audited, once per
// brief); bad input is a 400; the language-model provider is "not connected" by default, its key
// never comes back, its connection test fails honestly without a network; roles are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const DAY = 86_400_000

describe.each(databases)('blog generator ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
    const now = Date.now()
    const rows = []
    for (let d = 0; d < 7; d++) rows.push({ q: 'How long does SEO take in Austin?', page: `/page-${d}`, at: now - d * DAY, c: d % 2 ? 'low' : 'none' })
    for (let i = 0; i < 20; i++) rows.push({ q: 'Do you sell fax machines?', page: '/contact', at: now - i * 1000, c: 'none' })
    await server.db('chatbot_questions').insert(
      rows.map((r) => ({
        question: r.q,
        question_key: r.q.toLowerCase().replace(/[?]+$/, ''),
        page: r.page,
        confidence: r.c,
        asked_at: new Date(r.at).toISOString(),
      })),
    )
    await insertLeads(server.db, 3, (i) => ({ kind: 'quote', message: `Quote for SEO please (${i})`, details: JSON.stringify({ services: ['seo-services'] }) }))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('ranks briefs with their evidence and demand', async () => {
    const reply = await server.admin.get('/api/admin/blog-generator/briefs')
    expect(reply.status).toBe(200)
    const keys = reply.body.briefs.map((b: { key: string }) => b.key)
    expect(keys[0]).toBe('chatbot:how long does seo take in austin')
    expect(reply.body.briefs[0]).toMatchObject({ demand: 7, leads: 3, postType: 'local-guide', draftPostId: null })
    expect(reply.body.briefs[0].evidence[0].text).toContain('How long does SEO take in Austin?')
    expect(keys).toContain('quote:seo-services')
    expect(keys.indexOf('chatbot:do you sell fax machines')).toBeGreaterThan(keys.indexOf('quote:seo-services'))
    expect(reply.body.provider).toMatchObject({ state: 'not connected' })
    const filtered = await server.admin.get('/api/admin/blog-generator/briefs?q=austin')
    expect(filtered.body.briefs.map((b: { key: string }) => b.key)).toEqual(['chatbot:how long does seo take in austin'])
  })

  it('creates a draft post from a brief once, audited, nothing published', async () => {
    expect((await server.admin.post('/api/admin/blog-generator/drafts', {})).status).toBe(400)
    expect((await server.admin.post('/api/admin/blog-generator/drafts', { key: 'chatbot:x', postType: 'poem' })).status).toBe(400)
    expect((await server.admin.post('/api/admin/blog-generator/drafts', { key: 'chatbot:nobody asked this' })).status).toBe(404)
    const created = await server.admin.post('/api/admin/blog-generator/drafts', { key: 'chatbot:how long does seo take in austin' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      title: 'How long does SEO take in Austin?',
      slug: 'how-long-does-seo-take-in-austin',
      status: 'draft',
      postType: 'local-guide',
    })
    expect(created.body.seo.score).toBeGreaterThan(0)
    const post = await server.admin.get(`/api/admin/posts/${created.body.postId}`)
    expect(post.body).toMatchObject({ status: 'draft', focusKeyphrase: expect.any(String) })
    expect(post.body.body).toContain('No language model wrote any of it')
    expect(post.body.body).toContain('## The local market in figures')
    const again = await server.admin.post('/api/admin/blog-generator/drafts', { key: 'chatbot:how long does seo take in austin' })
    expect(again.status).toBe(409)
    const briefs = await server.admin.get('/api/admin/blog-generator/briefs')
    expect(briefs.body.briefs[0].draftPostId).toBe(created.body.postId)
    expect(await server.db('posts').where({ status: 'published', slug: 'how-long-does-seo-take-in-austin' })).toHaveLength(0)
    expect(await server.db('audit_logs').where({ resource: 'posts', action: 'create', record_id: created.body.postId })).toHaveLength(1)
    const roundup = await server.admin.post('/api/admin/blog-generator/drafts', { key: 'quote:seo-services', postType: 'faq-roundup' })
    expect(roundup.status).toBe(201)
    expect(roundup.body.outline).toContain('The questions, answered')
  })

  it('keeps the provider not connected by default, hides the key, and tests the connection honestly', async () => {
    expect((await server.admin.get('/api/admin/blog-generator/provider')).body).toMatchObject({ state: 'not connected', keySet: false, lastTest: null })
    const bad = await server.admin.put('/api/admin/blog-generator/provider', { endpointUrl: 'ftp://x', apiKey: 'k' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.endpointUrl).toContain('http')
    const saved = await server.admin.put('/api/admin/blog-generator/provider', { endpointUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret-1234', model: 'm' })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ state: 'not connected', keySet: true, keyHint: '…1234', endpointUrl: 'http://127.0.0.1:9/v1' })
    expect(JSON.stringify(saved.body)).not.toContain('sk-secret')
    const test = await server.admin.post('/api/admin/blog-generator/provider/test', {})
    expect(test.status).toBe(200)
    expect(test.body).toMatchObject({ ok: false, provider: { state: 'not connected', lastTest: { ok: false } } })
    const audits = await server.db('audit_logs').where({ resource: 'llm-provider' })
    expect(audits).toHaveLength(1)
    expect(JSON.stringify(audits[0])).not.toContain('sk-secret')
  })

  it('lets marketing create drafts but not change the provider; sales may not see it', async () => {
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.get('/api/admin/blog-generator/briefs')).status).toBe(200)
    const view = await marketing.get('/api/admin/blog-generator/provider')
    expect(view.status).toBe(200)
    expect(view.body.endpointUrl).toBeNull()
    expect((await marketing.put('/api/admin/blog-generator/provider', { endpointUrl: '' })).status).toBe(403)
    expect((await marketing.post('/api/admin/blog-generator/provider/test', {})).status).toBe(403)
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/blog-generator/briefs')).status).toBe(403)
    expect((await sales.post('/api/admin/blog-generator/drafts', { key: 'quote:seo-services' })).status).toBe(403)
  })
})
