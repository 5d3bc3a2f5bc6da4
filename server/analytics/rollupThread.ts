// An hour's rollup on SQLite with its reads and figures in a worker thread, on the worker's own
// connection to the same file (decision 198): they run beside the main thread, which keeps
// deriving requests and flushing events (WAL: readers never wait on the writer). The worker only
// reads: its answer is written by the main connection (writeHour), so the database keeps one
// writing connection and no transaction of the product's can meet another connection's commit
// (SQLITE_BUSY_SNAPSHOT). PostgreSQL's backends are separate processes already, and ':memory:'
// or file: URI databases cannot be opened twice: those roll up in process.
import { Worker } from 'node:worker_threads'
import type { Knex } from 'knex'
import type { Queryable } from '../db/rows.ts'
import { rollupHour, writeHour, type HourRollup } from './rollup.ts'

type Answer = { id: number; rollup?: HourRollup; error?: { message: string; stack?: string } }
type Thread = { worker: Worker; pending: Map<number, { resolve: (rollup: HourRollup) => void; reject: (e: Error) => void }>; next: number }

/** Node 20 does not apply tsx's --import hooks to a worker's .ts entry: the worker registers tsx. */
const workerBoot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(
  new URL('./rollupWorker.ts', import.meta.url).href,
)}) })`

const threads = new WeakMap<object, Thread>()
let disabled = false
/** The worker's niceness (Linux; its JS thread only, SQLite's statements run on libuv's pool): on
 * a busy machine it yields its core to request handling, and takes what is idle (decision 198). */
let workerNice = 10

/** For tests and A/B runs: roll up in process even where a thread could; the niceness of workers started after. */
export function setRollupThread(on: boolean, nice = workerNice) {
  disabled = !on
  workerNice = nice
}

/** The SQLite file a worker may open too, or null (PostgreSQL, :memory:, file: URIs, a transaction). */
export function threadableFile(db: Queryable): string | null {
  const config = (db as Knex).client?.config as { client?: string; connection?: { filename?: string } } | undefined
  if (!config || config.client !== 'sqlite3' || (db as Knex.Transaction).isTransaction) return null
  const filename = config.connection?.filename
  if (!filename || filename === ':memory:' || filename.startsWith('file:')) return null
  return filename
}

function threadFor(db: Queryable, filename: string): Thread {
  const thread = threads.get(db)
  if (thread) return thread
  const worker = new Worker(workerBoot, { eval: true, execArgv: [], workerData: { filename, nice: workerNice } })
  worker.unref() // referenced only while a rollup is in hand (below)
  const t: Thread = { worker, pending: new Map(), next: 0 }
  const failAll = (error: Error) => {
    threads.delete(db)
    for (const p of t.pending.values()) p.reject(error)
    t.pending.clear()
  }
  worker.on('message', (answer: Answer) => {
    const p = t.pending.get(answer.id)
    if (!p) return
    t.pending.delete(answer.id)
    if (!t.pending.size) worker.unref()
    if (answer.error) p.reject(Object.assign(new Error(answer.error.message), { stack: answer.error.stack }))
    else p.resolve(answer.rollup!)
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`the rollup worker exited with code ${code}`)))
  threads.set(db, t)
  return t
}

/**
 * rollupHour(db, hour): on a SQLite file its reads and figures on the worker thread's connection,
 * its writes on db; else all in process. Same rows either way; a failure rejects as rollupHour's would.
 */
export async function rollupHourOf(db: Queryable, hour: number): Promise<number> {
  const filename = disabled ? null : threadableFile(db)
  if (!filename) return rollupHour(db, hour)
  const t = threadFor(db, filename)
  const id = t.next++
  const rollup = await new Promise<HourRollup>((resolve, reject) => {
    t.pending.set(id, { resolve, reject })
    t.worker.ref()
    t.worker.postMessage({ id, hour })
  })
  return writeHour(db, hour, rollup)
}

/** Ends db's rollup worker (server shutdown, before db.destroy()). Waits for it to close its connection. */
export async function stopRollupThread(db: Queryable): Promise<void> {
  const t = threads.get(db)
  if (!t) return
  threads.delete(db)
  await new Promise<void>((resolve) => {
    t.worker.once('exit', () => resolve())
    t.worker.postMessage({ stop: true })
  })
}
