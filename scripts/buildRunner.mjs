// `npm run build`: runs scripts/build.ts from one esbuild bundle of it and its TypeScript imports,
// in plain Node, instead of through tsx's module hooks (decision 202). Under `node --import tsx`
// every module the build loads (its ~60 TypeScript files, then the server bundle's chunks and
// React, vike and their dependencies for the pre-render) is resolved and loaded through the hooks'
// separate thread, and each TypeScript file is transformed: ~1 s of the build's start-up and
// 2-3 CPU-seconds at 1,000 cities, for the same code.
//
// The bundle is made once per content of its inputs and kept in node_modules/.cache/proofline-build
// (inside the project, so the packages it leaves external resolve from node_modules as the sources
// do). Before each build this file hashes the inputs the last bundle was made from (the TypeScript
// and the .mjs files it imports, tsconfig.json); any change, or another esbuild or Node version,
// makes a new bundle (~0.2 s). Packages are not bundled: they load from node_modules as always.
// `import.meta.dirname`, `.filename` and `.url` keep meaning the source file they are written in
// (each is replaced by that file's own value), so paths computed from them are unchanged;
// `import.meta.resolve` resolves from the bundle's folder, inside the project. Stack traces point at
// the TypeScript sources (source maps on).
//
// Usage: node scripts/buildRunner.mjs [--json] [--parallel]  (the arguments of scripts/build.ts).
// BUILD_RUNNER=tsx runs the sources through tsx instead, as before (to compare).
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import process from 'node:process'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
/** What the bundle runs: the build's command line (main), and the worker threads it starts. */
const ENTRIES = { build: 'scripts/build.ts', chatbotWorker: 'scripts/build/chatbotWorker.ts' }
/** Bumped when this file bundles differently. */
const RUNNER_VERSION = 1
/** Bundles kept besides the current one (another build may still be importing an older one). */
const KEEP = 3

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex')

/** The folder of the bundles (BUILD_RUNNER_CACHE_DIR moves it; it must stay inside the project). */
export const runnerCacheDir = () => path.resolve(root, process.env.BUILD_RUNNER_CACHE_DIR || path.join('node_modules', '.cache', 'proofline-build'))

/** Replaces import.meta.dirname / .filename / .url in one of our source files by that file's own
 * values, declared once at its top (identifiers, not literals: a text that happens to name them
 * inside a string stays valid code). */
export function pinImportMeta(code, file) {
  if (!/import\.meta\.(dirname|filename|url)\b/.test(code)) return code
  const values = {
    dirname: path.dirname(file),
    filename: file,
    url: pathToFileURL(file).href,
  }
  const used = Object.keys(values).filter((k) => new RegExp(`import\\.meta\\.${k}\\b`).test(code))
  const declarations = used.map((k) => `const __importMeta_${k} = ${JSON.stringify(values[k])};`).join(' ')
  const replaced = code.replace(/import\.meta\.(dirname|filename|url)\b/g, (_, k) => `__importMeta_${k}`)
  // After the imports would be tidier, but declarations are hoisted-safe at the top: `const` of a
  // string literal cannot depend on an import.
  return `${declarations}\n${replaced}`
}

const importMetaPlugin = {
  name: 'proofline:import-meta-per-file',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const code = await fs.promises.readFile(args.path, 'utf8')
      const loader = /\.tsx$/.test(args.path) ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js'
      return { contents: pinImportMeta(code, args.path), loader }
    })
  },
}

/** What, besides the inputs' bytes, makes a bundle: esbuild's and Node's versions, this file, tsconfig. */
function environmentKey() {
  const esbuildVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version
  return sha256(
    JSON.stringify({
      RUNNER_VERSION,
      esbuildVersion,
      node: process.versions.node,
      runner: sha256(fs.readFileSync(import.meta.filename)),
      tsconfig: sha256(fs.readFileSync(path.join(root, 'tsconfig.json'))),
      entries: ENTRIES,
    }),
  )
}

/** The manifest of the current bundle when every input still has the bytes it was made from. */
function currentBundle(dir, key) {
  let manifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
  } catch {
    return undefined
  }
  if (manifest.key !== key) return undefined
  for (const file of Object.values(manifest.outputs)) if (!fs.existsSync(path.join(dir, file))) return undefined
  for (const [input, hash] of Object.entries(manifest.inputs)) {
    let bytes
    try {
      bytes = fs.readFileSync(path.join(root, input))
    } catch {
      return undefined
    }
    if (sha256(bytes) !== hash) return undefined
  }
  return manifest
}

/** esbuild writes each source map's `sources` relative to the folder it wrote the map in (the
 * staging folder, one level below `dir`): rewrites them relative to `dir`, where the map is renamed
 * to, so stack traces name the real source files. */
export function relocateSourceMap(mapFile, dir) {
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'))
  map.sources = map.sources.map((source) =>
    path
      .relative(dir, path.resolve(path.dirname(mapFile), source))
      .split(path.sep)
      .join('/'),
  )
  fs.writeFileSync(mapFile, JSON.stringify(map))
}

