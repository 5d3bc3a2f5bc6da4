// The build cache's key and store (scripts/build/buildCache.ts, decision 174). The full builds
// (a hit gives the cold build's bytes, a changed input misses) are in tests/site/buildCache.test.ts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_SCOPE, asideDirOf, buildCacheDir, createBuildCache, moveLegacyCaches, setAsidePrevious, sourceHash, unhashedInputs } from './buildCache.ts'

const roots: string[] = []
afterEach(() => {
  for (const dir of roots.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  delete process.env.VITE_CACHE_TEST
  delete process.env.BUILD_CACHE
  delete process.env.BUILD_CACHE_DIR
  delete process.env.PRECOMPRESS_CACHE_DIR
})

/** A small project: code, configs, data files, docs and tests, and an installed lockfile. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-'))
  roots.push(root)
  const files: Record<string, string> = {
    'package.json': '{"name":"p"}',
    'vite.config.ts': 'export default {}',
    'pages/home/+Page.tsx': 'export default () => <h1 className="p-4">Home</h1>',
    'templates/Layout.tsx': 'export const Layout = 1',
    'data/loadData.ts': 'export const load = 1',
    'data/cities.yaml': '- slug: austin\n',
    'data/blog/first.md': '# First',
    'docs/decisions/001.md': '# Decision',
    'tests/site/pages.test.ts': 'it()',
    'bench/build.ts': 'bench',
    'node_modules/.package-lock.json': '{"packages":{}}',
    'node_modules/react/index.js': 'react',
    'dist/client/index.html': '<html>',
    'var/app.sqlite': 'db',
  }
  writeFiles(root, files)
  return root
}

/** Writes each file (a path relative to dir) with its text, making its folders. */
function writeFiles(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
}

const edit = (root: string, file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), text)
}

/** Makes each edit in turn and expects a hash that `hashOf` has not given before; returns the hashes seen. */
function expectNewHashPerEdit(root: string, edits: [string, string][], hashOf: () => string, seen = new Set([hashOf()])) {
  for (const [file, text] of edits) {
    edit(root, file, text)
    const hash = hashOf()
    expect(seen.has(hash), file).toBe(false)
    seen.add(hash)
  }
  return seen
}

describe('sourceHash', () => {
  it('changes with any code, config, new file or installed package', () => {
    const root = project()
    const changes: [string, string][] = [
      ['pages/home/+Page.tsx', 'export default () => <h1 className="p-8">Home</h1>'],
      ['templates/New.tsx', 'export const New = 2'],
      ['data/loadData.ts', 'export const load = 2'],
      ['vite.config.ts', 'export default { base: "/x/" }'],
      ['package.json', '{"name":"p","version":"2"}'],
      ['node_modules/.package-lock.json', '{"packages":{"react":{}}}'],
      ['.env', 'VITE_X=1'],
    ]
    expectNewHashPerEdit(root, changes, () => sourceHash(root).hash)
  })

  it('changes with the build-time environment and the output folder', () => {
    const root = project()
    const before = sourceHash(root).hash
    process.env.VITE_CACHE_TEST = '1'
    expect(sourceHash(root).hash).not.toBe(before)
    delete process.env.VITE_CACHE_TEST
    const outBefore = process.env.BUILD_OUT_DIR
    process.env.BUILD_OUT_DIR = 'dist-other'
    try {
      expect(sourceHash(root).hash).not.toBe(before)
    } finally {
      if (outBefore === undefined) delete process.env.BUILD_OUT_DIR
      else process.env.BUILD_OUT_DIR = outBefore
    }
    expect(sourceHash(root).hash).toBe(before)
  })

  it('does not change with data files, docs, tests, bench, outputs or var', () => {
    const root = project()
    const before = sourceHash(root)
    edit(root, 'data/cities.yaml', '- slug: dallas\n')
    edit(root, 'data/blog/second.md', '# Second')
    edit(root, 'docs/decisions/002.md', '# Another')
    edit(root, 'tests/site/new.test.ts', 'it()')
    edit(root, 'bench/vsAstro.ts', 'bench')
    edit(root, 'dist/client/about/index.html', '<html>')
    edit(root, 'dist-bench/x/index.html', '<html>')
    // The previous output set aside, and a discarded one (hidden folders, decision 209).
    edit(root, '.dist-previous/client/index.html', '<html>')
    edit(root, '.dist-discarded-1-2/server/entry.mjs', 'export {}')
    edit(root, 'var/build-cache/bundles/x/meta.json', '{}')
    edit(root, 'node_modules/react/index.js', 'react 2')
    const after = sourceHash(root)
    expect(after.hash).toBe(before.hash)
    // package.json, vite.config.ts, +Page.tsx, Layout.tsx, loadData.ts
    expect(after.files).toBe(5)
  })

  it('leaves out the folders it is told to (an output folder outside dist*)', () => {
    const root = project()
    const out = path.join(root, 'site-out')
    const before = sourceHash(root, [out]).hash
    edit(root, 'site-out/client/index.html', '<html>')
    expect(sourceHash(root, [out]).hash).toBe(before)
    expect(sourceHash(root).hash).not.toBe(before)
  })
})

