// The rollup worker's entry (rollupThread.ts, decision 198): its own knex connection to the
// SQLite file the main thread uses, reading and computing the hours it is sent one at a time
// (the main thread writes them).
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { createDb } from '../db/knex.ts'
import { niceThisThread } from '../lib/niceThread.mjs'
import { hourRollupOf } from './rollup.ts'

const { filename, nice } = workerData as { filename: string; nice: number }
niceThisThread(nice)
const db = createDb({ varDir: path.dirname(filename), filename })
let queue: Promise<void> = Promise.resolve()

parentPort!.on('message', (message: { id: number; hour: number } | { stop: true }) => {
  if ('stop' in message) {
    queue = queue.then(() => db.destroy()).then(() => parentPort!.close())
    return
  }
  queue = queue.then(async () => {
    try {
      parentPort!.postMessage({ id: message.id, rollup: await hourRollupOf(db, message.hour) })
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error))
      parentPort!.postMessage({ id: message.id, error: { message: e.message, stack: e.stack } })
    }
  })
})
