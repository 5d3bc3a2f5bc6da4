// Group commit: writes that arrive while a transaction is committing are queued and committed
// together in the next transaction, and each caller is answered only after that commit. With
// SQLite's synchronous=FULL this turns one fsync per request into one fsync per batch, with no
// added wait when the server is idle (a lone write starts on the next turn of the event loop).
//
// Two kinds of write share a batch:
// - a job (run): a function of the transaction, run one after another, so each job sees every
//   earlier write (idempotency keys and duplicate checks need no locks);
// - a bulk item (runBulk): items of one BulkHandler are handed over together, so a batch of 200
//   leads costs a few multi-row statements instead of 600 single-row ones.
// If anything fails, the batch rolls back and each write is retried alone in its own
// transaction, so only the faulty one fails.
import type { Knex } from 'knex'

export type WriteJob<T> = (trx: Knex.Transaction) => Promise<T>

/** Writes many items in one go; answers one result per item, in order. */
export type BulkHandler<I, R> = { name: string; write: (trx: Knex.Transaction, items: I[]) => Promise<R[]> }

export type Writer = {
  run<T>(job: WriteJob<T>): Promise<T>
  runBulk<I, R>(handler: BulkHandler<I, R>, item: I): Promise<R>
  /** Commits what is queued and refuses new writes. */
  close(): Promise<void>
  readonly stats: { batches: number; writes: number; largestBatch: number }
}

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void }
type Queued = ({ job: WriteJob<unknown> } | { handler: BulkHandler<unknown, unknown>; item: unknown }) & Settle

export function createWriter(db: Knex, opts: { maxBatch?: number } = {}): Writer {
  const maxBatch = opts.maxBatch ?? 256
  const queue: Queued[] = []
  const stats = { batches: 0, writes: 0, largestBatch: 0 }
  let draining: Promise<void> | null = null
  let closed = false

  async function writeAll(trx: Knex.Transaction, batch: Queued[]): Promise<unknown[]> {
    const results: unknown[] = new Array(batch.length)
    const groups = new Map<BulkHandler<unknown, unknown>, number[]>()
    for (let i = 0; i < batch.length; i++) {
      const q = batch[i]
      if ('job' in q) results[i] = await q.job(trx)
      else {
        const indexes = groups.get(q.handler)
        if (indexes) indexes.push(i)
        else groups.set(q.handler, [i])
      }
    }
    for (const [handler, indexes] of groups) {
      const out = await handler.write(
        trx,
        indexes.map((i) => (batch[i] as { item: unknown }).item),
      )
      indexes.forEach((batchIndex, k) => (results[batchIndex] = out[k]))
    }
    return results
  }

  async function runAlone(q: Queued) {
    try {
      const [result] = await db.transaction((trx) => writeAll(trx, [q]))
      q.resolve(result)
    } catch (error) {
      q.reject(error)
    }
  }

  async function commitBatch(batch: Queued[]) {
    stats.batches += 1
    stats.writes += batch.length
    stats.largestBatch = Math.max(stats.largestBatch, batch.length)
    if (batch.length === 1) return runAlone(batch[0])
    let results: unknown[]
    try {
      results = await db.transaction((trx) => writeAll(trx, batch))
    } catch {
      for (const q of batch) await runAlone(q)
      return
    }
    batch.forEach((q, i) => q.resolve(results[i]))
  }

  async function drain() {
    // Let requests that arrived in the same turn join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve))
    while (queue.length) await commitBatch(queue.splice(0, maxBatch))
  }

  function schedule() {
    if (draining) return
    draining = drain().finally(() => {
      draining = null
      if (queue.length) schedule()
    })
  }

  function enqueue<T>(entry: { job: WriteJob<unknown> } | { handler: BulkHandler<unknown, unknown>; item: unknown }): Promise<T> {
    if (closed) return Promise.reject(new Error('The database writer is closed.'))
    return new Promise<T>((resolve, reject) => {
      queue.push({ ...entry, resolve: resolve as (value: unknown) => void, reject })
      schedule()
    })
  }

  return {
    stats,
    run: <T>(job: WriteJob<T>) => enqueue<T>({ job }),
    runBulk: <I, R>(handler: BulkHandler<I, R>, item: I) => enqueue<R>({ handler: handler as BulkHandler<unknown, unknown>, item }),
    async close() {
      closed = true
      while (draining) await draining
    },
  }
}
