// Shared by the admin API tests: a real server (tests/api/helpers startTestServer, SQLite and
// PostgreSQL when TEST_DATABASE_URL is set, a schema per server) with a known first admin,
// signed-in sessions that send the cookie and X-CSRF-Token, and the real ra-data-simple-rest
// client over fetchUtils.fetchJson.
import crypto from 'node:crypto'
import simpleRestProvider from 'ra-data-simple-rest'
import { fetchUtils } from 'ra-core'
import type { Role } from '../../shared/permissions.ts'
import { seed } from '../../scripts/seed.ts'
import type { Db } from '../../server/db/knex.ts'
import { nowIso } from '../../server/db/rows.ts'
import type { StartOptions } from '../../server/index.ts'
import { startTestServer, type DbTarget, type Reply, type TestServer } from '../api/helpers.ts'

export { databases, type DbTarget } from '../api/helpers.ts'

export const ADMIN_EMAIL = 'owner@example.com'
export const ADMIN_PASSWORD = 'correct horse battery staple 42'

export type AdminServer = TestServer & { admin: AdminSession }

export async function startAdminServer(target: DbTarget, overrides: Record<string, string> = {}, opts: StartOptions = {}): Promise<AdminServer> {
  const server = await startTestServer(target, { ADMIN_EMAIL, ADMIN_PASSWORD, ...overrides }, opts)
  await seed(server.db, server.env, { log: () => {} })
  const admin = await AdminSession.login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD)
  return Object.assign(server, { admin })
}

export class AdminSession {
  constructor(
    readonly base: string,
    public cookie: string,
    public csrfToken: string,
    readonly user: { id: number; email: string; role: Role; mustChangePassword: boolean },
  ) {}

  static async login(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<AdminSession> {
    const reply = await fetch(`${base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email, password }),
    })
    const body = await reply.json()
    if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${JSON.stringify(body)}`)
    return new AdminSession(base, cookieFrom(reply.headers), body.csrfToken, body.user)
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Cookie: this.cookie, 'X-CSRF-Token': this.csrfToken, ...extra }
  }

  async request(method: string, path: string, init: { json?: unknown; body?: string; type?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
    const headers = this.headers(init.headers)
    let body = init.body
    if (init.json !== undefined) {
      body = JSON.stringify(init.json)
      headers['Content-Type'] = 'application/json'
    }
    if (init.type) headers['Content-Type'] = init.type
    const response = await fetch(this.base + path, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // CSV and other text stay text
    }
    return { status: response.status, headers: response.headers, body: parsed }
  }

  get = (path: string) => this.request('GET', path)
  post = (path: string, json?: unknown) => this.request('POST', path, { json: json ?? {} })
  put = (path: string, json: unknown) => this.request('PUT', path, { json })
  delete = (path: string, json?: unknown) => this.request('DELETE', path, json === undefined ? {} : { json })

  /** The real react-admin data provider, speaking to the running server as this user. */
  dataProvider() {
    const httpClient = (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers as HeadersInit | undefined)
      headers.set('Cookie', this.cookie)
      headers.set('X-CSRF-Token', this.csrfToken)
      return fetchUtils.fetchJson(url, { ...options, headers })
    }
    return simpleRestProvider(`${this.base}/api/admin`, httpClient)
  }
}

export function cookieFrom(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => /^(__Host-)?sid=[^;]+/.test(c))
  if (!set) throw new Error('no session cookie was set')
  return set.split(';')[0]
}

/** A signed-in user with this role (invited by the admin, password changed). */
export async function userWithRole(server: AdminServer, role: Role, email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<AdminSession> {
  const invite = await server.admin.post('/api/admin/users', { email, name: `${role} user`, role })
  if (invite.status !== 201) throw new Error(`invite: ${invite.status} ${JSON.stringify(invite.body)}`)
  const first = await AdminSession.login(server.base, email, invite.body.temporaryPassword)
  const password = `${role} staff password ${crypto.randomUUID().slice(0, 6)}`
  const changed = await first.post('/api/admin/auth/password', { currentPassword: invite.body.temporaryPassword, newPassword: password })
  if (changed.status !== 204) throw new Error(`password: ${changed.status} ${JSON.stringify(changed.body)}`)
  return AdminSession.login(server.base, email, password)
}

let leadCounter = 0
/** Leads inserted straight into the database (as the public forms would), in batches. */
export async function insertLeads(db: Db, count: number, over: (i: number) => Record<string, unknown> = () => ({})): Promise<number[]> {
  const ids: number[] = []
  const rows = Array.from({ length: count }, (_, i) => {
    const n = ++leadCounter
    return {
      kind: 'lead',
      email: `lead-${n}@example.com`,
      name: `Lead Person ${n}`,
      phone: '(512) 555-0100',
      company: '',
      message: 'Please call me.',
      details: '{}',
      source: 'Google Ads',
      campaign: 'Spring',
      payload_hash: crypto.randomBytes(8).toString('hex'),
      created_at: nowIso(),
      updated_at: nowIso(),
      ...over(i),
    }
  })
  for (let i = 0; i < rows.length; i += 400) {
    const inserted = (await db('leads')
      .insert(rows.slice(i, i + 400))
      .returning('id')) as Array<{ id: number } | number>
    for (const r of inserted) ids.push(Number(typeof r === 'object' ? r.id : r))
  }
  return ids
}
