// The /admin/cms inventory. The full build records what it rendered for every catalog URL (head,
// words and links of <main>, sources, lastmod) in dist/cms-inventory.json, outside the served
// folder; the server reads that file once (and again when it changes), joins the overrides, views
// and leads, and keeps the computed rows in memory, so a list request filters and sorts an array
// instead of re-rendering or re-reading pages.
import fs from 'node:fs'
import path from 'node:path'
import { ISSUE_KINDS, THIN_WORDS, TITLE_MAX, DESCRIPTION_MAX, type CmsPage, type IssueKind, type PageOverride } from '../../shared/cms.ts'
import { effectiveHead, isIndexable, readHead, type HeadValues } from './headOverride.ts'
import { createStringPool, detachString } from '../../shared/detachString.ts'

export type InventoryPage = {
  url: string
  family: string
  label: string
  params: Record<string, string>
  sources: string[]
  isAlias: boolean
  /** The head as rendered, before any override. */
  head: HeadValues
  words: number
  /** Internal links of <main>, path only, unique. */
  links: string[]
  lastmod: string
}
export type InventoryFile = { version: 1; siteUrl: string; builtAt: string; pages: InventoryPage[]; files: string[] }

export const inventoryFileOf = (staticDir: string) => path.join(staticDir, '..', 'cms-inventory.json')

const decodeEntities = (s: string) => s.replace(/&nbsp;|&#160;/g, ' ').replace(/&[a-z]+;|&#x?[0-9a-f]+;/gi, 'x')

const isSpaceCode = new Map<number, boolean>()
const isWordCode = new Map<number, boolean>()

/**
 * How many whitespace-separated tokens of `text` hold a letter or a digit: the count of
 * `text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w))`, in one pass without a string per
 * word (that split and a Unicode regex per word were most of the inventory's time per page in
 * the build, decision 164). ASCII is decided by its code; other characters by the same regular
 * expressions, once per character code. `inventory.test.ts` compares both.
 */
export function countWords(text: string): number {
  let words = 0
  let inToken = false
  let counted = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 128 ? c === 32 || (c >= 9 && c <= 13) : spaceCode(c)) {
      inToken = false
      continue
    }
    if (!inToken) {
      inToken = true
      counted = false
    }
    if (counted) continue
    if (c < 128 ? (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) : wordCode(text.codePointAt(i)!)) {
      counted = true
      words++
    }
  }
  return words
}

function spaceCode(c: number) {
  let space = isSpaceCode.get(c)
  if (space === undefined) isSpaceCode.set(c, (space = /\s/.test(String.fromCharCode(c))))
  return space
}

function wordCode(cp: number) {
  let word = isWordCode.get(cp)
  if (word === undefined) isWordCode.set(cp, (word = /[\p{L}\p{N}]/u.test(String.fromCodePoint(cp))))
  return word
}

const pooled = createStringPool()

/** What the inventory keeps of a rendered page (before overrides). */
export function pageFacts(html: string): { head: HeadValues; words: number; links: string[] } {
  const start = html.indexOf('<main')
  const end = html.indexOf('</main>')
  const main = start >= 0 && end > start ? html.slice(start, end) : ''
  const text = decodeEntities(main.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' '))
  const words = countWords(text)
  const links = new Set<string>()
  for (const m of main.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = m[1].replace(/&amp;/g, '&')
    if (!href.startsWith('/') || href.startsWith('//')) continue
    const p = href.split(/[?#]/)[0] || '/'
    links.add(pooled(p.length > 1 ? p.replace(/\/+$/, '') : p))
  }
  // The build keeps these for every page until its end: strings of their own, not views on the HTML.
  const { title, description, canonical, robots } = readHead(html)
  const head = { title: detachString(title), description: detachString(description), canonical: detachString(canonical), robots: detachString(robots) }
  return { head, words, links: [...links] }
}

/** Writes the build's inventory (atomically); the publisher's updates of an older build go. */
export function writeInventory(file: string, inventory: InventoryFile) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // builtAt first: the publisher reads it from the file's first bytes (inventoryBuiltAt).
  const { builtAt, version, siteUrl, pages, files } = inventory
  writeJsonAtomically(file, { builtAt, version, siteUrl, pages, files })
  fs.rmSync(inventoryUpdatesFileOf(file), { force: true })
}

function writeJsonAtomically(file: string, value: unknown) {
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, JSON.stringify(value))
  fs.renameSync(temp, file)
}

