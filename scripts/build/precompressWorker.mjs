// The compression thread of precompress.ts (docs/decisions/192-compression-worker.md). Plain
// JavaScript, no TypeScript: it needs Node's own modules and compressSettings.mjs alone, so it loads the
// same under tsx (dev, `npm run build`) and plain Node, with no loader in the worker.
//
// Each message is one file: { id, file, gzip, brotli } (the levels chosen by precompress.ts). The
// whole job runs here, synchronously, one file after the other: read, sha256 key, link (or copy)
// the .gz and .br from the content-hash cache if they are there, else gzip and brotli, write
// file.gz and file.br, then link them into the cache (decision 071). So it goes on at full speed while
// the main thread renders. Answers { id, size, mtimeMs, cached, used } or { id, error }.
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { parentPort, threadId, workerData } from 'node:worker_threads'
import zlib from 'node:zlib'
import { niceThisThread } from '../../server/lib/niceThread.mjs'
import { brotliOptions, cacheKeyOf } from './compressSettings.mjs'

/** @type {string | undefined} */
const cacheDir = workerData.cacheDir
let seq = 0

// A thread that compresses while the pre-render runs yields its core to the render thread and the
// admin build, and takes whatever they leave idle.
niceThisThread(workerData.nice ?? 0)

/** @param {{ id: number, file: string, gzip: number, brotli: number }} job */
function compress({ file, gzip, brotli }) {
  const body = fs.readFileSync(file)
  const stat = fs.statSync(file)
  const result = { size: stat.size, mtimeMs: stat.mtimeMs, cached: false, used: /** @type {string[]} */ ([]) }
  if (!cacheDir) {
    write(file, body, gzip, brotli)
    return result
  }
  const key = cacheKeyOf(body, gzip, brotli)
  try {
    linkOrCopy(path.join(cacheDir, `${key}.gz`), `${file}.gz`)
    linkOrCopy(path.join(cacheDir, `${key}.br`), `${file}.br`)
    result.cached = true
    result.used.push(`${key}.gz`, `${key}.br`)
    return result
  } catch {
    // Not in the cache (or torn away by another build): compressed below.
  }
  const [gz, br] = write(file, body, gzip, brotli)
  for (const [ext, bytes] of /** @type {const} */ ([
    ['gz', gz],
    ['br', br],
  ])) {
    const entry = path.join(cacheDir, `${key}.${ext}`)
    // The cache entry is a hard link to the file just written whole (decision 071): it appears at
    // once and complete, like a rename, with no second inode or copy of the bytes. Where links are
    // refused (the cache on another file system), a temporary file then a rename: a build killed
    // midway leaves no torn entry.
    try {
      fs.linkSync(`${file}.${ext}`, entry)
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') {
        const tmp = path.join(cacheDir, `${key}.${ext}.${process.pid}-${threadId}-${++seq}.tmp`)
        fs.writeFileSync(tmp, bytes)
        fs.renameSync(tmp, entry)
      }
    }
    result.used.push(`${key}.${ext}`)
  }
  return result
}

/**
 * A new file at `target` with these bytes. Whatever was there is unlinked first, never written
 * through: it may be a hard link to a cache entry (decision 071), whose bytes must stay those of
 * its key.
 * @param {string} target
 * @param {Buffer} bytes
 */
function put(target, bytes) {
  fs.rmSync(target, { force: true })
  fs.writeFileSync(target, bytes)
}

/**
 * `to` becomes a hard link to the cache entry `from`, or a copy of it where links are refused
 * (another file system, the link limit). Throws when `from` is missing.
 * @param {string} from
 * @param {string} to
 */
function linkOrCopy(from, to) {
  fs.rmSync(to, { force: true })
  try {
    fs.linkSync(from, to)
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') throw error
    fs.copyFileSync(from, to)
  }
}

/** Writes file.gz and file.br; returns their bytes. */
function write(file, body, gzip, brotli) {
  const gz = zlib.gzipSync(body, { level: gzip })
  const br = zlib.brotliCompressSync(body, brotliOptions(brotli, body.length))
  put(`${file}.gz`, gz)
  put(`${file}.br`, br)
  return [gz, br]
}

parentPort?.on('message', (job) => {
  try {
    parentPort?.postMessage({ id: job.id, ...compress(job) })
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error })
  }
})
