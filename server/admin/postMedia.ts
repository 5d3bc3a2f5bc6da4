// The post editor's own routes (issue 11): image upload (webp variants, server/posts/media.ts),
// the signed preview link of a draft and the page it opens (server/posts/preview.ts), and the
// keyphrases other pages target, for the SEO panel's "already used" check (shared/seo.ts).
import fs from 'node:fs'
import path from 'node:path'
import type Router from '@koa/router'
import busboy from 'busboy'
import type { Context, Middleware } from 'koa'
import { z } from 'zod'
import type { UsedKeyphrase } from '../../shared/seo.ts'
import { bodyOf } from '../api/state.ts'
import { adminState, requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { fromJson, nowIso } from '../db/rows.ts'
import type { Env } from '../env.ts'
import { cleanString } from '../lib/text.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { parseContentType, rejectUnsupportedEncoding } from '../middleware/jsonBody.ts'
import { inventoryFileOf, type InventoryFile } from '../cms/inventory.ts'
import { hashIp } from '../lib/signing.ts'
import { uploadLimits } from '../middleware/uploadLimits.ts'
import { IMAGE_MAX_BYTES, mediaDirOf, storeImage } from '../posts/media.ts'
import { PREVIEW_ROBOTS, renderPreview } from '../posts/preview.ts'
import { PREVIEW_TTL_DEFAULT_S, PREVIEW_TTL_MAX_S, previewTokenPostId, signPreviewToken, verifyPreviewToken } from '../posts/previewToken.ts'
import { getPost } from '../posts/store.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { parseId, type AdminDeps } from './resourceRouter.ts'

const MB = IMAGE_MAX_BYTES / 1024 / 1024
const tooBig = (headers: Record<string, string> = {}) =>
  httpError(413, 'Please correct the highlighted fields.', { file: `Upload an image of at most ${MB} MB (export it smaller, or as JPEG).` }, headers)

type Form = { fields: Record<string, string>; file: { buffer: Buffer; name: string; mime: string } | null }

/** Reads a multipart form with one image (`file`) into memory, at most IMAGE_MAX_BYTES. */
function readImageForm(ctx: Context): Promise<Form> {
  const { mime } = parseContentType(ctx.get('Content-Type'))
  if (mime !== 'multipart/form-data') throw httpError(415, 'Send the image as multipart/form-data with the fields "file" and "alt".')
  rejectUnsupportedEncoding(ctx.req)
  const declared = Number(ctx.get('Content-Length') || Number.NaN)
  if (declared > IMAGE_MAX_BYTES + 64 * 1024) throw tooBig({ Connection: 'close' })
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 4096 } })
    } catch {
      reject(httpError(400, 'The multipart body is malformed (no boundary).'))
      return
    }
    const fields: Record<string, string> = Object.create(null)
    let file: Form['file'] = null
    let over = false
    let reading: Promise<void> = Promise.resolve()
    parser.on('field', (name, value) => {
      fields[cleanString(name)] = cleanString(value)
    })
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => {})
      if (name !== 'file') {
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('limit', () => {
        over = true
      })
      reading = (async () => {
        for await (const chunk of stream as AsyncIterable<Buffer>) if (!over) chunks.push(chunk)
        file = { buffer: Buffer.concat(chunks), name: cleanString(info.filename ?? ''), mime: info.mimeType }
      })()
    })
    parser.on('error', () => reject(httpError(400, 'The multipart body is malformed.')))
    ctx.req.on('aborted', () => reject(httpError(400, 'The upload was not received completely: send it again.')))
    parser.on('close', () => {
      void reading.then(() => (over ? reject(tooBig()) : resolve({ fields, file })), reject)
    })
    ctx.req.pipe(parser)
  })
}

const PreviewLinkSchema = z.object({
  ttlHours: z.coerce
    .number({ error: 'Give the link’s lifetime in hours.' })
    .int('Give a whole number of hours.')
    .min(1, 'Give at least 1 hour.')
    .max(PREVIEW_TTL_MAX_S / 3600, `Give at most ${PREVIEW_TTL_MAX_S / 3600} hours (30 days).`)
    .default(PREVIEW_TTL_DEFAULT_S / 3600),
})

/** Keyphrases of the built site's pages (first meta keyword; blog pages target their post's
 * focus keyphrase instead), read once per build of the inventory. */
