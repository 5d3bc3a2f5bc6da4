// /media/blog/<yyyy>/<mm>/<name>.webp: the images of imported posts, converted by the import's
// image step into VAR_DIR/media/blog (outside the web root, so a rebuild of the site keeps them).
// Only .webp files under that folder are served; anything else falls through (the site's 404).
import fs from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import { mediaRoot } from './images.ts'

const PREFIX = '/media/blog/'

export function blogMedia(varDir: string): Middleware {
  const root = path.join(mediaRoot(varDir), 'blog')
  return async function blogMediaMiddleware(ctx, next) {
    if (!ctx.path.startsWith(PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    let rel: string
    try {
      rel = decodeURIComponent(ctx.path.slice(PREFIX.length))
    } catch {
      return next()
    }
    if (!/^[a-z0-9._\-/]+\.webp$/i.test(rel) || rel.split('/').some((part) => part === '..' || part === '.' || part === '')) return next()
    const file = path.join(root, ...rel.split('/'))
    const stat = await fs.promises.stat(file).catch(() => null)
    if (!stat?.isFile()) return next()
    ctx.set('Cache-Control', 'public, max-age=86400')
    ctx.set('Last-Modified', stat.mtime.toUTCString())
    ctx.type = 'image/webp'
    ctx.length = stat.size
    if (ctx.fresh) {
      ctx.status = 304
      return
    }
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file)
    if (ctx.method === 'HEAD') ctx.length = stat.size
  }
}
