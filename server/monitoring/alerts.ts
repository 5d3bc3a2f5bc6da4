// The alert channel (issue 14). Every alert is a row of `alerts`, always visible in the admin.
// Delivery, decided when the alert is raised:
//   muted      a maintenance window is running;
//   limited    the same alert (key) was delivered in the last 30 minutes, or the hourly cap of
//              alert_settings.max_per_hour is reached: one incident does not send a hundred emails;
//   admin-only neither an email address nor a webhook is configured;
//   queued     an `alert.send` job delivers it by SMTP (the lead notifications' transport) and/or
//              the webhook, then marks it sent or failed with the last error; never "sent"
//              without the SMTP server's or the webhook's answer.
import { z } from 'zod'
import type { Db } from '../db/knex.ts'
import { nowIso, type Queryable } from '../db/rows.ts'
import { defineJob, enqueueJob } from '../jobs/define.ts'
import { mailFrom } from '../jobs/notifications.ts'

export const SAME_ALERT_WINDOW_MS = 30 * 60_000
const HOUR_MS = 3600_000
export const WEBHOOK_TIMEOUT_MS = 5000

export type AlertInput = { kind: string; key: string; subject: string; body: string }
export type AlertSettings = { email: string | null; webhook_url: string | null; max_per_hour: number; updated_at: string | null }
export type Delivery = 'queued' | 'sent' | 'failed' | 'admin-only' | 'muted' | 'limited'

export async function loadAlertSettings(db: Queryable): Promise<AlertSettings> {
  const row = await db('alert_settings').where({ id: 1 }).first()
  return {
    email: row?.email || null,
    webhook_url: row?.webhook_url || null,
    max_per_hour: Number(row?.max_per_hour ?? 10),
    updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
  }
}

/** The maintenance window running at `now`, if any. */
export async function activeMaintenance(db: Queryable, now = Date.now()): Promise<{ id: number; note: string; ends_at: string } | null> {
  const at = nowIso(now)
  const row = await db('maintenance_windows').where('starts_at', '<=', at).andWhere('ends_at', '>', at).orderBy('ends_at', 'desc').first()
  return row ? { id: Number(row.id), note: String(row.note), ends_at: new Date(row.ends_at).toISOString() } : null
}

const DELIVERED = ['queued', 'sent', 'failed']

async function decideDelivery(db: Queryable, settings: AlertSettings, input: AlertInput, now: number, force: boolean): Promise<Delivery> {
  if (!force && (await activeMaintenance(db, now))) return 'muted'
  if (!settings.email && !settings.webhook_url) return 'admin-only'
  if (force) return 'queued'
  const same = await db('alerts')
    .where({ key: input.key })
    .whereIn('delivery', DELIVERED)
    .andWhere('created_at', '>', nowIso(now - SAME_ALERT_WINDOW_MS))
    .first('id')
  if (same) return 'limited'
  const [{ n }] = await db('alerts')
    .whereIn('delivery', DELIVERED)
    .andWhere('created_at', '>', nowIso(now - HOUR_MS))
    .count({ n: '*' })
  return Number(n) >= settings.max_per_hour ? 'limited' : 'queued'
}

/** Stores the alert and, when it is to be delivered, the job that delivers it. */
export async function raiseAlert(db: Db, input: AlertInput, now = Date.now(), opts: { force?: boolean } = {}): Promise<{ id: number; delivery: Delivery }> {
  return db.transaction(async (trx) => {
    const settings = await loadAlertSettings(trx)
    const delivery = await decideDelivery(trx, settings, input, now, opts.force ?? false)
    const at = nowIso(now)
    const [row] = await trx('alerts')
      .insert({
        kind: input.kind.slice(0, 40),
        key: input.key.slice(0, 200),
        subject: input.subject.slice(0, 300),
        body: input.body,
        delivery,
        email_status: delivery === 'queued' && settings.email ? 'queued' : null,
        webhook_status: delivery === 'queued' && settings.webhook_url ? 'queued' : null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
    const id = Number(typeof row === 'object' ? row.id : row)
    if (delivery === 'queued') await enqueueJob(trx, alertJob, { alertId: id }, { key: `alert:${id}`, now })
    return { id, delivery }
  })
}

async function postWebhook(url: string, alert: Record<string, unknown>, signal: AbortSignal): Promise<void> {
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'Proofline-Monitoring/1' },
    body: JSON.stringify({
      id: alert.id,
      kind: alert.kind,
      subject: alert.subject,
      text: alert.body,
      created_at: new Date(String(alert.created_at)).toISOString(),
    }),
    signal: AbortSignal.any([signal, timeout]),
  })
  await response.arrayBuffer().catch(() => undefined)
  if (!response.ok) throw new Error(`The webhook answered HTTP ${response.status}.`)
}

export const alertJob = defineJob({
  type: 'alert.send',
  payload: z.object({ alertId: z.number().int().positive() }),
  maxAttempts: 5,
  backoff: { baseMs: 30_000, maxMs: 3600_000 },
  timeoutMs: 30_000,
  async handler({ alertId }, ctx) {
    const { db, env, sendMail } = ctx.deps
    const alert = await db('alerts').where({ id: alertId }).first()
    if (!alert || alert.delivery === 'sent') return
    const settings = await loadAlertSettings(db)
    const errors: string[] = []
    const status: Record<string, string | null> = { email_status: alert.email_status, webhook_status: alert.webhook_status }
    if (settings.email && alert.email_status !== 'sent') {
      if (!sendMail) {
        status.email_status = 'failed'
        errors.push('Email: no mail transport on this server (set SMTP_URL).')
      } else {
        try {
          await sendMail({ from: mailFrom(env), to: settings.email, subject: `[Proofline monitoring] ${alert.subject}`, text: String(alert.body) })
          status.email_status = 'sent'
        } catch (error) {
          status.email_status = 'failed'
          errors.push(`Email: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    if (settings.webhook_url && alert.webhook_status !== 'sent') {
      try {
        await postWebhook(settings.webhook_url, alert, ctx.signal)
        status.webhook_status = 'sent'
      } catch (error) {
        status.webhook_status = 'failed'
        errors.push(`Webhook: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const delivery: Delivery = errors.length ? (ctx.lastAttempt ? 'failed' : 'queued') : 'sent'
    await db('alerts')
      .where({ id: alertId })
      .update({ ...status, delivery, last_error: errors.length ? errors.join(' ').slice(0, 500) : null, updated_at: nowIso() })
    if (errors.length) throw new Error(errors.join(' '))
  },
})
