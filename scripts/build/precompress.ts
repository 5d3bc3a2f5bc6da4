// Writes .gz and .br beside every text asset so the server never compresses per request.
// Pages are compressed while pre-rendering goes on, in one worker thread (precompressWorker.mjs:
// the second core compresses while the first renders, never both); the rest of the output after
// the build's last write, in one worker per core, biggest files first. The main thread only posts
// file names: the worker reads, hashes, compresses and writes each file synchronously, so
// compression no longer advances one async step per rendered page (decision 192). A content-hash
// cache (node_modules/.cache/proofline-precompress/, decision 211) keeps each file's .gz and .br
// from the last build: a file whose bytes did not change is linked from it (or copied), not
// compressed again; a new entry is a hard link to the file just written (decision 071). The output is the same bytes either way
// (zlib and brotli are deterministic for the same input and levels).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Worker } from 'node:worker_threads'
import zlib from 'node:zlib'
import { brotliOptions, COMPRESSIBLE as compressible, levelsOf, MIN_BYTES } from './compressSettings.mjs'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
/** Plain JavaScript: loads the same under tsx and plain Node, with no loader in the worker. */
const workerFile = new URL('./precompressWorker.mjs', import.meta.url)
/** Files posted to a worker ahead while the pre-render runs: the main thread reads the workers'
 * answers only between two pages, so each worker holds a few files in hand and never waits on it. */
const RENDER_WINDOW = 16
/** From finish() on the main thread is free: two per worker (one compressing, one next) keep the
 * biggest-first order across workers. */
const FINISH_WINDOW = 2

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else yield full
  }
}

export type PrecompressStats = {
  /** Files compressed (or taken from the cache) in all. */
  files: number
  /** Of which taken from the content-hash cache. */
  cached: number
  /** Of which done while pre-rendering went on. */
  duringRender: number
  /** Seconds from finish() to the last file written. */
  finishSeconds: number
}

type Options = {
  /** Where the content-hash cache lives; undefined turns the cache off. */
  cacheDir?: string
  /** Worker threads compressing until finish(): 1 keeps compression on one core, so it never takes
   * both cores from the pre-render. */
  duringRender?: number
  /** Worker threads from finish() on (the pre-render is over): every core. */
  concurrency?: number
  /** Niceness of the threads that compress until finish() (0: the build's own priority): they take
   * the CPU the pre-render and the admin build leave idle, never the render thread's. From finish()
   * on, threads at the build's priority take over. */
  renderNice?: number
}

/** A worker's answer for one file (precompressWorker.mjs). */
type Answer = { id: number; error: unknown } | { id: number; size: number; mtimeMs: number; cached: boolean; used: string[] }

type Thread = { worker: Worker; pending: Set<number>; niced: boolean }

/** Compresses files as they are written (add) and whatever is left at the end (finish). Files
 * wait in a queue (their names, not their bytes: the worker reads them back from the page cache
 * when their turn comes), so adding never holds up the pre-render. */
