// The admin's compressed files, made in the admin's build child as soon as its Vite build is done
// (decision 196). They go into the content-hash cache of precompress.ts (decision 160/192), under
// the key its worker uses, so when the build moves the admin in and queues it, the compressor copies
// them instead of compressing 2 MB of JS on its one thread during the pre-render, behind
// the pages. Same bytes: same zlib calls, same levels (decision 175), deterministic.
// Plain JavaScript: the child is plain Node (viteStep.mjs). scripts/build/adminCompress.test.ts
// checks that the compressor takes every file from the cache and writes zlib's bytes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import process from 'node:process'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { brotliOptions, cacheKeyOf, COMPRESSIBLE, levelsOf, MIN_BYTES } from './compressSettings.mjs'

const gzipAsync = promisify(zlib.gzip)
const brotliAsync = promisify(zlib.brotliCompress)

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

/**
 * Puts the .gz and .br of every compressible file of `dir` into the cache folder, unless already
 * there: biggest first, `concurrency` files at a time on libuv's threads (one per core: the main
 * JS chunk is the longest, the rest run beside it). Resolves to the number of files
 * compressed here.
 * @param {string} dir
 * @param {string} cacheDir
 * @returns {Promise<number>}
 */
export async function fillCompressCache(dir, cacheDir, concurrency = Math.max(2, os.availableParallelism())) {
  fs.mkdirSync(cacheDir, { recursive: true })
  const files = walk(dir)
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => ({ file, size: fs.statSync(file).size }))
    .filter(({ size }) => size > MIN_BYTES)
    .sort((a, b) => b.size - a.size)
  let compressed = 0
  let next = 0
  let seq = 0
  const one = async (/** @type {string} */ file) => {
    const body = fs.readFileSync(file)
    const { gzip, brotli } = levelsOf(file)
    const key = cacheKeyOf(body, gzip, brotli)
    if (fs.existsSync(path.join(cacheDir, `${key}.gz`)) && fs.existsSync(path.join(cacheDir, `${key}.br`))) return
    const [gz, br] = await Promise.all([gzipAsync(body, { level: gzip }), brotliAsync(body, brotliOptions(brotli, body.length))])
    for (const [ext, bytes] of /** @type {const} */ ([
      ['gz', gz],
      ['br', br],
    ])) {
      // Temporary name, then rename: the compressor never reads a torn entry.
      const tmp = path.join(cacheDir, `${key}.${ext}.${process.pid}-admin-${++seq}.tmp`)
      fs.writeFileSync(tmp, bytes)
      fs.renameSync(tmp, path.join(cacheDir, `${key}.${ext}`))
    }
    compressed++
  }
  const lane = async () => {
    while (next < files.length) await one(files[next++].file)
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  return compressed
}
