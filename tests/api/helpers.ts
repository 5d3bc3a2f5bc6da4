// Shared by the API tests: a real server (startServer on port 0) over a real database, a temp
// SQLite file always and PostgreSQL too when TEST_DATABASE_URL is set, each test file in its own
// fresh schema there.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import knexFactory from 'knex'
import { afterAll, beforeAll } from 'vitest'
import { createDb, migrate, type Db } from '../../server/db/knex.ts'
import { stopRollupThread } from '../../server/analytics/rollupThread.ts'
import { loadEnv, type Env } from '../../server/env.ts'
import { startServer, type StartOptions } from '../../server/index.ts'
import { signFormToken } from '../../server/lib/signing.ts'

export type DbTarget = { name: 'sqlite' | 'postgres'; url?: string }

export const databases: DbTarget[] = [
  { name: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
]

export const TEST_SECRET = 'test-secret-for-the-api-suite-0123456789'

/** A fresh PostgreSQL schema; dropped by the returned function. */
export async function createSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `api_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } })
  await admin.raw('create schema ??', [schema])
  await admin.destroy()
  return {
    schema,
    drop: async () => {
      const k = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } })
      await k.raw('drop schema if exists ?? cascade', [schema])
      await k.destroy()
    },
  }
}

/** A fresh, migrated database on its own (SQLite in a temp folder, or a fresh PostgreSQL schema). */
export async function openTestDb(target: DbTarget): Promise<{ db: Db; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-db-'))
  const pg = target.url ? await createSchema(target.url) : undefined
  const db = createDb({ databaseUrl: target.url, varDir: dir, searchPath: pg?.schema })
  await migrate(db)
  return {
    db,
    close: async () => {
      await stopRollupThread(db)
      await db.destroy()
      await pg?.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A fresh database for the tests of one describe block: opened before them, closed after them. */
export function useTestDb(target: DbTarget): { readonly db: Db } {
  let opened: Awaited<ReturnType<typeof openTestDb>> | undefined
  beforeAll(async () => {
    opened = await openTestDb(target)
  })
  afterAll(async () => {
    await opened?.close()
  })
  return {
    get db() {
      if (!opened) throw new Error('The test database is opened in beforeAll.')
      return opened.db
    },
  }
}

export type TestServer = Awaited<ReturnType<typeof startServer>> & {
  env: Env
  base: string
  varDir: string
  /** Stops and starts the server again on the same database and files. */
  restart: () => Promise<TestServer>
  stop: () => Promise<void>
}

export async function startTestServer(target: DbTarget, overrides: Record<string, string> = {}, opts: StartOptions = {}): Promise<TestServer> {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-api-'))
  const pg = target.url ? await createSchema(target.url) : undefined
  const env = loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    VAR_DIR: varDir,
    APP_SECRET: TEST_SECRET,
    RATE_LIMIT_PER_MINUTE: '1000000',
    UPLOAD_BYTES_PER_HOUR: '1000000000',
    FORM_MIN_FILL_MS: '3000',
    DATABASE_URL: target.url ?? '',
    DATABASE_SEARCH_PATH: pg?.schema ?? '',
    ...overrides,
  })
  const boot = async (): Promise<TestServer> => {
    const started = await startServer(env, opts)
    const self: TestServer = {
      ...started,
      env,
      base: `http://127.0.0.1:${started.port}`,
      varDir,
      restart: async () => {
        await started.close()
        return boot()
      },
      stop: async () => {
        await started.close()
        await pg?.drop()
        fs.rmSync(varDir, { recursive: true, force: true })
      },
    }
    return self
  }
  return boot()
}

/** A form token old enough to pass the minimum fill time (signed like /api/form-token's). */
export const agedToken = (ageMs = 10_000) => signFormToken(TEST_SECRET, Date.now() - ageMs)

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are asserted field by field
export type Reply = { status: number; headers: Headers; body: any }

export async function request(
  base: string,
  method: string,
  urlPath: string,
  init: { json?: unknown; body?: BodyInit; type?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers }
  let body = init.body
  if (init.json !== undefined) {
    body = JSON.stringify(init.json)
    headers['Content-Type'] ??= 'application/json'
  }
  if (init.type) headers['Content-Type'] = init.type
  const response = await fetch(base + urlPath, { method, headers, body, redirect: 'manual' })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed }
}

export const postJson = (base: string, urlPath: string, json: unknown, headers: Record<string, string> = {}) =>
  request(base, 'POST', urlPath, { json, headers })

/** Valid bodies for every JSON form endpoint. */
export const samples = {
  lead: (over: Record<string, unknown> = {}) => ({
    email: `visitor-${crypto.randomUUID()}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    phone: '(512) 555-0100',
    message: 'Please call me about SEO.',
    source: 'Exit Intent Popup',
    campaign: 'Free Quote Request',
    formToken: agedToken(),
    ...over,
  }),
  quote: (over: Record<string, unknown> = {}) => ({
    name: 'Grace Hopper',
    email: `quote-${crypto.randomUUID()}@example.com`,
    phone: '+44 20 7946 0958',
    company: 'Compilers Inc',
    website: 'https://example.com',
    services: ['seo-services', 'ppc-management'],
    budget: '5k-15k',
    timeline: '1-3-months',
    message: 'We need more qualified leads.',
    consent: true,
    formToken: agedToken(),
    ...over,
  }),
  contact: (over: Record<string, unknown> = {}) => ({
    name: 'Alan Turing',
    email: `contact-${crypto.randomUUID()}@example.com`,
    phone: '512.555.0199',
    subject: 'Partnership',
    message: 'I would like to discuss a partnership with your agency.',
    formToken: agedToken(),
    ...over,
  }),
  newsletter: (over: Record<string, unknown> = {}) => ({ email: `news-${crypto.randomUUID()}@example.com`, source: 'Footer', formToken: agedToken(), ...over }),
  roi: (over: Record<string, unknown> = {}) => ({
    traffic: '10000',
    conversionRate: '2.5',
    averageOrderValue: '500',
    profitMargin: '30',
    results: { monthlyProfit: 37500, conversions: 250, revenue: 125000, optimizedProfit: 18750 },
    source: 'ROI Calculator',
    referrer: '',
    utmSource: '',
    landingPage: '/roi-calculators?utm_medium=email',
    userAgent: 'Calculator UA',
    ...over,
  }),
  event: (over: Record<string, unknown> = {}) => ({
    type: 'page_view',
    path: '/services',
    visitorId: 'visitor-123456',
    sessionId: 'session-123456',
    at: Date.now(),
    ...over,
  }),
}

export const minimalPdf = (extra = 0) => Buffer.concat([Buffer.from('%PDF-1.4\n% test résumé\n'), Buffer.alloc(extra, 0x20), Buffer.from('\n%%EOF\n')])

export function applicationForm(
  fields: Record<string, string> = {},
  file: { content: Buffer; name?: string; type?: string } | null = { content: minimalPdf() },
) {
  const form = new FormData()
  const values: Record<string, string> = {
    openingId: 'senior-seo-strategist',
    name: 'Katherine Johnson',
    email: `apply-${crypto.randomUUID()}@example.com`,
    phone: '512 555 0123',
    links: 'https://example.com/portfolio',
    coverLetter: 'I have ten years of search experience and would love to help your clients grow their pipeline.',
    formToken: agedToken(),
    ...fields,
  }
  for (const [k, v] of Object.entries(values)) form.append(k, v)
  if (file) form.append('resume', new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/pdf' }), file.name ?? 'resume.pdf')
  return form
}
