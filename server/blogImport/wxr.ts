// A streaming reader of WordPress WXR 1.2 exports (Tools → Export). The file is fed to saxes
// chunk by chunk and each <item> is yielded as soon as its end tag is read, so memory stays
// flat whatever the file's size (a 100 MB export holds one item at a time). saxes: a strict,
// well-kept XML parser (the one jsdom uses) that reports the line of every error and needs no
// native code. docs/decisions/151-blog-migration.md
import type { Readable } from 'node:stream'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { own } from './types.ts'

export class ImportFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    message: string,
  ) {
    super(`${file}${line ? `, line ${line}` : ''}: ${message}`)
    this.name = 'ImportFileError'
  }
}

export type WxrAuthor = { login: string; email: string; displayName: string }
export type WxrTerm = { kind: 'category' | 'tag'; slug: string; name: string; parent: string }
export type WxrItem = {
  /** Line of the <item> start tag, for messages. */
  line: number
  id: string
  type: string
  title: string
  link: string
  guid: string
  slug: string
  status: string
  /** wp:post_date_gmt as ISO, or pubDate; '' when neither is set (a draft). */
  date: string
  creator: string
  content: string
  excerpt: string
  parentId: string
  attachmentUrl: string
  categories: Array<{ domain: string; slug: string; name: string }>
  meta: Record<string, string>
}
export type WxrEvent =
  | { kind: 'site'; title: string; link: string; baseUrl: string }
  | { kind: 'author'; author: WxrAuthor }
  | { kind: 'term'; term: WxrTerm }
  | { kind: 'item'; item: WxrItem }

const emptyItem = (line: number): WxrItem => ({
  line,
  id: '',
  type: '',
  title: '',
  link: '',
  guid: '',
  slug: '',
  status: '',
  date: '',
  creator: '',
  content: '',
  excerpt: '',
  parentId: '',
  attachmentUrl: '',
  categories: [],
  meta: {},
})

/** "2024-03-05 14:30:00" (GMT) → ISO; '' for WordPress's empty date. */
export function wpDate(value: string): string {
  const v = value.trim()
  if (!v || v.startsWith('0000-00-00')) return ''
  const t = Date.parse(`${v.replace(' ', 'T')}Z`)
  return Number.isNaN(t) ? '' : new Date(t).toISOString()
}

