// GA4 forwarding (issue 13, docs/decisions/123): no Google script in the page. When staff switch
// forwarding on (measurement id, chosen events), the job `ga4.forward` queues new first-party
// events in ga4_forward_queue and hands them to the GA4 provider, which posts them to the
// Measurement Protocol. The provider's state is honest: "not connected" without GA4_API_SECRET
// (the default, and this machine has no network), so events stay queued; an event counts as sent
// only with a 2xx answer (its status is kept as the receipt). GA4 only accepts events up to 72
// hours old: older queued events are marked failed with that reason.
import { z } from 'zod'
import type { Queryable } from '../db/rows.ts'
import type { Env } from '../env.ts'
import { defineJob } from '../jobs/define.ts'
import { DAY_MS, HOUR_MS } from './ingest.ts'

/** Our events that can be forwarded, and the GA4 event name each becomes. */
export const FORWARDABLE = {
  page_view: 'page_view',
  form_view: 'form_view',
  form_start: 'form_start',
  form_submit: 'generate_lead',
  call: 'phone_call',
  outbound: 'outbound_click',
  scroll_depth: 'scroll',
  web_vital: 'web_vital',
} as const
export type Forwardable = keyof typeof FORWARDABLE
export const FORWARDABLE_KEYS = Object.keys(FORWARDABLE) as Forwardable[]

export const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/
export const Ga4SettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    measurementId: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || MEASUREMENT_ID.test(v), 'Use the measurement id GA4 shows under Admin > Data streams, like G-ABC123DEF4.'),
    events: z.array(z.enum(FORWARDABLE_KEYS as [Forwardable, ...Forwardable[]], { error: 'Choose events from the list.' })).max(FORWARDABLE_KEYS.length),
  })
  .refine((s) => !s.enabled || s.measurementId !== '', { path: ['measurementId'], message: 'Enter the measurement id before switching forwarding on.' })
  .refine((s) => !s.enabled || s.events.length > 0, { path: ['events'], message: 'Choose at least one event to forward.' })
export type Ga4Settings = z.output<typeof Ga4SettingsSchema>

export const SETTINGS_KEY = 'ga4.settings'
export const WATERMARK_KEY = 'ga4.queued_through_event'
const DEFAULT_SETTINGS: Ga4Settings = { enabled: false, measurementId: '', events: ['page_view', 'form_submit', 'call'] }

export async function readGa4Settings(db: Queryable): Promise<Ga4Settings> {
  const row = await db('analytics_state').where({ key: SETTINGS_KEY }).first('value')
  if (!row) return { ...DEFAULT_SETTINGS }
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(String(row.value)) as Partial<Ga4Settings>) }
  } catch {
    return { ...DEFAULT_SETTINGS }
  }
}

/** Saves the settings; switching on starts from the events received from now on (no backfill). */
export async function writeGa4Settings(db: Queryable, settings: Ga4Settings): Promise<void> {
  await db('analytics_state')
    .insert({ key: SETTINGS_KEY, value: JSON.stringify(settings) })
    .onConflict('key')
    .merge()
  if (settings.enabled) {
    const max = await db('events').max({ id: 'id' }).first()
    await db('analytics_state')
      .insert({ key: WATERMARK_KEY, value: String(Number(max?.id ?? 0)) })
      .onConflict('key')
      .ignore()
  } else await db('analytics_state').where({ key: WATERMARK_KEY }).delete()
}

// The provider ----------------------------------------------------------------------------------

export type Ga4State = 'not-connected' | 'test' | 'live'
export type Ga4Payload = { client_id: string; timestamp_micros: number; events: { name: string; params: Record<string, unknown> }[] }
export type Ga4Provider = {
  state: Ga4State
  /** What the admin shows (never the secret). */
  description: string
  /** Posts one Measurement Protocol request; answers the HTTP status (throws on a network error). */
  send(measurementId: string, payload: Ga4Payload): Promise<{ status: number; body: string }>
}

export const MP_ENDPOINT = 'https://www.google-analytics.com/mp/collect'
export const MP_DEBUG_ENDPOINT = 'https://www.google-analytics.com/debug/mp/collect'

