// The weekly analytics digest (issue 13, docs/decisions/129-weekly-digest.md): every Monday the job
// `analytics.digest` emails each staff member who opted in (My account) and whose role sees the
// analytics: last week's visitors, sessions, page views, conversions and leads against the week
// before, and the top pages and channels, read from the rollups like the dashboards. Sent through
// the mail provider (SMTP, or the file sink in development and tests); a week counts as sent for a
// person only with the provider's message id (`analytics_digests`), so a retry sends only the
// missing ones.
import { z } from 'zod'
import { canAccess } from '../../shared/permissions.ts'
import type { Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { defineJob } from '../jobs/define.ts'
import { mailProviderFor, type OutgoingMail } from '../newsletter/mailProvider.ts'
import { escapeHtml } from '../newsletter/render.ts'
import { publicSiteUrl } from '../newsletter/site.ts'
import { DAY_MS } from './ingest.ts'
import { readBreakdown } from './queries.ts'

export type DigestTotals = { visitors: number; sessions: number; page_views: number; conversions: number; leads: number }
export type Digest = {
  weekStart: string
  weekEnd: string
  current: DigestTotals
  previous: DigestTotals
  topPages: { page: string; views: number }[]
  topChannels: { channel: string; sessions: number }[]
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10)

/** The Monday (UTC, ms) starting the last complete Monday–Sunday week before `now`. */
export function lastWeekStart(now: number): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7
  return today - sinceMonday * DAY_MS - 7 * DAY_MS
}

async function totals(db: Db, from: number, to: number, now: number): Promise<DigestTotals> {
  const breakdown = await readBreakdown(db, { from, to }, ['total'], now)
  const t = breakdown.get('total')?.get('')
  const leads = await db('leads')
    .where('is_spam', false)
    .andWhere('created_at', '>=', new Date(from).toISOString())
    .andWhere('created_at', '<', new Date(to).toISOString())
    .count({ n: '*' })
    .first()
  return {
    visitors: t?.visitors ?? 0,
    sessions: t?.sessions ?? 0,
    page_views: t?.page_views ?? 0,
    conversions: t?.conversions ?? 0,
    leads: Number(leads?.n ?? 0),
  }
}

export async function buildDigest(db: Db, weekStart: number, now = Date.now()): Promise<Digest> {
  const end = weekStart + 7 * DAY_MS
  const [current, previous, breakdown] = await Promise.all([
    totals(db, weekStart, end, now),
    totals(db, weekStart - 7 * DAY_MS, weekStart, now),
    readBreakdown(db, { from: weekStart, to: end }, ['page', 'channel'], now),
  ])
  const top = <K extends string>(dim: 'page' | 'channel', metric: 'page_views' | 'sessions', label: K) =>
    [...(breakdown.get(dim) ?? new Map())]
      .map(([key, f]) => ({ [label]: key, n: f[metric] }))
      .filter((r) => r.n > 0)
      .sort((a, b) => b.n - a.n)
      .slice(0, 5)
  return {
    weekStart: isoDay(weekStart),
    weekEnd: isoDay(end - DAY_MS),
    current,
    previous,
    topPages: top('page', 'page_views', 'page').map((r) => ({ page: String(r.page), views: r.n })),
    topChannels: top('channel', 'sessions', 'channel').map((r) => ({ channel: String(r.channel), sessions: r.n })),
  }
}

const number = new Intl.NumberFormat('en-US')
/** "+12.5 %", "−3 %", "new" (nothing the week before) or "no change". */
export function changeLabel(current: number, before: number): string {
  if (!before) return current ? 'new' : 'no change'
  const pct = Math.round(((current - before) / before) * 1000) / 10
  return pct === 0 ? 'no change' : `${pct > 0 ? '+' : '−'}${Math.abs(pct)} %`
}

const LABELS: [keyof DigestTotals, string][] = [
  ['visitors', 'Visitors'],
  ['sessions', 'Sessions'],
  ['page_views', 'Page views'],
  ['conversions', 'Conversions (forms, calls)'],
  ['leads', 'Leads'],
]

