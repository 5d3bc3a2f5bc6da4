// A zip of Markdown files with YAML front matter (Jekyll, Hugo, Eleventy, Astro exports): one post
// per .md file, read entry by entry with yauzl (the zip is never loaded whole). Front matter:
// title (required), slug, date, draft or status, tags, categories, description or excerpt, author,
// image/cover, seo_title, seo_description, and old addresses in url, permalink or aliases.
// Other files are assets when they are images, and skipped otherwise.
import path from 'node:path'
import YAML from 'yaml'
import yauzl from 'yauzl'
import { imageUrls } from './toMarkdown.ts'
import { slugify, urlPath, type ImportStatus, type NormalisedItem } from './types.ts'
import { ImportFileError } from './wxr.ts'

export const MAX_MARKDOWN_ENTRY_BYTES = 5 * 1024 * 1024
const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i
const FRONT = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v.trim() ? v.split(',').map((s) => s.trim()) : [])
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : v instanceof Date ? v.toISOString() : typeof v === 'number' ? String(v) : '')

/** One Markdown file → a normalised post (or a skipped item saying which field to fix). */
export function normaliseMarkdownFile(entryPath: string, text: string): NormalisedItem {
  const sourceKey = `markdown:${entryPath}`
  const base = path.posix.basename(entryPath).replace(/\.(md|markdown)$/i, '')
  const skip = (reason: string): NormalisedItem => ({
    kind: 'skipped',
    item: { sourceKey, sourceId: entryPath, location: entryPath, itemType: 'markdown', title: base, reason },
  })
  const m = FRONT.exec(text.replace(/^\uFEFF/, ''))
  if (!m) return skip('no front matter: start the file with --- lines holding at least a title')
  let front: Record<string, unknown>
  try {
    const parsed: unknown = YAML.parse(m[1])
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return skip('front matter is not a YAML mapping')
    front = parsed as Record<string, unknown>
  } catch (error) {
    return skip(`front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`)
  }
  const title = str(front.title)
  if (!title) return skip('front matter has no title')
  const date = str(front.date)
  const when = date && !Number.isNaN(Date.parse(date)) ? new Date(Date.parse(date)).toISOString() : null
  if (date && !when) return skip(`front matter date "${date}" is not a date (use YYYY-MM-DD)`)
  const rawStatus = str(front.status).toLowerCase()
  const status: ImportStatus =
    front.draft === true || rawStatus === 'draft'
      ? 'draft'
      : rawStatus === 'scheduled' || (when && Date.parse(when) > Date.now() && rawStatus !== 'published')
        ? 'scheduled'
        : 'published'
  const markdown = m[2].trim()
  const oldUrls = [
    ...new Set(
      [str(front.url), str(front.permalink), ...list(front.aliases), ...list(front.redirect_from)]
        .filter(Boolean)
        .map((u) => urlPath(u))
        .filter((u): u is string => !!u && u !== '/'),
    ),
  ]
  return {
    kind: 'post',
    post: {
      sourceKey,
      source: 'markdown',
      sourceId: entryPath,
      location: entryPath,
      type: str(front.type) === 'page' || str(front.layout) === 'page' ? 'page' : 'post',
      title,
      slug: slugify(str(front.slug) || base.replace(/^\d{4}-\d{2}-\d{2}-/, '')),
      status,
      publishedAt: status === 'draft' && !when ? null : when,
      author: str(front.author),
      authorEmail: '',
      markdown,
      excerpt: str(front.excerpt) || str(front.description) || str(front.summary),
      tags: list(front.tags).map(slugify),
      categories: list(front.categories).map(slugify),
      featureImage: str(front.image) || str(front.cover) || str(front.feature_image) || null,
      seoTitle: str(front.seo_title) || str(front.meta_title) || null,
      seoDescription: str(front.seo_description) || str(front.meta_description) || str(front.description) || null,
      oldUrls,
      oldLink: null,
      images: imageUrls(markdown),
      unknownMarkup: [],
    },
  }
}

export const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (e, z) => (e ? reject(e) : resolve(z))),
  )

export function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (e, stream) => {
      if (e) return reject(e)
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => resolve(Buffer.concat(chunks)))
      stream.on('error', reject)
    }),
  )
}

/** Every entry of the zip, normalised, one at a time. `name` names the upload in errors. */
export async function* readMarkdownZip(file: string, name = path.basename(file)): AsyncGenerator<NormalisedItem> {
  let zip: yauzl.ZipFile
  try {
    zip = await openZip(file)
  } catch (error) {
    throw new ImportFileError(name, null, `not a readable zip file (${(error as Error).message})`)
  }
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
      const entryPath = entry.fileName
      if (entryPath.endsWith('/') || entryPath.startsWith('__MACOSX/') || path.posix.basename(entryPath).startsWith('.')) continue
      if (/\.(md|markdown)$/i.test(entryPath)) {
        if (entry.uncompressedSize > MAX_MARKDOWN_ENTRY_BYTES) {
          yield {
            kind: 'skipped',
            item: {
              sourceKey: `markdown:${entryPath}`,
              sourceId: entryPath,
              location: entryPath,
              itemType: 'markdown',
              title: entryPath,
              reason: 'larger than 5 MB',
            },
          }
          continue
        }
        yield normaliseMarkdownFile(entryPath, (await readEntry(zip, entry)).toString('utf8'))
      } else if (IMAGE.test(entryPath)) {
        yield { kind: 'asset', asset: { sourceId: entryPath, url: entryPath, location: entryPath, title: path.posix.basename(entryPath) } }
      } else {
        yield {
          kind: 'skipped',
          item: {
            sourceKey: `markdown:${entryPath}`,
            sourceId: entryPath,
            location: entryPath,
            itemType: 'file',
            title: entryPath,
            reason: 'neither Markdown nor an image',
          },
        }
      }
    }
  } finally {
    zip.close()
  }
}
