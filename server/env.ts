// Environment in one place: parsed with zod at start-up; a bad value stops the server with a
// readable list. `.env.example` documents every variable.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { parseTrustedProxies, type ProxyTrust } from './lib/clientAddress.ts'

export const projectRoot = path.resolve(import.meta.dirname, '..')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SITE_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAR_DIR: z.string().default(path.join(projectRoot, 'var')),
  STATIC_DIR: z.string().default(path.join(projectRoot, 'dist', 'client')),
  UPLOADS_DIR: z.string().optional(),
  // Upload limits (docs/decisions/062-upload-quotas-and-form-tokens.md).
  UPLOAD_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  UPLOADS_MAX_TOTAL_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  UPLOADS_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(512 * 1024 * 1024),
  /** Blog migration uploads (issue 12): the export file, and the media zip (wp-content/uploads). */
  BLOG_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  BLOG_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  SMTP_URL: z.string().optional(),
  /** Cross-posting to dev.to (server/syndication/providers.ts): an API key connects it. */
  DEVTO_API_KEY: z.string().min(1).optional(),
  DEVTO_API_URL: z.url().default('https://dev.to/api'),
  /** test: articles are created as unpublished drafts; live: published. */
  DEVTO_MODE: z.enum(['test', 'live']).default('test'),
  NOTIFY_EMAIL: z.email().default('leads@example.com'),
  APP_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Behind proxies (server/lib/clientAddress.ts): how many proxies append to X-Forwarded-For, or
  // which addresses are our proxies. TRUST_PROXY=true is TRUST_PROXY_HOPS=1.
  TRUST_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(20)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .refine((v) => !v || tryParse(v) === null, {
      error: (issue) => `a comma-separated list of proxy addresses or CIDR ranges: ${tryParse(String(issue.input))}`,
    }),
  // A schema for every table (PostgreSQL only): lets test runs and previews share one database.
  DATABASE_SEARCH_PATH: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case schema name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().optional(),
  // Newsletter delivery (docs/decisions/140-newsletter-delivery.md): smtp (SMTP_URL), file (an
  // .eml sink folder) or none; by default smtp when SMTP_URL is set, else file outside production.
  MAIL_PROVIDER: z
    .enum(['smtp', 'file', 'none'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // test: the SMTP server is a capture server (Mailpit, a sink), not real delivery.
  MAIL_MODE: z.enum(['live', 'test']).default('live'),
  MAIL_SINK_DIR: z.string().optional(),
  NEWSLETTER_FROM: z.string().optional(),
  // Campaign sending: emails per second and per batch; a bounce webhook's bearer token.
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().positive().max(100_000).default(50),
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(100),
  NEWSLETTER_WEBHOOK_TOKEN: z
    .string()
    .min(24, 'at least 24 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  // Analytics beacons arrive many times per page view; by default 50 times the form limit.
  EVENTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // Browser error reports accepted per IP and minute (POST /api/errors); more get 429.
  ERROR_REPORTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000),
  // A request body must arrive within this time (uploads: 4 times as long), or 408.
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // Staff admin (docs/decisions/040-admin-auth.md): session timeouts and the first admin account.
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .literal('')
    .transform(() => undefined)
    .or(z.string())
    .optional(),
  // The job runner (docs/decisions/060-job-runner.md): how often an idle process looks for due
  // jobs, and how long a claimed job stays leased between heartbeats (a process killed mid-job
  // gives its jobs back after at most this long).
  // Analytics (docs/decisions/120-analytics-storage.md): days raw events and sessions are kept
  // (rollups are kept for good).
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  // GA4 forwarding through the Measurement Protocol (docs/decisions/123): without a secret the
  // provider is "not connected" and events wait in the queue; test = GA4's validation endpoint.
  GA4_API_SECRET: z.string().max(200).default(''),
  GA4_MODE: z.enum(['live', 'test']).default('live'),
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(2000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
})

export type Env = z.infer<typeof EnvSchema> & { APP_SECRET: string; UPLOADS_DIR: string; EVENTS_RATE_LIMIT_PER_MINUTE: number }

function tryParse(list: string): string | null {
  try {
    parseTrustedProxies(list)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/** How the client address is read (server/lib/clientAddress.ts). */
export function proxyTrust(env: Pick<Env, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS' | 'TRUSTED_PROXIES'>): ProxyTrust {
  if (env.TRUSTED_PROXIES) return { hops: 0, proxies: parseTrustedProxies(env.TRUSTED_PROXIES) }
  return { hops: env.TRUST_PROXY_HOPS ?? (env.TRUST_PROXY ? 1 : 0), proxies: null }
}

/** A secret that signs form tokens and unsubscribe links: from APP_SECRET, or generated once into var/. */
function loadSecret(varDir: string, given?: string): string {
  if (given) return given
  const file = path.join(varDir, 'app-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(varDir, { recursive: true })
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.data
  if (env.TRUSTED_PROXIES && env.TRUST_PROXY_HOPS !== undefined)
    throw new Error('Invalid environment:\n  - TRUSTED_PROXIES: set either TRUSTED_PROXIES or TRUST_PROXY_HOPS, not both')
  return {
    ...env,
    APP_SECRET: loadSecret(env.VAR_DIR, env.APP_SECRET),
    UPLOADS_DIR: env.UPLOADS_DIR ?? path.join(env.VAR_DIR, 'uploads'),
    EVENTS_RATE_LIMIT_PER_MINUTE: env.EVENTS_RATE_LIMIT_PER_MINUTE ?? env.RATE_LIMIT_PER_MINUTE * 50,
  }
}