/**
 * What the incremental publisher changed since the build (decision 103), in a file of its own
 * beside the build's (`cms-inventory.updates.json`), so a publish writes the blog pages it
 * rendered and the catalog's URL order instead of rewriting 10,000 pages. `base` is the
 * `builtAt` of the inventory it applies to: after another build it is ignored (and removed).
 */
export type InventoryUpdates = {
  version: 1
  base: string
  /** Pages rendered by the publisher since the build (added or changed), as the build records them. */
  pages: InventoryPage[]
  /** URLs the publisher removed since the build. */
  removed: string[]
  /** Every catalog URL in catalog order at the last publish (posts move when their date does). */
  order: string[]
}

export const inventoryUpdatesFileOf = (file: string) => file.replace(/(\.json)?$/, '.updates.json')

/** The `builtAt` of an inventory file, read from its first bytes (no parse of 10,000 pages). */
export function inventoryBuiltAt(file: string): string | null {
  let fd: number
  try {
    fd = fs.openSync(file, 'r')
  } catch {
    return null
  }
  try {
    const head = Buffer.alloc(512)
    const n = fs.readSync(fd, head, 0, head.length, 0)
    const m = /"builtAt":"([^"]+)"/.exec(head.subarray(0, n).toString('utf8'))
    if (m) return m[1]
  } finally {
    fs.closeSync(fd)
  }
  // An inventory written with another key order: parse it once.
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as InventoryFile).builtAt ?? null
  } catch {
    return null
  }
}

export function readInventoryUpdates(file: string): InventoryUpdates | null {
  try {
    const updates = JSON.parse(fs.readFileSync(inventoryUpdatesFileOf(file), 'utf8')) as InventoryUpdates
    return updates.version === 1 ? updates : null
  } catch {
    return null
  }
}

export function writeInventoryUpdates(file: string, updates: InventoryUpdates) {
  writeJsonAtomically(inventoryUpdatesFileOf(file), updates)
}

/** The build's inventory with the publisher's updates applied: the pages a full build of the same
 * data would record, in catalog order (pages outside the order keep theirs, after it). */
export function mergeInventory(base: InventoryFile, updates: InventoryUpdates | null): InventoryFile {
  if (!updates || updates.base !== base.builtAt) return base
  const gone = new Set(updates.removed)
  const byUrl = new Map<string, InventoryPage>()
  for (const page of base.pages) if (!gone.has(page.url)) byUrl.set(page.url, page)
  for (const page of updates.pages) byUrl.set(page.url, page)
  const pages: InventoryPage[] = []
  for (const url of updates.order) {
    const page = byUrl.get(url)
    if (!page) continue
    pages.push(page)
    byUrl.delete(url)
  }
  pages.push(...byUrl.values())
  return { ...base, pages }
}

/** The inventory as it stands: the build's file and the publisher's updates. Null before a build. */
export function readInventory(file: string): InventoryFile | null {
  let base: InventoryFile
  try {
    base = JSON.parse(fs.readFileSync(file, 'utf8')) as InventoryFile
  } catch {
    return null
  }
  return mergeInventory(base, readInventoryUpdates(file))
}

export type Override = PageOverride & { updated_at: string; updated_by: number | null }
export type Stats = { views: Map<string, number>; leads: Map<string, number> } | null

const recordOf = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')
const isDatabaseSource = (sources: string[]) => sources.some((s) => s === 'database' || s.startsWith('db:'))