describe('the admin key (sourceHash with ADMIN_SCOPE)', () => {
  it('changes with admin/, shared/, the root files, the lockfile and the environment, not with the pages, templates, server or data code', () => {
    const root = project()
    edit(root, 'admin/App.tsx', 'export const App = 1')
    edit(root, 'shared/canAccess.ts', 'export const canAccess = 1')
    edit(root, 'server/index.ts', 'export const server = 1')
    const before = sourceHash(root, [], ADMIN_SCOPE)
    // The root's package.json and vite.config.ts, admin/App.tsx, shared/canAccess.ts.
    expect(before.files).toBe(4)
    const unchanged: [string, string][] = [
      ['pages/home/+Page.tsx', 'export default () => <h1 className="p-8">Home</h1>'],
      ['templates/New.tsx', 'export const New = 2'],
      ['data/loadData.ts', 'export const load = 2'],
      ['server/index.ts', 'export const server = 2'],
      ['client/islands/Menu.tsx', 'export const Menu = 1'],
    ]
    for (const [file, text] of unchanged) {
      const whole = sourceHash(root).hash
      edit(root, file, text)
      expect(sourceHash(root, [], ADMIN_SCOPE).hash, file).toBe(before.hash)
      expect(sourceHash(root).hash, file).not.toBe(whole)
    }
    const changes: [string, string][] = [
      ['admin/App.tsx', 'export const App = 2'],
      ['admin/leads/LeadList.tsx', 'export const LeadList = 1'],
      ['shared/canAccess.ts', 'export const canAccess = 2'],
      ['package.json', '{"name":"p","version":"3"}'],
      ['tsconfig.json', '{}'],
      ['node_modules/.package-lock.json', '{"packages":{"ra-core":{}}}'],
    ]
    const seen = expectNewHashPerEdit(root, changes, () => sourceHash(root, [], ADMIN_SCOPE).hash, new Set([before.hash]))
    process.env.VITE_CACHE_TEST = '1'
    expect(seen.has(sourceHash(root, [], ADMIN_SCOPE).hash)).toBe(false)
  })

  it('is not the whole tree’s key, even for a tree of admin/ and shared/ only', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-'))
    roots.push(root)
    edit(root, 'admin/App.tsx', 'export const App = 1')
    expect(sourceHash(root, [], ADMIN_SCOPE).hash).not.toBe(sourceHash(root).hash)
  })

  it('names an admin input outside admin/ and shared/, so that build is not stored under the narrower key', () => {
    const root = project()
    const loaded = [
      path.join(root, 'admin/App.tsx'),
      path.join(root, 'shared/canAccess.ts'),
      path.join(root, 'package.json'),
      path.join(root, 'pages/home/+Page.tsx'),
    ]
    for (const file of loaded) edit(root, path.relative(root, file), 'x')
    expect(unhashedInputs(root, loaded, [], ADMIN_SCOPE)).toEqual([path.join(root, 'pages/home/+Page.tsx')])
    expect(unhashedInputs(root, loaded, [])).toEqual([])
  })
})

