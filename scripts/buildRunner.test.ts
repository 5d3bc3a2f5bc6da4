// scripts/buildRunner.mjs (decision 202): the build runs from one esbuild bundle of its TypeScript,
// made again when a source it was made from changes, with import.meta pinned to each source file.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { compiledBuild, pinImportMeta } from './buildRunner.mjs'

const root = path.resolve(import.meta.dirname, '..')
// Inside the project, as the runner requires: the bundle's packages resolve from node_modules.
const cacheDir = path.join(root, 'node_modules', '.cache', `proofline-build-test-${process.pid}`)
process.env.BUILD_RUNNER_CACHE_DIR = cacheDir
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }))

describe('pinImportMeta', () => {
  it('gives import.meta.dirname, .filename and .url the values of the file they are written in', () => {
    const file = '/srv/app/scripts/build/x.ts'
    const code = [
      "const a = path.join(import.meta.dirname, 'viteStep.mjs')",
      'const b = import.meta.filename',
      "const c = new URL('./w.mjs', import.meta.url)",
      "const d = import.meta.resolve('tsx/esm/api')",
      'const e = "a text that names import.meta.url"',
    ].join('\n')
    const pinned = pinImportMeta(code, file)
    // Run the pinned code (import.meta.resolve aside: it stays, to resolve from the bundle's folder).
    expect(pinned).toContain("import.meta.resolve('tsx/esm/api')")
    const run = new Function('path', 'resolved', `${pinned.replace("import.meta.resolve('tsx/esm/api')", 'resolved')}\nreturn [a, b, c.href, d, e]`)
    expect(run(path, 'file:///x')).toEqual([
      '/srv/app/scripts/build/viteStep.mjs',
      file,
      'file:///srv/app/scripts/build/w.mjs',
      'file:///x',
      // A text that names one stays valid code (an identifier's name inside it, not a quoted value).
      'a text that names __importMeta_url',
    ])
  })

  it('leaves a file without them as it is', () => {
    expect(pinImportMeta('export const x = 1\n', '/a.ts')).toBe('export const x = 1\n')
  })
})

describe('compiledBuild', () => {
  it('bundles the build once, reuses it while its sources are unchanged and bundles again when one changed', async () => {
    const first = await compiledBuild()
    expect(first.made).toBe(true)
    expect(Object.keys(first.files).sort()).toEqual(['build', 'chatbotWorker'])
    for (const file of Object.values(first.files)) expect(fs.existsSync(file) && fs.existsSync(`${file}.map`)).toBe(true)
    // The maps name the real sources, relative to the folder the bundle is in (stack traces point at them).
    const { sources } = JSON.parse(fs.readFileSync(`${first.files.build}.map`, 'utf8')) as { sources: string[] }
    const resolved = sources.map((source) => path.resolve(cacheDir, source))
    expect(resolved).toEqual(expect.arrayContaining([path.join(root, 'scripts', 'build.ts'), path.join(root, 'data', 'loadData.ts')]))
    for (const file of resolved) expect(fs.existsSync(file), file).toBe(true)

    const again = await compiledBuild()
    expect(again).toMatchObject({ made: false, files: first.files })

    // A source the bundle was made from no longer has the bytes recorded for it (as after an edit).
    const manifestFile = path.join(cacheDir, 'manifest.json')
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { inputs: Record<string, string> }
    expect(Object.keys(manifest.inputs)).toEqual(
      expect.arrayContaining(['scripts/build.ts', 'data/loadData.ts', 'scripts/build/pageRender.ts', 'tsconfig.json']),
    )
    manifest.inputs['data/loadData.ts'] = '0'.repeat(64)
    fs.writeFileSync(manifestFile, JSON.stringify(manifest))
    const remade = await compiledBuild()
    expect(remade.made).toBe(true)
  })

  it('runs the build with the paths of its sources: the project root, the data folder, the admin config', async () => {
    const { files } = await compiledBuild()
    const build = (await import(pathToFileURL(files.build).href)) as typeof import('./build.ts')
    expect(build.root).toBe(root)
    expect(build.distDir).toBe(path.resolve(root, process.env.BUILD_OUT_DIR || 'dist'))
    expect(typeof build.runCommand).toBe('function')
  })

  it('refuses an output folder outside the project before building anything, and says why', async () => {
    const { files } = await compiledBuild()
    const build = (await import(pathToFileURL(files.build).href)) as typeof import('./build.ts')
    expect(() => build.checkOutDir(root, path.join(root, 'dist-other'))).not.toThrow()
    expect(() => build.checkOutDir(root, root)).toThrow(/inside the project/)
    expect(() => build.checkOutDir(root, path.join(path.dirname(root), 'site'))).toThrow(/inside the project/)
    const outside = path.join(os.tmpdir(), `outside-${process.pid}`)
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'buildRunner.mjs')], {
      cwd: root,
      env: { ...process.env, BUILD_OUT_DIR: outside },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`BUILD_OUT_DIR must be a folder inside the project (${root}), not ${outside}`)
    expect(fs.existsSync(outside)).toBe(false)
  })
})

describe('withMallocArenas', () => {
  const script = path.join(os.tmpdir(), `malloc-arenas-${process.pid}.mjs`)
  const caller = path.join(os.tmpdir(), `malloc-arenas-caller-${process.pid}.mjs`)
  afterAll(() => [script, caller].forEach((file) => fs.rmSync(file, { force: true })))
  /** Calls it from a process of its own (it exits the process it runs in with the child's status). */
  const run = (env: { MALLOC_ARENA_MAX?: string }) => {
    const runner = pathToFileURL(path.join(root, 'scripts', 'buildRunner.mjs')).href
    fs.writeFileSync(
      caller,
      `import { withMallocArenas } from ${JSON.stringify(runner)}\nif (!withMallocArenas(['--json'], ${JSON.stringify(script)})) console.log('not started')\n`,
    )
    const { MALLOC_ARENA_MAX: _, ...inherited } = process.env
    return spawnSync(process.execPath, [caller], { env: { ...inherited, ...env }, encoding: 'utf8' })
  }

  it.runIf(process.platform === 'linux')('runs the build in a child with 2 malloc arenas, its arguments and its exit status', () => {
    fs.writeFileSync(script, "console.log(process.env.MALLOC_ARENA_MAX, process.argv.slice(2).join(' ')); process.exit(3)\n")
    const child = run({})
    expect(child.stdout).toBe('2 --json\n')
    expect(child.status).toBe(3)
  })

  it.runIf(process.platform === 'linux')('passes on the signal that ended the child as an exit status of 128 + its number', () => {
    fs.writeFileSync(script, "process.kill(process.pid, 'SIGTERM')\n")
    expect(run({}).status).toBe(128 + os.constants.signals.SIGTERM)
  })

  it('does nothing when the variable is set already (the build then runs in that process)', () => {
    fs.writeFileSync(script, 'console.log("child")\n')
    const child = run({ MALLOC_ARENA_MAX: '4' })
    expect(child.stdout).toBe('not started\n')
    expect(child.status).toBe(0)
  })
})
