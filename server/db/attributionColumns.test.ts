// The one attribution table (shared/attribution.ts) against the database the migrations build:
// each field has its column in `leads` and in `roi_calculations`, wide enough for the field's
// limit, so a field added to the table without its migration fails here.
import { describe, expect, it } from 'vitest'
import { ATTRIBUTION_FIELDS } from '../../shared/attribution.ts'
import { databases, useTestDb } from '../../tests/api/helpers.ts'

const tables = ['leads', 'roi_calculations'] as const

describe.each(databases)('attribution columns ($name)', (target) => {
  const database = useTestDb(target)

  it.each(tables)('%s has a column for every attribution field, sized to its limit', async (table) => {
    const info = await database.db(table).columnInfo()
    for (const field of ATTRIBUTION_FIELDS) {
      const column = info[field.column]
      expect(column, `${table}.${field.column} (${field.key})`).toBeDefined()
      // Short fields are varchar(max); long ones (referrer, landing page) are text.
      if (column.maxLength != null) expect(Number(column.maxLength), `${table}.${field.column} width`).toBe(field.max)
      else expect(column.type, `${table}.${field.column} type`).toBe('text')
      expect(column.nullable, `${table}.${field.column} is not null`).toBe(false)
    }
  })

  it('names each field and each column once', () => {
    expect(new Set(ATTRIBUTION_FIELDS.map((f) => f.key)).size).toBe(ATTRIBUTION_FIELDS.length)
    expect(new Set(ATTRIBUTION_FIELDS.map((f) => f.column)).size).toBe(ATTRIBUTION_FIELDS.length)
  })
})
