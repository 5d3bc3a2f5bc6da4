// The group-commit writer over a real database: concurrent writes share one transaction, each
// caller gets its own result after the commit, and one failing write fails alone.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { createWriter, type BulkHandler } from './groupCommit.ts'

describe.each(databases)('group commit ($name)', (target) => {
  const database = useTestDb(target)

  const row = (n: number) => ({
    endpoint: 'test',
    reason: 'test',
    email: `w${n}@example.com`,
    payload: null,
    user_agent: '',
    ip_hash: '',
    created_at: new Date().toISOString(),
  })
  const bulk: BulkHandler<number, string> = {
    name: 'spam rows',
    write: async (trx, items) => {
      await trx('spam_submissions').insert(items.map(row))
      return items.map((n) => `wrote ${n}`)
    },
  }

  it('commits concurrent writes in shared transactions and answers each caller', async () => {
    const writer = createWriter(database.db)
    const results = await Promise.all([
      ...Array.from({ length: 100 }, (_, n) => writer.runBulk(bulk, n)),
      ...Array.from({ length: 20 }, (_, n) => writer.run(async (trx) => (await trx('spam_submissions').insert(row(1000 + n)), n * 2))),
    ])
    expect(results.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, n) => `wrote ${n}`))
    expect(results.slice(100)).toEqual(Array.from({ length: 20 }, (_, n) => n * 2))
    expect(writer.stats.writes).toBe(120)
    expect(writer.stats.batches).toBeLessThan(10)
    expect(writer.stats.largestBatch).toBeGreaterThan(50)
    await writer.close()
    const [{ n }] = await database.db('spam_submissions').count({ n: '*' })
    expect(Number(n)).toBe(120)
  })

  it('fails only the faulty write of a batch; the others are committed', async () => {
    const writer = createWriter(database.db)
    const outcomes = await Promise.allSettled([
      writer.runBulk(bulk, 2001),
      writer.run(async (trx) => {
        await trx('spam_submissions').insert(row(2002))
        throw new Error('this write fails')
      }),
      writer.runBulk(bulk, 2003),
      writer.run(async (trx) => trx('no_such_table').insert({ a: 1 })),
      writer.runBulk(bulk, 2004),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled'])
    const emails = (
      await database
        .db('spam_submissions')
        .whereIn('email', ['w2001@example.com', 'w2002@example.com', 'w2003@example.com', 'w2004@example.com'])
        .select('email')
    )
      .map((r) => r.email)
      .sort()
    expect(emails).toEqual(['w2001@example.com', 'w2003@example.com', 'w2004@example.com'])
    await writer.close()
  })

  it('commits queued writes on close and refuses new ones', async () => {
    const writer = createWriter(database.db)
    const pending = Array.from({ length: 10 }, (_, n) => writer.runBulk(bulk, 3000 + n))
    await writer.close()
    await expect(Promise.all(pending)).resolves.toHaveLength(10)
    await expect(writer.runBulk(bulk, 1)).rejects.toThrow('closed')
  })
})
