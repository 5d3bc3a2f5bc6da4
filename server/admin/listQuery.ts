// ra-data-simple-rest list parameters → a Knex query: sort=["field","ASC"], range=[start,end]
// (at most MAX_PAGE_SIZE rows), filter={...} with equality, null, arrays (getMany), foreign keys
// (getManyReference), operator suffixes _gte _lte _gt _lt _neq _eq_any, JSON-array membership,
// "me" for owner_id/user_id and `q` full-text search. Anything unknown or ill-typed is a 400,
// never a database error: column names are looked up as own properties only (a field named
// `constructor` or `__proto__` is unknown, not Object.prototype's), and a range wider than a
// page is refused rather than silently cut.
import type { Knex } from 'knex'
import { MAX_PAGE_SIZE } from '../../shared/adminContract.ts'
import { isPostgres, type Db } from '../db/knex.ts'
import { httpError } from '../middleware/errorHandler.ts'
import type { ColumnType, TableSpec } from '../db/tableSpec.ts'

/** A column's type, when `name` is one of the spec's own columns (never an inherited property). */
export const columnType = (spec: TableSpec, name: string): ColumnType | undefined => (Object.hasOwn(spec.columns, name) ? spec.columns[name] : undefined)

/** The largest offset a list accepts: beyond any real table, below any integer overflow. */
export const MAX_OFFSET = 1_000_000_000

export type ListParams = { sort: [string, 'ASC' | 'DESC'] | null; range: [number, number]; filter: Record<string, unknown> }

function parseJsonParam(value: unknown, name: string): unknown {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string') throw httpError(400, `Give ${name} once.`)
  try {
    return JSON.parse(value)
  } catch {
    throw httpError(400, `The ${name} parameter is not valid JSON.`)
  }
}

export function parseListParams(query: Record<string, unknown>): ListParams {
  const sort = parseJsonParam(query.sort, 'sort')
  const range = parseJsonParam(query.range, 'range')
  const filter = parseJsonParam(query.filter, 'filter') ?? {}
  let parsedSort: ListParams['sort'] = null
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !['ASC', 'DESC', 'asc', 'desc'].includes(String(sort[1])))
      throw httpError(400, 'sort must be ["field","ASC"|"DESC"].')
    parsedSort = [sort[0], String(sort[1]).toUpperCase() as 'ASC' | 'DESC']
  }
  let parsedRange: [number, number] = [0, MAX_PAGE_SIZE - 1]
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[1] < range[0])
      throw httpError(400, 'range must be [start, end] with 0 ≤ start ≤ end.')
    if (range[1] - range[0] + 1 > MAX_PAGE_SIZE)
      throw httpError(400, `range covers at most ${MAX_PAGE_SIZE} rows: ask for the next page with [end + 1, end + ${MAX_PAGE_SIZE}].`)
    if (range[0] > MAX_OFFSET) throw httpError(400, `range cannot start after row ${MAX_OFFSET}.`)
    parsedRange = [range[0], range[1]]
  }
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw httpError(400, 'filter must be a JSON object.')
  return { sort: parsedSort, range: parsedRange, filter: filter as Record<string, unknown> }
}

const OPERATORS = { _gte: '>=', _lte: '<=', _gt: '>', _lt: '<', _neq: '<>', _eq_any: 'in' } as const
type Operator = keyof typeof OPERATORS

/** A filter value converted for its column, or a 400 naming the filter. */
export function coerceValue(type: ColumnType, value: unknown, key: string, op?: Operator): unknown {
  const bad = () => httpError(400, `Invalid value for the filter ${key}.`, { [key]: 'Invalid value.' })
  switch (type) {
    case 'int': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw bad()
      return n
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad()
      return n
    }
    case 'bool':
      if (value === true || value === 'true' || value === 1 || value === '1') return true
      if (value === false || value === 'false' || value === 0 || value === '0') return false
      throw bad()
    case 'time': {
      if (typeof value !== 'string' && typeof value !== 'number') throw bad()
      // A bare day covers the whole day: _lte/_gt compare with its end, others with its start.
      if (typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value)) {
        if (Number.isNaN(Date.parse(value))) throw bad()
        return op === '_lte' || op === '_gt' ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`
      }
      const t = new Date(value)
      if (Number.isNaN(t.getTime())) throw bad()
      return t.toISOString()
    }
    case 'json':
      throw bad()
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad()
      return String(value)
  }
}

/** Words for the full-text search (at most 10), lower-cased, punctuation dropped. */
export const searchWords = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10)

export function applySearch(db: Db, query: Knex.QueryBuilder, spec: TableSpec, q: unknown) {
  if (typeof q !== 'string') throw httpError(400, 'q must be text.')
  const words = searchWords(q)
  if (!words.length) return
  if (isPostgres(db)) {
    // Each word of the query is a prefix; the query is parsed like the document, so an email
    // address stays one token on both sides.
    query.whereRaw(`??.search @@ (select to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & ')) from unnest(to_tsvector('simple', ?)))`, [
      spec.table,
      q.slice(0, 200),
    ])
  } else {
    const match = words.map((w) => `"${w}"*`).join(' ')
    query.whereIn(`${spec.table}.id`, db.raw(`select rowid from ${spec.table}_fts where ${spec.table}_fts match ?`, [match]) as unknown as Knex.QueryBuilder)
  }
}

