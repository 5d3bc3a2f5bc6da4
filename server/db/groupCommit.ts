// Group commit: writes that arrive while a transaction is committing are queued and committed
// together in the next transaction, and each caller is answered only after that commit. With
// SQLite's synchronous=FULL this turns one fsync per request into one fsync per batch, with no
// added wait when the server is idle (a lone write starts on the next turn of the event loop).
//
// Jobs run one after another inside the batch transaction, so a job sees every earlier write
// (duplicate checks and idempotency keys need no locks). If any job fails, the batch rolls back
// and each job is retried alone in its own transaction, so only the faulty one fails.
import type { Knex } from 'knex'

export type WriteJob<T> = (trx: Knex.Transaction) => Promise<T>

export type Writer = {
  run<T>(job: WriteJob<T>): Promise<T>
  /** Commits what is queued and refuses new writes. */
  close(): Promise<void>
  readonly stats: { batches: number; writes: number; largestBatch: number }
}

type Queued = { job: WriteJob<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }

export function createWriter(db: Knex, opts: { maxBatch?: number } = {}): Writer {
  const maxBatch = opts.maxBatch ?? 256
  const queue: Queued[] = []
  const stats = { batches: 0, writes: 0, largestBatch: 0 }
  let draining: Promise<void> | null = null
  let closed = false

  async function runAlone(item: Queued) {
    try {
      item.resolve(await db.transaction((trx) => item.job(trx)))
    } catch (error) {
      item.reject(error)
    }
  }

  async function commitBatch(batch: Queued[]) {
    stats.batches += 1
    stats.writes += batch.length
    stats.largestBatch = Math.max(stats.largestBatch, batch.length)
    if (batch.length === 1) return runAlone(batch[0])
    const results: unknown[] = []
    try {
      await db.transaction(async (trx) => {
        for (const item of batch) results.push(await item.job(trx))
      })
    } catch {
      for (const item of batch) await runAlone(item)
      return
    }
    batch.forEach((item, i) => item.resolve(results[i]))
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

  return {
    stats,
    run<T>(job: WriteJob<T>) {
      if (closed) return Promise.reject(new Error('The database writer is closed.'))
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: unknown) => void, reject })
        schedule()
      })
    },
    async close() {
      closed = true
      while (draining) await draining
    },
  }
}
