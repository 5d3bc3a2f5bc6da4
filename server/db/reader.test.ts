// The SQLite read connection (decision 194): another connection to the same file that sees what
// the writer committed, refuses writes, is not used inside a transaction, and closes with the handle.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDb, migrate, readerOf } from './knex.ts'

describe('readerOf (SQLite)', () => {
  it('reads committed rows on its own connection, cannot write, and closes with the handle', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-reader-'))
    const db = createDb({ varDir: dir })
    try {
      await migrate(db)
      const reader = readerOf(db)
      expect(reader).not.toBe(db)
      expect(readerOf(db)).toBe(reader)
      await db('analytics_state').insert({ key: 'reader-test', value: 'one' })
      expect(await reader('analytics_state').where({ key: 'reader-test' }).first('value')).toEqual({ value: 'one' })
      await expect(reader('analytics_state').insert({ key: 'reader-write', value: 'x' })).rejects.toThrow(/readonly|read-only|query_only/i)
      // A transaction reads its own writes: it is its own reader.
      await db.transaction(async (trx) => {
        expect(readerOf(trx)).toBe(trx)
      })
      await db.destroy()
      // Closed with the handle: the reader's pool is gone.
      await expect(reader('analytics_state').first()).rejects.toThrow()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is the handle itself for an in-memory database', async () => {
    const db = createDb({ varDir: os.tmpdir(), filename: ':memory:' })
    try {
      expect(readerOf(db)).toBe(db)
    } finally {
      await db.destroy()
    }
  })
})
