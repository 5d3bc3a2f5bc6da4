// What the build compresses and how, in one place for the three compressors: precompress.ts (the
// pages and the rest of the output), its worker precompressWorker.mjs, and the admin's build child
// adminCompress.mjs. Plain JavaScript so the worker and the child load it with no TypeScript loader.
// Same settings, same bytes: zlib and brotli are deterministic for the same input and parameters.
import crypto from 'node:crypto'
import zlib from 'node:zlib'

/** The text files that get a .gz and a .br beside them. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest)$/
/** Files of this size or smaller are served as they are. */
export const MIN_BYTES = 512

/** The staff admin's hashed JS and CSS, wherever the build has it (its staging folder, then
 * client/admin/assets). */
const ADMIN_ASSET = /[\\/]admin[\\/]assets[\\/].+\.(js|mjs|css)$/

/**
 * Levels per file type (docs/decisions/175-compression-levels.md, 201). The public site's hashed
 * JS/CSS are few and small, and cached for a year: gzip 9 and brotli 11. The staff admin's (2.1 MB
 * of JS, loaded by a handful of staff once per deploy): gzip 9 and brotli 7, 8.7% more brotli bytes
 * than 11 (562 against 517 KB) for 0.13 s of CPU instead of 3.3 s in every cold build (decision
 * 201). Pages and the other text (sitemap, feeds, chatbot index) are many and revalidated: gzip 6
 * gives the bytes of gzip 9 (+0.1%) for less CPU, brotli 5 those of brotli 7 (+0.6%) for 29% less
 * CPU (measured on the site's 339 pages).
 * @param {string} file
 */
export const levelsOf = (file) =>
  ADMIN_ASSET.test(file) ? { gzip: 9, brotli: 7 } : /\.(js|mjs|css)$/.test(file) ? { gzip: 9, brotli: 11 } : { gzip: 6, brotli: 5 }

/**
 * zlib's brotli options: the quality, and the input's size as a hint.
 * @param {number} quality
 * @param {number} length
 */
export const brotliOptions = (quality, length) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length },
})

/**
 * The content-hash cache's key (decisions 160 and 192): the bytes' sha256 and the levels, so a
 * change of level never reuses an entry made at another.
 * @param {Buffer} body
 * @param {number} gzip
 * @param {number} brotli
 */
export const cacheKeyOf = (body, gzip, brotli) => `${crypto.createHash('sha256').update(body).digest('hex')}-g${gzip}-q${brotli}`