export function digestEmail(env: Env, to: { email: string; name: string }, d: Digest): OutgoingMail {
  const subject = `Proofline analytics: week of ${d.weekStart}`
  const admin = `${publicSiteUrl(env)}/admin/analytics?from=${d.weekStart}&to=${d.weekEnd}`
  const lines = LABELS.map(([k, label]) => `${label}: ${number.format(d.current[k])} (${changeLabel(d.current[k], d.previous[k])} vs the week before)`)
  const text = [
    `Hello ${to.name || to.email},`,
    `Your weekly analytics digest for ${d.weekStart} to ${d.weekEnd} (UTC):`,
    lines.join('\n'),
    `Top pages:\n${d.topPages.map((p) => `- ${p.page}: ${number.format(p.views)} views`).join('\n') || '- no page views'}`,
    `Top channels:\n${d.topChannels.map((c) => `- ${c.channel}: ${number.format(c.sessions)} sessions`).join('\n') || '- no sessions'}`,
    `Open the dashboard: ${admin}`,
    'You receive this because you turned on the weekly digest in My account; turn it off there.',
  ].join('\n\n')
  const row = (cells: string[], head = false) =>
    `<tr>${cells.map((c, i) => `<${head ? 'th' : 'td'} style="padding:4px 8px;text-align:${i ? 'right' : 'left'};border-bottom:1px solid #cbd5e1">${escapeHtml(c)}</${head ? 'th' : 'td'}>`).join('')}</tr>`
  const table = (caption: string, head: string[], rows: string[][]) =>
    `<table style="border-collapse:collapse;margin:0 0 16px;width:100%"><caption style="text-align:left;font-weight:bold;padding:4px 0">${escapeHtml(caption)}</caption>${row(head, true)}${rows.map((r) => row(r)).join('')}</table>`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#ffffff;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(to.name || to.email)}, here is ${escapeHtml(d.weekStart)} to ${escapeHtml(d.weekEnd)} (UTC) against the week before.</p>
${table(
  'Totals',
  ['', 'This week', 'Week before', 'Change'],
  LABELS.map(([k, label]) => [label, number.format(d.current[k]), number.format(d.previous[k]), changeLabel(d.current[k], d.previous[k])]),
)}
${table(
  'Top pages',
  ['Page', 'Views'],
  d.topPages.map((p) => [p.page, number.format(p.views)]),
)}
${table(
  'Top channels',
  ['Channel', 'Sessions'],
  d.topChannels.map((c) => [c.channel, number.format(c.sessions)]),
)}
<p><a href="${escapeHtml(admin)}" style="color:#1d4ed8">Open the dashboard</a></p>
<p style="font-size:14px;color:#334155">You receive this because you turned on the weekly digest in My account; turn it off there.</p>
</body></html>`
  return { from: env.MAIL_FROM ?? 'Proofline Digital <analytics@example.com>', to: to.email, subject, text, html }
}

/** Roles that may receive it: those who see the analytics screens. */
export const mayReceiveDigest = (role: string) => canAccess(role, { resource: 'analytics', action: 'list' })

/** Sends last week's digest to everyone opted in who has not had it; answers what happened. */
export async function sendDigests(db: Db, env: Env, now = Date.now()): Promise<{ sent: number; failed: number; skipped: number }> {
  const start = lastWeekStart(now)
  const week = isoDay(start)
  const users = (await db('users').where({ analytics_digest: true, disabled: false }).select('id', 'email', 'name', 'role')) as {
    id: number
    email: string
    name: string
    role: string
  }[]
  const done = new Set(((await db('analytics_digests').where({ week_start: week, status: 'sent' }).pluck('user_id')) as (number | string)[]).map(Number))
  const due = users.filter((u) => mayReceiveDigest(u.role) && !done.has(Number(u.id)))
  const out = { sent: 0, failed: 0, skipped: users.length - due.length }
  if (!due.length) return out
  const digest = await buildDigest(db, start, now)
  const provider = mailProviderFor(env)
  for (const user of due) {
    let record: { status: string; message_id: string | null; error: string }
    try {
      const receipt = await provider.send(digestEmail(env, user, digest))
      // Only a receipt with a message id counts as sent.
      if (!receipt.messageId) throw new Error('The mail provider gave no message id.')
      record = { status: 'sent', message_id: receipt.messageId.slice(0, 300), error: '' }
      out.sent++
    } catch (error) {
      record = { status: 'failed', message_id: null, error: String((error as Error).message ?? error).slice(0, 500) }
      out.failed++
    }
    await db('analytics_digests')
      .insert({ user_id: user.id, week_start: week, ...record })
      .onConflict(['user_id', 'week_start'])
      .merge(['status', 'message_id', 'error', 'created_at'])
  }
  return out
}

export const analyticsDigestJob = defineJob({
  type: 'analytics.digest',
  payload: z.object({}),
  maxAttempts: 5,
  backoff: { baseMs: 5 * 60_000, maxMs: 2 * 3600_000 },
  timeoutMs: 10 * 60_000,
  // Without a connected provider the run waits in the queue for a process that can send.
  enabled: (deps) => mailProviderFor(deps.env).state !== 'not-connected',
  async handler(_payload, ctx) {
    const result = await sendDigests(ctx.deps.db, ctx.deps.env, ctx.now)
    // A failed send is retried by the next attempt (the ones sent are not sent again).
    if (result.failed && !ctx.lastAttempt) throw new Error(`${result.failed} weekly digests could not be sent; they are retried.`)
    return result
  },
})
