// /admin/social-media (issue 15; decisions 181–183): social posts (resource `social-media`) and
// accounts (resource `social-accounts`). Posts: compose with per-network variants (checked
// against each network's limits), images with alt text (uploaded, type- and size-checked, kept
// outside the web root), schedule through the job runner (or ask for approval), approve, mark a
// due variant posted with its URL or failed with the reason, results (closed loop), settings and
// "create from a published post". Every write is audited.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { z } from 'zod'
import { canAccess } from '../../shared/permissions.ts'
import {
  MarkFailedSchema,
  MarkPostedSchema,
  NETWORKS,
  ScheduleSchema,
  SlotSchema,
  SOCIAL_IMAGE_MAX_BYTES,
  SocialPostCreateSchema,
  SocialPostUpdateSchema,
  nextSlot,
  normalizeSlots,
  slotTimes,
  type Network,
  type Slot,
} from '../../shared/social.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import { fromJson, insertReturningId, nowIso, type Queryable } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import type { Env } from '../env.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { bodyTimeoutOf, parseContentType, readRawBody, rejectUnsupportedEncoding } from '../middleware/jsonBody.ts'
import { closedLoopFor } from '../newsletter/report.ts'
import { providers, tokenDaysLeft } from '../social/providers.ts'
import {
  auditView,
  checkVariants,
  createPost,
  draftFromBlogPost,
  enqueueDue,
  loadPost,
  loadSocialSettings,
  logAccount,
  mustLoadPost,
  saveSocialSettings,
  schedulePost,
  settlePostStatus,
  SocialSettingsSchema,
  writeVariants,
} from '../social/service.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig, type WriteContext } from './resourceRouter.ts'

export const socialPostsTable: TableSpec = {
  table: 'social_posts',
  columns: {
    id: 'int',
    title: 'text',
    text: 'text',
    link_url: 'text',
    campaign: 'text',
    image_id: 'int',
    image_alt: 'text',
    first_comment: 'text',
    status: 'text',
    scheduled_at: 'time',
    recurrence: 'text',
    recurs_from: 'int',
    source_post_id: 'int',
    approval_requested_by: 'int',
    approved_by: 'int',
    approved_at: 'time',
    clicks: 'int',
    created_by: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}

export const socialAccountsTable: TableSpec = {
  table: 'social_accounts',
  columns: { id: 'int', network: 'text', name: 'text', token_expires_at: 'time', slots: 'json', created_at: 'time', updated_at: 'time' },
  hasUpdatedAt: true,
}

const postsConfig: ResourceConfig = {
  name: 'social-media',
  spec: socialPostsTable,
  defaultSort: ['scheduled_at', 'DESC'],
  filters: (db) => (key, value, query) => {
    if (key === 'q') {
      if (typeof value !== 'string') throw httpError(400, 'q must be text.')
      const q = value
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '')
      if (q) query.where((w) => w.whereRaw('lower(social_posts.title) like ?', [`%${q}%`]).orWhereRaw('lower(social_posts.text) like ?', [`%${q}%`]))
      return true
    }
    if (key === 'account_id') {
      const id = Number(value)
      if (!Number.isSafeInteger(id) || id <= 0) throw httpError(400, 'Invalid value for the filter account_id.', { account_id: 'Invalid value.' })
      query.whereExists(db('social_post_variants as v').select(db.raw('1')).whereRaw('v.post_id = social_posts.id').andWhere('v.account_id', id))
      return true
    }
    if (key === 'network') {
      if (!NETWORKS.includes(value as Network)) throw httpError(400, 'Invalid value for the filter network.', { network: 'Invalid value.' })
      query.whereExists(
        db('social_post_variants as v')
          .join('social_accounts as a', 'a.id', 'v.account_id')
          .select(db.raw('1'))
          .whereRaw('v.post_id = social_posts.id')
          .andWhere('a.network', String(value)),
      )
      return true
    }
    return false
  },
}

const AccountCreateSchema = z.strictObject({
  network: z.enum(NETWORKS, { error: 'Choose a network.' }),
  name: z.string().trim().min(1, 'Name the account (its handle or page name).').max(120),
  slots: z.array(SlotSchema).max(100).optional().default([]),
})
const AccountUpdateSchema = z.strictObject({ name: AccountCreateSchema.shape.name.optional(), slots: z.array(SlotSchema).max(100).optional() })