/** Bundles ENTRIES into `dir` (names with their content hash, then the manifest, each written under
 * a temporary name and renamed: a concurrent build reads either the old manifest or the new one). */
async function bundle(dir, key) {
  const esbuild = await import('esbuild')
  const staging = fs.mkdtempSync(path.join(dir, 'staging-'))
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
      entryNames: '[name]-[hash]',
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      jsx: 'automatic',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'error',
      plugins: [importMetaPlugin],
    })
    const outputs = {}
    for (const [file, meta] of Object.entries(result.metafile.outputs)) {
      const name = path.basename(file)
      const target = path.join(dir, name)
      if (name.endsWith('.map')) relocateSourceMap(path.join(root, file), dir)
      if (!fs.existsSync(target)) fs.renameSync(path.join(root, file), target)
      if (meta.entryPoint) {
        const entry = Object.entries(ENTRIES).find(([, source]) => path.resolve(root, meta.entryPoint) === path.join(root, source))
        if (entry) outputs[entry[0]] = name
      }
    }
    const inputs = {}
    for (const input of Object.keys(result.metafile.inputs)) {
      // esbuild names inputs relative to absWorkingDir; a plugin's may carry a namespace prefix.
      const rel = input.replace(/^[a-z-]+:/, '')
      inputs[path.relative(root, path.resolve(root, rel))] = sha256(fs.readFileSync(path.resolve(root, rel)))
    }
    inputs['tsconfig.json'] = sha256(fs.readFileSync(path.join(root, 'tsconfig.json')))
    const manifest = { key, outputs, inputs, madeAt: new Date().toISOString() }
    const tmp = path.join(dir, `manifest.json.${process.pid}.tmp`)
    fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 1)}\n`)
    fs.renameSync(tmp, path.join(dir, 'manifest.json'))
    return manifest
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** Deletes the bundles of older manifests but the KEEP newest (by modification time). */
function prune(dir, manifest) {
  const current = new Set(Object.values(manifest.outputs))
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.mjs$/.test(f) && !current.has(f))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
  for (const { f } of files.slice(KEEP * Object.keys(ENTRIES).length)) {
    fs.rmSync(path.join(dir, f), { force: true })
    fs.rmSync(path.join(dir, `${f}.map`), { force: true })
  }
}

/**
 * The bundle of the build for the sources as they are now: its entry files (absolute), made first
 * when the last one no longer matches them. `seconds`: the check plus the bundling, if any.
 */
export async function compiledBuild() {
  const started = performance.now()
  const dir = runnerCacheDir()
  fs.mkdirSync(dir, { recursive: true })
  const key = environmentKey()
  let manifest = currentBundle(dir, key)
  const made = !manifest
  if (!manifest) {
    manifest = await bundle(dir, key)
    prune(dir, manifest)
  }
  const files = Object.fromEntries(Object.entries(manifest.outputs).map(([name, file]) => [name, path.join(dir, file)]))
  return { files, made, seconds: (performance.now() - started) / 1000 }
}

/** Runs `script` (this file: the build) in a child with MALLOC_ARENA_MAX=2, exiting with its
 * status; false, doing nothing, where that does not apply. glibc's malloc gives each thread that
 * contends for it an arena of its own, up to 8 per core, and memory freed into an arena stays with
 * it. The build's threads (the compression worker's brotli and gzip, libvips drawing the images,
 * the chatbot index's worker, V8's compiler threads) left ~125 MB of freed memory resident across
 * 10 arenas at 10k cities; with 2 arenas the build's peak RSS was ~40 MB lower, same time
 * (docs/decisions/215-build-memory-2.md). glibc reads the variable when the process starts, hence
 * the child. Set it yourself (any value) to build in this process. Other C libraries (musl) ignore
 * it, at the cost of the child's start (~40 ms). */
export function withMallocArenas(args, script = import.meta.filename) {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX !== undefined) return false
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  })
  // Ctrl-C reaches both (same process group); a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('error', (error) => {
    process.stderr.write(`the build could not start: ${error.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)))
  return true
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename && !withMallocArenas(process.argv.slice(2))) {
  const args = process.argv.slice(2)
  if (process.env.BUILD_RUNNER === 'tsx') {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, ENTRIES.build), ...args], { stdio: 'inherit' })
    process.exit(run.status ?? 1)
  }
  const compiled = await compiledBuild()
  process.setSourceMapsEnabled(true)
  // The chatbot index's worker thread runs its bundled entry too (scripts/build/earlyOutputs.ts).
  process.env.BUILD_CHATBOT_WORKER = compiled.files.chatbotWorker
  const build = await import(pathToFileURL(compiled.files.build).href)
  await build.runCommand(args, { runnerSeconds: compiled.seconds, runnerBundled: compiled.made })
}
