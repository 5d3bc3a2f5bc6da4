// WordPress content (Gutenberg block markup or classic-editor HTML) → clean Markdown.
// Core blocks (paragraph, heading, list, image, quote, code, separator, table…) become Markdown
// through turndown; blocks and shortcodes this converter does not know are kept verbatim as HTML
// in the Markdown and listed, so nothing is silently dropped. [caption] and [embed] are known.
import TurndownService from 'turndown'
import { DESCRIPTION_MAX } from '../../shared/posts.ts'
import { own } from './types.ts'

/** Core blocks whose HTML turndown renders faithfully; their comments are dropped. */
const KNOWN_BLOCKS = new Set([
  'paragraph',
  'heading',
  'list',
  'list-item',
  'image',
  'quote',
  'pullquote',
  'code',
  'preformatted',
  'separator',
  'table',
  'group',
  'columns',
  'column',
  'spacer',
  'buttons',
  'button',
  'html',
  'embed',
  'freeform',
  'verse',
])

export type Converted = { markdown: string; unknown: string[] }

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_', hr: '---' })
turndown.remove(['script', 'style', 'noscript'])
// A figure's caption follows its image as an italic line.
turndown.addRule('figcaption', { filter: 'figcaption', replacement: (content) => (content.trim() ? `\n\n_${content.trim()}_\n\n` : '') })

const blockName = (raw: string) => (raw.includes('/') ? raw : `core/${raw}`)
const isKnownBlock = (name: string) => name.startsWith('core/') && KNOWN_BLOCKS.has(name.slice(5))

/** Gutenberg block comments: unknown blocks (with everything inside) become placeholders. */
function extractUnknownBlocks(html: string, keep: (raw: string, label: string) => string): string {
  const re = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)(\s+\{[\s\S]*?\})?\s*(\/)?-->/g
  let out = ''
  let last = 0
  const stack: Array<{ name: string; start: number; unknown: boolean }> = []
  let unknownDepth = 0
  for (const m of html.matchAll(re)) {
    const [whole, closing, raw, , selfClosing] = m
    const name = blockName(raw)
    const at = m.index
    if (closing) {
      const open = stack.pop()
      if (!open) continue
      if (open.unknown) {
        unknownDepth--
        if (unknownDepth === 0) {
          out += keep(html.slice(open.start, at + whole.length), open.name)
          last = at + whole.length
        }
      } else if (unknownDepth === 0) {
        out += html.slice(last, at)
        last = at + whole.length
      }
      continue
    }
    const unknown = !isKnownBlock(name)
    if (selfClosing) {
      if (unknownDepth === 0) {
        out += html.slice(last, at) + (unknown ? keep(whole, name) : '')
        last = at + whole.length
      }
      continue
    }
    if (unknown) {
      if (unknownDepth === 0) {
        out += html.slice(last, at)
        last = at
      }
      unknownDepth++
    } else if (unknownDepth === 0) {
      out += html.slice(last, at)
      last = at + whole.length
    }
    stack.push({ name, start: at, unknown })
  }
  return out + html.slice(last)
}

const attr = (attrs: string, name: string) => new RegExp(`${name}=["']([^"']*)["']`).exec(attrs)?.[1] ?? ''

/** Shortcodes: [caption] and [embed] are converted; any other [name …] is kept and listed. */
function convertShortcodes(html: string, keep: (raw: string, label: string) => string): string {
  let out = html.replace(/\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g, (_m, attrs: string, inner: string) => {
    const img = /<img[^>]*>/.exec(inner)?.[0] ?? ''
    const caption = inner.replace(/<a[^>]*>\s*<img[^>]*>\s*<\/a>|<img[^>]*>/, '').trim() || attr(attrs, 'caption')
    return `<figure>${img}<figcaption>${caption}</figcaption></figure>`
  })
  out = out.replace(/\[embed\]([\s\S]*?)\[\/embed\]/g, (_m, url: string) => `<p><a href="${url.trim()}">${url.trim()}</a></p>`)
  // Any other shortcode, with its closing tag when it has one.
  out = out.replace(/\[([a-z][a-z0-9_-]*)(\s[^\]]*)?\](?:([\s\S]*?)\[\/\1\])?/gi, (whole, name: string) => keep(whole, `[${name.toLowerCase()}]`))
  return out
}

/** WordPress's wpautop for classic content: blank-line-separated text becomes paragraphs. */
export function autop(html: string): string {
  if (/<p[\s>]/i.test(html) || !/\n\s*\n/.test(html)) return html
  return html
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (/^<(h[1-6]|ul|ol|blockquote|pre|table|figure|div|hr)/i.test(block) ? block : `<p>${block.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n')
}

export function htmlToMarkdown(html: string): Converted {
  const kept: string[] = []
  const unknown = new Set<string>()
  const keep = (raw: string, label: string) => {
    unknown.add(label)
    kept.push(raw.trim())
    // Letters only: turndown escapes nothing in it, and it stands alone as a paragraph.
    return `<p>KEPTMARKUP${kept.length - 1}X</p>`
  }
  let source = extractUnknownBlocks(html, keep)
  source = convertShortcodes(source, keep)
  source = autop(source)
  let markdown = turndown.turndown(source)
  markdown = markdown.replace(/KEPTMARKUP(\d+)X/g, (_m, i: string) => kept[Number(i)])
  markdown = markdown.replace(/\n{3,}/g, '\n\n').trim()
  return { markdown, unknown: [...unknown].sort() }
}

/** Every image URL a Markdown text references (Markdown images and <img src> in kept HTML). */
export function imageUrls(markdown: string): string[] {
  const urls = new Set<string>()
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) urls.add(m[1])
  for (const m of markdown.matchAll(/<img[^>]*\ssrc=["']([^"']+)["']/gi)) urls.add(m[1])
  // Copies: the URLs outlive the body (image maps of the whole import).
  return [...urls].map(own)
}

/**
 * The excerpt (the page's description): the export's, or, as WordPress does when there is none,
 * the start of the body as plain text; cut on a word to fit the description limit. A published
 * page without a description fails the site's checks, so an empty excerpt is never imported.
 */
export function excerptOf(excerpt: string, markdown: string): string {
  const text = (excerpt.trim() ? excerpt : markdown)
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= DESCRIPTION_MAX) return text
  const cut = text.slice(0, DESCRIPTION_MAX - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.-]+$/, '')}…`
}
