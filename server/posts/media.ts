// Images uploaded in the post editor (issue 11): checked (size, and type from the bytes, never the
// name), resized with sharp to webp variants (480, 960 and 1600 px wide, never enlarged; metadata
// stripped, EXIF orientation applied), stored under VAR_DIR/uploads/posts (outside the web root)
// and served by the site at /media/posts/<name>-<width>w.webp with a long cache (names are unique).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import sharp, { type Metadata } from 'sharp'
import { httpError } from '../middleware/errorHandler.ts'

export const IMAGE_MAX_BYTES = 8 * 1024 * 1024
export const IMAGE_WIDTHS = [480, 960, 1600] as const
/** The width the editor puts in Markdown: wide enough for the article column on a retina screen. */
export const IMAGE_INSERT_WIDTH = 960
export const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', heif: 'image/avif' }
const MAX_PIXELS = 50_000_000
const FILE_RE = /^[a-z0-9][a-z0-9-]{0,80}-[0-9]{2,4}w\.webp$/

export const mediaDirOf = (varDir: string) => path.join(varDir, 'uploads', 'posts')
export const mediaUrl = (file: string) => `/media/posts/${file}`

export type Variant = { width: number; height: number; file: string; bytes: number; url: string }
export type StoredImage = { name: string; originalName: string; width: number; height: number; bytes: number; variants: Variant[]; url: string }

const badFile = (message: string) => httpError(422, 'Please correct the highlighted fields.', { file: message })

/** A readable, unique base name: the original name's words plus 8 random hex digits. */
function baseName(originalName: string): string {
  const stem =
    path
      .parse(originalName)
      .name.normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'image'
  return `${stem}-${crypto.randomBytes(4).toString('hex')}`
}

/** Checks the bytes are a JPEG, PNG, WebP or AVIF image and writes its webp variants into `dir`. */
export async function storeImage(buffer: Buffer, originalName: string, dir: string): Promise<StoredImage> {
  if (buffer.length === 0) throw badFile('Choose an image file: the file sent is empty.')
  if (buffer.length > IMAGE_MAX_BYTES)
    throw httpError(413, 'Please correct the highlighted fields.', {
      file: `The image is ${(buffer.length / 1024 / 1024).toFixed(1)} MB: upload one of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB (export it smaller or as JPEG).`,
    })
  let meta: Metadata
  try {
    meta = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata()
  } catch {
    throw badFile('This file is not an image we can read: upload a JPEG, PNG, WebP or AVIF image.')
  }
  if (!meta.format || !IMAGE_TYPES[meta.format]) throw badFile(`This is a ${meta.format ?? 'unknown'} file: upload a JPEG, PNG, WebP or AVIF image.`)
  // Width and height as displayed (EXIF orientation 5–8 swaps them).
  const rotated = (meta.orientation ?? 1) >= 5
  const width = (rotated ? meta.height : meta.width) ?? 0
  const height = (rotated ? meta.width : meta.height) ?? 0
  if (width < 1 || height < 1 || width * height > MAX_PIXELS) throw badFile('The image is too large in pixels: use at most 50 megapixels.')
  const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, width)))]
  const name = baseName(originalName)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const variants: Variant[] = []
  const written: string[] = []
  try {
    for (const w of widths) {
      const file = `${name}-${w}w.webp`
      const target = path.join(dir, file)
      const tmp = `${target}.${process.pid}.tmp`
      const info = await sharp(buffer, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(tmp)
      fs.renameSync(tmp, target)
      written.push(target)
      variants.push({ width: info.width, height: info.height, file, bytes: info.size, url: mediaUrl(file) })
    }
  } catch (error) {
    for (const f of written) fs.rmSync(f, { force: true })
    for (const w of widths) fs.rmSync(path.join(dir, `${name}-${w}w.webp.${process.pid}.tmp`), { force: true })
    throw error
  }
  const insert = variants.find((v) => v.width >= IMAGE_INSERT_WIDTH) ?? variants.at(-1)!
  return { name, originalName: originalName.slice(0, 255), width, height, bytes: buffer.length, variants, url: insert.url }
}

/** Serves /media/posts/<file> from the media folder (GET and HEAD); anything else passes on. */
export function postMedia(varDir: string): Middleware {
  const dir = mediaDirOf(varDir)
  return async function postMediaMiddleware(ctx, next) {
    if (!ctx.path.startsWith('/media/posts/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    const file = ctx.path.slice('/media/posts/'.length)
    if (!FILE_RE.test(file)) return next()
    let stat: fs.Stats
    try {
      stat = await fs.promises.stat(path.join(dir, file))
    } catch {
      return next()
    }
    ctx.set('Content-Type', 'image/webp')
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
    ctx.set('Last-Modified', stat.mtime.toUTCString())
    if (ctx.method === 'HEAD') {
      ctx.status = 200
      ctx.length = stat.size
      return
    }
    ctx.body = fs.createReadStream(path.join(dir, file))
    ctx.length = stat.size
  }
}
