// The purge of expired Idempotency-Keys: keys older than the replay window go, younger ones stay
// (and still replay), in batches, on both databases.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../../tests/api/helpers.ts'
import { findIdempotencyKey, IDEMPOTENCY_KEY_TTL_MS, insertIdempotencyKeys, purgeExpiredIdempotencyKeys } from './idempotencyKeys.ts'

const HOUR = 3600_000
const key = (name: string) => ({ endpoint: 'POST /api/leads', key: name, bodyHash: 'a'.repeat(64), status: 201, body: { id: 1 } })

describe.each(databases)('purgeExpiredIdempotencyKeys ($name)', (target) => {
  const database = useTestDb(target)

  it('deletes the keys older than the replay window and keeps the others', async () => {
    const { db } = database
    const now = Date.parse('2026-12-01T12:00:00.000Z')
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * HOUR)
    await insertIdempotencyKeys(db, [key('week-old')], now - 7 * 24 * HOUR)
    await insertIdempotencyKeys(db, [key('day-and-a-minute')], now - 24 * HOUR - 60_000)
    await insertIdempotencyKeys(db, [key('exactly-a-day')], now - 24 * HOUR)
    await insertIdempotencyKeys(db, [key('an-hour-old')], now - HOUR)
    await insertIdempotencyKeys(db, [key('fresh')], now)

    expect(await purgeExpiredIdempotencyKeys(db, now)).toBe(2)
    const left = (await db('idempotency_keys').select('key').orderBy('key')).map((r) => r.key)
    expect(left).toEqual(['an-hour-old', 'exactly-a-day', 'fresh'])
    expect(await findIdempotencyKey(db, 'POST /api/leads', 'an-hour-old')).toEqual({ bodyHash: 'a'.repeat(64), status: 201, body: { id: 1 } })
    expect(await purgeExpiredIdempotencyKeys(db, now)).toBe(0)
  })

  it('purges more rows than one batch holds', async () => {
    const { db } = database
    const now = Date.parse('2026-12-05T12:00:00.000Z')
    await insertIdempotencyKeys(
      db,
      Array.from({ length: 7 }, (_, i) => key(`old-${i}`)),
      now - 2 * 24 * HOUR,
    )
    await insertIdempotencyKeys(db, [key('kept')], now)
    expect(await purgeExpiredIdempotencyKeys(db, now, 3)).toBe(7 + 3) // and the three left from the first test
    expect((await db('idempotency_keys').select('key')).map((r) => r.key)).toEqual(['kept'])
  })
})
