// The operations side of monitoring (issue 14): spam review lists what the lead API flagged
// (honeypot, form token) and "not spam" turns a submission into a real lead with its staff
// notification (outbox + job, audited); the operations panel counts the job queue and the
// outbox, sizes the database and the uploads folder against its quota; the performance panel
// reads the build history the build writes; roles are checked on the server.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeBuildReport } from '../../server/monitoring/builds.ts'
import { postJson, samples } from '../api/helpers.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

describe.each(databases)('monitoring operations ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('lists flagged submissions and turns one into a real lead with its notification', async () => {
    const email = 'honeypot-but-real@example.com'
    expect((await postJson(server.base, '/api/leads', samples.lead({ email, fax: '+1 555 0100' }))).status).toBe(201)
    expect((await postJson(server.base, '/api/leads', samples.lead({ email: 'too-fast@example.com', formToken: 'forged' }))).status).toBe(201)
    expect((await postJson(server.base, '/api/leads', samples.lead({ email: 'a-person@example.com' }))).status).toBe(201)

    const list = await server.admin.get(`/api/admin/spam-review?sort=${encodeURIComponent('["id","ASC"]')}`)
    expect(list.status).toBe(200)
    expect(list.body.map((l: { email: string }) => l.email)).toEqual([email, 'too-fast@example.com'])
    expect(list.body[0]).toMatchObject({ spam_reason: 'honeypot', is_spam: true })
    const summary = await server.admin.get('/api/admin/spam-review/summary')
    expect(summary.body.leads).toMatchObject({ honeypot: 1 })

    const leadsBefore = await server.admin.get(`/api/admin/leads?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`)
    expect(leadsBefore.body).toHaveLength(0)
    const outboxBefore = Number((await server.db('outbox').count({ n: '*' }))[0].n)

    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.post(`/api/admin/spam-review/${list.body[0].id}/not-spam`)).status).toBe(403)
    const sales = await userWithRole(server, 'sales')
    const released = await sales.post(`/api/admin/spam-review/${list.body[0].id}/not-spam`)
    expect(released.status).toBe(200)
    expect(released.body).toMatchObject({ id: list.body[0].id, is_spam: false, spam_reason: null })
    expect((await sales.post(`/api/admin/spam-review/${list.body[0].id}/not-spam`)).status).toBe(409)

    const leadsAfter = await server.admin.get(`/api/admin/leads?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`)
    expect(leadsAfter.body.map((l: { email: string }) => l.email)).toEqual([email])
    const outbox = await server.db('outbox').where({ lead_id: list.body[0].id })
    expect(outbox).toHaveLength(1)
    expect(outbox[0].subject).toContain('released from spam review')
    expect(Number((await server.db('outbox').count({ n: '*' }))[0].n)).toBe(outboxBefore + 1)
    expect(await server.db('jobs').where({ key: `outbox:${outbox[0].id}` })).toHaveLength(1)
    const [entry] = await server.db('audit_logs').where({ resource: 'leads', record_id: list.body[0].id, action: 'update' })
    expect(entry).toBeTruthy()
    expect((await server.admin.get('/api/admin/spam-review')).body.map((l: { email: string }) => l.email)).toEqual(['too-fast@example.com'])
  })

  it('counts the job queue and the outbox, sizes the database and the uploads folder', async () => {
    fs.mkdirSync(server.env.UPLOADS_DIR, { recursive: true })
    fs.writeFileSync(path.join(server.env.UPLOADS_DIR, 'resume-test.pdf'), Buffer.alloc(4096, 0x20))
    await server.db('outbox').insert({
      kind: 'lead.created',
      recipient: 'x@example.com',
      subject: 's',
      body: 'b',
      status: 'failed',
      attempts: 8,
      last_error: '550 mailbox unavailable',
    })
    const reply = await server.admin.get('/api/admin/monitoring/operations')
    expect(reply.status).toBe(200)
    const ops = reply.body
    expect(ops.jobs).toMatchObject({ queued: expect.any(Number), failed: expect.any(Number), done: expect.any(Number) })
    expect(ops.outbox.failed).toBeGreaterThanOrEqual(1)
    expect(ops.outbox.lastError.message).toBe('550 mailbox unavailable')
    expect(ops.uploads).toMatchObject({ bytes: 4096, files: 1, quotaBytes: server.env.UPLOADS_MAX_TOTAL_BYTES })
    expect(ops.database.bytes).toBeGreaterThan(0)
    const names = ops.database.tables.map((t: { name: string }) => t.name)
    expect(names.length).toBeGreaterThan(3)
    const leads = ops.database.tables.find((t: { name: string }) => t.name === 'leads')
    if (leads) expect(leads.rows).toBeGreaterThanOrEqual(3)
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/monitoring/operations')).status).toBe(403)
  })

  it('reads the build history the build writes, newest first', async () => {
    const report = (id: string, ok: boolean, pages: number) => ({
      id,
      startedAt: '2026-11-24T10:00:00.000Z',
      finishedAt: '2026-11-24T10:01:00.000Z',
      ok,
      seconds: 60,
      pages,
      pagesPerSecond: pages / 40,
      brokenLinks: ok ? 0 : 2,
      problems: ok ? 0 : 3,
    })
    writeBuildReport(report('20261124-100000-aaaa', true, 340), { varDir: server.varDir })
    fs.appendFileSync(path.join(server.varDir, 'build-history.jsonl'), '{"torn line\n')
    writeBuildReport(report('20261124-110000-bbbb', false, 338), { varDir: server.varDir })
    const reply = await server.admin.get('/api/admin/monitoring/performance')
    expect(reply.status).toBe(200)
    expect(reply.body.builds.map((b: { id: string }) => b.id)).toEqual(['20261124-110000-bbbb', '20261124-100000-aaaa'])
    expect(reply.body.builds[0]).toMatchObject({ ok: false, brokenLinks: 2, pages: 338 })
    expect(reply.body.vitals).toMatchObject({ rows: [], truncated: false })
  })

  it('gives web vitals at p75 per family, device and day with their rating', async () => {
    const at = new Date().toISOString()
    const event = (path: string, name: string, value: number, device: string) => ({
      type: 'web_vital',
      path,
      visitor_id: 'v'.repeat(16),
      session_id: 's'.repeat(16),
      occurred_at: Date.now(),
      value,
      name,
      device,
      received_at: at,
    })
    await server
      .db('events')
      .insert([
        ...[1000, 1800, 2600, 5000].map((v) => event('/', 'LCP', v, 'mobile')),
        ...[900, 1000, 1100, 1200].map((v) => event('/', 'LCP', v, 'desktop')),
        event('/', 'CLS', 0.3, 'desktop'),
      ])
    const { rows } = (await server.admin.get('/api/admin/monitoring/performance')).body.vitals
    const day = at.slice(0, 10)
    expect(rows).toEqual(
      expect.arrayContaining([
        { day, family: 'home', device: 'mobile', vital: 'lcp', p75: 2600, samples: 4, rating: 'needs improvement' },
        { day, family: 'home', device: 'desktop', vital: 'lcp', p75: 1100, samples: 4, rating: 'good' },
        { day, family: 'home', device: 'desktop', vital: 'cls', p75: 0.3, samples: 1, rating: 'poor' },
      ]),
    )
  })
})
