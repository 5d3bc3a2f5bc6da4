// The weekly analytics digest (issue 13, decision 129): a staff member opts in from My account (not
// sales, who do not see analytics); the job sends last week's figures against the week before
// through the mail provider (the file sink here) and records the provider's message id; a second
// run sends nothing again; without a connected provider nothing is recorded as sent.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastWeekStart, sendDigests } from '../../server/analytics/digest.ts'
import { DAY_MS, HOUR_MS } from '../../server/analytics/ingest.ts'
import { rollupDay, rollupHour } from '../../server/analytics/rollup.ts'
import { jobs, schedules } from '../../server/jobs/registry.ts'
import { mailSinkDir } from '../../server/newsletter/mailProvider.ts'
import { parseMail } from '../api/mimeMessage.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

// Wednesday 18 November 2026, noon UTC: last week is Monday 9 to Sunday 15 November.
const NOW = Date.UTC(2026, 10, 18, 12)

async function visit(server: AdminServer, at: number, pages: string[], channel: string) {
  const id = crypto.randomBytes(12).toString('hex')
  const visitor = crypto.randomBytes(16).toString('hex')
  await server.db('analytics_sessions').insert({
    id,
    visitor_id: visitor,
    first_of_day: true,
    returning: false,
    started_at: at,
    channel,
    source: 'google',
    medium: 'cpc',
    landing_page: pages[0],
    device: 'desktop',
  })
  await server.db('events').insert(
    pages.map((p, i) => ({
      type: 'page_view',
      path: p,
      visitor_id: visitor,
      session_id: id,
      occurred_at: at + i * 20_000,
      ts: at + i * 20_000,
      received_at: new Date(at + i * 20_000).toISOString(),
      channel,
      device: 'desktop',
    })),
  )
}

describe.each(databases)('weekly analytics digest ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('is a job of the runner, scheduled weekly', () => {
    expect(jobs.map((j) => j.type)).toContain('analytics.digest')
    expect(schedules.find((s) => s.job.type === 'analytics.digest')?.cron).toBe('10 7 * * 1')
    expect(new Date(lastWeekStart(NOW)).toISOString().slice(0, 10)).toBe('2026-11-09')
  })

  it('sends the opted-in staff last week against the week before, with the message id recorded, once', async () => {
    const initial = await server.admin.get('/api/admin/account/digest')
    expect(initial).toMatchObject({ status: 200, body: { optedIn: false, allowed: true, mail: { state: 'test' }, last: null } })
    expect((await server.admin.put('/api/admin/account/digest', { optedIn: 'yes' })).status).toBe(400)
    const on = await server.admin.put('/api/admin/account/digest', { optedIn: true })
    expect(on).toMatchObject({ status: 200, body: { optedIn: true } })
    expect(await server.db('audit_logs').where({ resource: 'users', record_id: server.admin.user.id }).orderBy('id', 'desc').first()).toMatchObject({
      action: 'update',
    })
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/account/digest')).body).toMatchObject({ allowed: false })
    expect((await sales.put('/api/admin/account/digest', { optedIn: true })).status).toBe(403)
    // A marketing member who did not opt in gets nothing.
    await userWithRole(server, 'marketing')

    const week = lastWeekStart(NOW)
    await visit(server, week + 1 * DAY_MS + 10 * 3600_000, ['/seo-services', '/contact'], 'paid-search')
    await visit(server, week + 2 * DAY_MS + 11 * 3600_000, ['/seo-services'], 'paid-search')
    await visit(server, week + 3 * DAY_MS + 9 * 3600_000, ['/blog', '/seo-services'], 'organic-search')
    await visit(server, week - 5 * DAY_MS, ['/blog'], 'organic-search')
    await server.db('leads').insert({ kind: 'lead', email: 'digest-lead@example.com', payload_hash: 'x', created_at: new Date(week + DAY_MS).toISOString() })

    // The rollups of those two weeks (the server's rollup job had already passed them).
    for (let h = (week - 7 * DAY_MS) / HOUR_MS; h < (week + 7 * DAY_MS) / HOUR_MS; h++) await rollupHour(server.db, h)
    for (let d = (week - 7 * DAY_MS) / DAY_MS; d < (week + 7 * DAY_MS) / DAY_MS; d++) await rollupDay(server.db, d)

    const sink = mailSinkDir(server.env)
    const before = fs.existsSync(sink) ? fs.readdirSync(sink).length : 0
    expect(await sendDigests(server.db, server.env, NOW)).toEqual({ sent: 1, failed: 0, skipped: 0 })
    const files = fs.readdirSync(sink).sort().slice(before)
    expect(files).toHaveLength(1)
    const mail = parseMail(fs.readFileSync(path.join(sink, files[0]), 'utf8'))
    expect(mail.header('to')).toBe(server.admin.user.email)
    expect(mail.header('subject')).toBe('Proofline analytics: week of 2026-11-09')
    expect(mail.text).toContain('Visitors: 3 (+200 % vs the week before)')
    expect(mail.text).toContain('Page views: 5 (+400 % vs the week before)')
    expect(mail.text).toContain('Leads: 1 (new vs the week before)')
    expect(mail.text).toContain('- /seo-services: 3 views')
    expect(mail.text).toContain('- paid-search: 2 sessions')
    expect(mail.html).toContain('<caption')

    const row = await server.db('analytics_digests').where({ user_id: server.admin.user.id, week_start: '2026-11-09' }).first()
    expect(row).toMatchObject({ status: 'sent', message_id: mail.header('message-id') })
    expect((await server.admin.get('/api/admin/account/digest')).body.last).toMatchObject({ week_start: '2026-11-09', status: 'sent' })

    // A second run (a retry) sends nothing again.
    expect(await sendDigests(server.db, server.env, NOW)).toEqual({ sent: 0, failed: 0, skipped: 1 })
    expect(fs.readdirSync(sink).length).toBe(before + 1)

    // No provider connected: recorded as failed, never as sent.
    const disconnected = { ...server.env, MAIL_PROVIDER: 'none' as const, SMTP_URL: undefined }
    expect(await sendDigests(server.db, disconnected, NOW + 7 * DAY_MS)).toEqual({ sent: 0, failed: 1, skipped: 0 })
    expect(await server.db('analytics_digests').where({ week_start: '2026-11-16' }).first()).toMatchObject({ status: 'failed', message_id: null })
  })
})
