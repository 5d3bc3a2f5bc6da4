// Sending a campaign through the job runner, in batches at NEWSLETTER_RATE_PER_SECOND.
// Recipients are stored once, at the start, as one newsletter_sends row per subscriber (unique per
// campaign): the resume key. Each batch is claimed (queued → sending) and committed before any
// email of it leaves; each email is marked sent with the provider's message id. A process killed
// mid-batch leaves rows in "sending": the next run marks them "interrupted" and does not send them
// again, so nobody receives a campaign twice (at most once; docs/decisions/143).
// A run sends for at most RUN_BUDGET_MS, then queues the next run: other jobs are not starved and
// a deploy's shutdown finds at most one batch in flight.
import { z } from 'zod'
import type { Knex } from 'knex'
import type { Db } from '../db/knex.ts'
import { nowIso, type Queryable } from '../db/rows.ts'
import type { Env } from '../env.ts'
import { whereJsonContains } from '../admin/listQuery.ts'
import { defineJob, enqueueJob } from '../jobs/define.ts'
import { clickUrl, newsletterUnsubscribeUrl, openPixelUrl } from './links.ts'
import { mailProviderFor, PermanentMailError, type MailProvider, type OutgoingMail } from './mailProvider.ts'
import { personalise, renderCampaign } from './render.ts'
import { footerAddress, newsletterFrom, publicSiteUrl } from './site.ts'
import { unsubscribeHeaders } from './transactional.ts'

export const RUN_BUDGET_MS = 45_000
const LANES = 4

export type Segment = { tag?: string; source?: string; engagedDays?: number }

export type CampaignRow = {
  id: number
  slug: string
  name: string
  subject: string
  preheader: string
  body_markdown: string
  list_id: number | null
  segment: Segment | null
  track: boolean
  status: string
  scheduled_at: string | null
}

export async function loadCampaign(db: Queryable, id: number): Promise<CampaignRow | undefined> {
  const row = await db('newsletter_campaigns').where({ id }).first()
  if (!row) return undefined
  const segment = typeof row.segment === 'string' ? JSON.parse(row.segment) : row.segment
  return { ...row, id: Number(row.id), list_id: row.list_id == null ? null : Number(row.list_id), segment, track: row.track === true || row.track === 1 }
}

/** The subscribers a campaign goes to: confirmed, on its list, matching its segment. */
export function audienceQuery(db: Db | Knex.Transaction, c: { list_id: number | null; segment: Segment | null }, now = Date.now()) {
  const q = db('newsletter_subscribers as s').where('s.status', 'subscribed')
  if (c.list_id)
    q.whereExists(
      db('newsletter_subscriptions as ls')
        .select(db.raw('1'))
        .whereRaw('ls.subscriber_id = s.id')
        .andWhere({ 'ls.list_id': c.list_id, 'ls.status': 'subscribed' }),
    )
  const seg = c.segment ?? {}
  if (seg.source) q.andWhere('s.source', seg.source)
  if (seg.engagedDays) q.andWhere('s.last_engaged_at', '>=', nowIso(now - seg.engagedDays * 86_400_000))
  if (seg.tag) whereJsonContains(db as Db, q, 's', 'tags', seg.tag)
  return q
}

/** Stores the recipients and the links, and moves the campaign to "sending" (once). */
export async function startCampaign(trx: Knex.Transaction, c: CampaignRow, now = Date.now()) {
  const audience = audienceQuery(trx, c, now).select(trx.raw('?', [c.id]), 's.id', trx.raw("'queued'"))
  const { sql, bindings } = audience.toSQL()
  await trx.raw(`insert into newsletter_sends (campaign_id, subscriber_id, status) ${sql}`, bindings as Knex.RawBinding[])
  const rendered = renderCampaign({ subject: c.subject, preheader: c.preheader, markdown: c.body_markdown }, footerAddress())
  await trx('newsletter_links').where({ campaign_id: c.id }).delete()
  if (rendered.links.length) await trx('newsletter_links').insert(rendered.links.map((url, position) => ({ campaign_id: c.id, position, url })))
  const [{ n }] = await trx('newsletter_sends').where({ campaign_id: c.id }).count({ n: '*' })
  await trx('newsletter_campaigns')
    .where({ id: c.id })
    .update({ status: 'sending', started_at: nowIso(now), recipients: Number(n), updated_at: nowIso(now) })
}

