// Import of redirect rules: CSV (the export's columns), Apache .htaccess (Redirect,
// RedirectPermanent/Temp, RedirectMatch, RewriteRule with R or G flags) and nginx (rewrite …
// permanent|redirect, and `return` inside `location` blocks). Each rule keeps its line number
// for the per-row report; a line we cannot turn into a redirect is an error row, never skipped
// silently.
import Papa from 'papaparse'

export type ImportFormat = 'csv' | 'htaccess' | 'nginx'
export type RawRule = {
  source?: string
  target?: string | null
  status_code?: unknown
  match_type?: string
  query_mode?: string
  enabled?: unknown
  group?: string
  note?: string | null
}
export type ParsedRow = { row: number; raw: RawRule; errors?: Record<string, string> }

const STATUS_WORDS: Record<string, number> = { permanent: 301, temp: 302, gone: 410, '301': 301, '302': 302, '307': 307, '308': 308, '410': 410 }

/** A regex like ^/old/?$ with nothing special in it is an exact rule. */
function simplify(source: string, target: string | null): { source: string; match_type: 'exact' | 'regex' } {
  const m = /^\^(\/?[\w\-/.~%]*?)\/?\??\$$/.exec(source)
  if (m && !(target ?? '').includes('$')) return { source: m[1].startsWith('/') ? m[1] || '/' : `/${m[1]}`, match_type: 'exact' }
  return { source, match_type: 'regex' }
}

function parseCsv(text: string): ParsedRow[] {
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, '_'),
  })
  return parsed.data.map((r, i) => {
    const row = i + 2
    const enabled = (r.enabled ?? '').trim().toLowerCase()
    const raw: RawRule = {
      source: r.source ?? '',
      target: r.target?.trim() ? r.target.trim() : null,
      status_code: r.status_code?.trim() ? Number(r.status_code) : undefined,
      match_type: r.match_type?.trim() || undefined,
      query_mode: r.query_mode?.trim() || undefined,
      enabled: enabled === '' ? undefined : ['true', '1', 'yes'].includes(enabled) ? true : ['false', '0', 'no'].includes(enabled) ? false : enabled,
      group: r.group ?? '',
      note: r.note ?? null,
    }
    return { row, raw }
  })
}

function parseHtaccess(text: string): ParsedRow[] {
  const out: ParsedRow[] = []
  text.split(/\r?\n/).forEach((line, i) => {
    const row = i + 1
    const words = line.trim().split(/\s+/)
    const directive = words[0]?.toLowerCase() ?? ''
    if (!directive || directive.startsWith('#') || directive === 'rewriteengine' || directive === 'rewritebase' || directive === 'options') return
    const note = `Imported from .htaccess line ${row}`
    if (directive === 'redirect' || directive === 'redirectpermanent' || directive === 'redirecttemp' || directive === 'redirectmatch') {
      let rest = words.slice(1)
      let status = directive === 'redirectpermanent' ? 301 : directive === 'redirecttemp' ? 302 : 302
      if (rest[0] && STATUS_WORDS[rest[0].toLowerCase()] !== undefined) {
        status = STATUS_WORDS[rest[0].toLowerCase()]
        rest = rest.slice(1)
      } else if (rest[0] && /^\d{3}$/.test(rest[0]))
        return out.push({ row, raw: { source: rest[1] }, errors: { status_code: `Status ${rest[0]} is not supported: use 301, 302, 307, 308 or 410.` } })
      const [source, target = null] = rest
      if (!source) return out.push({ row, raw: {}, errors: { source: 'This line has no old URL.' } })
      if (directive === 'redirectmatch') {
        const s = simplify(source.startsWith('^') || source.startsWith('/') ? source : `^/${source}`, target)
        return out.push({ row, raw: { ...s, target: status === 410 ? null : target, status_code: status, note } })
      }
      return out.push({ row, raw: { source, target: status === 410 ? null : target, status_code: status, match_type: 'prefix', note } })
    }
    if (directive === 'rewriterule') {
      const [pattern, target, flagText = ''] = words.slice(1)
      const flags = flagText
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map((f) => f.trim().toUpperCase())
      const redirect = flags.find((f) => f === 'R' || f.startsWith('R='))
      const gone = flags.includes('G')
      if (!pattern) return out.push({ row, raw: {}, errors: { source: 'This RewriteRule has no pattern.' } })
      if (!redirect && !gone)
        return out.push({
          row,
          raw: { source: pattern },
          errors: { source: 'This RewriteRule has no R or G flag: it is an internal rewrite, not a redirect.' },
        })
      const status = gone ? 410 : redirect === 'R' ? 302 : Number(redirect!.slice(2))
      // .htaccess patterns match the path without its leading slash.
      const source = pattern.startsWith('^/') ? pattern : pattern.startsWith('^') ? `^/${pattern.slice(1)}` : `/${pattern}`
      const t = gone || target === '-' ? null : target
      const s = simplify(source, t)
      const queryMode = flags.includes('QSD') ? 'ignore' : 'pass'
      return out.push({ row, raw: { ...s, target: t, status_code: status, query_mode: queryMode, note } })
    }
    if (directive === 'rewritecond')
      return out.push({ row, raw: {}, errors: { source: 'RewriteCond is not imported: add a rule with its condition by hand.' } })
    out.push({ row, raw: {}, errors: { source: `${words[0]} is not a redirect directive.` } })
  })
  return out
}