describe('unhashedInputs', () => {
  it('names the files Vite loaded that the key does not hash, never node_modules or virtual modules', () => {
    const root = project()
    const loaded = [
      path.join(root, 'pages/home/+Page.tsx'),
      path.join(root, 'node_modules/react/index.js'),
      '\0virtual:vike:entry',
      `${path.join(root, 'pages/home/+Page.tsx')}?direct`,
      path.join(root, 'tests/site/pages.test.ts'),
      path.join(root, 'data/cities.yaml'),
    ]
    expect(unhashedInputs(root, loaded, [])).toEqual([path.join(root, 'tests/site/pages.test.ts'), path.join(root, 'data/cities.yaml')])
  })
})

describe('createBuildCache', () => {
  it('stores a folder under a key and restores the same bytes, with its metadata', () => {
    const root = project()
    const cache = createBuildCache(path.join(root, 'var/build-cache'))
    const from = path.join(root, 'dist')
    expect(cache.restore('bundles', 'k1', path.join(root, 'restored'))).toBeUndefined()
    cache.store('bundles', 'k1', from, { seconds: 3 })
    expect(cache.restore('bundles', 'k1', path.join(root, 'restored'))).toEqual({ seconds: 3 })
    expect(fs.readFileSync(path.join(root, 'restored/client/index.html'), 'utf8')).toBe('<html>')
    expect(cache.restore('admin', 'k1', path.join(root, 'restored'))).toBeUndefined()
  })

  it('keeps the 4 most recently used entries of a kind', () => {
    const root = project()
    const cache = createBuildCache(path.join(root, 'var/build-cache'))
    const from = path.join(root, 'dist')
    for (let i = 1; i <= 6; i++) {
      cache.store('admin', `k${i}`, from, { i })
      const t = new Date(Date.now() - (10 - i) * 1000)
      fs.utimesSync(path.join(root, 'var/build-cache/admin', `k${i}`, 'meta.json'), t, t)
    }
    expect(fs.readdirSync(path.join(root, 'var/build-cache/admin')).sort()).toEqual(['k3', 'k4', 'k5', 'k6'])
  })

  it('is off with BUILD_CACHE=off and moves with BUILD_CACHE_DIR', () => {
    expect(buildCacheDir('/p')).toBe('/p/node_modules/.cache/proofline-build-cache')
    process.env.BUILD_CACHE_DIR = '/tmp/elsewhere'
    expect(buildCacheDir('/p')).toBe('/tmp/elsewhere')
    process.env.BUILD_CACHE = 'off'
    expect(buildCacheDir('/p')).toBeUndefined()
    expect(createBuildCache(undefined).restore('bundles', 'k', '/tmp/x')).toBeUndefined()
  })
})

