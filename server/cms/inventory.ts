// The /admin/cms inventory. The full build records what it rendered for every catalog URL (head,
// words and links of <main>, sources, lastmod) in dist/cms-inventory.json, outside the served
// folder; the server reads that file once (and again when it changes), joins the overrides, views
// and leads, and keeps the computed rows in memory, so a list request filters and sorts an array
// instead of re-rendering or re-reading pages.
import fs from 'node:fs'
import path from 'node:path'
import { ISSUE_KINDS, THIN_WORDS, TITLE_MAX, DESCRIPTION_MAX, type CmsPage, type IssueKind, type PageOverride } from '../../shared/cms.ts'
import { effectiveHead, isIndexable, readHead, type HeadValues } from './headOverride.ts'

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

/** What the inventory keeps of a rendered page (before overrides). */
export function pageFacts(html: string): { head: HeadValues; words: number; links: string[] } {
  const start = html.indexOf('<main')
  const end = html.indexOf('</main>')
  const main = start >= 0 && end > start ? html.slice(start, end) : ''
  const text = decodeEntities(main.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' '))
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  const links = new Set<string>()
  for (const m of main.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = m[1].replace(/&amp;/g, '&')
    if (!href.startsWith('/') || href.startsWith('//')) continue
    const p = href.split(/[?#]/)[0] || '/'
    links.add(p.length > 1 ? p.replace(/\/+$/, '') : p)
  }
  return { head: readHead(html), words, links: [...links] }
}

export function writeInventory(file: string, inventory: InventoryFile) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, JSON.stringify(inventory))
  fs.renameSync(temp, file)
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
