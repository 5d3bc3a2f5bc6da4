// The rollup worker thread (decision 198): the same rows as in process, and its failures reject.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestDb } from '../../tests/api/helpers.ts'
import type { AnalyticsEvent } from '../../shared/contract.ts'
import { createDb } from '../db/knex.ts'
import { insertEventBatches } from '../db/queries/events.ts'
import { HOUR_MS, Ingestor } from './ingest.ts'
import { rollupHourOf, setRollupThread, stopRollupThread, threadableFile } from './rollupThread.ts'

const HOUR = 480_000
const TABLES = ['analytics_hourly', 'analytics_page_hourly', 'analytics_vitals_hourly', 'analytics_session_paths', 'analytics_funnel_hourly']

describe('the rollup worker thread on a SQLite file', () => {
  const t = useTestDb({ name: 'sqlite' })

  const snapshot = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await t.db(table).select().orderByRaw('1, 2, 3')])))

  it('writes the same rows as the rollup in process, and rolls up in process for :memory:', async () => {
    expect(threadableFile(t.db)).toMatch(/app\.sqlite$/)
    const ingestor = new Ingestor(t.db)
    const start = HOUR * HOUR_MS
    const batches = []
    for (let v = 0; v < 12; v++) {
      const events: AnalyticsEvent[] = Array.from({ length: 6 }, (_, i) => ({
        type: i % 3 === 2 ? 'scroll_depth' : 'page_view',
        path: `/page-${(v + i) % 5}?utm_source=news&utm_medium=email`,
        visitorId: `visitor-${v}-xxxxxxxx`,
        sessionId: `tab-${v}-xxxxxxxx`,
        at: start + v * 60_000 + i * 5_000,
        name: '',
        referrer: v % 2 ? 'https://www.google.com/' : '',
      }))
      batches.push(
        await ingestor.derive(events, {
          ip: `203.0.113.${v}`,
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
          siteHost: 'example.com',
          receivedAt: start + v * 60_000,
        }),
      )
    }
    await insertEventBatches(t.db, batches)

    setRollupThread(false)
    const inProcessRows = await rollupHourOf(t.db, HOUR)
    const inProcess = await snapshot()
    for (const table of TABLES) await t.db(table).delete()
    setRollupThread(true)
    const threadRows = await rollupHourOf(t.db, HOUR)
    expect(threadRows).toBe(inProcessRows)
    expect(await snapshot()).toEqual(inProcess)
    expect(inProcess.analytics_hourly.length).toBeGreaterThan(5)
    // Reused: a second hour on the same worker.
    await rollupHourOf(t.db, HOUR)
    expect(await snapshot()).toEqual(inProcess)
    await stopRollupThread(t.db)

    const memory = createDb({ varDir: os.tmpdir(), filename: ':memory:' })
    expect(threadableFile(memory)).toBeNull()
    await memory.destroy()
  })

  it('rejects with the worker’s error (a file without the tables)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-rollup-thread-'))
    const empty = createDb({ varDir: dir })
    try {
      await expect(rollupHourOf(empty, HOUR)).rejects.toThrow(/no such table/)
    } finally {
      await stopRollupThread(empty)
      await empty.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
