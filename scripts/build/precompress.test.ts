// The precompressor's worker threads (decision 192): the same bytes as zlib on this thread at the
// levels of decision 175, the content-hash cache (copies, pruning, same-content files), files
// written again after they were compressed, and a failure rethrown by finish().
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { tempDirs } from '../../tests/tempDirs.ts'
import { levelsOf } from './compressSettings.mjs'
import { compressBytes, createPrecompressor } from './precompress.ts'

const tmp = tempDirs('precompress')

const text = (seed: number, bytes: number) => {
  let s = ''
  for (let i = 0; s.length < bytes; i++) s += `<p data-i="${i}">City ${(i * 7919 + seed) % 1000} near ${(i * seed) % 97}</p>\n`
  return s
}

/** Writes the files under dir and adds them to the compressor, as the pre-render does. */
async function write(pre: ReturnType<typeof createPrecompressor>, dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
    await pre.add(file, content)
  }
}

const site = {
  'index.html': text(1, 30_000),
  'a/index.html': text(2, 20_000),
  'b/index.html': text(2, 20_000), // same bytes as a/
  'assets/app.js': text(3, 50_000),
  'assets/app.css': text(4, 8_000),
  'small.html': '<p>small</p>',
  'image.png': text(5, 4_000),
}

describe('levelsOf', () => {
  it('gives the public JS/CSS brotli 11, the staff admin JS/CSS brotli 7 (decision 201), pages and text brotli 5', () => {
    expect(levelsOf('/x/dist/client/assets/static/entry-client.js')).toEqual({ gzip: 9, brotli: 11 })
    expect(levelsOf('/x/dist/client/assets/static/style.css')).toEqual({ gzip: 9, brotli: 11 })
    // The admin's files in its build child's staging folder and once moved in: the same levels, so the
    // compressor finds the child's cache entries under the same key.
    expect(levelsOf('/x/dist/admin-staging/admin/assets/index-Ab12.js')).toEqual({ gzip: 9, brotli: 7 })
    expect(levelsOf('/x/dist/client/admin/assets/index-Ab12.js')).toEqual({ gzip: 9, brotli: 7 })
    expect(levelsOf('/x/dist/client/admin/assets/index-Ab12.css')).toEqual({ gzip: 9, brotli: 7 })
    expect(levelsOf('/x/dist/client/admin/index.html')).toEqual({ gzip: 6, brotli: 5 })
    expect(levelsOf('/x/dist/client/city/austin-tx/index.html')).toEqual({ gzip: 6, brotli: 5 })
    expect(levelsOf('/x/dist/client/sitemap.xml')).toEqual({ gzip: 6, brotli: 5 })
  })
})

