// Sign-in, sessions, CSRF, throttling, passwords and the first admin, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFirstAdmin } from '../../server/auth/firstAdmin.ts'
import { ARGON2_OPTIONS, checkPasswordRules, generatePassword } from '../../server/auth/passwords.ts'
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
    await server
      .db('sessions')
      .where({ id: idleRow.id })
      .update({ last_seen_at: nowIso(Date.now() - 31 * 60_000) })
    expect((await idle.get('/api/admin/auth/me')).status).toBe(401)
    // 29 idle minutes are still fine; a 12-hour-old session is not, however active.
    await server
      .db('sessions')
      .where({ id: absoluteRow.id })
      .update({ last_seen_at: nowIso(Date.now() - 29 * 60_000) })
    expect((await absolute.get('/api/admin/auth/me')).status).toBe(200)
    await server
      .db('sessions')
      .where({ id: absoluteRow.id })
      .update({ expires_at: nowIso(Date.now() - 1000) })
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
    const noToken = await fetch(`${server.base}/api/admin/companies`, {
      method: 'POST',
      headers: { Cookie: s.cookie, 'Content-Type': 'application/json' },
      body,
    })
    expect(noToken.status).toBe(403)
    const wrongToken = await fetch(`${server.base}/api/admin/companies`, {
      method: 'POST',
      headers: { Cookie: s.cookie, 'X-CSRF-Token': 'x'.repeat(43), 'Content-Type': 'application/json' },
      body,
    })
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
      // The examples: each refused with zxcvbn's warning and suggestions, as a 422 field error.
      ['Password123!', /too easy to guess\. This is similar to a commonly used password\..*Add more words/],
      ['P@ssw0rd1234', /too easy to guess\..*predictable letter substitutions/],
      ['Welcome2026!', /too easy to guess\. This is similar to a commonly used password/],
      ['adminadmin12', /too easy to guess\. Repeated character patterns/],
      ['password1234', /too easy to guess/],
      ['QwertY123456', /too easy to guess/],
      ['1qaz2wsx3edc', /too easy to guess/],
      ['rules@example.com', /email address or name/],
      ['aaaaaaaaaaaaaaaa', /too easy to guess/],
      ['abcdefghijklmn', /too easy to guess/],
    ]
    for (const [newPassword, message] of cases) {
      const r = await s.post('/api/admin/auth/password', { currentPassword: temp, newPassword })
      expect(r.status, newPassword).toBe(422)
      expect(r.body.errors.newPassword, newPassword).toMatch(message)
      expect(r.body.message).toBe(r.body.errors.newPassword)
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

  it('judges passwords by strength, with the account as context', () => {
    expect(checkPasswordRules('elevenchars')).toMatch(/at least 12/)
    for (const weak of ['Password123!', 'P@ssw0rd1234', 'Welcome2026!', 'adminadmin12', 'iloveyou1234', '123456654321', '987654321098', 'zyxwvutsrqponm'])
      expect(checkPasswordRules(weak), weak).toMatch(/too easy to guess/)
    expect(checkPasswordRules('Jane.Doe@example.com', { email: 'jane.doe@example.com' })).toMatch(/email address or name/)
    expect(checkPasswordRules('Margaret Hamilton 1936', { email: 'mh@example.com', name: 'Margaret Hamilton' })).toMatch(/email address or name/)
    expect(checkPasswordRules('janedoe12', { email: 'jane.doe@example.com' })).toMatch(/at least 12/)
    for (const fine of ['mary had a little lamb', 'correct horse battery staple 42', 'purple elephants dance quietly'])
      expect(checkPasswordRules(fine), fine).toBeNull()
    // Generated passwords (first admin, invitations, resets) always pass.
    for (let i = 0; i < 20; i++) expect(checkPasswordRules(generatePassword())).toBeNull()
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

describe.each(databases)('sign-in throttling ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target, { TRUST_PROXY: 'true' })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': ip, ...extra })
  const windowSeconds = THROTTLE.windowMs / 1000
  /** A staff account with a known password and no pending change, made through the invite flow. */
  async function staff(email: string) {
    const password = `${email.split('@')[0]} has a long passphrase`
    const invited = await userWithRole(server, 'sales', email)
    const { hashPassword } = await import('../../server/auth/passwords.ts')
    await server
      .db('users')
      .where({ id: invited.user.id })
      .update({ password_hash: await hashPassword(password) })
    return { email, password, id: invited.user.id }
  }
  const failedSignIns = async (accountId: number) =>
    Number((await server.db('audit_logs').where({ action: 'sign_in_failed', record_id: accountId }).count({ n: '*' }))[0].n)
  const deviceCookieOf = (r: Response) => {
    const set = r.headers.getSetCookie().find((c) => /^(__Secure-)?device=/.test(c))
    if (!set) throw new Error('no device cookie')
    return { set, cookie: set.split(';')[0] }
  }
  /** Moves every throttle window back in time, as if `ms` had passed. */
  const age = (ms: number) => server.db('login_attempts').update({ window_start_ms: server.db.raw('window_start_ms - ?', [ms]) })

  it('a burst of 60 parallel guesses gets at most the allowed number of password checks; the rest 429 with Retry-After', async () => {
    const victim = await staff('burst@example.com')
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(server.base, { email: victim.email, password: `guess number ${i} xx` }, from('203.0.113.77'))),
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.account)
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - THROTTLE.account)
    for (const r of replies.filter((x) => x.status === 429)) {
      const retry = Number(r.headers.get('Retry-After'))
      expect(retry).toBeGreaterThan(windowSeconds - 30)
      expect(retry).toBeLessThanOrEqual(windowSeconds)
      expect((await r.json()).message).toMatch(/^Too many sign-in attempts\. Please try again in 1[45] minutes\.$/)
    }
    // Only checked passwords are audited: exactly as many as were allowed.
    expect(await failedSignIns(victim.id)).toBe(THROTTLE.account)
    // The same burst spread over 60 addresses (a botnet) gets no more checks on the account.
    const spread = await staff('spread@example.com')
    const replies2 = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(server.base, { email: spread.email, password: `guess number ${i} xx` }, from(`198.18.${i}.1`))),
    )
    expect(replies2.filter((r) => r.status === 401)).toHaveLength(THROTTLE.account)
    expect(await failedSignIns(spread.id)).toBe(THROTTLE.account)
  })

  it('a user with a device cookie signs in while an attack on their account runs elsewhere', async () => {
    const user = await staff('device@example.com')
    const first = await login(server.base, { email: user.email, password: user.password }, from('192.0.2.10'))
    expect(first.status).toBe(200)
    const { set, cookie } = deviceCookieOf(first)
    expect(set).toMatch(/httponly/i)
    expect(set).toMatch(/samesite=strict/i)
    expect(set).toMatch(/path=\/api\/admin\/auth/i)
    expect(set).not.toMatch(/secure/i)
    // The attack: many addresses, far more guesses than the account allows.
    await Promise.all(Array.from({ length: 40 }, (_, i) => login(server.base, { email: user.email, password: `attacker guess ${i}` }, from(`198.19.${i}.9`))))
    // A browser that never signed in to this account waits, even with the right password...
    const stranger = await login(server.base, { email: user.email, password: user.password }, from('192.0.2.10'))
    expect(stranger.status).toBe(429)
    // ...the user's own browser does not, from any address, and even after a typo.
    expect((await login(server.base, { email: user.email, password: 'a typo in it' }, from('192.0.2.10', { Cookie: cookie }))).status).toBe(401)
    const known = await login(server.base, { email: user.email, password: user.password }, from('198.51.100.200', { Cookie: cookie }))
    expect(known.status).toBe(200)
    expect((await known.json()).user.email).toBe(user.email)
    // The cookie is bound to the account: it does not help against another one, nor once tampered with.
    const other = await staff('other-device@example.com')
    await Promise.all(Array.from({ length: 12 }, (_, i) => login(server.base, { email: other.email, password: `attacker guess ${i}` }, from(`198.20.${i}.9`))))
    expect((await login(server.base, { email: other.email, password: other.password }, from('192.0.2.10', { Cookie: cookie }))).status).toBe(429)
    const tampered = cookie.slice(0, -2) + (cookie.endsWith('AA') ? 'BB' : 'AA')
    expect((await login(server.base, { email: user.email, password: user.password }, from('192.0.2.10', { Cookie: tampered }))).status).toBe(429)
    // Its own bucket has a limit too: a stolen cookie gets THROTTLE.device guesses, no more.
    const fresh = deviceCookieOf(known).cookie
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(server.base, { email: user.email, password: `thief guess ${i}` }, from('198.51.100.201', { Cookie: fresh }))),
    )
    expect(guesses.filter((r) => r.status === 401)).toHaveLength(THROTTLE.device)
    // Under HTTPS the cookie is Secure and __Secure- prefixed.
    const https = await login(server.base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, from('192.0.2.81', { 'X-Forwarded-Proto': 'https' }))
    expect(deviceCookieOf(https).set).toMatch(/^__Secure-device=.*; secure/i)
  })

  it('an office address with many accounts: successes are free, failures slow only browsers without a device cookie, for one window', async () => {
    const office = '203.0.113.200'
    const people = [await staff('office-a@example.com'), await staff('office-b@example.com'), await staff('office-c@example.com')]
    // 45 successful sign-ins from one address (more than its failure limit) all pass.
    const devices: string[] = []
    for (let round = 0; round < 15; round++) {
      for (const p of people) {
        const r = await login(server.base, { email: p.email, password: p.password }, from(office))
        expect(r.status).toBe(200)
        if (round === 0) devices.push(deviceCookieOf(r).cookie)
      }
    }
    // Someone in the office (or a compromised machine) tries passwords on many accounts.
    for (let i = 0; i < THROTTLE.address; i++)
      expect((await login(server.base, { email: `nobody-${i}@example.com`, password: 'guessing away' }, from(office))).status).toBe(401)
    const blocked = await login(server.base, { email: people[0].email, password: people[0].password }, from(office))
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(windowSeconds - 60)
    // Colleagues on their usual browsers are not affected; nor is any other address.
    for (const [i, p] of people.entries())
      expect((await login(server.base, { email: p.email, password: p.password }, from(office, { Cookie: devices[i] }))).status).toBe(200)
    expect((await login(server.base, { email: people[1].email, password: people[1].password }, from('203.0.113.201'))).status).toBe(200)
    // When the window is over, the address is free again: nothing is locked for good.
    await age(THROTTLE.windowMs)
    expect((await login(server.base, { email: people[0].email, password: people[0].password }, from(office))).status).toBe(200)
  })

  it('Retry-After is the rest of the window, and one wrong password after it does not re-arm a lock', async () => {
    const user = await staff('window@example.com')
    for (let i = 0; i < THROTTLE.account; i++) await login(server.base, { email: user.email, password: `wrong ${i} wrong` }, from(`198.51.100.${i + 1}`))
    const locked = await login(server.base, { email: user.email, password: user.password }, from('192.0.2.90'))
    expect(locked.status).toBe(429)
    const retry = Number(locked.headers.get('Retry-After'))
    expect(retry).toBeGreaterThan(windowSeconds - 30)
    expect(retry).toBeLessThanOrEqual(windowSeconds)
    // 14 minutes later: one minute left, and the message says so.
    await age(14 * 60_000)
    const later = await login(server.base, { email: user.email, password: user.password }, from('192.0.2.90'))
    expect(later.status).toBe(429)
    const left = Number(later.headers.get('Retry-After'))
    expect(left).toBeGreaterThan(30)
    expect(left).toBeLessThanOrEqual(60)
    expect((await later.json()).message).toBe(`Too many sign-in attempts. Please try again in ${left} seconds.`)
    // The window ends: a wrong password is one failure out of ${THROTTLE.account}, not a new lock.
    await age(60_000)
    expect((await login(server.base, { email: user.email, password: 'wrong once more' }, from('198.51.100.50'))).status).toBe(401)
    expect((await login(server.base, { email: user.email, password: user.password }, from('192.0.2.90'))).status).toBe(200)
  })

  it('rotating or forging the left-most X-Forwarded-For value does not escape the per-address limit', async () => {
    const replies: number[] = []
    for (let i = 0; i < THROTTLE.address + 3; i++) {
      const r = await login(server.base, { email: `spoof-${i}@example.com`, password: 'guessing away' }, from(`10.${i}.0.1, 198.51.100.250`))
      replies.push(r.status)
    }
    expect(replies.filter((s) => s === 401)).toHaveLength(THROTTLE.address)
    expect(replies.slice(THROTTLE.address)).toEqual([429, 429, 429])
  })

  it('limits guesses of the current password, and refused new passwords, when changing it', async () => {
    const user = await staff('changer@example.com')
    const s = await AdminSession.login(server.base, user.email, user.password, from('192.0.2.120'))
    const statuses: number[] = []
    for (let i = 0; i < THROTTLE.passwordChange + 2; i++) {
      // Half wrong current passwords, half weak new ones: each strength check costs CPU, so both count.
      const body =
        i % 2
          ? { currentPassword: `guess ${i} guess`, newPassword: 'another fine passphrase here' }
          : { currentPassword: user.password, newPassword: 'Password123!' }
      statuses.push((await s.post('/api/admin/auth/password', body)).status)
    }
    expect(statuses.slice(0, THROTTLE.passwordChange).every((x, i) => x === (i % 2 ? 400 : 422))).toBe(true)
    expect(statuses.slice(THROTTLE.passwordChange)).toEqual([429, 429])
    // A completed change is free: after the window, a change goes through and leaves the budget whole.
    await age(THROTTLE.windowMs)
    expect((await s.post('/api/admin/auth/password', { currentPassword: user.password, newPassword: 'a new and quite fine passphrase' })).status).toBe(204)
    const row = await server
      .db('login_attempts')
      .where({ key: `password:${user.id}` })
      .first()
    expect(Number(row.failures)).toBe(0)
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
      for (const weak of ['password123', 'Welcome2026!', 'adminadmin12']) {
        await expect(ensureFirstAdmin(server.db, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: weak }, () => {})).rejects.toThrow(
          /^ADMIN_PASSWORD is not accepted for boss@example\.com: .+ Set a stronger ADMIN_PASSWORD, or leave it empty/,
        )
      }
      expect(Number((await server.db('users').count({ n: '*' }))[0].n)).toBe(0)
    } finally {
      await server.stop()
    }
  })
})