const accountsConfig: ResourceConfig = {
  name: 'social-accounts',
  spec: socialAccountsTable,
  defaultSort: ['network', 'ASC'],
  // The compose form's account picker searches as you type (a few rows: a substring match of the
  // name or the network); without it `q` was refused with a 400 and the picker showed "No options".
  filters: () => (key, value, query) => {
    if (key !== 'q') return false
    if (typeof value !== 'string') throw httpError(400, 'q must be text.')
    // LIKE's wildcards in a handle (@proofline_x) are matched literally.
    const like = `%${value
      .trim()
      .toLowerCase()
      .slice(0, 120)
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    if (like !== '%%')
      query.where((w) =>
        w.whereRaw("lower(social_accounts.name) like ? escape '\\'", [like]).orWhereRaw("lower(social_accounts.network) like ? escape '\\'", [like]),
      )
    return true
  },
  createSchema: AccountCreateSchema as never,
  updateSchema: AccountUpdateSchema as never,
  async beforeCreate(data, w) {
    if (await w.trx('social_accounts').where({ network: data.network, name: data.name }).first('id'))
      throw httpError(409, 'This account is already listed.', { name: 'Already listed for this network.' })
    // The spec's json column encodes it (toRow): a string here would be stored twice-encoded.
    return { ...data, slots: normalizeSlots((data.slots as Slot[] | undefined) ?? []) }
  },
  async beforeUpdate(_before, patch) {
    return patch.slots === undefined ? patch : { ...patch, slots: normalizeSlots(patch.slots as Slot[]) }
  },
}

const IMAGE_MAGIC: Array<[string, (b: Buffer) => boolean, string]> = [
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, 'jpg'],
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'png'],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8', 'gif'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP', 'webp'],
]

export const socialImagesDir = (env: Env) => path.join(env.VAR_DIR, 'social-images')

function accountState(a: Record<string, unknown>) {
  const provider = providers[a.network as Network]
  const state = provider ? provider.state({ token_expires_at: a.token_expires_at }) : { state: 'not-connected', days: null, message: 'Unknown network.' }
  return { ...state, tokenDaysLeft: tokenDaysLeft(a.token_expires_at) }
}

const json = adminJsonBody()

type LoadedPost = Awaited<ReturnType<typeof mustLoadPost>>

/**
 * One audited change of a post: load it, let `change` write (it may refuse with an HTTP error),
 * load it again and write the audit entry, all in one transaction; answers the post after.
 */
function changePost(db: AdminDeps['db'], ctx: Context, id: number, change: (w: WriteContext, before: LoadedPost) => Promise<void>) {
  return writeWith(
    db,
    ctx,
  )(async (w) => {
    const before = await mustLoadPost(w.trx, id)
    await change(w, before)
    const after = await mustLoadPost(w.trx, id)
    await audit(w.trx, w.userId, 'update', 'social-media', id, auditView(before), auditView(after))
    return after
  })
}

/** The times taken in an account's queue (its scheduled and waiting posts), but `exceptPost`'s. */
async function takenTimes(db: Queryable, accountId: number, exceptPost: number | null) {
  const q = db('social_posts as p')
    .join('social_post_variants as v', 'v.post_id', 'p.id')
    .where('v.account_id', accountId)
    .whereIn('p.status', ['scheduled', 'pending_approval'])
    .whereNotNull('p.scheduled_at')
  if (exceptPost !== null) q.whereNot('p.id', exceptPost)
  return new Set(((await q.pluck('p.scheduled_at')) as unknown[]).map((t) => new Date(String(t)).getTime()))
}

function postRoutes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
  const perm = (action: 'list' | 'show' | 'create' | 'edit' | 'delete' | 'publish' | 'approve') => requirePermission('social-media', action)
  router.get('/social-media/settings', ...guard, perm('list'), async function socialSettings(ctx) {
    ctx.body = await loadSocialSettings(db)
  })
  router.put('/social-media/settings', ...guard, perm('approve'), json, async function saveSettings(ctx) {
    const patch = SocialSettingsSchema.parse(bodyOf(ctx))
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await loadSocialSettings(w.trx)
      await saveSocialSettings(w.trx, patch)
      const after = await loadSocialSettings(w.trx)
      await audit(w.trx, w.userId, 'update', 'social-media', 0, before, after)
      return after
    })
  })
  router.get('/social-media/providers', ...guard, perm('list'), async function socialProviders(ctx) {
    const accounts = await db('social_accounts').orderBy(['network', 'name'])
    ctx.body = {
      manual: { state: 'connected', message: 'Always available: due posts get a ready-to-post pack; staff post it and paste its address.' },
      networks: NETWORKS.map((n) => ({ network: n, ...providers[n].state({ token_expires_at: null }) })),
      accounts: accounts.map((a: Record<string, unknown>) => ({ id: Number(a.id), network: a.network, name: a.name, ...accountState(a) })),
    }
  })
  router.get('/social-media/calendar', ...guard, perm('list'), async function calendar(ctx) {
    const from = new Date(String(ctx.query.from ?? ''))
    const to = new Date(String(ctx.query.to ?? ''))
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from || to.getTime() - from.getTime() > 45 * 86_400_000)
      throw httpError(400, 'Give from and to as dates at most 45 days apart.', { from: 'Invalid range.' })
    const rows = await db('social_posts')
      .select('id', 'title', 'status', 'scheduled_at', 'recurrence')
      .where('scheduled_at', '>=', from.toISOString())
      .andWhere('scheduled_at', '<', to.toISOString())
      .orderBy('scheduled_at')
    ctx.body = rows.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id), scheduled_at: new Date(String(r.scheduled_at)).toISOString() }))
  })
  router.post('/social-media/images', ...guard, perm('create'), async function uploadImage(ctx) {
    rejectUnsupportedEncoding(ctx.req)
    const { mime } = parseContentType(ctx.get('Content-Type'))
    if (!mime.startsWith('image/') && mime !== 'application/octet-stream')
      throw httpError(415, 'Send the image itself (JPEG, PNG, GIF or WebP) as the request body.', { file: 'Not an image.' })
    const declared = Number(ctx.get('Content-Length'))
    if (declared > SOCIAL_IMAGE_MAX_BYTES) throw httpError(413, 'The image is larger than 10 MB: export it smaller and upload again.', { file: 'Too large.' })
    let raw: Buffer
    try {
      raw = await readRawBody(ctx.req, SOCIAL_IMAGE_MAX_BYTES, bodyTimeoutOf(ctx))
    } catch (error) {
      if ((error as { status?: number }).status === 413)
        throw httpError(413, 'The image is larger than 10 MB: export it smaller and upload again.', { file: 'Too large.' })
      throw error
    }
    const kind = IMAGE_MAGIC.find(([, test]) => raw.length > 12 && test(raw))
    if (!kind) throw httpError(415, 'This file is not a JPEG, PNG, GIF or WebP image (its content was checked, not its name).', { file: 'Not an image.' })
    const dir = socialImagesDir(env)
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    const file = `${crypto.randomUUID()}.${kind[2]}`
    fs.writeFileSync(path.join(dir, file), raw, { mode: 0o600 })
    const sha256 = crypto.createHash('sha256').update(raw).digest('hex')
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const newId = await insertReturningId(w.trx('social_images'), {
        file,
        type: kind[0],
        bytes: raw.length,
        sha256,
        created_by: w.userId,
        created_at: nowIso(),
      })
      await audit(w.trx, w.userId, 'create', 'social-media', 0, null, { image_id: newId, type: kind[0], bytes: raw.length })
      return newId
    })
    ctx.status = 201
    ctx.body = { id, type: kind[0], bytes: raw.length }
  })
  router.get('/social-media/images/:id', ...guard, perm('show'), async function image(ctx) {
    const row = await db('social_images')
      .where({ id: parseId(ctx.params.id) })
      .first()
    if (!row) throw httpError(404, 'There is no such image.')
    ctx.type = row.type
    ctx.set('Content-Disposition', `inline; filename="social-image-${row.id}.${String(row.file).split('.').pop()}"`)
    ctx.body = fs.createReadStream(path.join(socialImagesDir(env), path.basename(String(row.file))))
  })
  router.post('/social-media/from-post/:postId', ...guard, perm('create'), async function fromPost(ctx) {
    const source = await db('posts')
      .where({ id: parseId(ctx.params.postId) })
      .first()
    if (!source || source.status !== 'published') throw httpError(400, 'Choose a published blog post.', { source_post_id: 'Not a published post.' })
    const accounts = (await db('social_accounts').orderBy('id').pluck('id')).map(Number)
    if (!accounts.length) throw httpError(400, 'Add a social account first (Social accounts).', { variants: 'No account.' })
    const input = draftFromBlogPost(source, accounts)
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const newId = await createPost(w.trx, input, w.userId)
      await audit(w.trx, w.userId, 'create', 'social-media', newId, null, auditView(await mustLoadPost(w.trx, newId)))
      return newId
    })
    ctx.status = 201
    ctx.body = await mustLoadPost(db, id)
  })
  router.post('/social-media', ...guard, perm('create'), json, async function createSocialPost(ctx) {
    const input = SocialPostCreateSchema.parse(bodyOf(ctx))
    const errors = await checkVariants(db, env, input)
    if (Object.keys(errors).length) throw httpError(422, 'A network would refuse this post: see the highlighted fields.', errors)
    const id = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const newId = await createPost(w.trx, input, w.userId)
      await audit(w.trx, w.userId, 'create', 'social-media', newId, null, auditView(await mustLoadPost(w.trx, newId)))
      return newId
    })
    ctx.status = 201
    ctx.body = await mustLoadPost(db, id)
  })
  router.put('/social-media/:id', ...guard, perm('edit'), json, async function updateSocialPost(ctx, next) {
    if (ctx.params.id === 'settings') return next()
    const id = parseId(ctx.params.id)
    const patch = SocialPostUpdateSchema.parse(bodyOf(ctx))
    ctx.body = await changePost(db, ctx, id, async (w, before) => {
      if (!['draft', 'pending_approval', 'scheduled', 'failed'].includes(before.status))
        throw httpError(409, `This post is ${before.status}: it can no longer change. Duplicate it to post again.`)
      const merged = {
        title: patch.title ?? String(before.title),
        text: patch.text ?? String(before.text),
        link_url: patch.link_url ?? String(before.link_url),
        image_id: patch.image_id !== undefined ? patch.image_id : ((before.image_id as number | null) ?? null),
        image_alt: patch.image_alt ?? String(before.image_alt),
        first_comment: patch.first_comment ?? String(before.first_comment),
        recurrence: patch.recurrence ?? before.recurrence,
        variants:
          patch.variants ?? before.variants.map((v) => ({ account_id: Number(v.account_id), text: String(v.text), first_comment: String(v.first_comment) })),
      }
      const errors = await checkVariants(w.trx, env, merged)
      if (Object.keys(errors).length) throw httpError(422, 'A network would refuse this post: see the highlighted fields.', errors)
      const { variants, ...fields } = merged
      await w
        .trx('social_posts')
        .where({ id })
        .update({ ...fields, updated_at: nowIso() })
      await writeVariants(w.trx, id, variants)
    })
  })
  router.delete('/social-media/:id', ...guard, perm('delete'), async function deleteSocialPost(ctx) {
    const id = parseId(ctx.params.id)
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoadPost(w.trx, id)
      await w.trx('social_posts').where({ id }).delete()
      await audit(w.trx, w.userId, 'delete', 'social-media', id, auditView(before), null)
      return before
    })
  })
  router.get('/social-media/:id', ...guard, perm('show'), async function showSocialPost(ctx, next) {
    if (ctx.params.id === 'settings' || ctx.params.id === 'providers' || ctx.params.id === 'calendar') return next()
    const post = await mustLoadPost(db, parseId(ctx.params.id))
    const accountIds = post.variants.map((v) => Number(v.account_id))
    const log = accountIds.length
      ? await db('social_account_log')
          .whereIn('account_id', accountIds)
          .andWhere((q) => q.where({ post_id: post.id }).orWhereNull('post_id'))
          .orderBy('id', 'desc')
          .limit(50)
      : []
    ctx.body = { ...post, log, results: await closedLoopFor(db, String(post.campaign)) }
  })
  /** Schedule at a time, or in the next free slot of one of its accounts' queues ("share next"). */
  router.post('/social-media/:id/schedule', ...guard, perm('publish'), json, async function schedule(ctx) {
    const id = parseId(ctx.params.id)
    const { at, account_id } = ScheduleSchema.parse(bodyOf(ctx) ?? {})
    const user = adminState(ctx).user
    ctx.body = await changePost(db, ctx, id, async (w, before) => {
      let when = at ? new Date(at).getTime() : null
      if (when !== null && when < Date.now() - 60_000) throw httpError(400, 'Please correct the highlighted fields.', { at: 'Choose a time in the future.' })
      if (when === null) {
        const variant = account_id === undefined ? before.variants[0] : before.variants.find((v) => Number(v.account_id) === account_id)
        if (!variant) throw httpError(400, 'Please correct the highlighted fields.', { account_id: 'This post does not go to that account.' })
        const account = await w.trx('social_accounts').where({ id: variant.account_id }).first()
        const slots = (fromJson<Slot[]>(account?.slots) ?? []) as Slot[]
        when = nextSlot(slots, Date.now(), await takenTimes(w.trx, Number(variant.account_id), id))
        if (when === null)
          throw httpError(400, `${String(account?.name ?? 'This account')} has no free time slot: add slots to its queue, or choose a time.`, {
            at: 'No free slot.',
          })
      }
      await schedulePost(w.trx, env, before, nowIso(when), {
        canApprove: canAccess(user.role, { resource: 'social-media', action: 'approve' }),
        userId: user.id,
      })
    })
  })
  router.post('/social-media/:id/approve', ...guard, perm('approve'), async function approve(ctx) {
    const id = parseId(ctx.params.id)
    ctx.body = await changePost(db, ctx, id, async (w, before) => {
      if (before.status !== 'pending_approval' || !before.scheduled_at)
        throw httpError(409, `This post is ${before.status}: only a post waiting for approval can be approved.`)
      await w.trx('social_posts').where({ id }).update({ status: 'scheduled', approved_by: w.userId, approved_at: nowIso(), updated_at: nowIso() })
      await enqueueDue(w.trx, id, before.scheduled_at)
    })
  })
  router.post('/social-media/:id/unschedule', ...guard, perm('publish'), async function unschedule(ctx) {
    const id = parseId(ctx.params.id)
    ctx.body = await changePost(db, ctx, id, async (w, before) => {
      if (!['scheduled', 'pending_approval'].includes(before.status))
        throw httpError(409, `This post is ${before.status}: only a scheduled post goes back to draft.`)
      await w.trx('social_posts').where({ id }).update({ status: 'draft', scheduled_at: null, updated_at: nowIso() })
    })
  })
  const settle = (kind: 'posted' | 'failed'): Middleware =>
    async function settleVariant(ctx) {
      const id = parseId(ctx.params.id)
      const input = kind === 'posted' ? MarkPostedSchema.parse(bodyOf(ctx)) : MarkFailedSchema.parse(bodyOf(ctx))
      ctx.body = await changePost(db, ctx, id, async (w, before) => {
        const variant = before.variants.find((v) => v.id === input.variant_id)
        if (!variant) throw httpError(400, 'Please correct the highlighted fields.', { variant_id: 'This post has no such variant.' })
        if (variant.status !== 'due' && !(kind === 'posted' && variant.status === 'failed'))
          throw httpError(409, `This variant is ${variant.status}: only a due post can be marked ${kind}.`)
        if ('url' in input)
          await w
            .trx('social_post_variants')
            .where({ id: variant.id })
            .update({ status: 'posted', posted_url: input.url, posted_at: nowIso(), posted_by: w.userId, failed_reason: '' })
        else {
          await w.trx('social_post_variants').where({ id: variant.id }).update({ status: 'failed', failed_reason: input.reason })
          await logAccount(w.trx, Number(variant.account_id), id, 'error', `Post "${before.title}" failed: ${input.reason}`)
        }
        await settlePostStatus(w.trx, id)
      })
    }
  router.post('/social-media/:id/posted', ...guard, perm('edit'), json, settle('posted'))
  router.post('/social-media/:id/failed', ...guard, perm('edit'), json, settle('failed'))
}

export const socialPosts: AdminResourceModule = { config: postsConfig, routes: postRoutes }
/** How far ahead the queue view reads (its slots and the posts filling them). */
const QUEUE_DAYS_MAX = 56

export const socialAccounts: AdminResourceModule = {
  config: accountsConfig,
  routes(router, { db }, guard) {
    /**
     * An account's queue: its time slots (UTC) and, in time order, each upcoming slot with the post
     * filling it (or free), the posts scheduled off the slots, and the drafts that could go next.
     */
    router.get('/social-accounts/:id/queue', ...guard, requirePermission('social-accounts', 'show'), async function accountQueue(ctx) {
      const id = parseId(ctx.params.id)
      const days = ctx.query.days === undefined ? 14 : Number(ctx.query.days)
      if (!Number.isSafeInteger(days) || days < 1 || days > QUEUE_DAYS_MAX)
        throw httpError(400, `days is a number of days from 1 to ${QUEUE_DAYS_MAX}.`, { days: 'Invalid value.' })
      const account = await db('social_accounts').where({ id }).first()
      if (!account) throw httpError(404, 'There is no such record.')
      const slots = (fromJson<Slot[]>(account.slots) ?? []) as Slot[]
      const now = Date.now()
      const until = now + days * 86_400_000
      const posts = await db('social_posts as p')
        .join('social_post_variants as v', 'v.post_id', 'p.id')
        .select('p.id', 'p.title', 'p.status', 'p.scheduled_at', 'p.recurrence')
        .where('v.account_id', id)
        .whereIn('p.status', ['scheduled', 'pending_approval'])
        .where('p.scheduled_at', '>=', nowIso(now))
        .andWhere('p.scheduled_at', '<', nowIso(until))
        .orderBy('p.scheduled_at')
        .orderBy('p.id')
      const view = (p: Record<string, unknown>) => ({
        id: Number(p.id),
        title: String(p.title),
        status: String(p.status),
        recurrence: String(p.recurrence),
        scheduled_at: new Date(String(p.scheduled_at)).toISOString(),
      })
      const byTime = new Map<number, ReturnType<typeof view>[]>()
      for (const p of posts.map(view)) {
        const t = new Date(p.scheduled_at).getTime()
        byTime.set(t, [...(byTime.get(t) ?? []), p])
      }
      const slotSet = new Set(slotTimes(slots, now, until))
      const times = [...new Set([...slotSet, ...byTime.keys()])].sort((a, b) => a - b)
      type Entry = { at: string; slot: boolean; post: ReturnType<typeof view> | null }
      const entries = times.flatMap((t): Entry[] => {
        const filling = byTime.get(t) ?? []
        const at = new Date(t).toISOString()
        if (!filling.length) return [{ at, slot: true, post: null }]
        return filling.map((post) => ({ at, slot: slotSet.has(t), post }))
      })
      const drafts = await db('social_posts as p')
        .join('social_post_variants as v', 'v.post_id', 'p.id')
        .select('p.id', 'p.title', 'p.status', 'p.updated_at')
        .where('v.account_id', id)
        .whereIn('p.status', ['draft', 'failed'])
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(50)
      const nextFree = nextSlot(slots, now, await takenTimes(db, id, null))
      ctx.body = {
        account: { id: Number(account.id), network: account.network, name: account.name, ...accountState(account) },
        slots,
        days,
        next_free: nextFree === null ? null : new Date(nextFree).toISOString(),
        entries,
        drafts: drafts.map((d: Record<string, unknown>) => ({ id: Number(d.id), title: String(d.title), status: String(d.status) })),
      }
    })
    router.get('/social-accounts/:id/log', ...guard, requirePermission('social-accounts', 'show'), async function accountLog(ctx) {
      const id = parseId(ctx.params.id)
      const account = await db('social_accounts').where({ id }).first()
      if (!account) throw httpError(404, 'There is no such record.')
      ctx.body = {
        ...accountState(account),
        log: await db('social_account_log').where({ account_id: id }).orderBy('id', 'desc').limit(100),
      }
    })
  },
}

export { loadPost }
