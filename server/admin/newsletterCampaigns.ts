// Campaigns in the admin: compose (Markdown, or from recent blog posts), preview, test send to
// yourself, schedule or send now (to a list and segment, through the job runner), cancel, and
// the report. A campaign can be edited while draft or scheduled; sent ones are kept as sent.
import fs from 'node:fs'
import path from 'node:path'
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { CampaignCreateSchema, CampaignSendSchema, CampaignUpdateSchema, SegmentSchema } from '../../shared/newsletter.ts'
import { parseBlogPost } from '../../data/loadData.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import { projectRoot, type Env } from '../env.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { audienceQuery, campaignComposer, enqueueCampaignRun, loadCampaign } from '../newsletter/campaignJob.ts'
import { withUtm } from '../newsletter/links.ts'
import { mailProviderFor } from '../newsletter/mailProvider.ts'
import { personalise, renderCampaign } from '../newsletter/render.ts'
import { campaignReport } from '../newsletter/report.ts'
import { footerAddress, publicSiteUrl } from '../newsletter/site.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

export const campaignsTable: TableSpec = {
  table: 'newsletter_campaigns',
  columns: {
    id: 'int',
    slug: 'text',
    name: 'text',
    subject: 'text',
    preheader: 'text',
    body_markdown: 'text',
    list_id: 'int',
    segment: 'json',
    track: 'bool',
    status: 'text',
    scheduled_at: 'time',
    started_at: 'time',
    finished_at: 'time',
    recipients: 'int',
    sent: 'int',
    failed: 'int',
    bounced: 'int',
    complaints: 'int',
    unsubscribes: 'int',
    opens_human: 'int',
    opens_machine: 'int',
    unique_opens_human: 'int',
    clicks: 'int',
    unique_clicks: 'int',
    last_error: 'text',
    created_by: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { list_id: 'newsletter_lists', created_by: 'users' },
  hasUpdatedAt: true,
}

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'campaign'

const EDITABLE = ['draft', 'scheduled']

const config: ResourceConfig = {
  name: 'newsletter-campaigns',
  spec: campaignsTable,
  defaultSort: ['created_at', 'DESC'],
  createSchema: CampaignCreateSchema as never,
  updateSchema: CampaignUpdateSchema as never,
  filters: () => (key, value, query) => {
    if (key !== 'q') return false
    if (typeof value !== 'string') throw httpError(400, 'q must be text.')
    if (value.trim())
      query.whereRaw('lower(newsletter_campaigns.name) like ?', [
        `%${value
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, '')}%`,
      ])
    return true
  },
  async beforeCreate(data, w) {
    let slug = (data.slug as string | undefined) ?? slugify(String(data.name))
    if (data.slug && (await w.trx('newsletter_campaigns').where({ slug }).first('id')))
      throw httpError(409, 'Another campaign has this slug: UTM links must tell campaigns apart.', { slug: 'Already used.' })
    for (let n = 2; await w.trx('newsletter_campaigns').where({ slug }).first('id'); n++) slug = `${slugify(String(data.name))}-${n}`
    return { ...data, slug, status: 'draft', created_by: w.userId }
  },
  async beforeUpdate(before, patch, w) {
    if (!EDITABLE.includes(String(before.status)))
      throw httpError(409, `This campaign is ${before.status}: it can no longer change. Duplicate it to send a new one.`)
    if (patch.slug && patch.slug !== before.slug && (await w.trx('newsletter_campaigns').where({ slug: patch.slug }).first('id')))
      throw httpError(409, 'Another campaign has this slug: UTM links must tell campaigns apart.', { slug: 'Already used.' })
    return patch
  },
  async beforeDelete(before) {
    if (before.status === 'sending') throw httpError(409, 'This campaign is sending: cancel it first.')
  },
}

async function countAudience(db: Db, listId: number | null, segment: z.infer<typeof SegmentSchema> | null) {
  const [{ n }] = await audienceQuery(db, { list_id: listId, segment }).count({ n: '*' })
  return Number(n)
}

/** The recent blog posts as a Markdown digest: title, description and a link to each. */
export function recentPostsMarkdown(count: number): { markdown: string; posts: Array<{ slug: string; title: string; date: string }> } {
  const dir = path.join(projectRoot, 'data', 'blog')
  const posts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => parseBlogPost(`blog/${f}`, fs.readFileSync(path.join(dir, f), 'utf8')))
    .sort((a, b) => String(b.date).localeCompare(String(a.date)))
    .slice(0, count)
  const markdown = [
    'Hello,',
    '',
    `Here ${posts.length === 1 ? 'is the latest post' : `are the ${posts.length} latest posts`} from the Proofline Digital blog.`,
    '',
    ...posts.flatMap((p) => [`## [${p.title}](/blog/${p.slug})`, '', p.description, '', `[Read "${p.title}"](/blog/${p.slug})`, '']),
    'Questions about any of these? Reply to this email: a strategist reads every answer.',
  ].join('\n')
  return { markdown, posts: posts.map((p) => ({ slug: p.slug, title: p.title, date: String(p.date) })) }
}

function preview(env: Env, c: NonNullable<Awaited<ReturnType<typeof loadCampaign>>>) {
  const rendered = renderCampaign({ subject: c.subject, preheader: c.preheader, markdown: c.body_markdown }, footerAddress())
  const site = publicSiteUrl(env)
  const fill = { link: (n: number) => withUtm(rendered.links[n], c.slug, site), unsubscribe: `${site}/unsubscribed`, pixel: '' }
  return { subject: c.subject, html: personalise(rendered.html, fill, true), text: personalise(rendered.text, fill, false), links: rendered.links }
}

const TestSchema = z.strictObject({ to: z.email({ error: 'Enter a valid email address.' }).optional() })

