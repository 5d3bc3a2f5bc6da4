// A database post's featured image as the blog post page shows it (issue 11): the upload's webp
// variants (server/posts/media.ts writes <name>-<width>w.webp under VAR_DIR/uploads/posts) with
// their real sizes, read from the files' headers, so the template can give a srcset and explicit
// width and height. An image that is not such an upload (another site path, an https URL) or whose
// files are not on this machine keeps its URL and alt text only. Synchronous and without sharp:
// the catalog snapshot and the draft preview build posts with it.
import fs from 'node:fs'
import path from 'node:path'
import type { PostImage } from '../../data/loadData.ts'

const UPLOAD_RE = /^\/media\/posts\/([a-z0-9][a-z0-9-]{0,80})-[0-9]{2,4}w\.webp$/

/** VAR_DIR/uploads/posts, as the server serves /media/posts/ from it (server/env.ts's default). */
export const defaultMediaDir = () => path.join(process.env.VAR_DIR || path.resolve(import.meta.dirname, '../../var'), 'uploads', 'posts')

/** Width and height from a WebP file's first chunk header (lossy VP8, lossless VP8L, extended VP8X). */
export function webpSize(file: string): { width: number; height: number } | undefined {
  let fd: number | undefined
  try {
    fd = fs.openSync(file, 'r')
    const b = Buffer.alloc(30)
    if (fs.readSync(fd, b, 0, 30, 0) < 30 || b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP') return undefined
    const chunk = b.toString('ascii', 12, 16)
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21)
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
    }
    if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 }
    return undefined
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

export function featuredImageOf(url: string, alt: string, mediaDir = defaultMediaDir()): PostImage {
  const match = UPLOAD_RE.exec(url)
  if (!match) return { url, alt, variants: [] }
  const name = match[1]
  const fileRe = new RegExp(`^${name}-([0-9]{2,4})w\\.webp$`)
  let files: string[] = []
  try {
    files = fs.readdirSync(mediaDir).filter((f) => fileRe.test(f))
  } catch {
    files = []
  }
  const variants = files
    .flatMap((file) => {
      const size = webpSize(path.join(mediaDir, file))
      return size ? [{ url: `/media/posts/${file}`, ...size }] : []
    })
    .sort((a, b) => a.width - b.width)
  return { url, alt, variants }
}
