// Writes .gz and .br beside every text asset so the server never compresses per request.
// Pages are compressed while pre-rendering goes on, one file at a time on one thread of libuv's
// pool (the second core compresses while the first renders, never both); the rest of the output
// after the build's last write, on every core. A content-hash cache (var/precompress-cache/) keeps each file's .gz and .br from
// the last build: a file whose bytes did not change is copied, not compressed again. The output
// is the same bytes either way (zlib and brotli are deterministic for the same input and levels).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
const compressible = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest)$/
/** Smaller files are served as they are. */
const MIN_BYTES = 512

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else yield full
  }
}

/** Levels per file type (docs/decisions/175-compression-levels.md). Hashed JS/CSS are few and
 * cached for a year: gzip 9 and brotli 11. Pages and the other text (sitemap, feeds, chatbot
 * index) are many and revalidated: gzip 6 gives the bytes of gzip 9 (+0.1%) for less CPU, brotli
 * 5 those of brotli 7 (+0.6%) for 29% less CPU (measured on the site's 339 pages). */
const levelsOf = (file: string) => (/\.(js|mjs|css)$/.test(file) ? { gzip: 9, brotli: 11 } : { gzip: 6, brotli: 5 })

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
  /** Files compressing at once until finish(): 1 keeps compression on one thread of libuv's pool
   * (gzip then brotli), so it never takes both cores from the pre-render. */
  duringRender?: number
  /** Files compressing at once from finish() on (the pre-render is over): every core. */
  concurrency?: number
}

/** Compresses files as they are written (add) and whatever is left at the end (finish). Files
 * wait in a queue (their names, not their bytes: read back from the page cache when their turn
 * comes), so adding never holds up the pre-render. */
export function createPrecompressor({ cacheDir, duringRender = 1, concurrency = Math.max(2, os.availableParallelism()) }: Options = {}) {
  /** Files done, with the size and mtime they had, to notice a file written again afterwards. */
  const done = new Map<string, { size: number; mtimeMs: number }>()
  const used = new Set<string>()
  const stats: PrecompressStats = { files: 0, cached: 0, duringRender: 0, finishSeconds: 0 }
  let finishing = false
  if (cacheDir) fs.mkdirSync(cacheDir, { recursive: true })

  async function fromCache(key: string, file: string): Promise<boolean> {
    if (!cacheDir) return false
    const gz = path.join(cacheDir, `${key}.gz`)
    const br = path.join(cacheDir, `${key}.br`)
    try {
      await Promise.all([fs.promises.copyFile(gz, `${file}.gz`), fs.promises.copyFile(br, `${file}.br`)])
    } catch {
      return false
    }
    used.add(`${key}.gz`).add(`${key}.br`)
    return true
  }

  /** Compressions under way by cache key: files with the same bytes share one. */
  const inflight = new Map<string, Promise<[Buffer, Buffer]>>()
  let seq = 0

  async function compress(file: string) {
    const body = fs.readFileSync(file)
    const stat = fs.statSync(file)
    done.set(file, { size: stat.size, mtimeMs: stat.mtimeMs })
    const levels = levelsOf(file)
    const key = cacheDir ? `${crypto.createHash('sha256').update(body).digest('hex')}-g${levels.gzip}-q${levels.brotli}` : ''
    if (await fromCache(key, file)) {
      stats.cached++
    } else {
      let pending = cacheDir ? inflight.get(key) : undefined
      const first = !pending
      if (!pending) {
        // One after the other: one thread of the pool per file.
        pending = gzip(body, { level: levels.gzip }).then(async (gz) => [gz, await brotli(body, brotliOptions(levels.brotli, body.length))] as [Buffer, Buffer])
        if (cacheDir) inflight.set(key, pending)
      }
      const [gz, br] = await pending
      await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)])
      if (cacheDir && first) {
        // Written under a temporary name then renamed: a build killed midway leaves no torn entry.
        for (const [ext, bytes] of [
          ['gz', gz],
          ['br', br],
        ] as const) {
          const tmp = path.join(cacheDir, `${key}.${ext}.${process.pid}-${++seq}.tmp`)
          await fs.promises.writeFile(tmp, bytes)
          await fs.promises.rename(tmp, path.join(cacheDir, `${key}.${ext}`))
          used.add(`${key}.${ext}`)
        }
        inflight.delete(key)
      }
    }
    stats.files++
    if (!finishing) stats.duringRender++
  }

  /** Files waiting, in order (read from `next` on); queued: those not started yet. */
  const queue: string[] = []
  let next = 0
  const queued = new Set<string>()
  let active = 0
  let limit = duringRender
  let failure: unknown
  let idle: (() => void) | undefined

  function pump() {
    while (active < limit && next < queue.length) {
      const file = queue[next++]
      queued.delete(file)
      active++
      compress(file)
        .catch((error: unknown) => (failure ??= error))
        .finally(() => {
          active--
          pump()
        })
    }
    if (next === queue.length) {
      queue.length = next = 0
      if (active === 0) idle?.()
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
    /** A file just written with these bytes: queued for compression. Resolves at once. */
    async add(file: string, content: string | Buffer) {
      if (!compressible.test(file)) return
      const length = typeof content === 'string' ? Buffer.byteLength(content) : content.length
      if (length <= MIN_BYTES) return
      enqueue(file)
    },
    /** After the build's last write: compresses, on every core, what is queued and every file not
     * done yet (or changed since), waits for all, prunes cache entries this build did not use.
     * Returns the stats. */
    async finish(outDir: string): Promise<PrecompressStats> {
      finishing = true
      limit = concurrency
      const started = performance.now()
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
        enqueue(file)
      }
      await drained()
      if (failure) throw failure
      if (cacheDir) {
        for (const name of fs.readdirSync(cacheDir)) if (!used.has(name)) fs.rmSync(path.join(cacheDir, name), { force: true })
      }
      stats.finishSeconds = (performance.now() - started) / 1000
      return stats
    },
  }
}

const brotliOptions = (quality: number, length: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length },
})

/** Compresses every text file of outDir in one go (no cache). Returns the number of files. */
export async function precompress(outDir: string): Promise<number> {
  return (await createPrecompressor().finish(outDir)).files
}

/** Writes `file`.gz and `file`.br at the build's levels (the incremental publisher calls it for the files it writes). */
export async function compressFile(file: string) {
  const [gz, br] = await compressBytes(file, await fs.promises.readFile(file))
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
