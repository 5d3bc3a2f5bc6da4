// A table's columns and their types (its TableSpec, declared by the table's query module): they
// drive the admin API's selection, filters, sorting and filter-value parsing, and the conversion
// of rows to JSON records, the same on SQLite (JSON text, 0/1, ISO text) and PostgreSQL (jsonb,
// booleans, Dates, numeric strings).
import { fromJson, toBool, toIso } from './rows.ts'

export type ColumnType = 'int' | 'text' | 'bool' | 'time' | 'json' | 'number' | 'day'

export type TableSpec = {
  table: string
  columns: Record<string, ColumnType>
  /** Foreign keys checked before writes: column → table. */
  refs?: Record<string, string>
  /** FTS5 table `<table>_fts` on SQLite, `search` tsvector column on PostgreSQL. */
  searchable?: boolean
  hasUpdatedAt?: boolean
  /** Columns written on insert but never returned (e.g. the leads' dedupe hash). */
  insertOnly?: string[]
}

export const selectColumns = (spec: TableSpec) => Object.keys(spec.columns).map((c) => `${spec.table}.${c}`)

export function toRecord(spec: TableSpec, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [col, type] of Object.entries(spec.columns)) {
    const v = row[col]
    if (v == null) out[col] = null
    else if (type === 'int' || type === 'number') out[col] = Number(v)
    else if (type === 'bool') out[col] = toBool(v)
    else if (type === 'time') out[col] = toIso(v)
    else if (type === 'json') out[col] = fromJson(v)
    else out[col] = String(v)
  }
  return out
}

/** Values ready for insert/update: JSON columns as text (jsonb accepts it), the rest as given. */
export function toRow(spec: TableSpec, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [col, value] of Object.entries(data)) {
    const type = Object.hasOwn(spec.columns, col) ? spec.columns[col] : undefined
    if ((!type && !spec.insertOnly?.includes(col)) || col === 'id') continue
    out[col] = type === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value
  }
  return out
}
