// Reads a Search Console Performance export (Performance › Export › Download CSV: a ZIP holding
// Queries.csv, Pages.csv, Countries.csv, Devices.csv, Dates.csv, Filters.csv). Queries.csv
// ("Top queries,Clicks,Impressions,CTR,Position") and Pages.csv ("Top pages,…") are accepted; the
// others get an error that names the file to upload instead. Every error names its line; a file
// with any error is not imported at all (docs/decisions/136).
//
// The imported rows are joined to first-party trend terms through the same normaliser
// (termsOf, with the site's entities): a query's terms, or a page's `page /path` term.
import Papa from 'papaparse'
import { termsOf } from './score.ts'

export type SearchConsoleKind = 'queries' | 'pages'
export type SearchConsoleRow = { line: number; item: string; clicks: number; impressions: number; ctr: number | null; position: number | null }
export type SearchConsoleParse = {
  kind: SearchConsoleKind | null
  rows: SearchConsoleRow[]
  errors: { line: number; message: string }[]
  ignoredColumns: string[]
}

export const SEARCH_CONSOLE_MAX_ROWS = 50_000
export const SEARCH_CONSOLE_MAX_BYTES = 5 * 1024 * 1024

const DIMENSIONS: Record<SearchConsoleKind, string[]> = {
  queries: ['top queries', 'queries', 'query', 'search query'],
  pages: ['top pages', 'pages', 'page', 'landing page', 'url'],
}
const METRICS = {
  clicks: ['clicks', 'url clicks'],
  impressions: ['impressions'],
  ctr: ['ctr', 'url ctr', 'site ctr'],
  position: ['position', 'average position', 'avg. position', 'avg position'],
} as const
type Metric = keyof typeof METRICS
/** Other files of the same export ZIP, by their first column: what to upload instead. */
const OTHER_FILES: Record<string, string> = {
  date: 'Dates.csv',
  country: 'Countries.csv',
  countries: 'Countries.csv',
  device: 'Devices.csv',
  devices: 'Devices.csv',
  'search appearance': 'Search appearance.csv',
  filter: 'Filters.csv',
}

const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')

/** A whole number as Search Console writes it ("1234", "1,234" or "1 234"). */
function countOf(raw: string): number | undefined {
  const v = raw.trim().replace(/[,\s\u00a0\u202f]/g, '')
  if (!/^\d{1,15}$/.test(v)) return undefined
  return Number(v)
}

/** A decimal with a dot, or a decimal comma ("7,2" as some locales export it). */
function decimalOf(raw: string): number | undefined {
  let v = raw.trim()
  if (/^\d+,\d+$/.test(v)) v = v.replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(v)) return undefined
  return Number(v)
}

/** CTR as "12.5%" (Search Console's CSV) or a fraction "0.125"; returns the fraction. */
function ctrOf(raw: string): number | null | undefined {
  const v = raw.trim()
  if (v === '') return null
  const pct = /^(.*?)\s*%$/.exec(v)
  const n = decimalOf(pct ? pct[1] : v)
  if (n === undefined) return undefined
  const fraction = pct ? n / 100 : n
  return fraction >= 0 && fraction <= 1 ? fraction : undefined
}

