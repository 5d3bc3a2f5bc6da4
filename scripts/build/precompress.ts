// Writes .gz and .br beside every text asset so the server never compresses per request.
// Pages are compressed while pre-rendering goes on (zlib runs on libuv's thread pool, so the
// second core compresses while the first renders); the rest of the output after the build's
// last write. A content-hash cache (var/precompress-cache/) keeps each file's .gz and .br from
// the last build: a file whose bytes did not change is copied, not compressed again. The output
// is the same bytes either way (zlib and brotli are deterministic for the same input and levels).
import crypto from 'node:crypto'
import fs from 'node:fs'
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

/** Hashed JS/CSS are few and cached for a year: maximum brotli. Pages are many and revalidated:
 * quality 7 is ~35x faster than 11 for ~10% more bytes (measured on a 29 KB city page). */
const qualityOf = (file: string) => (/\.(js|mjs|css)$/.test(file) ? 11 : 7)

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
  /** Files compressing at once; more wait (back-pressure on the pre-render). */
  concurrency?: number
}

/** Compresses files as they are written (add) and whatever is left at the end (finish). */
export function createPrecompressor({ cacheDir, concurrency = 8 }: Options = {}) {
  /** Files done, with the size and mtime they had, to notice a file written again afterwards. */
  const done = new Map<string, { size: number; mtimeMs: number }>()
  const used = new Set<string>()
  const running = new Set<Promise<void>>()
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

  async function compress(file: string, body: Buffer) {
    const quality = qualityOf(file)
    const key = cacheDir ? `${crypto.createHash('sha256').update(body).digest('hex')}-q${quality}` : ''
    if (await fromCache(key, file)) {
      stats.cached++
    } else {
      let pending = cacheDir ? inflight.get(key) : undefined
      const first = !pending
      if (!pending) {
        pending = Promise.all([
          gzip(body, { level: 9 }),
          brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        ])
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

  function start(file: string, body: Buffer, stat: { size: number; mtimeMs: number }) {
    done.set(file, { size: stat.size, mtimeMs: stat.mtimeMs })
    const job: Promise<void> = compress(file, body).finally(() => running.delete(job))
    running.add(job)
  }

  let existing: Promise<void> = Promise.resolve()
  async function add(file: string, content: string | Buffer) {
    if (!compressible.test(file)) return
    const body = typeof content === 'string' ? Buffer.from(content) : content
    if (body.length <= MIN_BYTES) return
    while (running.size >= concurrency) await Promise.race(running)
    start(file, body, await fs.promises.stat(file))
  }

  return {
    stats,
    /** Starts compressing, in the background, the files already in outDir (the client bundles,
     * written before the pre-render; the admin once it is moved in): brotli 11 of the JS overlaps
     * with rendering and the steps after it. Calls queue one after the other. */
    addExisting(outDir: string) {
      // Before any page is written. Biggest first: the longest compressions (the admin's and the
      // client's JS at brotli 11, the chatbot index) start early and end before the pre-render does.
      const files = [...walk(outDir)]
        .filter((f) => compressible.test(f))
        .map((f) => ({ f, size: fs.statSync(f).size }))
        .sort((a, b) => b.size - a.size)
        .map(({ f }) => f)
      existing = existing.then(async () => {
        for (const file of files) await add(file, await fs.promises.readFile(file))
      })
    },
    /** A file just written with these bytes: compress it in the background. Resolves at once
     * unless `concurrency` files are already compressing. */
    add,
    /** After the build's last write: compresses every file not done yet (or changed since), waits
     * for all, prunes cache entries this build did not use. Returns the stats. */
    async finish(outDir: string): Promise<PrecompressStats> {
      finishing = true
      const started = performance.now()
      await existing
      await Promise.all(running)
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
        while (running.size >= concurrency) await Promise.race(running)
        start(file, await fs.promises.readFile(file), stat)
      }
      await Promise.all(running)
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
  await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)])
}

/** The .gz and .br bytes of `body` at the build's levels for a file named `file` (the publisher
 * compresses pages in memory while the others render). */
export function compressBytes(file: string, body: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: qualityOf(file), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ])
}

/** Whether bytes written to `file` get .gz/.br beside them (as isCompressible, without a stat). */
export const compressesBytes = (file: string, body: Buffer) => compressible.test(file) && body.length > MIN_BYTES

export const isCompressible = (file: string) => compressible.test(file) && fs.statSync(file).size > MIN_BYTES
