// Page-level head overrides applied to pre-rendered HTML. The full build applies them while
// pre-rendering (scripts/build.ts) and /admin/cms applies them to one page at once; both call
// setHead with the page's effective values, so the bytes are the same either way. setHead only
// sets values (it never reads the current ones), and writes them with the escaping of the tag's
// renderer (vike-react for the title and description tags, React for the others), so setting a
// page's own values is a no-op and an override can be removed by setting the original values back.
import type { PageOverride } from '../../shared/cms.ts'

export type HeadValues = { title: string; description: string; canonical: string; robots: string }

export const INDEX_ROBOTS = 'index, follow, max-image-preview:large'
export const NOINDEX_ROBOTS = 'noindex, follow'

/** vike's escapeHtml (title, description, og:title, og:description). */
const vikeEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;')
/** React's attribute escaping (everything else in pages/+Head.tsx). */
const reactEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')

type Tag = { re: RegExp; key: keyof HeadValues; escape: (s: string) => string }
const TAGS: Tag[] = [
  { re: /(<title>)([^<]*)(<\/title>)/, key: 'title', escape: vikeEscape },
  { re: /(<meta property="og:title" content=")([^"]*)(")/, key: 'title', escape: vikeEscape },
  { re: /(<meta name="twitter:title" content=")([^"]*)(")/, key: 'title', escape: reactEscape },
  { re: /(<meta name="description" content=")([^"]*)(")/, key: 'description', escape: vikeEscape },
  { re: /(<meta property="og:description" content=")([^"]*)(")/, key: 'description', escape: vikeEscape },
  { re: /(<meta name="twitter:description" content=")([^"]*)(")/, key: 'description', escape: reactEscape },
  { re: /(<link rel="canonical" href=")([^"]*)(")/, key: 'canonical', escape: reactEscape },
  { re: /(<meta property="og:url" content=")([^"]*)(")/, key: 'canonical', escape: reactEscape },
  { re: /(<meta name="robots" content=")([^"]*)(")/, key: 'robots', escape: reactEscape },
]

const headOf = (html: string) => {
  const end = html.indexOf('</head>')
  return end < 0 ? html.length : end
}

/** The head values a page was rendered with (decoded). */
export function readHead(html: string): HeadValues {
  const head = html.slice(0, headOf(html))
  const value = (re: RegExp) => {
    const m = re.exec(head)
    return m ? decode(m[2]) : ''
  }
  return {
    title: value(TAGS[0].re),
    description: value(TAGS[3].re),
    canonical: value(TAGS[6].re),
    robots: value(TAGS[8].re),
  }
}

/** The page with its head tags set to these values. */
export function setHead(html: string, values: HeadValues): string {
  const end = headOf(html)
  let head = html.slice(0, end)
  for (const tag of TAGS) head = head.replace(tag.re, (_m, open: string, _old: string, close: string) => `${open}${tag.escape(values[tag.key])}${close}`)
  return head + html.slice(end)
}

/** The values a page shows with this override (null: the page's own). */
export function effectiveHead(original: HeadValues, override: PageOverride | null, siteUrl: string): HeadValues {
  if (!override) return original
  const canonical = override.canonical ? (override.canonical.startsWith('/') ? `${siteUrl}${override.canonical}` : override.canonical) : original.canonical
  return {
    title: override.title ?? original.title,
    description: override.description ?? original.description,
    canonical,
    robots: override.noindex === true ? NOINDEX_ROBOTS : override.noindex === false ? INDEX_ROBOTS : original.robots,
  }
}

export const isIndexable = (head: HeadValues, ownUrl: string) => !/noindex/.test(head.robots) && head.canonical === ownUrl
