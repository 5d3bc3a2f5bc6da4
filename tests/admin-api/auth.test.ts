// Sign-in, sessions, CSRF, throttling, passwords and the first admin, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFirstAdmin } from '../../server/auth/firstAdmin.ts'
import { ARGON2_OPTIONS, checkPasswordRules } from '../../server/auth/passwords.ts'
import { THROTTLE } from '../../server/auth/throttle.ts'
import { nowIso } from '../../server/db/rows.ts'
import { parseOptions } from '@node-rs/argon2'
import { ADMIN_EMAIL, ADMIN_PASSWORD, AdminSession, cookieFrom, databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'
import { startTestServer } from '../api/helpers.ts'

const login = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/admin/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe.each(databases)('admin auth ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 401 without a session, on every kind of admin route', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/auth/me'],
      ['GET', '/api/admin/leads'],
      ['GET', '/api/admin/dashboard'],
      ['POST', '/api/admin/contacts'],
      ['GET', '/api/admin/leads/export.csv'],
    ]) {
      const r = await fetch(server.base + path, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })
      expect(r.status, `${method} ${path}`).toBe(401)
      expect((await r.json()).message).toBeTruthy()
    }
  })

  it('signs in with an HttpOnly SameSite=Lax cookie and never says which part was wrong', async () => {
    const ok = await login(server.base, { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD })
    expect(ok.status).toBe(200)
    const body = await ok.json()
    expect(body.user).toEqual({ id: server.admin.user.id, email: ADMIN_EMAIL, name: 'Administrator', role: 'admin', mustChangePassword: false })
    expect(body.csrfToken).toMatch(/^[\w-]{40,}$/)
    const set = ok.headers.getSetCookie().find((c) => c.startsWith('sid='))!
    expect(set).toMatch(/; path=\/;/i)
    expect(set).toMatch(/samesite=lax/i)
    expect(set).toMatch(/httponly/i)
    expect(set).not.toMatch(/secure/i)
    // 128 random bits, base64url.
    expect(set.split(';')[0].slice(4)).toMatch(/^[\w-]{22}$/)
    const wrongPassword = await login(server.base, { email: ADMIN_EMAIL, password: 'not the password at all' })
    const unknownEmail = await login(server.base, { email: 'nobody@example.com', password: ADMIN_PASSWORD })
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    expect(await wrongPassword.json()).toEqual({ message: 'Invalid email or password.' })
    expect(await unknownEmail.json()).toEqual({ message: 'Invalid email or password.' })
    expect(wrongPassword.headers.getSetCookie()).toEqual([])
  })

  it('stores argon2id hashes with t=2, m=19456 KiB, p=1 and no hash in any response', async () => {
    const row = await server.db('users').where({ email: ADMIN_EMAIL }).first()
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    const params = parseOptions(row.password_hash)
    expect({ t: params.timeCost, m: params.memoryCost, p: params.parallelism }).toEqual({ t: ARGON2_OPTIONS.timeCost, m: 19_456, p: 1 })
    const list = await server.admin.get('/api/admin/users')
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|password_hash/)
  })

  it('rotates the session id at login: the old cookie stops working', async () => {
    const first = await AdminSession.login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD)
    const again = await login(server.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { Cookie: first.cookie })
    const secondCookie = cookieFrom(again.headers)
    expect(secondCookie).not.toBe(first.cookie)
    expect((await first.get('/api/admin/auth/me')).status).toBe(401)
    const me = await fetch(`${server.base}/api/admin/auth/me`, { headers: { Cookie: secondCookie } })
    expect(me.status).toBe(200)
  })

  it('logout invalidates the session on the server', async () => {
    const s = await AdminSession.login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD)
    expect((await s.get('/api/admin/auth/me')).status).toBe(200)
    const out = await s.post('/api/admin/auth/logout')
    expect(out.status).toBe(204)
    // Replaying the old cookie (as a thief would) gets nothing.
    expect((await s.get('/api/admin/auth/me')).status).toBe(401)
    expect((await s.get('/api/admin/leads')).status).toBe(401)
  })

  it('expires a session after the idle timeout and after the absolute timeout', async () => {
    const idle = await AdminSession.login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD)
    const absolute = await AdminSession.login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD)
    const sessions = await server.db('sessions').where({ user_id: server.admin.user.id }).orderBy('created_at', 'desc').limit(2)
    expect(sessions).toHaveLength(2)
    // Idle: last seen 31 minutes ago (the default idle timeout is 30).
    const [absoluteRow, idleRow] = sessions
    await server.db('sessions').where({ id: idleRow.id }).update({ last_seen_at: nowIso(Date.now() - 31 * 60_000) })
    expect((await idle.get('/api/admin/auth/me')).status).toBe(401)
    // 29 idle minutes are still fine; a 12-hour-old session is not, however active.
    await server.db('sessions').where({ id: absoluteRow.id }).update({ last_seen_at: nowIso(Date.now() - 29 * 60_000) })
    expect((await absolute.get('/api/admin/auth/me')).status).toBe(200)
    await server.db('sessions').where({ id: absoluteRow.id }).update({ expires_at: nowIso(Date.now() - 1000) })
    expect((await absolute.get('/api/admin/auth/me')).status).toBe(401)
  })

  it('sets expires_at from SESSION_ABSOLUTE_HOURS', async () => {
    const before = Date.now()
    await AdminSession.login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD)
    const [row] = await server.db('sessions').orderBy('created_at', 'desc').limit(1)
    const expires = new Date(row.expires_at).getTime()
    expect(expires - before).toBeGreaterThan(12 * 3600_000 - 5000)
    expect(expires - before).toBeLessThan(12 * 3600_000 + 5000)
  })

  it('refuses state-changing requests without the CSRF token or from another origin (403)', async () => {
    const s = server.admin
    const body = JSON.stringify({ name: 'CSRF Inc' })
    const noToken = await fetch(`${server.base}/api/admin/companies`, { method: 'POST', headers: { Cookie: s.cookie, 'Content-Type': 'application/json' }, body })
    expect(noToken.status).toBe(403)
    const wrongToken = await fetch(`${server.base}/api/admin/companies`, { method: 'POST', headers: { Cookie: s.cookie, 'X-CSRF-Token': 'x'.repeat(43), 'Content-Type': 'application/json' }, body })
    expect(wrongToken.status).toBe(403)
    const evil = await s.request('POST', '/api/admin/companies', { json: { name: 'CSRF Inc' }, headers: { Origin: 'https://evil.example.com' } })
    expect(evil.status).toBe(403)
    const evilLogin = await login(server.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { Origin: 'https://evil.example.com' })
    expect(evilLogin.status).toBe(403)
    expect(await server.db('companies').where({ name: 'CSRF Inc' }).count({ n: '*' })).toEqual([{ n: expect.anything() }])
    expect(Number((await server.db('companies').where({ name: 'CSRF Inc' }).count({ n: '*' }))[0].n)).toBe(0)
    // Same origin with the token: accepted. Reads need no token.
    const ok = await s.request('POST', '/api/admin/companies', { json: { name: 'CSRF Inc' }, headers: { Origin: server.base } })
    expect(ok.status).toBe(201)
    const read = await fetch(`${server.base}/api/admin/companies`, { headers: { Cookie: s.cookie } })
    expect(read.status).toBe(200)
  })

  it('applies the password rules when staff change their own password', async () => {
    const user = await userWithRole(server, 'sales', 'rules@example.com')
    const current = (await server.db('users').where({ email: 'rules@example.com' }).first()) as { id: number }
    expect(current.id).toBe(user.user.id)
    // userWithRole set a password we do not know here: reset it through the admin to get one.
    const reset = await server.admin.post(`/api/admin/users/${user.user.id}/reset-password`)
    const temp = reset.body.temporaryPassword as string
    const s = await AdminSession.login(server.base, 'rules@example.com', temp)
    expect(s.user.mustChangePassword).toBe(true)
    // Until the password is changed, only the auth routes answer.
    expect((await s.get('/api/admin/leads')).status).toBe(403)
    const cases: Array<[string, RegExp]> = [
      ['short pass', /at least 12/],
      ['password1234', /too common/],
      ['QwertY123456', /too common/],
      ['1qaz2wsx3edc', /too common/],
      ['rules@example.com', /email address or name/],
      ['aaaaaaaaaaaaaaaa', /too easy/],
      ['abcdefghijklmn', /too easy/],
    ]
    for (const [newPassword, message] of cases) {
      const r = await s.post('/api/admin/auth/password', { currentPassword: temp, newPassword })
      expect(r.status, newPassword).toBe(400)
      expect(r.body.errors.newPassword).toMatch(message)
    }
    const wrongCurrent = await s.post('/api/admin/auth/password', { currentPassword: 'not it at all!', newPassword: 'a perfectly fine passphrase' })
    expect(wrongCurrent.status).toBe(400)
    expect(wrongCurrent.body.errors.currentPassword).toBeTruthy()
    // No composition rules: a long all-lowercase passphrase is fine.
    const ok = await s.post('/api/admin/auth/password', { currentPassword: temp, newPassword: 'purple elephants dance quietly' })
    expect(ok.status).toBe(204)
    expect((await s.get('/api/admin/leads')).status).toBe(200)
    expect((await s.get('/api/admin/auth/me')).body.user.mustChangePassword).toBe(false)
    await expect(AdminSession.login(server.base, 'rules@example.com', temp)).rejects.toThrow(/401/)
    expect((await AdminSession.login(server.base, 'rules@example.com', 'purple elephants dance quietly')).user.mustChangePassword).toBe(false)
  })

  it('checks the password rules as a pure function', () => {
    expect(checkPasswordRules('elevenchars')).toMatch(/at least 12/)
    expect(checkPasswordRules('iloveyou1234')).toBeNull()
    expect(checkPasswordRules('123456654321')).toMatch(/too common/)
    expect(checkPasswordRules('987654321098')).toBeNull()
    expect(checkPasswordRules('98765432109876')).toBeNull()
    expect(checkPasswordRules('zyxwvutsrqponm')).toMatch(/too easy/)
    expect(checkPasswordRules('Jane.Doe@example.com', { email: 'jane.doe@example.com' })).toMatch(/email/)
    expect(checkPasswordRules('janedoe12', { email: 'jane.doe@example.com' })).toMatch(/at least 12/)
    expect(checkPasswordRules('mary had a little lamb')).toBeNull()
  })

  it('disabled users cannot sign in and their sessions end at once', async () => {
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/leads')).status).toBe(200)
    const r = await server.admin.put(`/api/admin/users/${sales.user.id}`, { disabled: true })
    expect(r.status).toBe(200)
    expect(r.body.disabled).toBe(true)
    expect((await sales.get('/api/admin/leads')).status).toBe(401)
    expect(Number((await server.db('sessions').where({ user_id: sales.user.id }).count({ n: '*' }))[0].n)).toBe(0)
  })
})