export function createPrecompressor({ cacheDir, duringRender = 1, concurrency = Math.max(2, os.availableParallelism()), renderNice = 0 }: Options = {}) {
  /** Files done, with the size and mtime they had, to notice a file written again afterwards. */
  const done = new Map<string, { size: number; mtimeMs: number }>()
  const used = new Set<string>()
  const stats: PrecompressStats = { files: 0, cached: 0, duringRender: 0, finishSeconds: 0 }
  let finishing = false
  if (cacheDir) fs.mkdirSync(cacheDir, { recursive: true })

  /** Files waiting, in order (read from `next` on); queued: those not posted yet. */
  const queue: string[] = []
  let next = 0
  const queued = new Set<string>()
  /** Files posted to a worker, by job id. */
  const jobs = new Map<number, string>()
  let seq = 0
  const threads: Thread[] = []
  let limit = Math.max(1, duringRender)
  let failure: unknown
  let idle: (() => void) | undefined

  function spawn(): Thread {
    const nice = finishing ? 0 : renderNice
    const worker = new Worker(workerFile, { execArgv: [], workerData: { cacheDir, nice } })
    const thread: Thread = { worker, pending: new Set(), niced: nice > 0 }
    worker.unref() // ref'd only while it has files (post), so an idle worker never keeps the build alive
    worker.on('message', (answer: Answer) => settle(thread, answer))
    const lost = (error: unknown) => {
      // The worker died: its files fail (rethrown by finish()), the others go on in a new one.
      failure ??= error
      threads.splice(threads.indexOf(thread) >>> 0, threads.includes(thread) ? 1 : 0)
      for (const id of thread.pending) jobs.delete(id)
      thread.pending.clear()
      pump()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => {
      if (thread.pending.size) lost(new Error(`the compression worker exited with code ${code}`))
    })
    threads.push(thread)
    return thread
  }

  function settle(thread: Thread, answer: Answer) {
    const file = jobs.get(answer.id)
    jobs.delete(answer.id)
    thread.pending.delete(answer.id)
    if (thread.pending.size === 0) thread.worker.unref()
    if (file !== undefined) {
      if ('error' in answer) failure ??= answer.error ?? new Error(`compressing ${file} failed`)
      else {
        done.set(file, { size: answer.size, mtimeMs: answer.mtimeMs })
        for (const name of answer.used) used.add(name)
        if (answer.cached) stats.cached++
        stats.files++
        if (!finishing) stats.duringRender++
      }
    }
    pump()
  }

  /** The worker with the fewest files in hand, among the first `limit`, if it has room. From
   * finish() on, niced threads finish the files they hold and get no more. */
  function pick(): Thread | undefined {
    const usable = threads.filter((t) => !(finishing && t.niced))
    while (usable.length < limit) usable.push(spawn())
    const window = finishing ? FINISH_WINDOW : RENDER_WINDOW
    let best: Thread | undefined
    for (const thread of usable.slice(0, limit)) if (!best || thread.pending.size < best.pending.size) best = thread
    return best && best.pending.size < window ? best : undefined
  }

  function pump() {
    while (next < queue.length) {
      const thread = pick()
      if (!thread) break
      const file = queue[next++]
      queued.delete(file)
      const id = ++seq
      jobs.set(id, file)
      if (thread.pending.size === 0) thread.worker.ref()
      thread.pending.add(id)
      thread.worker.postMessage({ id, file, ...levelsOf(file) })
    }
    if (next === queue.length) {
      queue.length = next = 0
      if (jobs.size === 0) idle?.()
    }
  }

  /** Resolves once every queued file is done. */
  const drained = () =>
    new Promise<void>((resolve) => {
      idle = resolve
      pump()
    })

  function enqueue(file: string) {
    if (queued.has(file)) return
    queued.add(file)
    queue.push(file)
    pump()
  }

  /** The files not posted yet, biggest first (the longest compressions start first, so the
   * workers end together). */
  function biggestFirst() {
    const size = (file: string) => {
      try {
        return fs.statSync(file).size
      } catch {
        return 0 // gone: the worker reports the error
      }
    }
    const rest = queue.slice(next).map((f) => ({ f, size: size(f) }))
    rest.sort((a, b) => b.size - a.size)
    queue.splice(next, rest.length, ...rest.map(({ f }) => f))
  }

  async function stop() {
    await Promise.all(threads.splice(0).map(({ worker }) => worker.terminate()))
  }

  /** At finish(): the niced threads stop, and the files they held go back to the queue for the
   * threads at the build's priority (a niced thread on a busy machine would crawl through them).
   * A file cut midway is written again whole; cache entries are written by rename, never torn. */
  async function retireNiced() {
    const niced = threads.filter((t) => t.niced)
    for (const thread of niced) {
      threads.splice(threads.indexOf(thread), 1)
      for (const id of thread.pending) {
        const file = jobs.get(id)
        jobs.delete(id)
        if (file !== undefined && !queued.has(file)) {
          queued.add(file)
          queue.push(file)
        }
      }
      thread.pending.clear()
    }
    await Promise.all(niced.map(({ worker }) => worker.terminate()))
  }

  return {
    stats,
    /** Queues the files already in outDir (the client bundles, written before the pre-render; the
     * admin once it is moved in), biggest first: the longest compressions (the JS at brotli 11,
     * the chatbot index) start early. */
    addExisting(outDir: string) {
      const files = [...walk(outDir)]
        .filter((f) => compressible.test(f))
        .map((f) => ({ f, size: fs.statSync(f).size }))
        .filter(({ size }) => size > MIN_BYTES)
        .sort((a, b) => b.size - a.size)
      for (const { f } of files) enqueue(f)
    },
    /** A file just written with these bytes (or this many): queued for compression. Resolves at once. */
    async add(file: string, content: string | Buffer | number) {
      if (!compressible.test(file)) return
      const length = typeof content === 'number' ? content : typeof content === 'string' ? Buffer.byteLength(content) : content.length
      if (length <= MIN_BYTES) return
      enqueue(file)
    },
    /** After the build's last write: compresses, on every core, what is queued and every file not
     * done yet (or changed since), biggest first, waits for all, prunes cache entries this build
     * did not use. Returns the stats. */
    async finish(outDir: string): Promise<PrecompressStats> {
      finishing = true
      limit = Math.max(1, concurrency)
      const started = performance.now()
      try {
        await retireNiced()
        biggestFirst()
        await drained()
        for (const file of walk(outDir)) {
          if (!compressible.test(file)) continue
          const stat = fs.statSync(file)
          if (stat.size <= MIN_BYTES) continue
          const before = done.get(file)
          if (before && before.size === stat.size && before.mtimeMs === stat.mtimeMs) continue
          if (before) {
            // Written again after the pre-render: compressed once more, counted once.
            stats.files--
            stats.duringRender--
          }
          if (!queued.has(file)) {
            queued.add(file)
            queue.push(file)
          }
        }
        biggestFirst()
        await drained()
      } finally {
        await stop()
      }
      if (failure) throw failure
      if (cacheDir) {
        for (const name of fs.readdirSync(cacheDir)) if (!used.has(name)) fs.rmSync(path.join(cacheDir, name), { force: true })
      }
      stats.finishSeconds = (performance.now() - started) / 1000
      return stats
    },
  }
}