/** Every inventory row with the overrides applied and the issues found. O(pages + links). */
export function computeRows(inventory: InventoryFile, overrides: Map<string, Override>, stats: Stats): CmsPage[] {
  const { siteUrl } = inventory
  const urls = new Set(inventory.pages.map((p) => p.url))
  const files = new Set(inventory.files)
  const linksIn = new Map<string, number>()
  for (const page of inventory.pages) {
    if (page.isAlias) continue
    for (const link of page.links) if (link !== page.url) linksIn.set(link, (linksIn.get(link) ?? 0) + 1)
  }
  const heads = inventory.pages.map((p) => effectiveHead(p.head, overrides.get(p.url) ?? null, siteUrl))
  const titleCount = new Map<string, number>()
  inventory.pages.forEach((p, i) => {
    if (!p.isAlias && isIndexable(heads[i], siteUrl + p.url)) titleCount.set(heads[i].title, (titleCount.get(heads[i].title) ?? 0) + 1)
  })
  return inventory.pages.map((page, i) => {
    const head = heads[i]
    const indexable = !page.isAlias && isIndexable(head, siteUrl + page.url)
    const broken = page.links.filter((l) => !urls.has(l) && !files.has(l) && !/^\/(admin|api|login)(\/|$)/.test(l))
    const issues: IssueKind[] = []
    if (indexable && (titleCount.get(head.title) ?? 0) > 1) issues.push('duplicate-title')
    if (head.title.length > TITLE_MAX) issues.push('long-title')
    if (head.description.length > DESCRIPTION_MAX) issues.push('long-description')
    if (indexable && page.words < THIN_WORDS) issues.push('thin')
    if (indexable && page.url !== '/' && !(linksIn.get(page.url) ?? 0)) issues.push('orphan')
    if (broken.length) issues.push('broken-link')
    const override = overrides.get(page.url) ?? null
    return {
      id: page.url,
      url: page.url,
      family: page.family,
      source: isDatabaseSource(page.sources) ? 'database' : 'file',
      sourceFiles: page.sources,
      record: recordOf(page.params),
      title: head.title,
      titleLength: head.title.length,
      description: head.description,
      descriptionLength: head.description.length,
      words: page.words,
      lastModified: override && override.updated_at.slice(0, 10) > page.lastmod ? override.updated_at.slice(0, 10) : page.lastmod,
      indexable,
      canonical: head.canonical,
      linksIn: linksIn.get(page.url) ?? 0,
      linksOut: page.links.length,
      brokenLinks: broken,
      issues,
      views30d: stats ? (stats.views.get(page.url) ?? 0) : null,
      leads30d: stats ? (stats.leads.get(page.url) ?? 0) : null,
      override: override
        ? {
            title: override.title,
            description: override.description,
            noindex: override.noindex,
            canonical: override.canonical,
            updated_at: override.updated_at,
            updated_by: override.updated_by,
          }
        : null,
    }
  })
}

export const SORTABLE = [
  'url',
  'family',
  'source',
  'title',
  'titleLength',
  'descriptionLength',
  'words',
  'lastModified',
  'indexable',
  'linksIn',
  'linksOut',
  'views30d',
  'leads30d',
] as const
type SortKey = (typeof SORTABLE)[number]
export type CmsFilter = { q?: string; family?: string; source?: string; indexable?: boolean; issue?: IssueKind; overridden?: boolean }

export function parseCmsFilter(filter: Record<string, unknown>): CmsFilter | { error: string; field: string } {
  const out: CmsFilter = {}
  for (const [key, value] of Object.entries(filter)) {
    if (value === '' || value === null || value === undefined) continue
    if (key === 'q' || key === 'family' || key === 'source') {
      if (typeof value !== 'string') return { error: `${key} must be text.`, field: key }
      out[key] = value
    } else if (key === 'indexable' || key === 'overridden') {
      if (typeof value !== 'boolean') return { error: `${key} must be true or false.`, field: key }
      out[key] = value
    } else if (key === 'issue') {
      if (!(ISSUE_KINDS as readonly unknown[]).includes(value)) return { error: `issue must be one of ${ISSUE_KINDS.join(', ')}.`, field: key }
      out.issue = value as IssueKind
    } else return { error: `Unknown filter ${key}.`, field: key }
  }
  return out
}

export function filterRows(rows: CmsPage[], f: CmsFilter): CmsPage[] {
  const q = f.q?.trim().toLowerCase()
  return rows.filter(
    (r) =>
      (!q || r.url.includes(q) || r.title.toLowerCase().includes(q) || r.description.toLowerCase().includes(q)) &&
      (!f.family || r.family === f.family) &&
      (!f.source || r.source === f.source) &&
      (f.indexable === undefined || r.indexable === f.indexable) &&
      (!f.issue || r.issues.includes(f.issue)) &&
      (f.overridden === undefined || (r.override !== null) === f.overridden),
  )
}

export function sortRows(rows: CmsPage[], key: string, order: 'ASC' | 'DESC'): CmsPage[] | null {
  if (!(SORTABLE as readonly string[]).includes(key)) return null
  const k = key as SortKey
  const dir = order === 'DESC' ? -1 : 1
  return [...rows].sort((a, b) => {
    const x = a[k] ?? -1
    const y = b[k] ?? -1
    return (x < y ? -1 : x > y ? 1 : a.url < b.url ? -1 : 1) * dir
  })
}