describe.each(databases)('login throttling ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target, { TRUST_PROXY: 'true' })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const from = (ip: string) => ({ 'X-Forwarded-For': ip })

  it('delays an account after 5 failures with growing, bounded delays; a correct password works after the delay from any IP', async () => {
    const email = 'victim@example.com'
    const sales = await userWithRole(server, 'sales', email)
    await server.admin.post(`/api/admin/users/${sales.user.id}/reset-password`)
    const password = 'victim passphrase that is long'
    await server.db('users').where({ email }).update({ must_change_password: false })
    const { hashPassword } = await import('../../server/auth/passwords.ts')
    await server.db('users').where({ email }).update({ password_hash: await hashPassword(password) })

    for (let i = 0; i < THROTTLE.account.freeFailures; i++) {
      const r = await login(server.base, { email, password: `wrong guess ${i} xx` }, from(`203.0.113.${i + 1}`))
      expect(r.status).toBe(401)
    }
    // Locked for 1 s now, whatever the IP and even with the right password.
    const locked = await login(server.base, { email, password }, from('198.51.100.7'))
    expect(locked.status).toBe(429)
    expect(locked.headers.get('Retry-After')).toBe('1')
    await new Promise((r) => setTimeout(r, 1100))
    // One more failure: the next delay is 2 s.
    expect((await login(server.base, { email, password: 'still wrong xxx' }, from('203.0.113.50'))).status).toBe(401)
    const locked2 = await login(server.base, { email, password }, from('198.51.100.7'))
    expect(locked2.status).toBe(429)
    expect(locked2.headers.get('Retry-After')).toBe('2')
    // The delay is capped (15 min at most): a user can never be locked out for good.
    const { delayAfter } = await import('../../server/auth/throttle.ts')
    expect(delayAfter(1000, 5)).toBe(15 * 60_000)
    await new Promise((r) => setTimeout(r, 2100))
    // After the delay, the right password from a new IP signs in, and the counter resets.
    expect((await login(server.base, { email, password }, from('198.51.100.99'))).status).toBe(200)
    expect((await login(server.base, { email, password: 'wrong again xxxx' }, from('198.51.100.99'))).status).toBe(401)
    expect((await login(server.base, { email, password }, from('198.51.100.99'))).status).toBe(200)
  })

  it('throttles an IP that tries many accounts', async () => {
    const ip = '192.0.2.44'
    for (let i = 0; i < THROTTLE.ip.freeFailures; i++) {
      const r = await login(server.base, { email: `nobody${i}@example.com`, password: 'guessing passwords' }, from(ip))
      expect(r.status).toBe(401)
    }
    const r = await login(server.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, from(ip))
    expect(r.status).toBe(429)
    expect(Number(r.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    // Other IPs are not affected.
    expect((await login(server.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, from('192.0.2.45'))).status).toBe(200)
  })

  it('uses a Secure __Host- cookie under HTTPS', async () => {
    const r = await login(server.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ...from('192.0.2.80'), 'X-Forwarded-Proto': 'https' })
    expect(r.status).toBe(200)
    const set = r.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!
    expect(set).toMatch(/secure/i)
    expect(set).toMatch(/path=\//i)
    expect(set).not.toMatch(/domain=/i)
    const cookie = set.split(';')[0]
    const me = await fetch(`${server.base}/api/admin/auth/me`, { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } })
    expect(me.status).toBe(200)
  })
})

