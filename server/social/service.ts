// Social posts (issue 15; decisions 181–183): settings, writing a post with its variants (each
// checked against its network's limits), scheduling through the job runner, the due run (the
// manual provider's packs), recurrence, the automatic draft when a blog post is published, and
// the alerts before an account's token expires.
import type { Knex } from 'knex'
import { z } from 'zod'
import { nextOccurrence, validateVariant, variantText, type Network, type Recurrence, type SocialPostInput } from '../../shared/social.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { fromJson, insertReturningId, nowIso, type Queryable } from '../db/rows.ts'
import type { Env } from '../env.ts'
import { defineJob, enqueueJob } from '../jobs/define.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { raiseAlert } from '../monitoring/alerts.ts'
import { newShortCode, preparePack, providers, shortUrl, tokenDaysLeft } from './providers.ts'

type Row = Record<string, unknown>

// ---- Settings -----------------------------------------------------------------------------------

export type SocialSettings = { approvalRequired: boolean; autoDraftOnPublish: boolean }
export const SocialSettingsSchema = z.strictObject({ approvalRequired: z.boolean().optional(), autoDraftOnPublish: z.boolean().optional() })

export async function loadSocialSettings(db: Queryable): Promise<SocialSettings> {
  const rows = await db('social_settings').select('key', 'value')
  const get = (k: string) => fromJson<boolean>(rows.find((r: Row) => r.key === k)?.value ?? null)
  return { approvalRequired: get('approvalRequired') === true, autoDraftOnPublish: get('autoDraftOnPublish') === true }
}

export async function saveSocialSettings(db: Queryable, patch: Partial<SocialSettings>) {
  const at = nowIso()
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    await db('social_settings')
      .insert({ key, value: JSON.stringify(value), updated_at: at })
      .onConflict('key')
      .merge({ value: JSON.stringify(value), updated_at: at })
  }
}

// ---- Reading ------------------------------------------------------------------------------------

export async function loadPost(db: Queryable, id: number) {
  const post = await db('social_posts').where({ id }).first()
  if (!post) return null
  const variants = await db('social_post_variants as v')
    .join('social_accounts as a', 'a.id', 'v.account_id')
    .select('v.*', 'a.network', 'a.name as account_name')
    .where('v.post_id', id)
    .orderBy('v.id')
  const image = post.image_id ? await db('social_images').where({ id: post.image_id }).first() : null
  return {
    ...post,
    id: Number(post.id),
    scheduled_at: post.scheduled_at ? new Date(post.scheduled_at).toISOString() : null,
    image: image ? { id: Number(image.id), type: image.type, bytes: Number(image.bytes) } : null,
    variants: variants.map((v: Row) => ({ ...v, id: Number(v.id), account_id: Number(v.account_id), pack: fromJson(v.pack) })),
  } as Row & { id: number; status: string; scheduled_at: string | null; recurrence: Recurrence; variants: Array<Row & { id: number; network: Network }> }
}

export const mustLoadPost = async (db: Queryable, id: number) => {
  const post = await loadPost(db, id)
  if (!post) throw httpError(404, 'There is no such social post.')
  return post
}

// ---- Writing ------------------------------------------------------------------------------------