export type Composer = (to: { subscriberId: number; email: string }) => OutgoingMail

/** Renders the campaign once; each recipient gets their own links, pixel and unsubscribe URL. */
export function campaignComposer(env: Env, c: CampaignRow): Composer {
  const rendered = renderCampaign({ subject: c.subject, preheader: c.preheader, markdown: c.body_markdown }, footerAddress())
  const site = publicSiteUrl(env)
  const from = newsletterFrom(env)
  return ({ subscriberId, email }) => {
    const who = c.track ? subscriberId : 0
    const unsubscribe = newsletterUnsubscribeUrl(env.APP_SECRET, site, email, c.id)
    const fill = { link: (n: number) => clickUrl(env.APP_SECRET, site, c.id, n, who), unsubscribe, pixel: openPixelUrl(env.APP_SECRET, site, c.id, who) }
    return {
      from,
      to: email,
      subject: c.subject,
      html: personalise(rendered.html, fill, true),
      text: personalise(rendered.text, fill, false),
      headers: { ...unsubscribeHeaders(unsubscribe), Precedence: 'bulk', 'X-Campaign': c.slug },
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve()
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
  })

export type RunOutcome = { sent: number; failed: number; done: boolean }

/** One run: batches until the budget, the abort signal or the end of the queue. */
export async function sendCampaignBatches(
  db: Db,
  env: Env,
  provider: MailProvider,
  campaignId: number,
  opts: { signal: AbortSignal; budgetMs?: number; now?: () => number },
): Promise<RunOutcome> {
  const clock = opts.now ?? Date.now
  const out: RunOutcome = { sent: 0, failed: 0, done: false }
  const c = await loadCampaign(db, campaignId)
  if (!c) return { ...out, done: true }
  if (c.status === 'scheduled') {
    // A job left from an earlier schedule: the current schedule has its own job.
    if (c.scheduled_at && new Date(c.scheduled_at).getTime() > clock() + 1000) return { ...out, done: true }
    await db.transaction((trx) => startCampaign(trx, c, clock()))
  } else if (c.status !== 'sending') return { ...out, done: true }
  // Rows a dead run had claimed: maybe sent, maybe not. Never sent again.
  await db('newsletter_sends')
    .where({ campaign_id: campaignId, status: 'sending' })
    .update({ status: 'interrupted', error: 'The sending process stopped during this batch; not resent so that nobody receives the campaign twice.' })
  const compose = campaignComposer(env, c)
  const deadline = clock() + (opts.budgetMs ?? RUN_BUDGET_MS)
  const batchSize = env.NEWSLETTER_BATCH_SIZE
  while (!opts.signal.aborted && clock() < deadline) {
    const started = Date.now()
    // Cancelled by staff: stop after the batch in flight.
    const current = await db('newsletter_campaigns').where({ id: campaignId }).first('status')
    if (current?.status !== 'sending') {
      out.done = true
      break
    }
    const rows: Array<{ id: number | string; subscriber_id: number; email: string; status: string }> = await db('newsletter_sends as ns')
      .join('newsletter_subscribers as s', 's.id', 'ns.subscriber_id')
      .select('ns.id', 'ns.subscriber_id', 's.email', 's.status')
      .where({ 'ns.campaign_id': campaignId, 'ns.status': 'queued' })
      .orderBy('ns.id')
      .limit(batchSize)
    if (!rows.length) {
      await finishCampaign(db, campaignId, clock())
      out.done = true
      break
    }
    const skipped = rows.filter((r) => r.status !== 'subscribed').map((r) => r.id)
    const batch = rows.filter((r) => r.status === 'subscribed')
    if (skipped.length) await db('newsletter_sends').whereIn('id', skipped).update({ status: 'skipped', error: 'Unsubscribed or blocklisted before the send.' })
    if (!batch.length) continue
    // The claim is committed before any email leaves.
    const claimed = await db('newsletter_sends')
      .whereIn(
        'id',
        batch.map((r) => r.id),
      )
      .andWhere({ status: 'queued' })
      .update({ status: 'sending' })
    if (Number(claimed) !== batch.length) throw new Error('Another process is sending this campaign; this run stops.')
    const sent: Array<{ id: number | string; subscriberId: number; messageId: string }> = []
    const failed: Array<{ id: number | string; error: string }> = []
    let transient: unknown = null
    const queue = [...batch]
    const lane = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        if (transient || opts.signal.aborted) {
          queue.unshift(r)
          return
        }
        try {
          const receipt = await provider.send(compose({ subscriberId: Number(r.subscriber_id), email: r.email }))
          sent.push({ id: r.id, subscriberId: Number(r.subscriber_id), messageId: receipt.messageId })
        } catch (error) {
          if (error instanceof PermanentMailError) failed.push({ id: r.id, error: error.message.slice(0, 500) })
          else {
            transient = error
            queue.unshift(r)
            return
          }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(LANES, batch.length) }, lane))
    await recordBatch(db, campaignId, sent, failed, clock())
    out.sent += sent.length
    out.failed += failed.length
    // Not attempted (a transient failure, a shutdown): back to the queue for the next run.
    const untried = batch.filter((r) => !sent.some((s) => s.id === r.id) && !failed.some((f) => f.id === r.id)).map((r) => r.id)
    if (untried.length) await db('newsletter_sends').whereIn('id', untried).andWhere({ status: 'sending' }).update({ status: 'queued' })
    if (transient) {
      await db('newsletter_campaigns')
        .where({ id: campaignId })
        .update({ last_error: String((transient as Error).message ?? transient).slice(0, 500) })
      throw transient
    }
    const minMs = (batch.length / env.NEWSLETTER_RATE_PER_SECOND) * 1000
    await sleep(minMs - (Date.now() - started), opts.signal)
  }
  return out
}

