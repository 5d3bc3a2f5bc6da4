// A data error stops the build and leaves the previous output folder as it was (decision 196: the
// bundles' child builds into the output folder while the data is validated, the previous output
// renamed aside; on an error the child is killed, what it wrote removed, the previous output
// renamed back). Also: a build killed before its data validated leaves the previous output aside,
// and the next build puts it back before anything else.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syntheticData } from '../../bench/syntheticData.ts'
import { buildProcesses } from './buildProcesses.ts'

const root = path.resolve(import.meta.dirname, '../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'data-error-test-'))
// Inside the project (dist-bench/ is git-ignored), as the bench's output folders.
const parent = path.join(root, 'dist-bench', `data-error-test-${process.pid}`)
const outDir = path.join(parent, 'out')
let brokenData = ''

function build() {
  return spawnSync(process.execPath, ['scripts/buildRunner.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: brokenData,
      VAR_DIR: path.join(tmp, 'var'),
      BUILD_OUT_DIR: outDir,
      BUILD_CACHE: 'off',
      PRECOMPRESS_CACHE: 'off',
      BUILD_EARLY_BUNDLES: '',
      BUILD_PRESTART_BUNDLES: '',
    },
    encoding: 'utf8',
  })
}

/** Every file of a folder with its sha256 and mtime. */
function files(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => {
      const full = path.join(e.parentPath, e.name)
      return `${path.relative(dir, full)} ${crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex')} ${fs.statSync(full).mtimeMs}`
    })
    .sort()
}

function previousOutput() {
  fs.rmSync(parent, { recursive: true, force: true })
  for (const [file, text] of Object.entries({
    'client/index.html': '<h1>the previous build</h1>',
    'client/assets/app-abc.js': 'console.log("previous")',
    'server/entry.mjs': 'export {}',
  })) {
    fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true })
    fs.writeFileSync(path.join(outDir, file), text)
  }
}

beforeAll(() => {
  brokenData = syntheticData(0)
  // A YAML syntax error in states.yaml: the data's parse rejects it.
  fs.writeFileSync(path.join(brokenData, 'states.yaml'), '- slug: [unclosed\n')
})

afterAll(() => {
  for (const dir of [tmp, parent, brokenData]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

describe('a data error', () => {
  it('stops the build and leaves the previous output folder as it was, with no build child behind', async () => {
    previousOutput()
    const before = files(outDir)
    const run = build()
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/a data file is invalid/)
    expect(files(outDir)).toEqual(before)
    expect(fs.readdirSync(parent)).toEqual(['out'])
    // A child left running would go on writing into the folder.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(buildProcesses(outDir)).toBe(0)
    expect(files(outDir)).toEqual(before)
  })

  it('after a build killed before its data validated, the previous output is put back first', () => {
    previousOutput()
    const before = files(outDir)
    // What a build killed midway leaves: the previous output aside, a half-written one in its place.
    fs.renameSync(outDir, path.join(parent, '.out-previous'))
    fs.mkdirSync(path.join(outDir, 'server'), { recursive: true })
    fs.writeFileSync(path.join(outDir, 'server', 'entry.mjs'), 'half written')
    const run = build()
    expect(run.status).toBe(1)
    expect(files(outDir)).toEqual(before)
    expect(fs.readdirSync(parent)).toEqual(['out'])
  })
})