let builtCache: { file: string; mtimeMs: number; pages: UsedKeyphrase[] } | null = null
function builtKeyphrases(staticDir: string): UsedKeyphrase[] | null {
  const file = inventoryFileOf(staticDir)
  let mtimeMs: number
  try {
    mtimeMs = fs.statSync(file).mtimeMs
  } catch {
    return null
  }
  if (builtCache?.file === file && builtCache.mtimeMs === mtimeMs) return builtCache.pages
  const inventory = JSON.parse(fs.readFileSync(file, 'utf8')) as InventoryFile
  const pages: UsedKeyphrase[] = []
  for (const page of inventory.pages) {
    if (page.isAlias || ['blog-post', 'tag', 'blog'].includes(page.family)) continue
    let keyword = ''
    try {
      const html = fs.readFileSync(path.join(staticDir, page.url === '/' ? 'index.html' : `${page.url.slice(1)}/index.html`), 'utf8')
      keyword = /<meta name="keywords" content="([^",]*)/.exec(html)?.[1]?.trim() ?? ''
    } catch {
      // a page of the inventory missing from the served folder: no keyphrase known
    }
    pages.push({ url: page.url, title: page.head.title, keyphrases: keyword ? [keyword.replace(/&amp;/g, '&')] : [] })
  }
  builtCache = { file, mtimeMs, pages }
  return pages
}

export function registerPostEditorRoutes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()
  const mediaDir = mediaDirOf(env.VAR_DIR)
  // The upload quotas of decision 062, as for the public forms' uploads: the address's bytes per
  // clock hour (shared with its other uploads, 429) and the post images folder's cap and the
  // free-space floor (507), reserved before the body is read and settled to what was received.
  const limits = uploadLimits(mediaDir, {
    db,
    bytesPerHour: env.UPLOAD_BYTES_PER_HOUR,
    maxTotalBytes: env.UPLOADS_MAX_TOTAL_BYTES,
    minFreeBytes: env.UPLOADS_MIN_FREE_BYTES,
  })

  /** Upload an image: webp variants, and the Markdown that shows it with its alt text. */
  router.post('/posts/media', ...guard, requirePermission('posts', 'edit'), async function uploadPostImage(ctx) {
    if (parseContentType(ctx.get('Content-Type')).mime !== 'multipart/form-data')
      throw httpError(415, 'Send the image as multipart/form-data with the fields "file" and "alt".')
    const declared = Number(ctx.get('Content-Length') || Number.NaN)
    if (declared > IMAGE_MAX_BYTES + 64 * 1024) throw tooBig({ Connection: 'close' })
    const reservation = await limits.reserve(hashIp(ctx.ip, env.APP_SECRET), Number.isFinite(declared) ? declared : IMAGE_MAX_BYTES + 64 * 1024)
    let received = 0
    let kept = 0
    ctx.req.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    try {
      kept = await storePostImage(ctx)
    } finally {
      await reservation.settle(received, kept)
    }
  })

  /** Reads the form, stores the image's variants and answers 201; returns the bytes written. */
  async function storePostImage(ctx: Context): Promise<number> {
    const { fields, file } = await readImageForm(ctx)
    const errors: Record<string, string> = {}
    const alt = (fields.alt ?? '').trim()
    if (!file || file.buffer.length === 0) errors.file = 'Choose an image file (JPEG, PNG, WebP or AVIF).'
    if (!alt) errors.alt = 'Describe the image for people who cannot see it (alt text).'
    else if (alt.length > 300) errors.alt = 'Keep the alt text to at most 300 characters.'
    if (Object.keys(errors).length) throw httpError(422, 'Please correct the highlighted fields.', errors)
    const image = await storeImage(file!.buffer, file!.name || 'image', mediaDir)
    const userId = adminState(ctx).user.id
    const id = await db.transaction(async (trx) => {
      const [row] = (await trx('post_images')
        .insert({
          name: image.name,
          original_name: image.originalName,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          variants: JSON.stringify(image.variants),
          created_by: userId,
          created_at: nowIso(),
        })
        .returning('id')) as Array<{ id: number } | number>
      const newId = Number(typeof row === 'object' ? row.id : row)
      await audit(trx, userId, 'create', 'post_images', newId, null, { name: image.name, original_name: image.originalName, bytes: image.bytes })
      return newId
    })
    const escapedAlt = alt.replace(/([[\]\\])/g, '\\$1')
    ctx.status = 201
    ctx.body = { id, ...image, alt, markdown: `![${escapedAlt}](${image.url})` }
    return image.variants.reduce((sum, v) => sum + v.bytes, 0)
  }

  router.get('/posts/media', ...guard, requirePermission('posts', 'list'), async function listPostImages(ctx) {
    const rows = await db('post_images').orderBy('id', 'desc').limit(200)
    ctx.body = rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      name: r.name,
      originalName: r.original_name,
      width: Number(r.width),
      height: Number(r.height),
      variants: fromJson(r.variants),
    }))
  })

  /** What other pages target: focus keyphrases of the other database posts, first keyword of built pages. */
  router.get('/posts/seo-catalog', ...guard, requirePermission('posts', 'list'), async function seoCatalog(ctx) {
    const rows = await db('posts').select('id', 'slug', 'title', 'focus_keyphrase', 'pending')
    const posts: (UsedKeyphrase & { id: number })[] = rows.map((r: Record<string, unknown>) => {
      const pending = fromJson<{ focusKeyphrase?: string | null }>(r.pending)
      const keyphrases = [r.focus_keyphrase, pending?.focusKeyphrase].filter((k): k is string => typeof k === 'string' && k.trim() !== '')
      return { id: Number(r.id), url: `/blog/${r.slug}`, title: String(r.title), keyphrases: [...new Set(keyphrases)] }
    })
    const built = builtKeyphrases(env.STATIC_DIR)
    ctx.body = { posts, pages: built ?? [], from: built ? 'build' : 'database only (no build on this server)' }
  })

  /** A signed link to the draft as it will be published (noindex, expires). */
  router.post('/posts/:id/preview-link', ...guard, requirePermission('posts', 'show'), json, async function previewLink(ctx) {
    const id = parseId(ctx.params.id)
    const generation = await previewGenerationOf(db, id)
    if (generation === null) throw httpError(404, 'There is no such post.')
    const { ttlHours } = PreviewLinkSchema.parse(bodyOf(ctx) ?? {})
    const { token, expiresAt } = signPreviewToken(env.APP_SECRET, id, { ttlSeconds: ttlHours * 3600, generation })
    ctx.body = { url: `/preview/posts/${token}`, expiresAt }
  })

  /** "Revoke preview links": every link of this post issued so far answers 410; new links work. Audited. */
  router.post('/posts/:id/preview-links/revoke', ...guard, requirePermission('posts', 'edit'), json, async function revokePreviewLinks(ctx) {
    const id = parseId(ctx.params.id)
    const userId = adminState(ctx).user.id
    const generation = await db.transaction(async (trx) => {
      const before = await previewGenerationOf(trx as never, id)
      if (before === null) throw httpError(404, 'There is no such post.')
      await trx('posts').where({ id }).increment('preview_generation', 1)
      await audit(trx, userId, 'update', 'posts', id, { previewLinksRevoked: before }, { previewLinksRevoked: before + 1 })
      return before + 1
    })
    ctx.body = { revokedAt: nowIso(), generation }
  })
}