describe('createPrecompressor', () => {
  it('writes the bytes of gzip and brotli at the levels per file type, in worker threads', async () => {
    const out = tmp('out')
    const pre = createPrecompressor({ concurrency: 2 })
    await write(pre, out, site)
    const stats = await pre.finish(out)
    expect(stats.files).toBe(5)
    expect(stats.cached).toBe(0)
    for (const name of ['index.html', 'a/index.html', 'b/index.html', 'assets/app.js', 'assets/app.css']) {
      const file = path.join(out, name)
      const [gz, br] = await compressBytes(file, fs.readFileSync(file))
      expect(fs.readFileSync(`${file}.gz`).equals(gz)).toBe(true)
      expect(fs.readFileSync(`${file}.br`).equals(br)).toBe(true)
      expect(zlib.brotliDecompressSync(br).toString()).toBe(site[name as keyof typeof site])
    }
    expect(fs.existsSync(path.join(out, 'small.html.gz'))).toBe(false)
    expect(fs.existsSync(path.join(out, 'image.png.gz'))).toBe(false)
  })

  it('copies unchanged files from the content-hash cache and prunes the entries not used', async () => {
    const cacheDir = tmp('cache')
    const first = tmp('first')
    const pre1 = createPrecompressor({ cacheDir })
    await write(pre1, first, site)
    const stats1 = await pre1.finish(first)
    expect(stats1.files).toBe(5)
    // a/ and b/ have the same bytes: one compression, one cache entry.
    expect(stats1.cached).toBeLessThanOrEqual(1)
    expect(fs.readdirSync(cacheDir).filter((n) => n.endsWith('.tmp'))).toEqual([])
    expect(fs.readdirSync(cacheDir)).toHaveLength(8)

    const second = tmp('second')
    const pre2 = createPrecompressor({ cacheDir })
    await write(pre2, second, { ...site, 'index.html': text(9, 30_000) })
    const stats2 = await pre2.finish(second)
    expect(stats2).toMatchObject({ files: 5, cached: 4 })
    for (const name of ['index.html', 'a/index.html', 'assets/app.js']) {
      for (const ext of ['gz', 'br']) {
        const file = path.join(second, name)
        const [gz, br] = await compressBytes(file, fs.readFileSync(file))
        expect(fs.readFileSync(`${file}.${ext}`).equals(ext === 'gz' ? gz : br)).toBe(true)
      }
    }
    // The first index.html's entries were not used by the second build: pruned.
    expect(fs.readdirSync(cacheDir)).toHaveLength(8)
  })

  it('compresses again a file written after it was compressed, counted once', async () => {
    const out = tmp('again')
    const pre = createPrecompressor()
    await write(pre, out, { 'index.html': text(1, 10_000), 'sitemap.xml': text(2, 10_000) })
    await new Promise((resolve) => setTimeout(resolve, 300)) // compressed during the "pre-render"
    fs.writeFileSync(path.join(out, 'index.html'), text(3, 12_000)) // written again, not added
    fs.writeFileSync(path.join(out, 'feed.xml'), text(4, 5_000)) // written after, never added
    const stats = await pre.finish(out)
    expect(stats.files).toBe(3)
    expect(zlib.gunzipSync(fs.readFileSync(path.join(out, 'index.html.gz'))).toString()).toBe(text(3, 12_000))
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(out, 'feed.xml.br'))).toString()).toBe(text(4, 5_000))
  })

  it('writes the same bytes with niced threads during the pre-render, retired at finish() with the files they held', async () => {
    const out = tmp('nice')
    const pre = createPrecompressor({ renderNice: 10, concurrency: 2 })
    await write(pre, out, { 'index.html': text(1, 30_000), 'assets/app.js': text(3, 50_000) })
    await new Promise((resolve) => setTimeout(resolve, 300)) // some compressed during the "pre-render", perhaps
    await write(pre, out, { 'a/index.html': text(2, 20_000), 'sitemap.xml': text(4, 9_000) })
    // The niced thread still holds files (it was just given two): they go to the threads of finish().
    const stats = await pre.finish(out)
    expect(stats.files).toBe(4)
    for (const name of ['index.html', 'assets/app.js', 'a/index.html', 'sitemap.xml']) {
      const file = path.join(out, name)
      const [gz, br] = await compressBytes(file, fs.readFileSync(file))
      expect(fs.readFileSync(`${file}.gz`).equals(gz), name).toBe(true)
      expect(fs.readFileSync(`${file}.br`).equals(br), name).toBe(true)
    }
  })

  it('links cache entries to the files written, and never writes through a link (decision 071)', async () => {
    const cacheDir = tmp('links-cache')
    const out = tmp('links')
    const page = path.join(out, 'index.html')
    const pre = createPrecompressor({ cacheDir })
    await write(pre, out, { 'index.html': text(1, 10_000) })
    await new Promise((resolve) => setTimeout(resolve, 300)) // compressed during the "pre-render"
    // The new entries are the written files themselves: one inode, two names.
    const entries = () => fs.readdirSync(cacheDir).map((name) => path.join(cacheDir, name))
    expect(entries()).toHaveLength(2)
    for (const ext of ['gz', 'br']) {
      const entry = entries().find((e) => e.endsWith(`.${ext}`))!
      expect(fs.statSync(entry).ino).toBe(fs.statSync(`${page}.${ext}`).ino)
    }
    // Written again after it was compressed: its new .gz/.br are new files; the first entries keep
    // the first bytes, under the first bytes' key.
    fs.writeFileSync(page, text(3, 12_000))
    const firstEntries = entries().map((e) => [e, fs.readFileSync(e)] as const)
    await pre.finish(out)
    expect(zlib.gunzipSync(fs.readFileSync(`${page}.gz`)).toString()).toBe(text(3, 12_000))
    for (const [entry, bytes] of firstEntries) {
      if (!fs.existsSync(entry)) continue // pruned: this build no longer uses it
      expect(fs.readFileSync(entry).equals(bytes)).toBe(true)
    }
    // A later build of the first bytes into the same folder takes them from the cache (as links),
    // and its cache still decompresses to them.
    const again = createPrecompressor({ cacheDir })
    await write(again, out, { 'index.html': text(3, 12_000) })
    expect(await again.finish(out)).toMatchObject({ files: 1, cached: 1 })
    expect(fs.readdirSync(cacheDir)).toHaveLength(2)
    expect(fs.statSync(`${page}.br`).nlink).toBe(2)
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${page}.br`)).toString()).toBe(text(3, 12_000))
  })

  it('rethrows a failure at finish()', async () => {
    const out = tmp('fail')
    const pre = createPrecompressor()
    await pre.add(path.join(out, 'missing.html'), text(1, 2_000))
    await expect(pre.finish(out)).rejects.toThrow(/ENOENT/)
  })
})
