// The alert log and the alert settings (issue 14). Everyone who may see monitoring reads the log;
// only admins (canAccess 'alerts' 'edit') change the settings or send a test alert. A test
// alert skips the maintenance mute and the rate limits, and shows its real delivery outcome.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import type { Env } from '../env.ts'
import { loadAlertSettings, raiseAlert } from '../monitoring/alerts.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

export const alertsTable: TableSpec = {
  table: 'alerts',
  columns: {
    id: 'int',
    kind: 'text',
    key: 'text',
    subject: 'text',
    body: 'text',
    delivery: 'text',
    email_status: 'text',
    webhook_status: 'text',
    last_error: 'text',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}

const config: ResourceConfig = { name: 'alerts', spec: alertsTable, defaultSort: ['created_at', 'DESC'] }

export const AlertSettingsSchema = z.object({
  email: z
    .union([z.email('Enter an email address, or leave it empty.'), z.literal('')])
    .nullable()
    .transform((v) => v || null),
  webhook_url: z
    .union([
      z
        .url('Enter an http:// or https:// URL, or leave it empty.')
        .max(2048)
        .refine((u) => /^https?:\/\//i.test(u), 'Enter an http:// or https:// URL, or leave it empty.'),
      z.literal(''),
    ])
    .nullable()
    .transform((v) => v || null),
  max_per_hour: z.coerce.number().int('Enter a whole number.').min(1, 'At least 1 alert an hour.').max(1000, 'At most 1,000 alerts an hour.'),
})

/** The settings with the honest state of each channel. */
async function settingsView(db: Db, env: Env) {
  const settings = await loadAlertSettings(db)
  const last = async (column: string) =>
    (await db('alerts').whereNotNull(column).whereNot(column, 'queued').orderBy('id', 'desc').first(column, 'last_error', 'updated_at')) ?? null
  const [lastEmail, lastWebhook] = await Promise.all([last('email_status'), last('webhook_status')])
  return {
    ...settings,
    channels: {
      email: !settings.email ? 'not configured' : env.SMTP_URL ? 'live' : 'not connected',
      webhook: settings.webhook_url ? 'live' : 'not configured',
    },
    smtpConfigured: Boolean(env.SMTP_URL),
    lastEmail: lastEmail ? { status: lastEmail.email_status, at: new Date(lastEmail.updated_at).toISOString() } : null,
    lastWebhook: lastWebhook ? { status: lastWebhook.webhook_status, at: new Date(lastWebhook.updated_at).toISOString() } : null,
  }
}

function putSettings(db: Db, env: Env): Middleware {
  return async function putAlertSettingsHandler(ctx) {
    const input = AlertSettingsSchema.parse(bodyOf(ctx))
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await loadAlertSettings(w.trx)
      await w
        .trx('alert_settings')
        .where({ id: 1 })
        .update({ ...input, updated_at: nowIso() })
      const after = await loadAlertSettings(w.trx)
      await audit(w.trx, w.userId, 'update', 'alert-settings', 1, { ...before, updated_at: null }, { ...after, updated_at: null })
    })
    ctx.body = await settingsView(db, env)
  }
}

export const alerts: AdminResourceModule = {
  config,
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    router.get('/alerts/settings', ...guard, requirePermission('alerts', 'list'), async function getAlertSettings(ctx) {
      ctx.body = await settingsView(db, env)
    })
    router.put('/alerts/settings', ...guard, requirePermission('alerts', 'edit'), json, putSettings(db, env))
    router.post('/alerts/test', ...guard, requirePermission('alerts', 'edit'), json, async function postTestAlert(ctx) {
      const result = await raiseAlert(
        db,
        {
          kind: 'test',
          key: `test:${Date.now()}`,
          subject: 'Test alert from the Proofline admin',
          body: 'This is a test of the monitoring alert channel, sent from /admin/monitoring. No action is needed.',
        },
        Date.now(),
        { force: true },
      )
      ctx.status = 201
      ctx.body = result
    })
  },
}