describe('moveLegacyCaches (decision 211)', () => {
  /** A project whose var/ holds the caches where builds before decision 211 kept them. */
  function legacy() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-caches-'))
    roots.push(root)
    const varDir = path.join(root, 'var')
    writeFiles(varDir, {
      'app.sqlite': 'db',
      'build-cache/bundles/k1/meta.json': '{"seconds":3}',
      'precompress-cache/dist/ab/cd.br': 'br bytes',
    })
    return { root, varDir, cache: path.join(root, 'node_modules', '.cache') }
  }

  it('moves var/build-cache and var/precompress-cache into node_modules/.cache with their entries, and nothing else of var/', () => {
    const { root, varDir, cache } = legacy()
    moveLegacyCaches(root, varDir)
    expect(fs.readdirSync(varDir)).toEqual(['app.sqlite'])
    expect(fs.readFileSync(path.join(cache, 'proofline-build-cache/bundles/k1/meta.json'), 'utf8')).toBe('{"seconds":3}')
    expect(fs.readFileSync(path.join(cache, 'proofline-precompress/dist/ab/cd.br'), 'utf8')).toBe('br bytes')
    // The moved build cache is the one the build now reads.
    expect(createBuildCache(buildCacheDir(root)).has('bundles', 'k1')).toBe(true)
    moveLegacyCaches(root, varDir) // nothing left to move: a no-op
    expect(fs.readdirSync(path.join(cache, 'proofline-build-cache', 'bundles'))).toEqual(['k1'])
  })

  it('deletes an old folder when the new one is already there (an older checkout built since), keeping the new one', () => {
    const { root, varDir, cache } = legacy()
    fs.mkdirSync(path.join(cache, 'proofline-precompress', 'dist'), { recursive: true })
    fs.writeFileSync(path.join(cache, 'proofline-precompress', 'dist', 'kept.br'), 'newer')
    moveLegacyCaches(root, varDir)
    expect(fs.readdirSync(varDir)).toEqual(['app.sqlite'])
    expect(fs.readdirSync(path.join(cache, 'proofline-precompress', 'dist'))).toEqual(['kept.br'])
  })

  it('leaves an old default alone when its cache is configured: it may be the configured folder', () => {
    const { root, varDir } = legacy()
    process.env.BUILD_CACHE_DIR = path.join(varDir, 'build-cache')
    process.env.PRECOMPRESS_CACHE_DIR = path.join(varDir, 'precompress-cache', 'dist')
    moveLegacyCaches(root, varDir)
    expect(fs.readdirSync(varDir).sort()).toEqual(['app.sqlite', 'build-cache', 'precompress-cache'])
    expect(createBuildCache(buildCacheDir(root)).has('bundles', 'k1')).toBe(true)
  })
})

