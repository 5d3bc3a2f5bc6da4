// The audit log records the staff's sign-ins, failed sign-ins (the email tried and why, no actor),
// sign-outs and password changes, on the account concerned, never a password; staff filter them
// like any other entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminSession, databases, startAdminServer, type AdminServer } from './helpers.ts'

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value))

describe.each(databases)('sign-in events in the audit log ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const entriesFor = async (userId: number | null, since: number) => {
    const filter = userId === null ? { resource: 'users', record_id: null, id_gt: since } : { resource: 'users', record_id: userId, id_gt: since }
    const reply = await server.admin.get(`/api/admin/audit-logs?filter=${enc(filter)}&sort=${enc(['id', 'ASC'])}`)
    expect(reply.status).toBe(200)
    return reply.body as Array<{
      id: number
      user_id: number | null
      action: string
      record_id: number | null
      changes: Record<string, [unknown, unknown]>
      created_at: string
    }>
  }
  const lastId = async () => Number((await server.db('audit_logs').max({ m: 'id' }))[0].m ?? 0)

  it('records a staff member’s sign-in, wrong password, password change and sign-out', async () => {
    const email = 'audited-staff@example.com'
    const invite = await server.admin.post('/api/admin/users', { email, name: 'Audited Staff', role: 'sales' })
    const userId = invite.body.id
    const since = await lastId()

    const wrong = await fetch(`${server.base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'not the right password' }),
    })
    expect(wrong.status).toBe(401)
    const first = await AdminSession.login(server.base, email, invite.body.temporaryPassword)
    const newPassword = 'audited staff own passphrase 7'
    expect((await first.post('/api/admin/auth/password', { currentPassword: invite.body.temporaryPassword, newPassword })).status).toBe(204)
    expect((await first.post('/api/admin/auth/logout')).status).toBe(204)

    const entries = await entriesFor(userId, since)
    expect(entries.map((e) => [e.action, e.user_id])).toEqual([
      ['sign_in_failed', null],
      ['sign_in', userId],
      ['password_change', userId],
      ['sign_out', userId],
    ])
    expect(entries[0].changes).toEqual({ email: [null, email], reason: [null, 'wrong password'] })
    for (const e of entries.slice(1)) expect(e.changes).toEqual({})
    for (const e of entries) expect(Date.now() - Date.parse(e.created_at)).toBeLessThan(60_000)
    const stored = JSON.stringify(await server.db('audit_logs').where('id', '>', since))
    expect(stored).not.toContain('not the right password')
    expect(stored).not.toContain(newPassword)
    expect(stored).not.toContain(invite.body.temporaryPassword)
  })

  it('records a failed sign-in for an unknown email without a record, and one for a disabled account', async () => {
    const since = await lastId()
    const unknown = await fetch(`${server.base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'Nobody-Here@Example.com', password: 'whatever it is 123' }),
    })
    expect(unknown.status).toBe(401)
    const [failed] = await entriesFor(null, since)
    expect(failed).toMatchObject({
      action: 'sign_in_failed',
      user_id: null,
      record_id: null,
      changes: { email: [null, 'nobody-here@example.com'], reason: [null, 'unknown email'] },
    })

    const invite = await server.admin.post('/api/admin/users', { email: 'soon-disabled@example.com', name: 'Soon Disabled', role: 'marketing' })
    expect((await server.admin.put(`/api/admin/users/${invite.body.id}`, { disabled: true })).status).toBe(200)
    const after = await lastId()
    const refused = await fetch(`${server.base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'soon-disabled@example.com', password: invite.body.temporaryPassword }),
    })
    expect(refused.status).toBe(401)
    const [disabled] = await entriesFor(invite.body.id, after)
    expect(disabled).toMatchObject({ action: 'sign_in_failed', user_id: null, record_id: invite.body.id, changes: { reason: [null, 'disabled account'] } })
  })

  it('lists sign-in events by action, like any other entry', async () => {
    const reply = await server.admin.get(`/api/admin/audit-logs?filter=${enc({ action: 'sign_in' })}&range=[0,99]`)
    expect(reply.status).toBe(200)
    expect(reply.body.length).toBeGreaterThan(0)
    expect(new Set(reply.body.map((e: { action: string }) => e.action))).toEqual(new Set(['sign_in']))
    // The admin's own sign-in (startAdminServer signs in through the API) is there, by the admin.
    expect(reply.body.some((e: { user_id: number }) => e.user_id === server.admin.user.id)).toBe(true)
  })
})
