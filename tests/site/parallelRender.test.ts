// Rendering on both cores (scripts/build/renderShard.ts) against the serial build: the real site
// built twice, `--serial` and `--parallel` (half of the URLs in a worker process), with a migrated (empty)
// database under VAR_DIR so the database inputs travel to the worker too. Every file of the two
// dist/client folders must be the same, byte for byte (pages, .gz, .br, feeds, sitemap, admin).
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, migrate } from '../../server/db/knex.ts'

const root = path.resolve(import.meta.dirname, '../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parallel-render-'))
const varDir = path.join(tmp, 'var')
// Inside the project (dist-bench/ is git-ignored): vite resolves the out dir from its root.
const outOf = (mode: string) => path.join(root, 'dist-bench', `render-${mode}-${process.pid}`)
const autoImporter = fileURLToPath(import.meta.resolve('@brillout/vite-plugin-server-entry/runtime')).replace(/index\.js$/, 'autoImporter.js')
const registered = fs.readFileSync(autoImporter)

function build(mode: 'serial' | 'parallel') {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', mode === 'serial' ? '--serial' : '--parallel'], {
    cwd: root,
    env: { ...process.env, VAR_DIR: varDir, BUILD_OUT_DIR: outOf(mode), DATABASE_URL: '', PRECOMPRESS_CACHE: 'off' },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`${mode} build failed:\n${run.stdout}\n${run.stderr}`)
  return run.stdout
}

/** Every file under dir with the sha256 of its bytes, sorted by path. */
function hashes(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const item of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, item.name)
      if (item.isDirectory()) walk(full)
      else out.push(`${path.relative(dir, full)} ${crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex')}`)
    }
  }
  walk(dir)
  return out.sort()
}

let parallelLog = ''
beforeAll(async () => {
  const db = createDb({ varDir })
  await migrate(db)
  await db.destroy()
  build('serial')
  parallelLog = build('parallel')
}, 900_000)

afterAll(() => {
  // By rename: node_modules may be hard-linked into other checkouts.
  fs.writeFileSync(`${autoImporter}.${process.pid}.tmp`, registered)
  fs.renameSync(`${autoImporter}.${process.pid}.tmp`, autoImporter)
  for (const mode of ['serial', 'parallel']) fs.rmSync(outOf(mode), { recursive: true, force: true })
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('pre-rendering on both cores', () => {
  it('writes every file of dist/client byte for byte as the serial build', () => {
    const serial = hashes(path.join(outOf('serial'), 'client'))
    const parallel = hashes(path.join(outOf('parallel'), 'client'))
    expect(serial.length).toBeGreaterThan(1000)
    expect(parallel).toEqual(serial)
  })

  it('counts every page once, across both processes', () => {
    const pages = fs.readdirSync(path.join(outOf('parallel'), 'client'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length
    const line = parallelLog.split('\n').find((l) => l.startsWith('pre-rendered ') && l.includes(' pages in '))
    expect(line).toBeDefined()
    const counted = Number(/^pre-rendered (\d+) pages/.exec(line!)![1])
    expect(counted).toBeGreaterThan(300)
    expect(counted).toBeLessThanOrEqual(pages)
  })
})