describe.each(databases)('first admin ($name)', (target) => {
  it('generates a strong password, prints it once, and requires a change at first sign-in', async () => {
    const server = await startTestServer(target, { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })
    try {
      const printed: string[] = []
      const first = await ensureFirstAdmin(server.db, server.env, (t) => printed.push(t))
      expect(first.created).toBe(true)
      const password = first.created ? first.generatedPassword! : ''
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/)
      expect(printed).toHaveLength(1)
      expect(printed[0]).toContain('admin@example.com')
      expect(printed[0]).toContain(password)
      // Idempotent: a second start neither creates nor prints anything.
      expect(await ensureFirstAdmin(server.db, server.env, (t) => printed.push(t))).toEqual({ created: false })
      expect(printed).toHaveLength(1)
      const s = await AdminSession.login(server.base, 'admin@example.com', password)
      expect(s.user.mustChangePassword).toBe(true)
      expect((await s.get('/api/admin/leads')).status).toBe(403)
      expect((await s.post('/api/admin/auth/password', { currentPassword: password, newPassword: 'a brand new admin passphrase' })).status).toBe(204)
      expect((await s.get('/api/admin/leads')).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  it('refuses a weak ADMIN_PASSWORD', async () => {
    const server = await startTestServer(target)
    try {
      await expect(ensureFirstAdmin(server.db, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'password123' }, () => {})).rejects.toThrow(/ADMIN_PASSWORD/)
      expect(Number((await server.db('users').count({ n: '*' }))[0].n)).toBe(0)
    } finally {
      await server.stop()
    }
  })
})
