// The rollup worker's entry (rollupThread.ts, decision 198): its own knex connection to the
// SQLite file the main thread uses, rolling up the hours it is sent one at a time.
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { createDb } from '../db/knex.ts'
import { rollupHour } from './rollup.ts'

const { filename } = workerData as { filename: string }
const db = createDb({ varDir: path.dirname(filename), filename })
let queue: Promise<void> = Promise.resolve()

parentPort!.on('message', (message: { id: number; hour: number } | { stop: true }) => {
  if ('stop' in message) {
    queue = queue.then(() => db.destroy()).then(() => parentPort!.close())
    return
  }
  queue = queue.then(async () => {
    try {
      parentPort!.postMessage({ id: message.id, rows: await rollupHour(db, message.hour) })
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error))
      parentPort!.postMessage({ id: message.id, error: { message: e.message, stack: e.stack } })
    }
  })
})
