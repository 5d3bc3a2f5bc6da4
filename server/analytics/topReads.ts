// Top-N reads for the dashboards (docs/decisions/114): the sum of a few columns per key over a range,
// sorted and limited in SQL. The rolled-up parts (analytics_daily for whole UTC days, the hourly
// table for edge hours) are read where they are; the hours not rolled up yet (the current hour),
// computed in JS by the same functions the rollup job uses, join the same query as one JSON
// parameter. So the database sorts every key of the range once and answers only `limit` rows, and
// the answer is exact for any sort expression (no candidate set to widen).
import type { Queryable } from '../db/rows.ts'
import { isSqlite } from '../db/rows.ts'
import { daySpans } from './coarse.ts'
import { totalsBounds, totalsOf } from './pageTotals.ts'
import type { plan } from './queries.ts'

export type Source = {
  /** Daily and hourly table of this source. */
  daily: string
  hourly: string
  /** The key column (key or path) and, for the figure tables, the dimension. */
  keyColumn: string
  dim?: string
  /** The columns this source holds (the others read as 0). */
  columns: readonly string[]
}

export type TopQuery = {
  pieces: ReturnType<typeof plan>
  sources: Source[]
  /** Every column summed (the union of the sources' columns). */
  columns: readonly string[]
  /** Rows of the hours not rolled up: `key` and any of `columns`. */
  raw: ({ key: string } & Record<string, unknown>)[]
  /** An SQL expression over `sum(column)` terms, or `key`. */
  sort: string
  order: 'asc' | 'desc'
  limit: number
  /** A LIKE pattern on the key (escape '\'), case-insensitive. */
  like?: string
  /** Only these keys (at most a few hundred). */
  keys?: string[]
}

/** A glob (`*` any text) as a LIKE pattern. */
export const likeOfGlob = (glob: string) => glob.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')

/** Keys with their summed columns, sorted on `sort` then key (byte order), at most `limit`, and the number of keys. */
export async function readTop(db: Queryable, q: TopQuery): Promise<{ rows: ({ key: string } & Record<string, number>)[]; total: number }> {
  const sqlite = isSqlite(db)
  const parts: string[] = []
  const bindings: unknown[] = []
  const likeSql = (column: string) => (sqlite ? ` and ${column} like ? escape '\\'` : ` and ${column} ilike ? escape '\\'`)
  const wanted = q.keys ? new Set(q.keys) : null
  if (q.keys && !q.keys.length) return { rows: [], total: 0 }
  const filters = (keyColumn: string) => {
    const sql = `${q.like ? likeSql(keyColumn) : ''}${q.keys ? ` and ${keyColumn} in (${q.keys.map(() => '?').join(', ')})` : ''}`
    return { sql, bindings: [...(q.like ? [q.like] : []), ...(q.keys ?? [])] }
  }
  for (const s of q.sources) {
    // Each piece is grouped by key on its own first: the outer group-by then merges a few thousand
    // rows instead of every page-day row of the range. `n_rows`: rows of the key in the piece (a
    // key is in the range when the sum is above 0).
    const select = q.columns.map((c) => (s.columns.includes(c) ? `sum(${c}) as ${c}` : `0 as ${c}`))
    const add = (table: string, unit: 'day' | 'week' | 'hour', from: number, to: number) => {
      const f = filters(s.keyColumn)
      parts.push(
        `select ${[`${s.keyColumn} as key`, ...select, 'count(*) as n_rows'].join(', ')} from ${table} where ${s.dim ? 'dim = ? and ' : ''}${unit} >= ? and ${unit} < ?${f.sql} group by ${s.keyColumn}`,
      )
      if (s.dim) bindings.push(s.dim)
      bindings.push(from, to, ...f.bindings)
    }
    // Pages and landing pages: whole days from the running totals, the row at the end minus the
    // row before the start (decision 184); other keys: whole weeks from the weekly table, the other
    // whole days from the daily one (decision 119).
    const totals = totalsOf(s.daily, s.dim, q.pieces.dailyFrom, q.pieces.dailyTo)
    if (totals)
      for (const bound of await totalsBounds(db, totals, q.pieces.dailyFrom, q.pieces.dailyTo)) {
        const f = filters(s.keyColumn)
        const sign = bound.sign < 0 ? '-' : ''
        const cols = q.columns.map((c) => (s.columns.includes(c) ? `${sign}${c} as ${c}` : `0 as ${c}`))
        parts.push(
          `select ${[`${s.keyColumn} as key`, ...cols, `${sign}n_days as n_rows`].join(', ')} from ${totals} where ${s.dim ? 'dim = ? and ' : ''}day = ?${f.sql}`,
        )
        if (s.dim) bindings.push(s.dim)
        bindings.push(bound.day, ...f.bindings)
      }
    else for (const span of daySpans(s.daily, q.pieces.dailyFrom, q.pieces.dailyTo)) add(span.table, span.unit, span.from, span.to)
    for (const [a, b] of q.pieces.hourly) if (b > a) add(s.hourly, 'hour', a, b)
  }
  const raw = wanted ? q.raw.filter((r) => wanted.has(r.key)) : q.raw
  if (raw.length) {
    const rows = JSON.stringify(raw.map((r) => Object.fromEntries([['key', r.key], ...q.columns.map((c) => [c, Number(r[c] ?? 0)])])))
    if (sqlite)
      parts.push(
        `select ${["json_extract(value, '$.key') as key", ...q.columns.map((c) => `json_extract(value, '$.${c}') as ${c}`), '1 as n_rows'].join(', ')} from json_each(?)`,
      )
    else
      parts.push(
        `select ${['key', ...q.columns, '1 as n_rows'].join(', ')} from json_to_recordset(?::json) as r(${['key text', ...q.columns.map((c) => `${c} bigint`)].join(', ')})`,
      )
    bindings.push(rows)
  }
  if (!parts.length) return { rows: [], total: 0 }
  const keyOrder = sqlite ? 'key' : 'key collate "C"'
  const sort = q.sort === 'key' ? `${keyOrder} ${q.order}` : `${q.sort} ${q.order}, ${keyOrder} asc`
  const sql = `select ${['key', ...q.columns.map((c) => `sum(${c}) as ${c}`)].join(', ')}, count(*) over () as total_keys
    from (${parts.join(' union all ')}) u group by key having sum(n_rows) > 0 order by ${sort} limit ?`
  bindings.push(q.limit)
  const result = (await db.raw(sql, bindings as never[])) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
  return {
    rows: rows.map(
      (r) => Object.fromEntries([['key', String(r.key)], ...q.columns.map((c) => [c, Number(r[c] ?? 0)])]) as { key: string } & Record<string, number>,
    ),
    total: rows.length ? Number(rows[0].total_keys) : 0,
  }
}