async function recordBatch(
  db: Db,
  campaignId: number,
  sent: Array<{ id: number | string; subscriberId: number; messageId: string }>,
  failed: Array<{ id: number | string; error: string }>,
  now: number,
) {
  if (!sent.length && !failed.length) return
  const at = nowIso(now)
  await db.transaction(async (trx) => {
    for (const s of sent)
      await trx('newsletter_sends')
        .where({ id: s.id })
        .update({ status: 'sent', message_id: s.messageId.slice(0, 300), sent_at: at })
    for (const f of failed) await trx('newsletter_sends').where({ id: f.id }).update({ status: 'failed', error: f.error })
    if (sent.length) {
      for (let i = 0; i < sent.length; i += 500)
        await trx('newsletter_subscribers')
          .whereIn(
            'id',
            sent.slice(i, i + 500).map((s) => s.subscriberId),
          )
          .increment('campaigns_received', 1)
    }
    await trx('newsletter_campaigns')
      .where({ id: campaignId })
      .update({ sent: trx.raw('sent + ?', [sent.length]), failed: trx.raw('failed + ?', [failed.length]), last_error: '', updated_at: at })
  })
}

async function finishCampaign(db: Db, campaignId: number, now: number) {
  const counts: Array<{ status: string; n: number | string }> = await db('newsletter_sends')
    .where({ campaign_id: campaignId })
    .groupBy('status')
    .select('status')
    .count({ n: '*' })
  const of = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0)
  await db('newsletter_campaigns')
    .where({ id: campaignId, status: 'sending' })
    .update({ status: 'sent', finished_at: nowIso(now), sent: of('sent'), failed: of('failed') + of('interrupted'), updated_at: nowIso(now) })
}

export const campaignSendJob = defineJob({
  type: 'newsletter.campaign',
  payload: z.object({ campaignId: z.number().int().positive() }),
  maxAttempts: 10,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  timeoutMs: RUN_BUDGET_MS + 60_000,
  enabled: (deps) => mailProviderFor(deps.env).state !== 'not-connected',
  async handler({ campaignId }, ctx) {
    const { db, env } = ctx.deps
    const outcome = await sendCampaignBatches(db, env, mailProviderFor(env), campaignId, { signal: ctx.signal })
    if (!outcome.done && !ctx.signal.aborted) await enqueueCampaignRun(db, campaignId)
    // Aborted (shutdown): the runner releases this job back to the queue, which resumes it.
    if (ctx.signal.aborted && !outcome.done) throw new Error('Stopped by a shutdown; the campaign resumes on the next run.')
  },
})

export async function enqueueCampaignRun(db: Queryable, campaignId: number, runAt?: number) {
  const at = runAt ?? Date.now()
  return enqueueJob(db, campaignSendJob, { campaignId }, { runAt: at, key: `newsletter-campaign:${campaignId}:${at}` })
}
