// The build cache (decision 174) on whole builds, into one output folder with a cache of its own:
// 1. the real site, cache empty: the bundles and the admin are built and stored;
// 2. a synthetic data set (other cities, other pages): both come from the cache, since the code
//    did not change, and the bundles are data-independent (the pages load data in hooks); the
//    bundles' pre-started child is stopped at once, before the pre-render;
// 3. the same synthetic data with a code change outside admin/ and shared/ (a new file in a
//    top-level folder of its own, which only the whole tree's key hashes): the bundles are built
//    again, the admin comes from the cache (its own key, decision 206);
// 4. the same synthetic data with a changed build-time input (a VITE_ variable, as a source or
//    lockfile change would): both are built again, and dist/client is byte-identical to build 2's.
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syntheticData } from '../../bench/syntheticData.ts'
import { autoImporterFile } from '../../scripts/build/buildCache.ts'
import { buildProcesses } from './buildProcesses.ts'

const root = path.resolve(import.meta.dirname, '../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-test-'))
// Inside the project (dist-bench/ is git-ignored): vite resolves the out dir from its root.
const outDir = path.join(root, 'dist-bench', `build-cache-test-${process.pid}`)
const autoImporter = autoImporterFile()
const registered = fs.readFileSync(autoImporter)
let synthetic = ''

/** The environment of every build of this test: its own output folder, caches and var folder, no database. */
const buildEnv = (env: Record<string, string>) => ({
  ...process.env,
  DATABASE_URL: '',
  VAR_DIR: path.join(tmp, 'var'),
  BUILD_OUT_DIR: outDir,
  BUILD_CACHE_DIR: path.join(tmp, 'build-cache'),
  PRECOMPRESS_CACHE: 'off',
  ...env,
})

function build(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['scripts/buildRunner.mjs'], {
    cwd: root,
    env: buildEnv(env),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`build failed:\n${run.stdout}\n${run.stderr}`)
  return { log: run.stdout, files: hashes(path.join(outDir, 'client')) }
}

/** This test's `vike build` children alive now (scripts/build/viteStep.mjs vike, with its output folder). */
const vikeChildren = () => buildProcesses(outDir, (args) => args.some((a) => a.endsWith('viteStep.mjs')) && args.includes('vike'))

/** build(), run asynchronously: also tells whether a `vike build` child was still alive when the
 * pre-render logged its first progress line (Linux; undefined elsewhere). */
function buildWatched(env: Record<string, string>): Promise<ReturnType<typeof build> & { vikeChildAtRender?: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/buildRunner.mjs'], {
      cwd: root,
      env: buildEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    let errors = ''
    let vikeChildAtRender: boolean | undefined
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk
      if (vikeChildAtRender === undefined && process.platform === 'linux' && /pre-rendered \d+\/\d+ pages/.test(log)) vikeChildAtRender = vikeChildren() > 0
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk))
    child.on('error', reject)
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`build failed:\n${log}\n${errors}`))
      else resolve({ log, files: hashes(path.join(outDir, 'client')), vikeChildAtRender })
    })
  })
}

function hashes(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name)
      if (e.isDirectory()) walk(full)
      else out.push(`${path.relative(dir, full)} ${crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex')}`)
    }
  }
  walk(dir)
  return out.sort()
}

let cold: ReturnType<typeof build>
let warm: Awaited<ReturnType<typeof buildWatched>>
let changed: ReturnType<typeof build>
let outsideAdmin: ReturnType<typeof build>
let afterWarm = ''
function restoreAutoImporter() {
  // By rename: node_modules may be hard-linked into other checkouts.
  fs.writeFileSync(`${autoImporter}.${process.pid}.tmp`, registered)
  fs.renameSync(`${autoImporter}.${process.pid}.tmp`, autoImporter)
}
beforeAll(async () => {
  synthetic = syntheticData(20)
  cold = build({})
  // Another folder's bundle registered meanwhile (as after `npm run build` of dist/).
  restoreAutoImporter()
  warm = await buildWatched({ DATA_DIR: synthetic })
  afterWarm = fs.readFileSync(autoImporter, 'utf8')
  // Not a page, template or config that other tests build from: a folder of its own, removed at once.
  const probe = path.join(root, `build-cache-probe-${process.pid}`)
  fs.mkdirSync(probe)
  try {
    fs.writeFileSync(path.join(probe, 'probe.ts'), 'export const probe = 1\n')
    outsideAdmin = build({ DATA_DIR: synthetic })
  } finally {
    fs.rmSync(probe, { recursive: true, force: true })
  }
  changed = build({ DATA_DIR: synthetic, VITE_BUILD_CACHE_PROBE: '1' })
}, 900_000)

afterAll(() => {
  restoreAutoImporter()
  for (const dir of [tmp, outDir, synthetic]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

describe('build cache', () => {
  it('builds and stores the bundles and the admin when the cache is empty', () => {
    expect(cold.log).toMatch(/bundles built in/)
    expect(cold.log).toMatch(/admin built in/)
    expect(cold.log).not.toMatch(/not stored/)
  })

  it('copies them when only the data changed, and the site is what a build without the cache writes', () => {
    expect(warm.log).toMatch(/bundles copied from the build cache/)
    expect(warm.log).toMatch(/admin copied from the build cache/)
    expect(changed.log).toMatch(/bundles built in/)
    expect(changed.log).toMatch(/admin built in/)
    // Synthetic cities: more pages than the real site, whose bundles were stored.
    expect(warm.files.length).toBeGreaterThan(cold.files.length)
    expect(warm.files).toEqual(changed.files)
  })

  it('stops the pre-started bundles child as soon as the bundles are found in the cache, not at the end of the build', () => {
    // Left waiting, it loaded Vite, vike and the plugins beside the pre-render: 0.85 CPU-seconds
    // and 0.3 s of a warm 1k build (measured, see the commit).
    if (process.platform === 'linux') expect(warm.vikeChildAtRender).toBe(false)
  })

  it('builds the bundles again after a code change outside the admin, and copies the admin (its own key)', () => {
    expect(outsideAdmin.log).toMatch(/bundles built in/)
    expect(outsideAdmin.log).toMatch(/admin copied from the build cache/)
    expect(outsideAdmin.log).not.toMatch(/not stored/)
    expect(outsideAdmin.files).toEqual(warm.files)
  })

  it('leaves vike’s record of the last server bundle as a build of that folder does', () => {
    expect(registered.toString()).not.toContain(outDir)
    expect(afterWarm).toContain(`serverEntryFilePathAbsolute: "${path.join(outDir, 'server', 'entry.mjs')}"`)
  })
})