export function ga4ProviderFor(env: Pick<Env, 'GA4_API_SECRET' | 'GA4_MODE'>): Ga4Provider {
  const secret = env.GA4_API_SECRET
  if (!secret)
    return {
      state: 'not-connected',
      description:
        'Not connected: no GA4 API secret is configured (GA4_API_SECRET), and this server has no network access at run time. Events wait in the queue; none is sent.',
      async send() {
        throw new Error('GA4 is not connected.')
      },
    }
  const endpoint = env.GA4_MODE === 'test' ? MP_DEBUG_ENDPOINT : MP_ENDPOINT
  return {
    state: env.GA4_MODE === 'test' ? 'test' : 'live',
    description: `${env.GA4_MODE === 'test' ? 'Test (validation endpoint, nothing is recorded by GA4)' : 'Live'}: Measurement Protocol at ${endpoint}`,
    async send(measurementId, payload) {
      const url = `${endpoint}?${new URLSearchParams({ measurement_id: measurementId, api_secret: secret })}`
      const reply = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      })
      return { status: reply.status, body: (await reply.text()).slice(0, 500) }
    },
  }
}

// Queue and delivery ----------------------------------------------------------------------------

type EventRow = { id: number | string; type: string; name: string; path: string; value: number | null; visitor_id: string; ts: number | string; goal: string }

/** Which forwardable kind an event is, or null. */
export function kindOf(e: Pick<EventRow, 'type' | 'name' | 'goal'>): Forwardable | null {
  if (e.type === 'click') return e.name === 'call' || e.goal === 'call' ? 'call' : e.name === 'outbound' ? 'outbound' : null
  return (FORWARDABLE_KEYS as string[]).includes(e.type) ? (e.type as Forwardable) : null
}

function ga4Event(kind: Forwardable, e: EventRow) {
  const params: Record<string, unknown> = { page_location: e.path, engagement_time_msec: 1 }
  if (kind === 'form_view' || kind === 'form_start' || kind === 'form_submit') params.form_name = e.name
  if (kind === 'scroll_depth') params.percent_scrolled = Number(e.value)
  if (kind === 'web_vital') Object.assign(params, { metric_name: e.name, metric_value: Number(e.value) })
  if (kind === 'page_view') params.page_title = e.name
  return { name: FORWARDABLE[kind], params }
}

export const QUEUE_BATCH = 5000
/** The Measurement Protocol takes at most 25 events per request. */
export const MP_MAX_EVENTS = 25
export const MP_MAX_AGE_MS = 72 * HOUR_MS
const MAX_ATTEMPTS = 5

/** Queues the events received since the last run that the settings forward. */
export async function queueEvents(db: Queryable, settings: Ga4Settings, now = Date.now()): Promise<number> {
  if (!settings.enabled || !settings.measurementId) return 0
  const mark = await db('analytics_state').where({ key: WATERMARK_KEY }).first('value')
  const after = Number(mark?.value ?? 0)
  const rows = (await db('events')
    .where('id', '>', after)
    .orderBy('id')
    .limit(QUEUE_BATCH)
    .select('id', 'type', 'name', 'path', 'value', 'visitor_id', 'ts', 'goal')) as EventRow[]
  if (!rows.length) return 0
  const wanted = new Set(settings.events)
  const queued = rows.flatMap((e) => {
    const kind = kindOf(e)
    if (!kind || !wanted.has(kind)) return []
    return [
      {
        event_id: Number(e.id),
        name: FORWARDABLE[kind],
        params: JSON.stringify({ client_id: e.visitor_id, timestamp_micros: Number(e.ts) * 1000, event: ga4Event(kind, e) }),
        queued_at: now,
      },
    ]
  })
  await db.transaction(async (trx) => {
    for (let i = 0; i < queued.length; i += 200)
      await trx('ga4_forward_queue')
        .insert(queued.slice(i, i + 200))
        .onConflict('event_id')
        .ignore()
    await trx('analytics_state')
      .insert({ key: WATERMARK_KEY, value: String(Number(rows.at(-1)!.id)) })
      .onConflict('key')
      .merge()
  })
  return queued.length
}