export const newsletterCampaigns: AdminResourceModule = {
  config,
  routes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
    const json = adminJsonBody()
    const load = async (id: number) => {
      const c = await loadCampaign(db, id)
      if (!c) throw httpError(404, 'There is no such record.')
      return c
    }
    router.get('/newsletter-campaigns/recent-posts', ...guard, requirePermission('newsletter-campaigns', 'create'), async function recentPosts(ctx) {
      const count = Math.min(10, Math.max(1, Number(ctx.query.count ?? 3) || 3))
      ctx.body = recentPostsMarkdown(count)
    })
    router.post('/newsletter-campaigns/audience', ...guard, requirePermission('newsletter-campaigns', 'list'), json, async function audience(ctx) {
      const input = z
        .strictObject({ list_id: z.number().int().positive().nullable().optional(), segment: SegmentSchema.nullable().optional() })
        .parse(bodyOf(ctx))
      ctx.body = { recipients: await countAudience(db, input.list_id ?? null, input.segment ?? null) }
    })
    router.get('/newsletter-campaigns/:id/preview', ...guard, requirePermission('newsletter-campaigns', 'show'), async function previewCampaign(ctx) {
      const c = await load(parseId(ctx.params.id))
      ctx.body = { ...preview(env, c), recipients: await countAudience(db, c.list_id, c.segment) }
    })
    router.get('/newsletter-campaigns/:id/report', ...guard, requirePermission('newsletter-campaigns', 'show'), async function reportCampaign(ctx) {
      const report = await campaignReport(db, parseId(ctx.params.id))
      if (!report) throw httpError(404, 'There is no such record.')
      ctx.body = report
    })
    router.post('/newsletter-campaigns/:id/test', ...guard, requirePermission('newsletter-campaigns', 'edit'), json, async function testSend(ctx) {
      const c = await load(parseId(ctx.params.id))
      const { to } = TestSchema.parse(bodyOf(ctx) ?? {})
      const recipient = to ?? adminState(ctx).user.email
      const provider = mailProviderFor(env)
      if (provider.state === 'not-connected')
        throw httpError(409, 'No email provider is connected: set SMTP_URL (see Newsletter settings), then send the test again.')
      const mail = campaignComposer(env, { ...c, track: false })({ subscriberId: 0, email: recipient })
      let receipt
      try {
        receipt = await provider.send({ ...mail, subject: `[Test] ${mail.subject}` })
      } catch (error) {
        throw httpError(502, `The email provider did not accept the test: ${(error as Error).message}`)
      }
      await writeWith(db, ctx)((w) => audit(w.trx, w.userId, 'update', 'newsletter-campaigns', c.id, { test_sent_to: null }, { test_sent_to: recipient }))
      ctx.body = { to: recipient, messageId: receipt.messageId, provider: provider.kind, state: provider.state }
    })
    router.post('/newsletter-campaigns/:id/send', ...guard, requirePermission('newsletter-campaigns', 'edit'), json, async function sendCampaign(ctx) {
      const id = parseId(ctx.params.id)
      const { at } = CampaignSendSchema.parse(bodyOf(ctx) ?? {})
      const when = at ? new Date(at).getTime() : Date.now()
      if (at && when < Date.now() - 60_000) throw httpError(400, 'Please correct the highlighted fields.', { at: 'Choose a time in the future, or send now.' })
      const provider = mailProviderFor(env)
      if (provider.state === 'not-connected') throw httpError(409, 'No email provider is connected: set SMTP_URL (see Newsletter settings) before sending.')
      const c = await load(id)
      if (!EDITABLE.includes(c.status)) throw httpError(409, `This campaign is ${c.status}: it cannot be sent again. Duplicate it to send a new one.`)
      const recipients = await countAudience(db, c.list_id, c.segment)
      if (!recipients)
        throw httpError(400, 'No confirmed subscriber matches this list and segment: change the audience before sending.', { list_id: 'No recipients.' })
      await writeWith(
        db,
        ctx,
      )(async (w) => {
        const before = await mustLoad(w.trx, campaignsTable, id)
        await w
          .trx('newsletter_campaigns')
          .where({ id })
          .update({ status: 'scheduled', scheduled_at: nowIso(when), last_error: '', updated_at: nowIso() })
        await enqueueCampaignRun(w.trx, id, when)
        await audit(w.trx, w.userId, 'update', 'newsletter-campaigns', id, before, await mustLoad(w.trx, campaignsTable, id))
      })
      ctx.body = { ...(await mustLoad(db, campaignsTable, id)), audience: recipients }
    })
    router.post('/newsletter-campaigns/:id/cancel', ...guard, requirePermission('newsletter-campaigns', 'edit'), async function cancelCampaign(ctx) {
      const id = parseId(ctx.params.id)
      const c = await load(id)
      if (c.status !== 'scheduled' && c.status !== 'sending')
        throw httpError(409, `This campaign is ${c.status}: only a scheduled or sending campaign can be cancelled.`)
      await writeWith(
        db,
        ctx,
      )(async (w) => {
        const before = await mustLoad(w.trx, campaignsTable, id)
        // Scheduled: back to draft. Sending: stopped after the batch in flight; what was sent stays sent.
        await w
          .trx('newsletter_campaigns')
          .where({ id })
          .update(
            c.status === 'scheduled'
              ? { status: 'draft', scheduled_at: null, updated_at: nowIso() }
              : { status: 'cancelled', finished_at: nowIso(), updated_at: nowIso() },
          )
        await audit(w.trx, w.userId, 'update', 'newsletter-campaigns', id, before, await mustLoad(w.trx, campaignsTable, id))
      })
      ctx.body = await mustLoad(db, campaignsTable, id)
    })
  },
}