/** Rows whose JSON array column contains the value (deals by contact, contacts by tag). */
export function whereJsonContains(db: Db, query: Knex.QueryBuilder, table: string, column: string, value: unknown) {
  if (isPostgres(db)) query.whereRaw(`??.?? @> ?::jsonb`, [table, column, JSON.stringify([value])])
  else query.whereRaw(`exists (select 1 from json_each(??.??) where value = ?)`, [table, column, value as Knex.Value])
}

export type FilterContext = { db: Db; userId: number; extra?: (key: string, value: unknown, query: Knex.QueryBuilder) => boolean }

export function applyFilters(query: Knex.QueryBuilder, spec: TableSpec, filter: Record<string, unknown>, fctx: FilterContext) {
  const { db } = fctx
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === undefined) continue
    if (fctx.extra?.(key, raw, query)) continue
    if (key === 'q') {
      if (!spec.searchable) throw httpError(400, `${spec.table} cannot be searched.`)
      if (raw !== '') applySearch(db, query, spec, raw)
      continue
    }
    const op = (Object.keys(OPERATORS) as Operator[]).find((suffix) => key.endsWith(suffix) && columnType(spec, key.slice(0, -suffix.length)))
    const column = op ? key.slice(0, -op.length) : key
    const type = columnType(spec, column)
    if (!type) throw httpError(400, `Unknown filter: ${key}.`, { [key]: 'Unknown filter.' })
    const ref = `${spec.table}.${column}`
    const value = (v: unknown) => ((column === 'owner_id' || column === 'user_id') && v === 'me' ? fctx.userId : coerceValue(type, v, key, op))
    if (type === 'json') {
      if (op || raw === null || typeof raw === 'object') throw httpError(400, `Invalid value for the filter ${key}.`, { [key]: 'Invalid value.' })
      whereJsonContains(db, query, spec.table, column, column.endsWith('_ids') ? coerceValue('int', raw, key) : coerceValue('text', raw, key))
      continue
    }
    if (op === '_eq_any' || (!op && Array.isArray(raw))) {
      if (!Array.isArray(raw) || raw.length > MAX_PAGE_SIZE) throw httpError(400, `${key} takes an array.`, { [key]: 'Invalid value.' })
      query.whereIn(ref, raw.map((v) => value(v) as Knex.Value) as readonly Knex.Value[] as string[])
      continue
    }
    if (raw === null) {
      if (op === '_neq') query.whereNotNull(ref)
      else if (!op) query.whereNull(ref)
      else throw httpError(400, `Invalid value for the filter ${key}.`, { [key]: 'Invalid value.' })
      continue
    }
    if (op === '_neq') query.where((w) => w.whereNot(ref, value(raw) as Knex.Value).orWhereNull(ref))
    else query.where(ref, op ? OPERATORS[op] : '=', value(raw) as Knex.Value)
  }
}

export function applySort(query: Knex.QueryBuilder, spec: TableSpec, sort: ListParams['sort'], fallback: [string, 'ASC' | 'DESC']) {
  const [field, order] = sort ?? fallback
  const type = columnType(spec, field)
  if (!type || type === 'json') throw httpError(400, `Cannot sort by ${field}.`)
  query.orderBy(`${spec.table}.${field}`, order.toLowerCase() as 'asc' | 'desc')
  if (field !== 'id') query.orderBy(`${spec.table}.id`, order.toLowerCase() as 'asc' | 'desc')
}