/** Compresses every text file of outDir in one go (no cache). Returns the number of files. */
export async function precompress(outDir: string): Promise<number> {
  return (await createPrecompressor().finish(outDir)).files
}

/** Writes `file`.gz and `file`.br at the build's levels (the incremental publisher calls it for the files it writes). */
export async function compressFile(file: string) {
  const [gz, br] = await compressBytes(file, await fs.promises.readFile(file))
  // New files, not writes through an existing one: a build's .gz/.br may be hard links to its
  // content-hash cache's entries (decision 071).
  await Promise.all([`${file}.gz`, `${file}.br`].map((f) => fs.promises.rm(f, { force: true })))
  await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)])
}

/** The .gz and .br bytes of `body` at the build's levels for a file named `file` (the publisher
 * compresses pages in memory while the others render). */
export function compressBytes(file: string, body: Buffer): Promise<[Buffer, Buffer]> {
  const levels = levelsOf(file)
  return Promise.all([gzip(body, { level: levels.gzip }), brotli(body, brotliOptions(levels.brotli, body.length))])
}

/** Whether bytes written to `file` get .gz/.br beside them (as isCompressible, without a stat). */
export const compressesBytes = (file: string, body: Buffer) => compressible.test(file) && body.length > MIN_BYTES

export const isCompressible = (file: string) => compressible.test(file) && fs.statSync(file).size > MIN_BYTES