/** Checks every variant against its network (the short link included as it will be posted). */
export async function checkVariants(db: Queryable, env: Env, post: Omit<SocialPostInput, 'source_post_id'>) {
  const errors: Record<string, string> = {}
  const image = post.image_id ? await db('social_images').where({ id: post.image_id }).first() : null
  if (post.image_id && !image) errors.image_id = 'There is no such image: upload it again.'
  if (image && !post.image_alt.trim()) errors.image_alt = 'Describe the image (alt text): people using screen readers rely on it.'
  const ids = post.variants.map((v) => v.account_id)
  if (new Set(ids).size !== ids.length) errors.variants = 'Each account appears once.'
  const accounts = await db('social_accounts').whereIn('id', ids)
  const sampleLink = post.link_url ? shortUrl(env, 'xxxxxxxx') : null
  post.variants.forEach((v, i) => {
    const account = accounts.find((a: Row) => Number(a.id) === v.account_id)
    if (!account) {
      errors[`variants.${i}.account_id`] = 'There is no such account.'
      return
    }
    const network = account.network as Network
    const problems = validateVariant(network, {
      text: variantText(post.text, v.text, sampleLink),
      images: image ? [{ bytes: Number(image.bytes), type: String(image.type), alt: post.image_alt }] : [],
      firstComment: v.first_comment.trim() || post.first_comment,
    })
    for (const p of problems) {
      const key = p.field === 'text' ? `variants.${i}.text` : p.field === 'first_comment' ? `variants.${i}.first_comment` : `variants.${i}.images`
      errors[key] = errors[key] ? `${errors[key]} ${p.message}` : p.message
    }
  })
  return errors
}

/** Replaces the variants of a post: kept accounts keep their short link (links already shared stay valid). */
export async function writeVariants(trx: Queryable, postId: number, variants: SocialPostInput['variants']) {
  const existing = await trx('social_post_variants').where({ post_id: postId })
  const keep = new Set(variants.map((v) => v.account_id))
  const gone = existing.filter((e: Row) => !keep.has(Number(e.account_id))).map((e: Row) => Number(e.id))
  if (gone.length) await trx('social_post_variants').whereIn('id', gone).delete()
  for (const v of variants) {
    const found = existing.find((e: Row) => Number(e.account_id) === v.account_id)
    if (found) await trx('social_post_variants').where({ id: found.id }).update({ text: v.text, first_comment: v.first_comment })
    else
      await trx('social_post_variants').insert({
        post_id: postId,
        account_id: v.account_id,
        text: v.text,
        first_comment: v.first_comment,
        short_code: newShortCode(),
        status: 'waiting',
      })
  }
}

export async function createPost(trx: Knex.Transaction, input: SocialPostInput, userId: number | null, extra: Row = {}): Promise<number> {
  const at = nowIso()
  const id = await insertReturningId(trx('social_posts'), {
    title: input.title,
    text: input.text,
    link_url: input.link_url,
    image_id: input.image_id ?? null,
    image_alt: input.image_alt,
    first_comment: input.first_comment,
    recurrence: input.recurrence,
    source_post_id: input.source_post_id ?? null,
    status: 'draft',
    created_by: userId,
    created_at: at,
    updated_at: at,
    ...extra,
  })
  await trx('social_posts')
    .where({ id })
    .update({ campaign: `social-${id}` })
  await writeVariants(trx, id, input.variants)
  return id
}

/** The record the audit log keeps of a post (variants as account: state). */
export const auditView = (p: Row & { variants: Row[] }) => {
  const { variants, ...rest } = p
  return { ...rest, variants: variants.map((v) => `${v.network}/${v.account_name}: ${v.status}${v.posted_url ? ` ${v.posted_url}` : ''}`).join('; ') }
}

export async function enqueueDue(db: Queryable, postId: number, at: string) {
  await enqueueJob(db, socialDueJob, { postId, at }, { runAt: new Date(at).getTime(), key: `social-due:${postId}:${at}` })
}

