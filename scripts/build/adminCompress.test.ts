// The admin child's compression into the content-hash cache (adminCompress.mjs, decision 196):
// the build's compressor must then take every file from the cache (same key, same levels) and
// write exactly zlib's bytes at the levels of decisions 175 and 201.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { tempDirs } from '../../tests/tempDirs.ts'
import { fillCompressCache } from './adminCompress.mjs'
import { createPrecompressor } from './precompress.ts'

const tmp = tempDirs('admin-compress')

const code = (seed: number, bytes: number) => {
  let s = ''
  for (let i = 0; s.length < bytes; i++) s += `export const v${i}=${(i * 7919 + seed) % 1000};function f${i}(a){return a*${i % 97}}\n`
  return s
}

describe('the admin compressed in its build child', () => {
  it('fills the cache so the compressor copies every file, with zlib’s bytes at the build’s levels', async () => {
    const out = tmp('out')
    const cacheDir = tmp('cache')
    const files: Record<string, string> = {
      'admin/assets/index-abc.js': code(1, 200_000),
      'admin/assets/index-abc.css': `.a{color:red}\n`.repeat(100),
      'admin/index.html': `<!doctype html><div id="root"></div>${'<!-- pad -->'.repeat(60)}`,
      'admin/small.js': 'export {}',
    }
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true })
      fs.writeFileSync(path.join(out, name), text)
    }
    expect(await fillCompressCache(path.join(out, 'admin'), cacheDir)).toBe(3)
    // Already there: nothing compressed again.
    expect(await fillCompressCache(path.join(out, 'admin'), cacheDir, 1)).toBe(0)

    const compressor = createPrecompressor({ cacheDir })
    compressor.addExisting(path.join(out, 'admin'))
    const stats = await compressor.finish(out)
    expect(stats.files).toBe(3)
    expect(stats.cached).toBe(3)
    const js = Buffer.from(files['admin/assets/index-abc.js'])
    // Brotli 7 for the admin's JS and CSS (decision 201).
    const brotli7 = zlib.brotliCompressSync(js, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: js.length },
    })
    expect(fs.readFileSync(path.join(out, 'admin/assets/index-abc.js.br'))).toEqual(brotli7)
    expect(fs.readFileSync(path.join(out, 'admin/assets/index-abc.js.gz'))).toEqual(zlib.gzipSync(js, { level: 9 }))
    const html = Buffer.from(files['admin/index.html'])
    expect(fs.readFileSync(path.join(out, 'admin/index.html.gz'))).toEqual(zlib.gzipSync(html, { level: 6 }))
    expect(fs.existsSync(path.join(out, 'admin/small.js.gz'))).toBe(false)
  })
})