/** Sends queued events (at most `limit`); each is marked sent only on a 2xx receipt. */
export async function deliver(db: Queryable, provider: Ga4Provider, settings: Ga4Settings, now = Date.now(), limit = 500) {
  const result = { sent: 0, failed: 0, expired: 0, waiting: 0 }
  // Older than GA4 accepts: failed, with the reason (they can never be delivered).
  result.expired = Number(
    await db('ga4_forward_queue')
      .where({ status: 'queued' })
      .andWhere('queued_at', '<', now - MP_MAX_AGE_MS)
      .update({ status: 'failed', last_error: 'Older than 72 hours: the Measurement Protocol no longer accepts it.' }),
  )
  if (provider.state === 'not-connected' || !settings.enabled || !settings.measurementId) {
    result.waiting = Number((await db('ga4_forward_queue').where({ status: 'queued' }).count({ n: '*' }).first())?.n ?? 0)
    return result
  }
  const rows = (await db('ga4_forward_queue').where({ status: 'queued' }).orderBy('id').limit(limit).select('id', 'params', 'attempts')) as {
    id: number | string
    params: string
    attempts: number | string
  }[]
  const byClient = new Map<string, { ids: number[]; attempts: number[]; payload: Ga4Payload }[]>()
  for (const r of rows) {
    const p = JSON.parse(r.params) as { client_id: string; timestamp_micros: number; event: Ga4Payload['events'][number] }
    const groups = byClient.get(p.client_id) ?? []
    let g = groups.at(-1)
    if (!g || g.ids.length >= MP_MAX_EVENTS)
      groups.push((g = { ids: [], attempts: [], payload: { client_id: p.client_id, timestamp_micros: p.timestamp_micros, events: [] } }))
    g.ids.push(Number(r.id))
    g.attempts.push(Number(r.attempts))
    g.payload.events.push(p.event)
    byClient.set(p.client_id, groups)
  }
  for (const groups of byClient.values())
    for (const g of groups) {
      let status = 0
      let error = ''
      try {
        const reply = await provider.send(settings.measurementId, g.payload)
        status = reply.status
        if (status < 200 || status > 299) error = `GA4 answered ${status}: ${reply.body}`.slice(0, 500)
      } catch (e) {
        error = `Not delivered: ${(e as Error).message}`.slice(0, 500)
      }
      if (!error) {
        await db('ga4_forward_queue').whereIn('id', g.ids).update({ status: 'sent', receipt_status: status, sent_at: now, last_error: '' })
        result.sent += g.ids.length
        continue
      }
      const last = Math.max(...g.attempts) + 1 >= MAX_ATTEMPTS || (status >= 400 && status < 500)
      await db('ga4_forward_queue')
        .whereIn('id', g.ids)
        .update({ attempts: db.raw('attempts + 1'), last_error: error, status: last ? 'failed' : 'queued' })
      if (last) result.failed += g.ids.length
    }
  return result
}

export async function queueCounts(db: Queryable) {
  const rows = (await db('ga4_forward_queue').groupBy('status').select('status').count({ n: '*' })) as { status: string; n: number | string }[]
  const counts = { queued: 0, sent: 0, failed: 0 }
  for (const r of rows) if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n)
  const lastSent = await db('ga4_forward_queue').where({ status: 'sent' }).max({ at: 'sent_at' }).first()
  const lastError = await db('ga4_forward_queue').whereNot('last_error', '').orderBy('id', 'desc').first('last_error')
  return { ...counts, lastSentAt: lastSent?.at ? new Date(Number(lastSent.at)).toISOString() : null, lastError: lastError?.last_error ?? null }
}

/** Sent and failed rows are kept 30 days for the counts, then deleted. */
export const QUEUE_KEEP_MS = 30 * DAY_MS

export const ga4ForwardJob = defineJob({
  type: 'ga4.forward',
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  timeoutMs: 5 * 60_000,
  async handler(_payload, ctx) {
    const { db, env } = ctx.deps
    const settings = await readGa4Settings(db)
    await queueEvents(db, settings, ctx.now)
    await deliver(db, ga4ProviderFor(env), settings, ctx.now)
    await db('ga4_forward_queue')
      .whereIn('status', ['sent', 'failed'])
      .andWhere('queued_at', '<', ctx.now - QUEUE_KEEP_MS)
      .delete()
  },
})
