// `npx tsx bench/compressionLevels.ts [dir]`: bytes and CPU time of gzip and brotli at the levels
// the build could use, over the files of a built site (default dist/client), by file type. Each
// level compresses every file once, synchronously on this thread (CPU seconds, not wall time),
// twice over with the order of levels reversed the second time (A B … B A) to even out the
// machine's load. Decision 175 chose the build's levels from its figures.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = path.resolve(process.argv[2] ?? 'dist/client')
const types: Record<string, RegExp> = { html: /\.html$/, 'xml/txt/json': /\.(xml|txt|json|webmanifest)$/, 'js/css': /\.(js|mjs|css)$/ }
const levels: [string, (b: Buffer) => Buffer][] = [
  ['gzip 6', (b) => zlib.gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => zlib.gzipSync(b, { level: 9 })],
  ...[4, 5, 6, 7, 9, 11].map(
    (q) =>
      [
        `brotli ${q}`,
        (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
      ] as [string, (b: Buffer) => Buffer],
  ),
]

function* walk(d: string): Generator<string> {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, e.name)
    if (e.isDirectory()) yield* walk(full)
    else yield full
  }
}

const files = [...walk(dir)].filter((f) => !/\.(gz|br)$/.test(f) && fs.statSync(f).size > 512)
for (const [type, pattern] of Object.entries(types)) {
  const bodies = files.filter((f) => pattern.test(f) && !f.includes(`${path.sep}admin${path.sep}`)).map((f) => fs.readFileSync(f))
  if (!bodies.length) continue
  const raw = bodies.reduce((s, b) => s + b.length, 0)
  const cpu = new Map<string, number[]>()
  const bytes = new Map<string, number>()
  for (const order of [levels, [...levels].reverse()]) {
    for (const [name, fn] of order) {
      const before = process.cpuUsage()
      let out = 0
      for (const b of bodies) out += fn(b).length
      const used = process.cpuUsage(before)
      cpu.set(name, [...(cpu.get(name) ?? []), (used.user + used.system) / 1e6])
      bytes.set(name, out)
    }
  }
  console.log(`\n${type}: ${bodies.length} files, ${(raw / 1024).toFixed(0)} KiB raw, ${(raw / bodies.length / 1024).toFixed(1)} KiB each`)
  console.log('| level | KiB out | % of raw | vs gzip 9 | CPU ms per file (2 passes) | CPU ms per MiB raw |')
  console.log('|---|---|---|---|---|---|')
  for (const [name] of levels) {
    const ms = (Math.min(...cpu.get(name)!) * 1000) / bodies.length
    const out = bytes.get(name)!
    console.log(
      `| ${name} | ${(out / 1024).toFixed(0)} | ${((100 * out) / raw).toFixed(1)} | ${(out / bytes.get('gzip 9')!).toFixed(3)} | ${ms.toFixed(2)} | ${((ms * bodies.length * 1024 * 1024) / raw).toFixed(0)} |`,
    )
  }
}
