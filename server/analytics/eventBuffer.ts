// The write side of /api/events (docs/decisions/128-event-ingestion-buffer.md): derived batches wait
// in memory for at most `everyMs` (or until `maxRows` rows are waiting) and are then appended in
// one transaction: a few multi-row inserts and one commit for thousands of events, instead of one
// commit per group of requests. Each request is answered once its rows are committed, so
// "accepted" still means "stored", and stop() (graceful shutdown) writes what is waiting before
// the database closes: no accepted event is lost. One flush at a time; a batch that fails inside a
// big flush is retried alone, so only a faulty batch fails. On PostgreSQL a flush is one statement
// (docs/decisions/190), atomic without a transaction of its own; on SQLite one script with its
// transaction, a single job on node-sqlite3's thread (docs/decisions/194).
import type { Db } from '../db/knex.ts'
import { insertEventBatches, sqliteFlushScript } from '../db/queries/events.ts'
import { isSqlite } from '../db/rows.ts'
import type { DerivedBatch } from './ingest.ts'

type Waiting = { batch: DerivedBatch; resolve: (n: number) => void; reject: (error: unknown) => void }

export type EventBufferOptions = { everyMs?: number; maxRows?: number }

export class EventBuffer {
  private waiting: Waiting[] = []
  private waitingRows = 0
  private writing: Waiting[] = []
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> | null = null
  private stopped = false
  readonly stats = { flushes: 0, rows: 0, largestFlush: 0, retriedAlone: 0 }
  private readonly everyMs: number
  private readonly maxRows: number

  constructor(
    private readonly db: Db,
    opts: EventBufferOptions = {},
  ) {
    this.everyMs = opts.everyMs ?? 5
    this.maxRows = opts.maxRows ?? 10_000
  }

  /** Queues a batch; resolves with its number of events once they are committed. */
  add(batch: DerivedBatch): Promise<number> {
    if (this.stopped) return Promise.reject(new Error('Analytics ingestion is shutting down.'))
    if (!batch.events.length && !batch.sessions.length && !batch.visitorLinks.length) return Promise.resolve(0)
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ batch, resolve, reject })
      this.waitingRows += batch.events.length
      if (this.waitingRows >= this.maxRows) this.kick()
      else this.timer ??= setTimeout(() => this.kick(), this.everyMs)
    })
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.flushing) return
    this.flushing = this.drain().finally(() => {
      this.flushing = null
      if (this.waiting.length) this.kick()
    })
  }

  /** Writes everything waiting, up to maxRows rows per transaction. */
  private async drain() {
    while (this.waiting.length) {
      let rows = 0
      let n = 0
      while (n < this.waiting.length && (n === 0 || rows + this.waiting[n].batch.events.length <= this.maxRows)) rows += this.waiting[n++].batch.events.length
      this.writing = this.waiting.splice(0, n)
      this.waitingRows -= rows
      const batch = this.writing
      this.stats.flushes += 1
      this.stats.rows += rows
      this.stats.largestFlush = Math.max(this.stats.largestFlush, rows)
      try {
        const counts = await this.write(batch.map((w) => w.batch))
        batch.forEach((w, i) => w.resolve(counts[i]))
      } catch {
        this.stats.retriedAlone += batch.length
        for (const w of batch) await this.write([w.batch]).then(([count]) => w.resolve(count), w.reject)
      }
      this.writing = []
    }
  }

  /**
   * One flush: on PostgreSQL a single statement (atomic alone); on SQLite one script holding its
   * transaction (docs/decisions/194), run by node-sqlite3 as one job on its thread.
   */
  private write(batches: DerivedBatch[]): Promise<number[]> {
    if (!isSqlite(this.db)) return insertEventBatches(this.db, batches)
    return execScript(this.db, sqliteFlushScript(batches)).then(() => batches.map((b) => b.events.length))
  }

  /** Rows waiting or being written (a lead link or an erasure must see them too). */
  private *held(): Generator<DerivedBatch> {
    for (const w of this.writing) yield w.batch
    for (const w of this.waiting) yield w.batch
  }

  /** A visitor just became a lead: its rows not yet written get the lead id too. */
  assignLead(visitorId: string, leadId: number, since: number) {
    for (const b of this.held()) {
      for (const e of b.events) if (e.visitor_id === visitorId && e.lead_id === null && e.ts >= since) e.lead_id = leadId
      for (const s of b.sessions) if (s.visitor_id === visitorId && s.lead_id === null && s.started_at >= since) s.lead_id = leadId
    }
  }

  /** An erased person: drops their rows that are waiting (rows already being written are erased by the caller's delete, which runs after). */
  forget(visitorIds: Set<string>, leadIds: Set<number>) {
    const gone = (r: { visitor_id: string; lead_id: number | null }) => visitorIds.has(r.visitor_id) || (r.lead_id !== null && leadIds.has(r.lead_id))
    for (const w of this.waiting) {
      const before = w.batch.events.length
      w.batch.events = w.batch.events.filter((e) => !gone(e))
      w.batch.sessions = w.batch.sessions.filter((s) => !gone(s))
      w.batch.visitorLinks = w.batch.visitorLinks.filter((l) => !visitorIds.has(l.visitor_id) && !leadIds.has(l.lead_id))
      this.waitingRows -= before - w.batch.events.length
    }
  }

  /** Writes what is waiting and refuses new batches (graceful shutdown). */
  async stop() {
    this.stopped = true
    this.kick()
    while (this.flushing) await this.flushing
  }
}

type SqliteConnection = { exec: (sql: string, cb: (error: Error | null) => void) => void }

/**
 * Runs a script (BEGIN … COMMIT) on the SQLite connection, taken from the pool as a query would
 * take it: one job on node-sqlite3's thread. A statement that fails stops the script inside its
 * transaction, which is then rolled back before the connection goes back to the pool.
 */
async function execScript(db: Db, sql: string): Promise<void> {
  const conn = (await db.client.acquireConnection()) as SqliteConnection
  const exec = (script: string) => new Promise<void>((resolve, reject) => conn.exec(script, (error) => (error ? reject(error) : resolve())))
  try {
    await exec(sql)
  } catch (error) {
    // (when the failure was BEGIN itself there is no transaction: that error is not the one to report)
    await exec('rollback').catch(() => {})
    throw error
  } finally {
    await db.client.releaseConnection(conn)
  }
}

const buffers = new WeakMap<Db, EventBuffer>()

/** The process's event buffer of a database. */
export function eventBufferFor(db: Db, opts?: EventBufferOptions): EventBuffer {
  let found = buffers.get(db)
  if (!found) buffers.set(db, (found = new EventBuffer(db, opts)))
  return found
}

/** The buffer of a database if this process has one (lead links and erasure patch it). */
export const existingEventBuffer = (db: unknown): EventBuffer | undefined => buffers.get(db as Db)

/** Graceful shutdown: writes what is waiting. */
export async function stopEventBuffer(db: Db) {
  await buffers.get(db)?.stop()
  buffers.delete(db)
}