describe('the previous output set aside while the data is validated (decision 196)', () => {
  /** An output folder with a few files, and a function listing a folder's files and texts. */
  function output() {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'set-aside-'))
    roots.push(parent)
    const dist = path.join(parent, 'dist')
    fs.mkdirSync(path.join(dist, 'client', 'assets'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), '<h1>previous</h1>')
    fs.writeFileSync(path.join(dist, 'client', 'assets', 'app.js'), 'previous()')
    return { parent, dist }
  }
  const contents = (dir: string) =>
    Object.fromEntries(
      (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => {
          const full = path.join(e.parentPath, e.name)
          return [path.relative(dir, full), fs.readFileSync(full, 'utf8')]
        }),
    )

  it('restore() removes what the build wrote and brings the previous output back unchanged', () => {
    const { parent, dist } = output()
    const before = contents(dist)
    const aside = setAsidePrevious(dist)
    expect(aside.had).toBe(true)
    expect(fs.existsSync(dist)).toBe(false)
    // The bundles' child starts writing its output.
    fs.mkdirSync(path.join(dist, 'server'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'server', 'entry.mjs'), 'half written')
    aside.restore()
    expect(contents(dist)).toEqual(before)
    expect(fs.readdirSync(parent)).toEqual(['dist'])
  })

  it('discard() deletes the previous output and leaves the new one', async () => {
    const { parent, dist } = output()
    const aside = setAsidePrevious(dist)
    fs.mkdirSync(path.join(dist, 'client'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), '<h1>new</h1>')
    aside.discard()
    aside.restore() // settled: a no-op
    expect(contents(dist)).toEqual({ 'client/index.html': '<h1>new</h1>' })
    // Renamed aside until the build's last write, then deleted.
    expect(fs.readdirSync(parent).sort()).toEqual([expect.stringMatching(/^\.dist-discarded-\d+-\d+$/), 'dist'])
    await aside.deleteDiscarded({ detached: false })
    expect(fs.readdirSync(parent)).toEqual(['dist'])
  })

  it('deleteDiscarded() deletes it in a detached process the build does not wait for (decision 073)', async () => {
    const { parent, dist } = output()
    const aside = setAsidePrevious(dist)
    fs.mkdirSync(dist)
    aside.discard()
    await aside.deleteDiscarded()
    for (let i = 0; i < 200 && fs.readdirSync(parent).length > 1; i++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fs.readdirSync(parent)).toEqual(['dist'])
    await aside.deleteDiscarded() // nothing left to delete: a no-op
  })

  it('keeps the previous and the discarded output in hidden folders, which vike does not walk (decision 209)', async () => {
    const { parent, dist } = output()
    const aside = setAsidePrevious(dist)
    expect(asideDirOf(dist)).toBe(path.join(parent, '.dist-previous'))
    expect(fs.readdirSync(parent)).toEqual(['.dist-previous'])
    fs.mkdirSync(path.join(dist, 'client'), { recursive: true })
    aside.discard()
    const hidden = fs.readdirSync(parent).filter((name) => name !== 'dist')
    expect(hidden).toEqual([expect.stringMatching(/^\.dist-discarded-/)])
    // vike's search for legacy page files (vike/dist/node/vite/shared/findPageFiles.js) with its
    // options: a page file in a hidden folder is never reached, one in a visible folder is.
    fs.writeFileSync(path.join(parent, hidden[0], 'x.page.js'), '')
    fs.mkdirSync(path.join(parent, 'dist-other'))
    fs.writeFileSync(path.join(parent, 'dist-other', 'y.page.js'), '')
    const { glob } = await import('tinyglobby')
    const found = await glob(['**/*.page.js'], { ignore: ['**/node_modules/**', `${dist}/**`], cwd: parent, dot: false, expandDirectories: false })
    expect(found).toEqual(['dist-other/y.page.js'])
    await aside.deleteDiscarded({ detached: false })
  })

  it("puts back an older build's dist-previous (the name before decision 209) as it does its own", () => {
    const { parent, dist } = output()
    const before = contents(dist)
    fs.renameSync(dist, path.join(parent, 'dist-previous'))
    fs.mkdirSync(path.join(dist, 'client'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), 'half written')
    const next = setAsidePrevious(dist)
    expect(contents(asideDirOf(dist))).toEqual(before)
    next.restore()
    expect(contents(dist)).toEqual(before)
    expect(fs.readdirSync(parent)).toEqual(['dist'])
  })

  it('with no previous output, restore() only removes what the build wrote', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'set-aside-'))
    roots.push(parent)
    const dist = path.join(parent, 'dist')
    const aside = setAsidePrevious(dist)
    expect(aside.had).toBe(false)
    fs.mkdirSync(dist)
    fs.writeFileSync(path.join(dist, 'partial'), 'x')
    aside.restore()
    expect(fs.readdirSync(parent)).toEqual([])
  })

  it('a build killed before the data validated: the next one puts the previous output back first', async () => {
    const { parent, dist } = output()
    const before = contents(dist)
    setAsidePrevious(dist) // killed: neither restore() nor discard()
    fs.mkdirSync(path.join(dist, 'client'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), 'half written')
    // A folder a killed discard() left half-deleted.
    fs.mkdirSync(path.join(parent, '.dist-discarded-1-2'))
    const next = setAsidePrevious(dist)
    expect(contents(asideDirOf(dist))).toEqual(before)
    next.restore()
    expect(contents(dist)).toEqual(before)
    // The leftover is deleted in the background.
    for (let i = 0; i < 100 && fs.readdirSync(parent).length > 1; i++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fs.readdirSync(parent)).toEqual(['dist'])
  })
})