function parseNginx(text: string): ParsedRow[] {
  const out: ParsedRow[] = []
  let location: { source: string; match_type: 'exact' | 'prefix' | 'regex' } | null = null
  text.split(/\r?\n/).forEach((rawLine, i) => {
    const row = i + 1
    let line = rawLine.replace(/#.*$/, '').trim()
    if (!line) return
    const note = `Imported from nginx line ${row}`
    const loc = /^location\s+(=|~\*?|\^~)?\s*(\S+)\s*\{(.*)$/.exec(line)
    if (loc) {
      const [, modifier = '', path, rest] = loc
      location = { source: path, match_type: modifier === '=' ? 'exact' : modifier.startsWith('~') ? 'regex' : 'prefix' }
      line = rest.trim()
      if (!line) return
    }
    for (const statement of line.split(';').map((s) => s.trim())) {
      if (!statement) continue
      if (statement === '}') {
        location = null
        continue
      }
      const words = statement.replace(/[{}]/g, '').trim().split(/\s+/)
      if (words[0] === 'return') {
        const status = Number(words[1])
        if (!location) {
          out.push({ row, raw: {}, errors: { source: 'A return outside a location block has no old URL.' } })
          continue
        }
        if (![301, 302, 307, 308, 410].includes(status)) {
          out.push({ row, raw: { source: location.source }, errors: { status_code: `return ${words[1]} is not a redirect: use 301, 302, 307, 308 or 410.` } })
          continue
        }
        let target = status === 410 ? null : (words[2] ?? null)
        const passQuery = target ? /\$is_args\$args$|\$request_uri$/.test(target) : false
        if (target) target = target.replace(/\$is_args\$args$/, '').replace(/\$request_uri$/, '')
        out.push({
          row,
          raw: {
            source: location.source,
            match_type: location.match_type,
            target,
            status_code: status,
            query_mode: passQuery || !target ? 'pass' : 'ignore',
            note,
          },
        })
      } else if (words[0] === 'rewrite') {
        const [, pattern, target, flag = ''] = words
        if (flag !== 'permanent' && flag !== 'redirect') {
          out.push({
            row,
            raw: { source: pattern },
            errors: { source: 'This rewrite has no permanent or redirect flag: it is an internal rewrite, not a redirect.' },
          })
          continue
        }
        const s = simplify(pattern, target)
        const query = target.endsWith('?') ? 'ignore' : 'pass'
        out.push({ row, raw: { ...s, target: target.replace(/\?$/, ''), status_code: flag === 'permanent' ? 301 : 302, query_mode: query, note } })
      } else if (words[0] === '}' || words[0] === '') {
        location = null
      } else if (words[0] !== 'server' && words[0] !== 'server_name' && words[0] !== 'listen') {
        out.push({ row, raw: {}, errors: { source: `${words[0]} is not imported: only return and rewrite … permanent|redirect.` } })
      }
    }
    if (/}\s*$/.test(rawLine.replace(/#.*$/, ''))) location = null
  })
  return out
}

export function parseRedirectImport(text: string, format: ImportFormat): ParsedRow[] {
  const rows = format === 'csv' ? parseCsv(text) : format === 'htaccess' ? parseHtaccess(text) : parseNginx(text)
  return rows.map((r) => ({ ...r, raw: { ...r.raw, group: r.raw.group || (format === 'csv' ? '' : `import-${format}`) } }))
}
