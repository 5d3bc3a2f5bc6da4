// Error monitoring over HTTP (issue 14): browser beacons are grouped by fingerprint (the same bug
// from two builds in one group, another bug apart), noise is dropped, bad or oversized beacons get
// 400/413, server errors are recorded, resolve/ignore work and a resolved group that comes back
// reopens; a new group raises an alert delivered to the webhook (admin-only without a channel,
// rate-limited per group); only admins change alert settings; raw events are purged by age; and
// the jobs resource's new Discard (audited).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApp } from '../../server/app.ts'
import { defineJob, enqueueJob } from '../../server/jobs/define.ts'
import { purgeErrorEvents } from '../../server/monitoring/errors.ts'
import { request } from '../api/helpers.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0'

const stack = (hash: string, line: number) =>
  `TypeError: Cannot read properties of undefined (reading 'price')\n    at quoteTotal (http://localhost/assets/chunks/QuoteForm-${hash}.js:${line}:17)\n    at QuoteForm (http://localhost/assets/chunks/QuoteForm-${hash}.js:${line + 9}:3)`

describe.each(databases)('error monitoring ($name)', (target) => {
  let server: AdminServer
  let hook: http.Server
  const received: Array<Record<string, unknown>> = []
  let hookUrl = ''

  beforeAll(async () => {
    server = await startAdminServer(target)
    hook = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        received.push(JSON.parse(body))
        res.writeHead(204).end()
      })
    })
    hook.listen(0, '127.0.0.1')
    await new Promise((r) => hook.once('listening', r))
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`
  })
  afterAll(async () => {
    await server?.stop()
    hook?.close()
  })

  const beacon = (body: unknown, ua = CHROME) =>
    request(server.base, 'POST', '/api/errors', { body: JSON.stringify(body), type: 'text/plain', headers: { 'User-Agent': ua } })
  const groups = async (filter: Record<string, unknown> = {}) => {
    const reply = await server.admin.get(
      `/api/admin/error-groups?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["id","ASC"]')}`,
    )
    expect(reply.status).toBe(200)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are asserted field by field
    return reply.body as Array<Record<string, any>>
  }
  /** Runs due jobs until the alert has left the queue. */
  const delivered = async (id: number) => {
    for (let i = 0; i < 50; i++) {
      await server.runner.runDue()
      const row = await server.db('alerts').where({ id }).first()
      if (row.delivery !== 'queued') return row
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('alert still queued')
  }

  it('without a channel an alert stays in the admin; only admins change the settings', async () => {
    await beacon({
      via: 'onerror',
      type: 'Error',
      message: 'First error before any channel',
      stack: 'at boot (http://localhost/assets/entry-AAAAAAAA.js:1:1)',
      path: '/',
    })
    const [alert] = await server.db('alerts').where({ kind: 'error.new' })
    expect(alert.delivery).toBe('admin-only')

    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.put('/api/admin/alerts/settings', { email: null, webhook_url: hookUrl, max_per_hour: 10 })).status).toBe(403)
    expect((await marketing.post('/api/admin/alerts/test')).status).toBe(403)
    const bad = await server.admin.put('/api/admin/alerts/settings', { email: 'not an email', webhook_url: 'ftp://x', max_per_hour: 0 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'max_per_hour', 'webhook_url'])
    const ok = await server.admin.put('/api/admin/alerts/settings', { email: '', webhook_url: hookUrl, max_per_hour: 10 })
    expect(ok.status).toBe(200)
    expect(ok.body.channels).toEqual({ email: 'not configured', webhook: 'live' })
    const audited = await server.db('audit_logs').where({ resource: 'alert-settings' })
    expect(audited).toHaveLength(1)

    const test = await server.admin.post('/api/admin/alerts/test')
    expect(test.status).toBe(201)
    const row = await delivered(test.body.id)
    expect(row).toMatchObject({ delivery: 'sent', webhook_status: 'sent' })
    expect(received.at(-1)).toMatchObject({ kind: 'test', subject: 'Test alert from the Proofline admin' })
  })

  it('groups the same bug from two builds and browsers, keeps another bug apart, and alerts once per new group', async () => {
    const before = received.length
    expect(
      (
        await beacon({
          via: 'onerror',
          type: 'TypeError',
          message: "Cannot read properties of undefined (reading 'price')",
          stack: stack('D1x9aQ2c', 120),
          path: '/quote/',
        })
      ).status,
    ).toBe(204)
    expect(
      (
        await beacon(
          {
            via: 'boundary',
            type: 'TypeError',
            message: "Cannot read properties of undefined (reading 'price')",
            stack: stack('Zk0PqT7w', 133),
            path: '/pricing/',
          },
          FIREFOX,
        )
      ).status,
    ).toBe(204)
    expect((await beacon({ via: 'unhandledrejection', type: 'Error', message: 'Failed to load the ROI rates', stack: '', path: '/roi/' })).status).toBe(204)

    const price = (await groups({ q: 'price' }))[0]
    expect(price).toMatchObject({ count: 2, status: 'open', source: 'browser', error_type: 'TypeError' })
    expect(price.pages).toEqual({ '/pricing/': 1, '/quote/': 1 })
    expect(Object.keys(price.browsers).sort()).toEqual(['Chrome 131', 'Firefox 133'])
    expect(price.sample_stack).toContain('quoteTotal')
    expect((await groups({ q: 'ROI rates' }))[0]).toMatchObject({ count: 1 })

    const alerts = await server.db('alerts').where({ kind: 'error.new' }).orderBy('id')
    expect(alerts.map((a) => a.key)).toEqual([expect.any(String), `error:${price.id}`, expect.any(String)])
    await delivered(alerts[1].id)
    expect(received.slice(before).map((r) => r.subject)).toContain("New error: Cannot read properties of undefined (reading 'price')")

    const details = await server.admin.get(`/api/admin/error-groups/${price.id}/details`)
    expect(details.status).toBe(200)
    expect(details.body.daily.at(-1).count).toBe(2)
    expect(details.body.recent).toHaveLength(2)

    const csv = await server.admin.get(`/api/admin/error-groups/export.csv?filter=${encodeURIComponent('{"q":"price"}')}`)
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain("Cannot read properties of undefined (reading 'price')")
  })

  it('drops noise and refuses bad or oversized beacons', async () => {
    const count = async () => Number((await server.db('error_groups').count({ n: '*' }))[0].n)
    const start = await count()
    expect((await beacon({ via: 'onerror', message: 'ResizeObserver loop completed with undelivered notifications.', path: '/' })).status).toBe(204)
    expect((await beacon({ via: 'onerror', message: 'x is undefined', stack: 'at f (chrome-extension://abc/inject.js:1:1)', path: '/' })).status).toBe(204)
    expect((await beacon({ via: 'onerror', message: 'boom', path: '/' }, 'Mozilla/5.0 (compatible; bingbot/2.0)')).status).toBe(204)
    expect(await count()).toBe(start)

    const bad = await beacon({ via: 'console', message: 7 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['message', 'via'])
    const huge = await beacon({ via: 'onerror', message: 'x', stack: 'y'.repeat(20_000) })
    expect(huge.status).toBe(413)
    expect(await count()).toBe(start)
  })

  it('resolves, ignores and reopens a resolved group that comes back', async () => {
    const price = (await groups({ q: 'price' }))[0]
    const roi = (await groups({ q: 'ROI rates' }))[0]
    expect((await server.admin.post(`/api/admin/error-groups/${price.id}/status`, { status: 'resolved' })).body).toMatchObject({ status: 'resolved' })
    expect((await server.admin.post(`/api/admin/error-groups/${roi.id}/status`, { status: 'ignored' })).body).toMatchObject({ status: 'ignored' })
    expect((await server.admin.post(`/api/admin/error-groups/${roi.id}/status`, { status: 'gone' })).status).toBe(400)
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.post(`/api/admin/error-groups/${roi.id}/status`, { status: 'open' })).status).toBe(403)
    expect((await marketing.get(`/api/admin/error-groups/${roi.id}`)).status).toBe(200)

    await beacon({
      via: 'onerror',
      type: 'TypeError',
      message: "Cannot read properties of undefined (reading 'price')",
      stack: stack('Qq9Ww8Ee', 7),
      path: '/quote/',
    })
    await beacon({ via: 'unhandledrejection', type: 'Error', message: 'Failed to load the ROI rates', stack: '', path: '/roi/' })
    expect((await server.admin.get(`/api/admin/error-groups/${price.id}`)).body).toMatchObject({ status: 'open', count: 3, reopened: 1, resolved_at: null })
    expect((await server.admin.get(`/api/admin/error-groups/${roi.id}`)).body).toMatchObject({ status: 'ignored', count: 2 })
    expect(await server.db('alerts').where({ kind: 'error.reopened', key: `error:${price.id}` })).toHaveLength(1)
    expect(await server.db('audit_logs').where({ resource: 'error-groups' })).toHaveLength(2)
    expect((await server.admin.get(`/api/admin/error-groups?filter=${encodeURIComponent('{"status":"ignored"}')}`)).body).toHaveLength(1)
  })

  it('records a server error from the app, with the request path', async () => {
    const app = createApp({ db: server.db, env: server.env })
    app.emit('error', new Error('Database exploded on order 12345'), { method: 'GET', path: '/api/admin/deals' })
    for (let i = 0; i < 50 && !(await groups({ source: 'server' })).length; i++) await new Promise((r) => setTimeout(r, 50))
    const [group] = await groups({ source: 'server' })
    expect(group).toMatchObject({ source: 'server', sample_path: 'GET /api/admin/deals', message: 'Database exploded on order 12345', browsers: { Server: 1 } })
    expect(group.sample_stack).toContain('tests/admin-api/monitoringErrors.test.ts')
    expect(group.sample_stack).not.toContain(process.cwd())
  })

  it('purges raw events past the retention and keeps the groups', async () => {
    const [group] = await groups({ q: 'price' })
    await server.db('error_events').insert({ group_id: group.id, at: Date.now() - 40 * 86_400_000, path: '/old/', browser: 'Chrome 100', release: '' })
    expect(await purgeErrorEvents(server.db)).toBe(1)
    expect(await server.db('error_events').where({ path: '/old/' })).toHaveLength(0)
    expect((await groups({ q: 'price' }))[0].count).toBe(3)
  })

  it('discards a queued or failed job (audited) but not a running one', async () => {
    const job = defineJob({ type: 'test.discard', payload: z.object({}), handler: async () => {} })
    const later = Date.parse('2099-01-01T00:00:00Z')
    const queued = (await enqueueJob(server.db, job, {}, { runAt: later }))!
    const running = (await enqueueJob(server.db, job, {}, { runAt: later }))!
    await server.db('jobs').where({ id: running }).update({ state: 'running' })
    expect((await server.admin.post(`/api/admin/jobs/${queued}/discard`)).status).toBe(200)
    expect(await server.db('jobs').where({ id: queued })).toHaveLength(0)
    const refused = await server.admin.post(`/api/admin/jobs/${running}/discard`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('running')
    const [entry] = await server.db('audit_logs').where({ resource: 'jobs', action: 'delete', record_id: queued })
    expect(entry).toBeTruthy()
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.post(`/api/admin/jobs/${running}/discard`)).status).toBe(403)
  })
})
