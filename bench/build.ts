// `npm run bench:build`: builds the real site, then synthetic data sets of 1,000, 5,000 and
// 10,000 cities (generated into a temp dir, never committed), and prints pages/s, total time and
// peak RSS of each build, plus the time per page to show how the build scales.
// Options: --sizes=1000,5000 (the synthetic sizes to build), --no-real (skip the real site),
// --json (also print one JSON line per build, for scripts that compare two checkouts),
// --warm (build each synthetic site a second time with the same data: the content-hash cache of
// precompressed files then skips every unchanged file; its time shows as phase precompress).
// Each build starts with empty caches of its own (precompression and the build cache of the
// bundles and admin, decision 174), so the cold figures are cold; --warm's second build reuses them.
// --vs-astro: the same data sets built by ours and by the Astro project of bench/astro/ (see
// bench/vsAstro.ts), alternating A B A B, with the ratios ours/Astro.
// --ab: each data set built serial (`--serial`) and parallel (`--parallel`) alternately, A B A B,
// --runs=N pairs (default 2), with the medians and the ratios parallel/serial (decision 170).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { syntheticData } from './syntheticData.ts'

const root = path.resolve(import.meta.dirname, '..')
type Result = {
  pages: number
  renderSeconds: number
  totalSeconds: number
  pagesPerSecond: number
  peakRssMb: number
  peakRssSumMb?: number
  phases?: Record<string, number>
}
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const sizes = (option('sizes') ?? '1000,5000,10000').split(',').map(Number)
const json = process.argv.includes('--json')

function runBuild(env: Record<string, string>, args: string[] = []): Result {
  const out = execFileSync(process.execPath, ['scripts/buildRunner.mjs', '--json', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(out.trim().split('\n').at(-1)!) as Result
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Serial and parallel builds of the same data, alternating, then medians and ratios. */
function abPairs(label: string, env: Record<string, string>, report: (label: string, r: Result) => void) {
  const runs = Number(option('runs') ?? 2)
  const serial: Result[] = []
  const parallel: Result[] = []
  // Each build with empty caches of its own: the second would otherwise copy the first's.
  const cold = () => ({
    ...env,
    PRECOMPRESS_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-cache-ab-')),
    BUILD_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-ab-')),
  })
  const run = (args: string[]) => {
    const e = cold()
    try {
      return runBuild(e, args)
    } finally {
      fs.rmSync(e.PRECOMPRESS_CACHE_DIR, { recursive: true, force: true })
      fs.rmSync(e.BUILD_CACHE_DIR, { recursive: true, force: true })
    }
  }
  for (let i = 0; i < runs; i++) {
    serial.push(run(['--serial']))
    report(`${label} serial`, serial.at(-1)!)
    console.log(`  (load ${os.loadavg()[0].toFixed(1)})`)
    parallel.push(run(['--parallel']))
    report(`${label} parallel`, parallel.at(-1)!)
    console.log(`  (load ${os.loadavg()[0].toFixed(1)})`)
  }
  const m = (rs: Result[], k: 'totalSeconds' | 'renderSeconds' | 'pagesPerSecond' | 'peakRssMb') => median(rs.map((r) => r[k]))
  const line = (k: 'totalSeconds' | 'renderSeconds' | 'pagesPerSecond' | 'peakRssMb') =>
    `${k} serial ${m(serial, k).toFixed(1)} parallel ${m(parallel, k).toFixed(1)} ratio ${(m(parallel, k) / m(serial, k)).toFixed(2)}`
  console.log(
    `${label}, medians of ${runs} pairs:\n  ${['totalSeconds', 'renderSeconds', 'pagesPerSecond', 'peakRssMb'].map((k) => line(k as never)).join('\n  ')}`,
  )
}

async function main() {
  const rows: string[] = []
  const report = (label: string, r: Result) => {
    const sum = r.peakRssSumMb ? ` (sum ${r.peakRssSumMb.toFixed(0)} MB)` : ''
    const line = `${label.padEnd(22)} ${String(r.pages).padStart(6)} pages  ${r.pagesPerSecond.toFixed(0).padStart(5)} pages/s  pre-render ${r.renderSeconds.toFixed(1).padStart(6)} s  total ${r.totalSeconds.toFixed(1).padStart(6)} s  ${((r.renderSeconds * 1000) / r.pages).toFixed(2)} ms/page  peak RSS ${r.peakRssMb.toFixed(0)} MB${sum}`
    const phases = Object.entries(r.phases ?? {})
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ')
    rows.push(`${line}\n${''.padEnd(23)}phases (s): ${phases}`)
    console.log(rows.at(-1))
    if (json) console.log(JSON.stringify({ label, ...r }))
  }

  if (!process.argv.includes('--no-real')) {
    console.log('Building the real site (client, pre-render, assets, checks, compression)...')
    if (process.argv.includes('--ab')) abPairs('real site', {}, report)
    else {
      const caches = {
        PRECOMPRESS_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-cache-real-')),
        BUILD_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-real-')),
      }
      try {
        report('real site', runBuild(caches))
      } finally {
        for (const dir of Object.values(caches)) fs.rmSync(dir, { recursive: true, force: true })
      }
    }
  }
  for (const count of sizes) {
    const dataDir = syntheticData(count)
    // Inside the project: vike resolves its manifests relative to the project root.
    const outDir = path.join(root, 'dist-bench', `synthetic-${count}`)
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), `precompress-cache-${count}-`))
    const buildCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), `build-cache-${count}-`))
    const env = { DATA_DIR: dataDir, BUILD_OUT_DIR: outDir, PRECOMPRESS_CACHE_DIR: cacheDir, BUILD_CACHE_DIR: buildCacheDir }
    console.log(`Building a synthetic site with ${count} cities...`)
    try {
      if (process.argv.includes('--ab')) {
        abPairs(`${count} cities`, env, report)
        continue
      }
      report(`synthetic ${count} cities`, runBuild(env))
      if (process.argv.includes('--warm')) {
        console.log(`Building it again with the same data (warm precompression and build caches)...`)
        report(`  again, warm cache`, runBuild(env))
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
      fs.rmSync(cacheDir, { recursive: true, force: true })
      fs.rmSync(buildCacheDir, { recursive: true, force: true })
      fs.rmSync(path.join(root, 'dist-bench'), { recursive: true, force: true })
    }
  }
  console.log(
    `\nSummary (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}):\n${rows.join('\n')}`,
  )
}

const entry = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)
if (entry && process.argv.includes('--vs-astro')) {
  const { vsAstro } = await import('./vsAstro.ts')
  await vsAstro(sizes)
} else if (entry) await main()