/** Schedules a post at `at` (or asks for approval when the setting is on and the user cannot approve). */
export async function schedulePost(
  trx: Knex.Transaction,
  env: Env,
  before: NonNullable<Awaited<ReturnType<typeof loadPost>>>,
  at: string,
  opts: { canApprove: boolean; userId: number },
) {
  const id = before.id
  if (!['draft', 'pending_approval', 'scheduled', 'failed'].includes(before.status))
    throw httpError(409, `This post is ${before.status}: it can no longer be scheduled. Duplicate it to post it again.`)
  const errors = await checkVariants(trx, env, {
    title: String(before.title),
    text: String(before.text),
    link_url: String(before.link_url),
    image_id: (before.image_id as number | null) ?? null,
    image_alt: String(before.image_alt),
    first_comment: String(before.first_comment),
    recurrence: before.recurrence,
    variants: before.variants.map((v) => ({ account_id: Number(v.account_id), text: String(v.text), first_comment: String(v.first_comment) })),
  })
  if (Object.keys(errors).length) throw httpError(422, 'A network would refuse this post: see the highlighted variants, then schedule again.', errors)
  const settings = await loadSocialSettings(trx)
  const needsApproval = settings.approvalRequired && !opts.canApprove
  await trx('social_posts')
    .where({ id })
    .update({
      status: needsApproval ? 'pending_approval' : 'scheduled',
      scheduled_at: at,
      approval_requested_by: needsApproval ? opts.userId : null,
      ...(needsApproval ? {} : { approved_by: settings.approvalRequired ? opts.userId : null, approved_at: settings.approvalRequired ? nowIso() : null }),
      updated_at: nowIso(),
    })
  await trx('social_post_variants').where({ post_id: id }).update({ status: 'waiting', failed_reason: '' })
  if (!needsApproval) await enqueueDue(trx, id, at)
}

export async function logAccount(db: Queryable, accountId: number, postId: number | null, level: 'error' | 'warning' | 'info', message: string) {
  await db('social_account_log').insert({ account_id: accountId, post_id: postId, level, message: message.slice(0, 1000), created_at: nowIso() })
}

/** The post's state from its variants: posted when all are, failed when one failed, else due. */
export async function settlePostStatus(trx: Queryable, postId: number) {
  const states = (await trx('social_post_variants').where({ post_id: postId }).pluck('status')) as string[]
  const status = states.every((s) => s === 'posted') ? 'posted' : states.some((s) => s === 'failed') ? 'failed' : 'due'
  await trx('social_posts').where({ id: postId }).update({ status, updated_at: nowIso() })
  return status
}

// ---- Jobs ---------------------------------------------------------------------------------------

/** A post's time came: each variant gets its pack from the manual provider (no network is connected). */
export const socialDueJob = defineJob({
  type: 'social.due',
  payload: z.object({ postId: z.number().int(), at: z.string() }),
  maxAttempts: 5,
  async handler(payload, { deps, now }) {
    const { db, env } = deps
    return db.transaction(async (trx) => {
      const post = await loadPost(trx, payload.postId)
      if (!post || post.status !== 'scheduled' || !post.scheduled_at || new Date(post.scheduled_at).getTime() !== new Date(payload.at).getTime())
        return { skipped: 'the schedule changed' }
      for (const v of post.variants) {
        const network = v.network
        const state = providers[network].state({ token_expires_at: null }, now)
        const pack = preparePack(
          env,
          {
            network,
            account: String(v.account_name),
            postText: String(post.text),
            variantText: String(v.text),
            firstComment: String(v.first_comment).trim() || String(post.first_comment),
            linkUrl: String(post.link_url),
            shortCode: String(v.short_code),
            imageId: (post.image_id as number | null) ?? null,
            imageAlt: String(post.image_alt),
          },
          now,
        )
        await trx('social_post_variants')
          .where({ id: v.id })
          .update({ status: 'due', pack: JSON.stringify(pack), prepared_at: nowIso(now) })
        await logAccount(trx, Number(v.account_id), post.id, 'info', `Post "${post.title}" is due. ${state.message}`)
      }
      await trx('social_posts')
        .where({ id: post.id })
        .update({ status: 'due', updated_at: nowIso(now) })
      await insertAuditLogs(trx, [{ userId: null, action: 'update', resource: 'social-media', recordId: post.id, changes: { status: ['scheduled', 'due'] } }])
      // A recurring post: its next occurrence is a new post, scheduled the same way.
      const next = nextOccurrence(new Date(post.scheduled_at).getTime(), post.recurrence)
      let nextId: number | null = null
      if (next) {
        nextId = await createPost(
          trx,
          {
            title: String(post.title),
            text: String(post.text),
            link_url: String(post.link_url),
            image_id: (post.image_id as number | null) ?? null,
            image_alt: String(post.image_alt),
            first_comment: String(post.first_comment),
            recurrence: post.recurrence,
            variants: post.variants.map((v) => ({ account_id: Number(v.account_id), text: String(v.text), first_comment: String(v.first_comment) })),
          },
          (post.created_by as number | null) ?? null,
          {
            status: 'scheduled',
            scheduled_at: nowIso(next),
            recurs_from: post.id,
            approved_by: post.approved_by ?? null,
            approved_at: post.approved_at ?? null,
          },
        )
        await enqueueDue(trx, nextId, nowIso(next))
        await insertAuditLogs(trx, [{ userId: null, action: 'create', resource: 'social-media', recordId: nextId, changes: { recurs_from: [null, post.id] } }])
      }
      return { due: post.variants.length, next: nextId }
    })
  },
})

