// Uptime over a real server (issue 14): the built-in checks of /healthz, the form token and the
// database pass against the server itself; a check of a controllable target opens an incident
// after N failures in a row (alerting once), closes it on recovery, and alerts are muted in a
// maintenance window; results are rolled up into the bars the admin reads; the push URL turns
// "no external vantage point" into a configured one; staff add incident updates (audited) and
// the conversion heartbeat estimates what an incident cost. Plus the admin's validation and roles.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeUptime, probeAll, recordResults, observe, judge, syncChecks, uptimeSummary, type CheckRow } from '../../server/monitoring/uptime.ts'
import { leadsLostDuring } from '../../server/monitoring/heartbeat.ts'
import { request } from '../api/helpers.ts'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const MIN = 60_000

describe.each(databases)('uptime ($name)', (target) => {
  let server: AdminServer
  let site: http.Server
  let siteUrl = ''
  const behaviour = { status: 200, body: 'Proofline Digital', delayMs: 0 }

  beforeAll(async () => {
    server = await startAdminServer(target)
    site = http.createServer((_req, res) => {
      setTimeout(() => res.writeHead(behaviour.status, { 'Content-Type': 'text/html' }).end(behaviour.body), behaviour.delayMs)
    })
    site.listen(0, '127.0.0.1')
    await new Promise((r) => site.once('listening', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await server?.stop()
    site?.close()
  })

  const addCheck = async (key: string, threshold = 3): Promise<CheckRow> => {
    await server.db('uptime_checks').insert({
      key,
      name: `Test page ${key}`,
      kind: 'http',
      target: `${siteUrl}/${key}`,
      conditions: '[STATUS] == 200 && [RESPONSE_TIME] < 1500 && [BODY] contains "Proofline"',
      failure_threshold: threshold,
      enabled: false, // probed by the test only, never by the server's own minute probe
      consecutive_failures: 0,
      state: 'unknown',
    })
    return (await syncChecks(server.db)).find((c) => c.key === key)!
  }
  const probe = async (key: string, at: number) => {
    const check = (await syncChecks(server.db)).find((c) => c.key === key)!
    const o = await observe(server.db, check, siteUrl, at)
    const verdict = judge(check, o)
    await recordResults(server.db, [{ check, checkId: check.id, at, ok: verdict.ok, status: o.status, responseMs: o.responseMs, error: verdict.error }], at)
    return verdict
  }

  it('the built-in checks of /healthz, the form token and the database pass against the server', async () => {
    const at = Date.now()
    const results = await probeAll(server.db, server.base, at)
    const byKey = new Map((await syncChecks(server.db)).map((c) => [c.id, c.key]))
    const ok = Object.fromEntries(results.map((r) => [byKey.get(r.checkId), r.ok]))
    expect(ok).toMatchObject({ healthz: true, 'form-token': true, database: true })
    // The push check has no result until an external pinger reports.
    expect(Object.keys(ok)).not.toContain('external')
    const keys = (await syncChecks(server.db)).map((c) => c.key)
    expect(keys).toEqual(expect.arrayContaining(['home', 'page:city', 'page:blog-post', 'healthz', 'form-token', 'database', 'external']))
  })

  it('opens an incident after N failures in a row, alerts once, closes on recovery; mutes alerts in maintenance', async () => {
    const t0 = Date.parse('2026-11-20T10:00:00Z')
    const check = await addCheck('flaky', 3)
    behaviour.status = 200
    expect((await probe('flaky', t0)).ok).toBe(true)
    behaviour.status = 502
    expect(await probe('flaky', t0 + MIN)).toMatchObject({ ok: false, error: expect.stringContaining('[STATUS] == 200') })
    await probe('flaky', t0 + 2 * MIN)
    expect(await server.db('incidents').where({ check_id: check.id })).toHaveLength(0)
    await probe('flaky', t0 + 3 * MIN)
    await probe('flaky', t0 + 4 * MIN)
    const [incident] = await server.db('incidents').where({ check_id: check.id })
    expect(incident).toMatchObject({ status: 'open', title: 'Test page flaky is down' })
    expect((await server.db('uptime_checks').where({ id: check.id }).first()).state).toBe('down')
    expect(await server.db('alerts').where({ kind: 'incident.open', key: `incident:${incident.id}` })).toHaveLength(1)

    behaviour.status = 200
    behaviour.body = 'Site under maintenance'
    expect((await probe('flaky', t0 + 5 * MIN)).error).toContain('[BODY] contains "Proofline"')
    behaviour.body = 'Proofline Digital'
    await probe('flaky', t0 + 6 * MIN)
    expect(await server.db('incidents').where({ id: incident.id }).first()).toMatchObject({ status: 'resolved' })
    expect(await server.db('alerts').where({ kind: 'incident.close' })).toHaveLength(1)

    // The same outage inside a maintenance window: the incident is recorded, its alerts muted.
    const window = await server.admin.post('/api/admin/maintenance-windows', {
      starts_at: new Date(Date.now() - MIN).toISOString(),
      ends_at: new Date(Date.now() + 60 * MIN).toISOString(),
      note: 'Database upgrade',
    })
    expect(window.status).toBe(201)
    const muted = await addCheck('muted', 1)
    behaviour.status = 500
    await probe('muted', Date.now())
    behaviour.status = 200
    const [mutedIncident] = await server.db('incidents').where({ check_id: muted.id })
    expect(mutedIncident.status).toBe('open')
    expect(
      (
        await server
          .db('alerts')
          .where({ key: `incident:${mutedIncident.id}` })
          .first()
      ).delivery,
    ).toBe('muted')
  })

  it('rolls results up into the bars and response times the admin reads', async () => {
    const check = await addCheck('bars', 99)
    const now = Date.now()
    const hour = now - (now % 3_600_000)
    const results = [
      { ok: true, ms: 100, at: hour + MIN },
      { ok: true, ms: 300, at: hour + 2 * MIN },
      { ok: false, ms: 900, at: hour + 3 * MIN },
      { ok: true, ms: 200, at: hour - 3_600_000 + MIN },
    ]
    await recordResults(
      server.db,
      results.map((r) => ({ check, checkId: check.id, at: r.at, ok: r.ok, status: r.ok ? 200 : 500, responseMs: r.ms, error: r.ok ? null : 'x' })),
      now,
    )
    const [summary] = (await uptimeSummary(server.db, '24h', now)).filter((c) => c.key === 'bars')
    expect(summary.bars).toHaveLength(24)
    expect(summary.bars.at(-1)).toMatchObject({ up: 2, total: 3, avgMs: 433, maxMs: 900 })
    expect(summary.bars.at(-1)!.uptime).toBeCloseTo(66.67, 1)
    expect(summary.bars.at(-2)).toMatchObject({ up: 1, total: 1, uptime: 100 })
    expect(summary.bars.at(-3)).toMatchObject({ total: 0, uptime: null })
    expect(summary.uptime).toBe(75)

    const reply = await server.admin.get('/api/admin/monitoring/uptime?range=90d')
    expect(reply.status).toBe(200)
    const bars90 = reply.body.checks.find((c: { key: string }) => c.key === 'bars')
    expect(bars90.bars).toHaveLength(90)
    // Day bars are UTC days: in the first hour of a day the hour before belongs to yesterday's bar.
    if (new Date(hour - 3_600_000).getUTCDate() === new Date(hour).getUTCDate()) expect(bars90.bars.at(-1)).toMatchObject({ up: 3, total: 4 })
    else {
      expect(bars90.bars.at(-1)).toMatchObject({ up: 2, total: 3 })
      expect(bars90.bars.at(-2)).toMatchObject({ up: 1, total: 1 })
    }
    expect((await server.admin.get('/api/admin/monitoring/uptime?range=1y')).status).toBe(400)

    // Retention: raw results older than 48 h and minute rollups older than 7 days go.
    await recordResults(server.db, [{ check, checkId: check.id, at: now - 10 * 86_400_000, ok: true, status: 200, responseMs: 50, error: null }], now)
    const purged = await purgeUptime(server.db, now)
    expect(purged.results).toBeGreaterThanOrEqual(1)
    expect(purged.minute).toBeGreaterThanOrEqual(1)
    expect(
      await server.db('uptime_rollups').where({ check_id: check.id, bucket: 'day', at: now - 10 * 86_400_000 - ((now - 10 * 86_400_000) % 86_400_000) }),
    ).toHaveLength(1)
  })

  it('shows "no external vantage point" until the push URL is called; only admins see the URL', async () => {
    const before = await server.admin.get('/api/admin/monitoring/overview')
    expect(before.status).toBe(200)
    expect(before.body.external).toMatchObject({ configured: false, lastPingAt: null })
    expect(before.body.external.pushUrl).toMatch(/^http:\/\/127.0.0.1:\d+\/api\/heartbeat\/[0-9a-f]{32}$/)
    const url = new URL(before.body.external.pushUrl)
    expect((await request(server.base, 'GET', '/api/heartbeat/wrong-token')).status).toBe(404)
    expect((await request(server.base, 'POST', url.pathname)).status).toBe(200)
    const after = await server.admin.get('/api/admin/monitoring/overview')
    expect(after.body.external.configured).toBe(true)
    const marketing = await userWithRole(server, 'marketing')
    const seen = await marketing.get('/api/admin/monitoring/overview')
    expect(seen.status).toBe(200)
    expect(seen.body.external.pushUrl).toBeNull()
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/monitoring/overview')).status).toBe(403)
  })

  it('staff add updates to an incident (audited) and see the leads it probably cost', async () => {
    const created = await server.admin.post('/api/admin/incidents', { title: 'Lead emails delayed', cause: 'SMTP provider outage' })
    expect(created.status).toBe(201)
    expect((await server.admin.post(`/api/admin/incidents/${created.body.id}/updates`, { body: '  ' })).status).toBe(400)
    const update = await server.admin.post(`/api/admin/incidents/${created.body.id}/updates`, { body: 'Provider confirmed; retrying queued notifications.' })
    expect(update.status).toBe(201)
    const listed = await server.admin.get(`/api/admin/incidents/${created.body.id}/updates`)
    expect(listed.body.updates).toEqual([
      expect.objectContaining({ body: 'Provider confirmed; retrying queued notifications.', author_email: 'owner@example.com' }),
    ])
    expect(await server.db('audit_logs').where({ resource: 'incident-updates' })).toHaveLength(1)
    const closed = await server.admin.put(`/api/admin/incidents/${created.body.id}`, { status: 'resolved' })
    expect(closed.body).toMatchObject({ status: 'resolved', closed_at: expect.any(String) })
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.post(`/api/admin/incidents/${created.body.id}/updates`, { body: 'x' })).status).toBe(403)

    // Leads lost: 2 leads an hour on the same weekday-hours of the last 4 weeks, none during the incident.
    const start = Date.parse('2026-11-23T14:00:00Z')
    let n = 0
    for (let w = 1; w <= 4; w++)
      for (const offset of [0, 3_600_000])
        await insertLeads(server.db, 2, () => ({ created_at: new Date(start - w * 7 * 86_400_000 + offset + 60_000 * ++n).toISOString() }))
    expect(await leadsLostDuring(server.db, start, start + 2 * 3_600_000)).toEqual({ expected: 4, actual: 0, lost: 4, hours: 2 })
  })

  it('refuses a maintenance window that ends before it starts', async () => {
    const bad = await server.admin.post('/api/admin/maintenance-windows', { starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T09:00:00Z' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ ends_at: 'The window must end after it starts.' })
    expect(
      (await server.admin.post('/api/admin/maintenance-windows', { starts_at: 'soon', ends_at: '2026-12-01T09:00:00Z' })).body.errors.starts_at,
    ).toBeTruthy()
  })
})