export function parseSearchConsoleCsv(text: string): SearchConsoleParse {
  const errors: SearchConsoleParse['errors'] = []
  const rows: SearchConsoleRow[] = []
  const lines = text.split(/\r\n|\n|\r/)
  let header: { kind: SearchConsoleKind; item: number; metrics: Partial<Record<Metric, number>> } | null = null
  let headerLine = 0
  let ignoredColumns: string[] = []
  const seen = new Map<string, number>()
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1
    const line = lines[i]
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    const cells = Papa.parse<string[]>(line, { header: false }).data[0] ?? []
    if (!header) {
      headerLine = n
      const names = cells.map(norm)
      let kind: SearchConsoleKind | null = null
      let item = -1
      for (const k of ['queries', 'pages'] as const) {
        const at = names.findIndex((h) => DIMENSIONS[k].includes(h))
        if (at >= 0 && item < 0) {
          kind = k
          item = at
        }
      }
      if (!kind) {
        const other = OTHER_FILES[names[0] ?? '']
        errors.push({
          line: n,
          message: other
            ? `This is ${other} of the export. Upload Queries.csv or Pages.csv from the same ZIP.`
            : 'The header has no "Top queries" or "Top pages" column. Upload Queries.csv or Pages.csv of a Search Console Performance export.',
        })
        return { kind: null, rows: [], errors, ignoredColumns: [] }
      }
      const metrics: Partial<Record<Metric, number>> = {}
      for (const [metric, aliases] of Object.entries(METRICS) as [Metric, readonly string[]][]) {
        const at = names.findIndex((h) => aliases.includes(h))
        if (at >= 0) metrics[metric] = at
      }
      const missing = (['clicks', 'impressions'] as const).filter((m) => metrics[m] === undefined)
      if (missing.length) {
        errors.push({
          line: n,
          message: `The header has no ${missing.map((m) => `"${m[0].toUpperCase()}${m.slice(1)}"`).join(' or ')} column. Export the report with Clicks and Impressions ticked.`,
        })
        return { kind, rows: [], errors, ignoredColumns: [] }
      }
      header = { kind, item, metrics }
      const used = new Set([item, ...Object.values(metrics)])
      ignoredColumns = cells.filter((_c, k) => !used.has(k)).map((c) => c.trim())
      continue
    }
    if (errors.length >= 200) break
    const rawItem = (cells[header.item] ?? '').trim()
    const what = header.kind === 'queries' ? 'query' : 'page'
    if (!rawItem) {
      errors.push({ line: n, message: `The ${what} is empty.` })
      continue
    }
    if (rawItem.length > 2000) {
      errors.push({ line: n, message: `The ${what} is longer than 2,000 characters.` })
      continue
    }
    if (header.kind === 'pages' && !/^https?:\/\/[^\s/]+/i.test(rawItem) && !rawItem.startsWith('/')) {
      errors.push({ line: n, message: `"${rawItem.slice(0, 60)}" is not a page address: Pages.csv lists full URLs such as https://www.example.com/services/.` })
      continue
    }
    const key = header.kind === 'queries' ? rawItem.toLowerCase() : rawItem
    if (seen.has(key)) {
      errors.push({ line: n, message: `"${rawItem.slice(0, 60)}" appears twice (also line ${seen.get(key)}): upload the export as Search Console wrote it.` })
      continue
    }
    const cell = (m: Metric) => (header!.metrics[m] === undefined ? '' : (cells[header!.metrics[m]!] ?? ''))
    const clicks = countOf(cell('clicks'))
    const impressions = countOf(cell('impressions'))
    const ctr = ctrOf(cell('ctr'))
    const rawPosition = cell('position').trim()
    const position = rawPosition === '' ? null : decimalOf(rawPosition)
    const problems: string[] = []
    if (clicks === undefined) problems.push(`Clicks "${cell('clicks').slice(0, 30)}" is not a whole number`)
    if (impressions === undefined) problems.push(`Impressions "${cell('impressions').slice(0, 30)}" is not a whole number`)
    if (ctr === undefined) problems.push(`CTR "${cell('ctr').slice(0, 30)}" is not a percentage between 0% and 100%`)
    if (position === undefined || (position !== null && position < 1))
      problems.push(`Position "${rawPosition.slice(0, 30)}" is not an average position (1 or more)`)
    if (problems.length) {
      errors.push({ line: n, message: `${problems.join('; ')}.` })
      continue
    }
    seen.set(key, n)
    rows.push({ line: n, item: rawItem, clicks: clicks!, impressions: impressions!, ctr: ctr ?? null, position: position ?? null })
  }
  if (!header) errors.push({ line: 1, message: 'The file is empty: upload Queries.csv or Pages.csv of a Search Console Performance export.' })
  else if (!errors.length && !rows.length) errors.push({ line: headerLine, message: 'The file has a header but no rows.' })
  if (rows.length > SEARCH_CONSOLE_MAX_ROWS)
    errors.push({ line: rows[SEARCH_CONSOLE_MAX_ROWS].line, message: `At most ${SEARCH_CONSOLE_MAX_ROWS.toLocaleString('en-US')} rows per file.` })
  return { kind: header?.kind ?? null, rows, errors: errors.slice(0, 200), ignoredColumns }
}

/** The path of a page address (https://www.example.com/services/seo/?x=1 → /services/seo/). */
export function pathOfPage(item: string): string {
  if (item.startsWith('/')) return item.split(/[?#]/)[0]
  try {
    return new URL(item).pathname
  } catch {
    return item
  }
}

/**
 * The first-party terms an imported row stands for, by the trends normaliser: a query's terms
 * (entities, stop words, stemmer), a page's `page /path` term, with and without its trailing
 * slash (landing pages are recorded as visited).
 */
export function termsOfRow(kind: SearchConsoleKind, item: string, entities: ReadonlyArray<{ match: string; term: string }>): string[] {
  if (kind === 'queries') return termsOf(item, entities)
  const p = pathOfPage(item)
  const other = p.length > 1 ? (p.endsWith('/') ? p.slice(0, -1) : `${p}/`) : p
  return [...new Set([`page ${p}`, `page ${other}`])]
}

/** "Imported from Search Console, as of <date>": the period's last day, or the import's day. */
export function importLabel(i: { period_from: string | null; period_to: string | null; uploaded_at: string }): { asOf: string; label: string; period: string } {
  const asOf = i.period_to ?? i.uploaded_at.slice(0, 10)
  const period = i.period_to
    ? `Covers ${i.period_from ?? 'an unknown start'} to ${i.period_to}.`
    : `The file gives no period: dated by its import on ${i.uploaded_at.slice(0, 10)}.`
  return { asOf, label: `Imported from Search Console, as of ${asOf}`, period }
}