/** Once a day: an alert for each account whose token expires within 7 days (once per expiry). */
export const socialTokenAlertJob = defineJob({
  type: 'social.token-alerts',
  payload: z.object({}).optional(),
  maxAttempts: 3,
  async handler(_payload, { deps, now }) {
    const { db } = deps
    const accounts = await db('social_accounts').whereNotNull('token_expires_at')
    let raised = 0
    for (const a of accounts) {
      const days = tokenDaysLeft(a.token_expires_at, now)
      if (days === null || days > 7) continue
      if (a.token_alerted_at && new Date(a.token_alerted_at).getTime() > now - 86_400_000 * 6) continue
      const subject =
        days < 0
          ? `Social account ${a.network}/${a.name}: its token expired`
          : `Social account ${a.network}/${a.name}: its token expires in ${days} day${days === 1 ? '' : 's'}`
      await raiseAlert(db, {
        kind: 'social-token',
        key: `social-token:${a.id}`,
        subject,
        body: `${subject}. Reconnect the account in /admin/social-media before then, or its posts fall back to the manual provider's packs.`,
      })
      await db('social_accounts')
        .where({ id: a.id })
        .update({ token_alerted_at: nowIso(now) })
      await logAccount(db, Number(a.id), null, 'warning', subject)
      raised++
    }
    return { raised }
  },
})

/** A blog post was published: a social draft linking to it, when the setting is on. */
export const socialAutoDraftJob = defineJob({
  type: 'social.auto-draft',
  payload: z.object({ postId: z.number().int() }),
  maxAttempts: 3,
  async handler(payload, { deps }) {
    const { db } = deps
    if (!(await loadSocialSettings(db)).autoDraftOnPublish) return { skipped: 'automatic drafts are off' }
    return db.transaction(async (trx) => {
      const source = await trx('posts').where({ id: payload.postId }).first()
      if (!source || source.status !== 'published') return { skipped: 'the post is not published' }
      if (await trx('social_posts').where({ source_post_id: payload.postId }).first('id')) return { skipped: 'a social post exists for it' }
      const accounts = await trx('social_accounts').select('id').orderBy('id')
      if (!accounts.length) return { skipped: 'no social account' }
      const id = await createPost(
        trx,
        draftFromBlogPost(
          source,
          accounts.map((a: Row) => Number(a.id)),
        ),
        null,
      )
      await insertAuditLogs(trx, [
        { userId: null, action: 'create', resource: 'social-media', recordId: id, changes: { source_post_id: [null, payload.postId] } },
      ])
      return { created: id }
    })
  },
})

/** "Create from a published post": title, excerpt and the post's link, one variant per account. */
export function draftFromBlogPost(source: Row, accountIds: number[]): SocialPostInput {
  const excerpt = String(source.excerpt ?? '').trim()
  return {
    title: `Share: ${String(source.title).slice(0, 190)}`,
    text: [String(source.title), excerpt].filter(Boolean).join('\n\n'),
    link_url: `/blog/${source.slug}`,
    image_id: null,
    image_alt: '',
    first_comment: '',
    recurrence: 'none',
    source_post_id: Number(source.id),
    variants: accountIds.map((account_id) => ({ account_id, text: '', first_comment: '' })),
  }
}
