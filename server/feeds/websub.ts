// WebSub: the feeds name the hub (settings.hubUrl) and publishing pings it through the job runner
// (`websub.ping`): one POST hub.mode=publish&hub.url=<feed> per feed. The outcome of the last ping
// is stored as a receipt (site_settings "websub:last"): the hub's HTTP status when it answered, the
// error when it could not be reached. Nothing says "sent" without that status. Without a hub the
// state is "not connected"; a hub that cannot be reached (no network here) stays "not connected"
// with the error.
import { z } from 'zod'
import { enqueueJob, defineJob } from '../jobs/define.ts'
import type { Queryable } from '../db/rows.ts'
import { readFeedSettings, readSetting, writeSetting } from '../db/queries/siteSettings.ts'

export type WebSubReceipt = { at: string; hub: string; feeds: string[]; ok: boolean; status: number | null; error: string | null }
export type WebSubState = { state: 'not connected' | 'live'; hubUrl: string | null; reason: string; last: WebSubReceipt | null }

export async function webSubState(db: Queryable): Promise<WebSubState> {
  const [settings, last] = await Promise.all([readFeedSettings(db), readSetting<WebSubReceipt>(db, 'websub:last')])
  if (!settings.hubUrl)
    return { state: 'not connected', hubUrl: null, reason: 'No hub is configured: the feeds carry no hub link and nothing is pinged.', last }
  const current = last && last.hub === settings.hubUrl ? last : null
  if (!current)
    return { state: 'not connected', hubUrl: settings.hubUrl, reason: 'The hub has not been pinged yet: use "Ping the hub now" to test it.', last: current }
  if (!current.ok)
    return {
      state: 'not connected',
      hubUrl: settings.hubUrl,
      reason: `The last ping did not reach the hub (${current.error ?? `HTTP ${current.status}`}); nothing was sent.`,
      last: current,
    }
  return { state: 'live', hubUrl: settings.hubUrl, reason: `The hub accepted the last ping (HTTP ${current.status}).`, last: current }
}

export const webSubPingJob = defineJob({
  type: 'websub.ping',
  payload: z.object({ siteUrl: z.string().url(), feeds: z.array(z.string().startsWith('/')).min(1).max(500) }),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 30 * 60_000 },
  timeoutMs: 30_000,
  async handler({ siteUrl, feeds }, ctx) {
    const { db } = ctx.deps
    const { hubUrl } = await readFeedSettings(db)
    if (!hubUrl) return { skipped: 'no hub configured' }
    const receipt: WebSubReceipt = { at: new Date(ctx.now).toISOString(), hub: hubUrl, feeds, ok: false, status: null, error: null }
    try {
      for (const feed of feeds) {
        const response = await fetch(hubUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': `${siteUrl}${feed}` }),
          signal: ctx.signal,
        })
        receipt.status = response.status
        await response.arrayBuffer().catch(() => undefined)
        if (response.status < 200 || response.status >= 300) throw new Error(`the hub answered HTTP ${response.status} for ${feed}`)
      }
      receipt.ok = true
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      receipt.error = receipt.error ?? (cause ? `${(error as Error).message} (${cause})` : (error as Error).message)
      await writeSetting(db, 'websub:last', receipt, null)
      throw error
    }
    await writeSetting(db, 'websub:last', receipt, null)
    return receipt
  },
})

/** Enqueues a ping of these feeds (site-relative paths) when a hub is configured; returns the job id. */
export async function enqueueWebSubPing(db: Queryable, siteUrl: string, feeds: string[]): Promise<number | null> {
  const { hubUrl } = await readFeedSettings(db)
  if (!hubUrl || !feeds.length) return null
  return enqueueJob(db, webSubPingJob, { siteUrl, feeds })
}