/** The post's preview generation (bumped by each revocation), or null when there is no such post. */
async function previewGenerationOf(db: Db, id: number): Promise<number | null> {
  const row = await db('posts').where({ id }).first('preview_generation')
  return row ? Number(row.preview_generation ?? 0) : null
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="${PREVIEW_ROBOTS}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`

/** GET /preview/posts/<token>: the draft page, never indexed or cached; 403 forged, 410 expired or revoked. */
export function postPreviewPage({ db, env }: { db: Db; env: Env }): Middleware {
  return async function postPreviewMiddleware(ctx, next) {
    if (!ctx.path.startsWith('/preview/posts/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    ctx.set('X-Robots-Tag', PREVIEW_ROBOTS)
    ctx.set('Cache-Control', 'private, no-store')
    ctx.state.frameSameOrigin = true
    ctx.type = 'html'
    const token = ctx.path.slice('/preview/posts/'.length)
    const postId = previewTokenPostId(token)
    // The post's current preview generation: links signed for an older one were revoked.
    const generation = postId === null ? 0 : ((await previewGenerationOf(db, postId)) ?? 0)
    const check = verifyPreviewToken(env.APP_SECRET, token, Date.now(), generation)
    if (!check.ok) {
      ctx.status = check.reason === 'forged' ? 403 : 410
      ctx.body =
        check.reason === 'expired'
          ? page('Preview link expired', 'This preview link has expired. Ask for a new one: “Copy preview link” in the post editor.')
          : check.reason === 'revoked'
            ? page('Preview link revoked', 'This preview link was revoked in the post editor. Ask its author for a new one.')
            : page('Preview link not valid', 'This preview link is not valid. Copy it again from the post editor.')
      return
    }
    const post = await getPost(db, check.postId)
    if (!post) {
      ctx.status = 404
      ctx.body = page('Post deleted', 'The post of this preview link has been deleted.')
      return
    }
    try {
      ctx.body = await renderPreview(db, env, post)
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status !== 422 && status !== 503) throw error
      ctx.status = status
      ctx.body = page('Preview not available', (error as Error).message.replace(/[<>&]/g, ''))
    }
  }
}
