// The image step of a blog import: every image the posts reference that was found in the media
// zip (matched by its original URL's path under /uploads/) is converted to WebP with sharp and
// written under VAR_DIR/media/blog/<yyyy>/<mm>/<name>.webp, served at /media/blog/… (the import
// already rewrote the references to that path). Images not found stay listed as missing with the
// posts that use them; staff can provide those files later (one by one or as a zip): they are
// matched by file name, converted, and the posts that still point at the old URL are rewritten.
// Nothing is silently dropped: an image that cannot be converted is listed with the reason.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { Db } from '../db/knex.ts'
import { fromJson, nowIso } from '../db/rows.ts'
import { getPost, updatePost } from '../posts/store.ts'
import { createMediaMatcher, mediaPath, unsizedKey, uploadKey } from './links.ts'
import { openZip, readEntry } from './markdownZip.ts'
import type yauzl from 'yauzl'

export type FoundImage = { url: string; entry: string; path: string; from: 'media zip' | 'export zip' | 'provided' }
export type ImagesState = {
  found: FoundImage[]
  missing: Array<{ url: string; usedBy: string[] }>
  failed: Array<{ url: string; reason: string }>
  converted: number
}

/** Served at /media/blog/… from here (outside the web root). */
export const mediaRoot = (varDir: string) => path.join(varDir, 'media')
export const mediaFile = (varDir: string, webPath: string) => path.join(mediaRoot(varDir), ...webPath.replace(/^\/media\//, '').split('/'))

const IMAGE = /\.(png|jpe?g|gif|webp|avif|tiff?)$/i

/** The entry names of a zip (read from its central directory; nothing is extracted). */
export async function zipEntryNames(file: string): Promise<string[]> {
  const zip = await openZip(file)
  const names: string[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        if (!e.fileName.endsWith('/') && !e.fileName.startsWith('__MACOSX/')) names.push(e.fileName)
        zip.readEntry()
      })
      zip.once('end', () => resolve())
      zip.once('error', reject)
      zip.readEntry()
    })
  } finally {
    zip.close()
  }
  return names
}

/** Calls `each` for every wanted entry of the zip, with its bytes (one entry in memory at a time). */
async function forEntries(file: string, wanted: Set<string>, each: (name: string, bytes: Buffer) => Promise<void>) {
  const zip = await openZip(file)
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve)
        zip.once('end', () => resolve(null))
        zip.once('error', reject)
        zip.readEntry()
      })
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error')
      if (!entry) return
      if (wanted.has(entry.fileName)) await each(entry.fileName, await readEntry(zip, entry))
    }
  } finally {
    zip.close()
  }
}

/** One image → WebP (rotated by its EXIF, at most 2,000 px wide). */
async function toWebp(bytes: Buffer, out: string) {
  await fs.promises.mkdir(path.dirname(out), { recursive: true })
  const tmp = `${out}.${process.pid}.tmp`
  await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize({ width: 2000, withoutEnlargement: true }).webp({ quality: 82 }).toFile(tmp)
  await fs.promises.rename(tmp, out)
}

export async function readImages(db: Db, importId: number): Promise<ImagesState | null> {
  const row = await db('blog_imports').where({ id: importId }).first('images')
  return fromJson<ImagesState>(row?.images)
}

/**
 * Converts every found image whose WebP is not there yet. `zips` maps the origin to the zip file
 * the entries come from (the media zip, or the export itself for a Markdown zip).
 */
export async function convertFound(varDir: string, state: ImagesState, zips: Partial<Record<FoundImage['from'], string>>): Promise<ImagesState> {
  const failed = new Map(state.failed.map((f) => [f.url, f.reason]))
  let converted = 0
  for (const from of ['media zip', 'export zip'] as const) {
    const zipFile = zips[from]
    const todo = state.found.filter((f) => f.from === from && !fs.existsSync(mediaFile(varDir, f.path)))
    if (!zipFile || !todo.length) continue
    const byEntry = new Map<string, FoundImage[]>()
    for (const f of todo) byEntry.set(f.entry, [...(byEntry.get(f.entry) ?? []), f])
    await forEntries(zipFile, new Set(byEntry.keys()), async (name, bytes) => {
      const targets = new Set(byEntry.get(name)!.map((f) => f.path))
      for (const target of targets) {
        try {
          await toWebp(bytes, mediaFile(varDir, target))
          converted++
        } catch (error) {
          for (const f of byEntry.get(name)!) failed.set(f.url, `${name} could not be converted to WebP (${(error as Error).message})`)
        }
      }
    })
  }
  const done = state.found.filter((f) => fs.existsSync(mediaFile(varDir, f.path))).length
  return { ...state, failed: [...failed].map(([url, reason]) => ({ url, reason })), converted: Math.max(done, state.converted + converted) }
}

