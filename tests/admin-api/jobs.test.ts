// The job queue in the admin: admins list (filters by type and state, sort), show with the last
// error, export CSV, and retry a failed job (audited); other roles get 403; a job that has not
// failed cannot be retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { findJob } from '../../server/db/queries/jobs.ts'
import { defineJob, enqueueJob } from '../../server/jobs/define.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const probe = defineJob({ type: 'test.admin-probe', payload: z.object({ url: z.string() }), handler: async () => {} })
const other = defineJob({ type: 'test.admin-other', payload: z.object({}), handler: async () => {} })

describe.each(databases)('admin jobs ($name)', (target) => {
  let server: AdminServer
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    server = await startAdminServer(target)
    const db = server.db
    const failAt = new Date(Date.parse('2026-11-22T10:00:00.000Z')).toISOString()
    ids.failed = (await enqueueJob(db, probe, { url: 'https://example.com/a' }, { runAt: Date.parse('2099-01-01T00:00:00Z') }))!
    await db('jobs').where({ id: ids.failed }).update({ state: 'failed', attempts: 5, last_error: 'connect ECONNREFUSED 10.0.0.1:443', finished_at: failAt })
    ids.queued = (await enqueueJob(db, probe, { url: 'https://example.com/b' }, { runAt: Date.parse('2099-01-01T00:00:00Z') }))!
    ids.other = (await enqueueJob(db, other, {}, { runAt: Date.parse('2099-01-01T00:00:00Z') }))!
  })
  afterAll(async () => {
    await server?.stop()
  })

  const list = async (filter: unknown, sort = '["id","ASC"]') => {
    const reply = await server.admin.get(`/api/admin/jobs?sort=${encodeURIComponent(sort)}&filter=${encodeURIComponent(JSON.stringify(filter))}`)
    expect(reply.status).toBe(200)
    return reply.body as Array<Record<string, unknown>>
  }

  it('lists jobs filtered by type and state, sorted', async () => {
    expect((await list({ type: 'test.admin-probe' })).map((j) => j.id)).toEqual([ids.failed, ids.queued])
    expect((await list({ type: 'test.admin-probe' }, '["id","DESC"]')).map((j) => j.id)).toEqual([ids.queued, ids.failed])
    expect((await list({ state: 'failed', type: 'test.admin-probe' })).map((j) => j.id)).toEqual([ids.failed])
    expect((await list({ type: 'test.admin-other', state: 'queued' })).map((j) => j.id)).toEqual([ids.other])
    const bad = await server.admin.get(`/api/admin/jobs?filter=${encodeURIComponent('{"nope":1}')}`)
    expect(bad.status).toBe(400)
  })

  it('shows a job with its payload and last error', async () => {
    const reply = await server.admin.get(`/api/admin/jobs/${ids.failed}`)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      id: ids.failed,
      type: 'test.admin-probe',
      state: 'failed',
      attempts: 5,
      payload: { url: 'https://example.com/a' },
      last_error: 'connect ECONNREFUSED 10.0.0.1:443',
    })
  })

  it('exports the filtered list as CSV', async () => {
    const reply = await server.admin.get(`/api/admin/jobs/export.csv?filter=${encodeURIComponent(JSON.stringify({ type: 'test.admin-probe' }))}`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toContain('text/csv')
    const lines = String(reply.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('id,type,state,attempts,max_attempts,run_at,created_at,finished_at,key,last_error')
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([ids.queued, ids.failed])
    expect(lines.find((l) => l.startsWith(`${ids.failed},`))).toContain('connect ECONNREFUSED 10.0.0.1:443')
  })

  it('retries a failed job: queued now with fresh attempts, and audited', async () => {
    const reply = await server.admin.post(`/api/admin/jobs/${ids.failed}/retry`)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ id: ids.failed, state: 'queued', attempts: 0, finished_at: null })
    expect(Date.parse(reply.body.run_at)).toBeLessThanOrEqual(Date.now())
    expect(await findJob(server.db, ids.failed)).toMatchObject({ state: 'queued', attempts: 0 })
    const log = await server.admin.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'jobs', record_id: ids.failed }))}`)
    expect(log.body).toHaveLength(1)
    expect(log.body[0]).toMatchObject({ action: 'update', user_id: server.admin.user.id, changes: { state: ['failed', 'queued'], attempts: [5, 0] } })
  })

  it('refuses to retry a job that has not failed, and answers 404 for no such job', async () => {
    const queued = await server.admin.post(`/api/admin/jobs/${ids.queued}/retry`)
    expect(queued.status).toBe(409)
    expect(queued.body.message).toBe('Only a failed job can be retried; this one is queued.')
    expect((await server.admin.post('/api/admin/jobs/999999/retry')).status).toBe(404)
  })

  it('has no create, edit or delete routes, and other roles may not read or retry', async () => {
    expect((await server.admin.put(`/api/admin/jobs/${ids.queued}`, { state: 'done' })).status).toBeGreaterThanOrEqual(400)
    expect((await server.admin.delete(`/api/admin/jobs/${ids.queued}`)).status).toBeGreaterThanOrEqual(400)
    expect((await findJob(server.db, ids.queued))?.state).toBe('queued')
    for (const role of ['sales', 'marketing'] as const) {
      const user = await userWithRole(server, role)
      expect((await user.get('/api/admin/jobs')).status).toBe(403)
      expect((await user.get(`/api/admin/jobs/${ids.other}`)).status).toBe(403)
      expect((await user.get('/api/admin/jobs/export.csv')).status).toBe(403)
      expect((await user.post(`/api/admin/jobs/${ids.other}/retry`)).status).toBe(403)
    }
  })
})