/** Reads a WXR stream; `file` names it in error messages. */
export async function* readWxr(stream: Readable, file = 'export.xml'): AsyncGenerator<WxrEvent> {
  const parser = new SaxesParser({ xmlns: false, position: true })
  const out: WxrEvent[] = []
  const path: string[] = []
  let text = ''
  let item: WxrItem | null = null
  let author: Partial<WxrAuthor> | null = null
  let term: (Partial<WxrTerm> & { kind: WxrTerm['kind'] }) | null = null
  let meta: { key: string; value: string } | null = null
  let category: { domain: string; slug: string } | null = null
  let sawRss = false
  let sawWxrVersion = false
  const site = { title: '', link: '', baseUrl: '' }
  let siteSent = false
  let error: ImportFileError | null = null

  parser.on('error', (e) => {
    // saxes prefixes its messages with "line:column: ".
    const at = /^(?:.*?:)?(\d+):(\d+): ([\s\S]*)$/.exec(e.message)
    error ??= new ImportFileError(file, at ? Number(at[1]) : parser.line, `not well-formed XML (${at ? `column ${at[2]}: ${at[3]}` : e.message})`)
  })
  parser.on('opentag', (tag: SaxesTagPlain) => {
    path.push(tag.name)
    text = ''
    const name = tag.name
    if (name === 'rss') sawRss = true
    else if (name === 'item') {
      if (!siteSent) {
        out.push({ kind: 'site', ...site })
        siteSent = true
      }
      item = emptyItem(parser.line)
    } else if (name === 'wp:author' && !item) author = {}
    else if (name === 'wp:category' && !item) term = { kind: 'category' }
    else if (name === 'wp:tag' && !item) term = { kind: 'tag' }
    else if (name === 'wp:postmeta' && item) meta = { key: '', value: '' }
    else if (name === 'category' && item) category = { domain: own(String(tag.attributes.domain ?? '')), slug: own(String(tag.attributes.nicename ?? '')) }
  })
  const onText = (t: string) => {
    text += t
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', (tag) => {
    const name = tag.name
    const value = name === 'content:encoded' ? text : own(text)
    text = ''
    path.pop()
    const parent = path[path.length - 1]
    if (name === 'wp:wxr_version') sawWxrVersion = true
    if (item) {
      if (meta && parent === 'wp:postmeta') {
        if (name === 'wp:meta_key') meta.key = value.trim()
        else if (name === 'wp:meta_value') meta.value = value
        return
      }
      if (name === 'wp:postmeta' && meta) {
        if (meta.key) item.meta[meta.key] = meta.value
        meta = null
        return
      }
      if (name === 'category' && category) {
        item.categories.push({ ...category, name: value.trim() })
        category = null
        return
      }
      if (parent !== 'item' && name !== 'item') return
      switch (name) {
        case 'title':
          item.title = value.trim()
          break
        case 'link':
          item.link = value.trim()
          break
        case 'guid':
          item.guid = value.trim()
          break
        case 'pubDate':
          if (!item.date) {
            const t = Date.parse(value)
            if (!Number.isNaN(t)) item.date = new Date(t).toISOString()
          }
          break
        case 'dc:creator':
          item.creator = value.trim()
          break
        case 'content:encoded':
          item.content = value
          break
        case 'excerpt:encoded':
          item.excerpt = value.trim()
          break
        case 'wp:post_id':
          item.id = value.trim()
          break
        case 'wp:post_date_gmt': {
          const iso = wpDate(value)
          if (iso) item.date = iso
          break
        }
        case 'wp:post_name':
          item.slug = value.trim()
          break
        case 'wp:status':
          item.status = value.trim()
          break
        case 'wp:post_parent':
          item.parentId = value.trim() === '0' ? '' : value.trim()
          break
        case 'wp:post_type':
          item.type = value.trim()
          break
        case 'wp:attachment_url':
          item.attachmentUrl = value.trim()
          break
        case 'item':
          out.push({ kind: 'item', item })
          item = null
          break
      }
      return
    }
    if (author) {
      if (name === 'wp:author_login') author.login = value.trim()
      else if (name === 'wp:author_email') author.email = value.trim()
      else if (name === 'wp:author_display_name') author.displayName = value.trim()
      else if (name === 'wp:author') {
        out.push({ kind: 'author', author: { login: author.login ?? '', email: author.email ?? '', displayName: author.displayName || author.login || '' } })
        author = null
      }
      return
    }
    if (term) {
      if (name === 'wp:category_nicename' || name === 'wp:tag_slug') term.slug = value.trim()
      else if (name === 'wp:cat_name' || name === 'wp:tag_name') term.name = value.trim()
      else if (name === 'wp:category_parent') term.parent = value.trim()
      else if (name === 'wp:category' || name === 'wp:tag') {
        out.push({ kind: 'term', term: { kind: term.kind, slug: term.slug ?? '', name: term.name || term.slug || '', parent: term.parent ?? '' } })
        term = null
      }
      return
    }
    if (parent === 'channel') {
      if (name === 'title') site.title = value.trim()
      else if (name === 'link') site.link = value.trim()
      else if (name === 'wp:base_blog_url') site.baseUrl = value.trim()
    }
  })

  stream.setEncoding('utf8')
  for await (const chunk of stream as AsyncIterable<string>) {
    parser.write(chunk)
    if (error) throw error
    yield* out.splice(0)
  }
  parser.close()
  if (error) throw error
  if (!sawRss || !sawWxrVersion)
    throw new ImportFileError(file, null, 'not a WordPress export (WXR): no <rss> with <wp:wxr_version>. Export it from WordPress with Tools → Export.')
  if (!siteSent) out.push({ kind: 'site', ...site })
  yield* out.splice(0)
}