/** Posts of imports whose body or featured image still points at `url`: now at `to`. */
async function rewriteReferences(db: Db, replacements: Map<string, string>, userId: number | null): Promise<number[]> {
  const changed = new Set<number>()
  for (const [url, to] of replacements) {
    const rows = await db('posts')
      .where({ source: 'import' })
      .andWhere((q) => q.where('body', 'like', `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`).orWhere({ featured_image: url }))
      .select('id')
    for (const { id } of rows) {
      await db.transaction(async (trx) => {
        const post = await getPost(trx, Number(id))
        if (!post) return
        const body = post.body.split(url).join(to)
        const featuredImage = post.featuredImage === url ? to : post.featuredImage
        if (body === post.body && featuredImage === post.featuredImage) return
        await updatePost(trx, post.id, { fields: { body, featuredImage } }, userId, 'import')
        changed.add(post.id)
      })
    }
  }
  return [...changed]
}

const baseName = (url: string) => path.posix.basename(uploadKey(url))

/**
 * The "provide this file" step: `files` are images (matched to the missing URLs by file name, a
 * resized "-300x200" URL by its original's name) or zips of the uploads tree (matched by path).
 * Matched images are converted and the posts rewritten; returns the new state and what was not used.
 */
export async function provideImages(
  db: Db,
  varDir: string,
  importId: number,
  files: Array<{ path: string; originalName: string; type: string }>,
  userId: number | null,
): Promise<{ state: ImagesState; matched: string[]; unused: string[]; postsChanged: number[] }> {
  const state = (await readImages(db, importId)) ?? { found: [], missing: [], failed: [], converted: 0 }
  const replacements = new Map<string, string>()
  const matched: string[] = []
  const used = new Set<string>()
  const failed = new Map(state.failed.map((f) => [f.url, f.reason]))
  const images = files.filter((f) => f.type !== 'zip')
  const byName = new Map<string, (typeof images)[number]>()
  for (const f of images) byName.set(path.posix.basename(f.originalName.replaceAll('\\', '/')).toLowerCase(), f)
  const zips = await Promise.all(files.filter((f) => f.type === 'zip').map(async (f) => ({ file: f, entries: await zipEntryNames(f.path) })))
  const still: ImagesState['missing'] = []
  for (const m of state.missing) {
    const name = baseName(m.url)
    const unsized = unsizedKey(name)
    const image = byName.get(name) ?? (unsized ? byName.get(unsized) : undefined)
    const target = mediaPath(uploadKey(m.url).replace(/-\d+x\d+(\.[a-z0-9]+)$/, '$1'))
    let bytes: Buffer | null = null
    let source = ''
    if (image) {
      bytes = await fs.promises.readFile(image.path)
      source = image.originalName
    } else {
      for (const z of zips) {
        const entry = createMediaMatcher(z.entries.filter((e) => IMAGE.test(e)))(m.url)
        if (!entry) continue
        await forEntries(z.file.path, new Set([entry]), async (_name, b) => {
          bytes = b
        })
        source = `${z.file.originalName}: ${entry}`
        break
      }
    }
    if (!bytes) {
      still.push(m)
      continue
    }
    try {
      await toWebp(bytes, mediaFile(varDir, target))
    } catch (error) {
      failed.set(m.url, `${source} could not be converted to WebP (${(error as Error).message})`)
      still.push(m)
      continue
    }
    failed.delete(m.url)
    used.add(source.split(': ')[0])
    matched.push(m.url)
    replacements.set(m.url, target)
    state.found.push({ url: m.url, entry: source, path: target, from: 'provided' })
  }
  const postsChanged = await rewriteReferences(db, replacements, userId)
  const next: ImagesState = {
    found: state.found,
    missing: still,
    failed: [...failed].map(([url, reason]) => ({ url, reason })),
    converted: state.converted + matched.length,
  }
  await db('blog_imports')
    .where({ id: importId })
    .update({ images: JSON.stringify(next), updated_at: nowIso() })
  const unused = files.map((f) => f.originalName).filter((n) => !used.has(n))
  return { state: next, matched, unused, postsChanged }
}
