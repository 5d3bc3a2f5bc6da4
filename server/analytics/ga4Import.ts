// Reads a GA4 CSV export (Reports > Share this report > Download file > CSV) of daily totals:
// comment lines (#) and blank lines are skipped, then a header row with a Date column and at least
// one known metric, then one row per day. Every error names its line; a file with any error is
// not imported at all (docs/decisions/123).
import Papa from 'papaparse'

export const IMPORT_METRICS = {
  users: ['users', 'total users', 'active users', 'totalusers', 'activeusers'],
  sessions: ['sessions'],
  page_views: ['views', 'page views', 'pageviews', 'screen page views', 'screenpageviews', 'views per page'],
  events: ['event count', 'events', 'eventcount'],
  conversions: ['conversions', 'key events', 'keyevents'],
} as const
export type ImportMetric = keyof typeof IMPORT_METRICS
export type ImportDay = { day: string } & Record<ImportMetric, number | null>
export type ImportResult = { days: ImportDay[]; errors: { line: number; message: string }[]; ignoredColumns: string[] }

export const MAX_IMPORT_DAYS = 3660
const norm = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ')

function dayOf(raw: string): string | null {
  const v = raw.trim()
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v)
  if (!m) return null
  const day = `${m[1]}-${m[2]}-${m[3]}`
  const t = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(day) ? day : null
}

/** A whole number as GA4 writes it ("1,234" or "1234"); null for an empty cell. */
function countOf(raw: string): number | null | undefined {
  const v = raw.trim().replace(/,/g, '')
  if (v === '') return null
  if (!/^\d{1,15}(\.0+)?$/.test(v)) return undefined
  return Number(v)
}

export function parseGa4Csv(text: string): ImportResult {
  const errors: ImportResult['errors'] = []
  const days: ImportDay[] = []
  const lines = text.split(/\r\n|\n|\r/)
  let header: { date: number; metrics: [ImportMetric, number][] } | null = null
  let ignoredColumns: string[] = []
  const seen = new Map<string, number>()
  lines.forEach((line, i) => {
    const n = i + 1
    if (!line.trim() || line.trimStart().startsWith('#')) return
    const cells = Papa.parse<string[]>(line, { header: false }).data[0] ?? []
    if (!header) {
      const names = cells.map(norm)
      const date = names.indexOf('date')
      const metrics: [ImportMetric, number][] = []
      for (const [metric, aliases] of Object.entries(IMPORT_METRICS) as [ImportMetric, readonly string[]][]) {
        const at = names.findIndex((h) => aliases.includes(h))
        if (at >= 0) metrics.push([metric, at])
      }
      if (date < 0) errors.push({ line: n, message: 'The header has no "Date" column. Export the report with Date as its dimension.' })
      else if (!metrics.length)
        errors.push({
          line: n,
          message: 'The header has none of Users, Sessions, Views, Event count or Conversions (Key events). Add one of these metrics to the report.',
        })
      header = { date, metrics }
      ignoredColumns = cells.filter((_c, k) => k !== date && !metrics.some(([, at]) => at === k)).map((c) => c.trim())
      return
    }
    if (header.date < 0 || !header.metrics.length) return
    const rawDay = cells[header.date] ?? ''
    if (/^(grand )?total/i.test(rawDay.trim())) return
    const day = dayOf(rawDay)
    if (!day) {
      errors.push({ line: n, message: `"${rawDay.slice(0, 40)}" is not a date: use YYYYMMDD or YYYY-MM-DD.` })
      return
    }
    if (seen.has(day)) {
      errors.push({ line: n, message: `${day} appears twice (also line ${seen.get(day)}): export daily totals, one row per date.` })
      return
    }
    seen.set(day, n)
    const row: ImportDay = { day, users: null, sessions: null, page_views: null, events: null, conversions: null }
    for (const [metric, at] of header.metrics) {
      const value = countOf(cells[at] ?? '')
      if (value === undefined) {
        errors.push({ line: n, message: `${metric.replace('_', ' ')} "${String(cells[at]).slice(0, 40)}" is not a whole number.` })
        return
      }
      row[metric] = value
    }
    days.push(row)
  })
  if (!header) errors.push({ line: 1, message: 'The file is empty: export a GA4 report with Date and its metrics as CSV.' })
  else if (!errors.length && !days.length) errors.push({ line: lines.length, message: 'The file has a header but no days.' })
  if (days.length > MAX_IMPORT_DAYS) errors.push({ line: lines.length, message: `At most ${MAX_IMPORT_DAYS} days per file.` })
  return { days: days.sort((a, b) => a.day.localeCompare(b.day)), errors: errors.slice(0, 200), ignoredColumns }
}
