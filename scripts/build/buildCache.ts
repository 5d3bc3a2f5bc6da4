// A content-hash cache of the build's code outputs (docs/decisions/174-build-cache.md): the vike
// client and server bundles and the admin's Vite build depend on the code, the installed packages,
// the configs and a few environment variables, never on data/ (the pages load their data in
// hooks, at render time). When none of those inputs changed since a build that stored them, the
// build copies the stored output instead of running Vite (3 s of CPU and ~550 MB for the bundles,
// ~3 s and ~800 MB for the admin). A CI rebuild after a data edit then goes straight to the data.
//
// The key hashes every file the builds can read: the whole project tree except the folders they
// never read (node_modules but its lockfile of installed versions, .git, docs/, tests/, bench/,
// .ci/, the output and var folders) and except data/'s data files (YAML and Markdown; data/'s
// TypeScript is code and counts). The steps also record the modules Vite loaded
// (BUILD_CACHE_INPUTS, see steps.ts): an entry is only stored when every loaded file outside
// node_modules is one the key hashed, so a build that starts reading an unhashed folder stops
// caching instead of going stale.
//
// The admin has a key of its own (decision 206): the admin imports only admin/ and shared/, so
// its key hashes those two folders and the root's own files (package.json, tsconfig.json...), with
// the same lockfile, Node and environment. An edit of a page, a template or the server then reuses
// the cached admin while the bundles build again. Its recorded inputs are checked against that
// narrower scope: an admin that starts importing from another folder is not stored, and says so.
//
// BUILD_CACHE=off turns the cache off; BUILD_CACHE_DIR moves it (default node_modules/.cache/proofline-build-cache, decision 211).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type CacheKind = 'bundles' | 'admin'

/** Top-level folders no bundle reads (node_modules is hashed through its lockfile). */
const SKIPPED_TOP = new Set(['.git', 'node_modules', 'docs', 'tests', 'bench', '.ci', 'var', 'test-results', 'playwright-report'])
/** Files in data/ that are data, not code: the pages read them in hooks at render time. */
const DATA_FILE = /\.(ya?ml|md|markdown)$/i
/** Environment that Vite, vike or the configs read at build time. */
const ENV_KEY = /^(NODE_ENV|BUILD_OUT_DIR|VITE_.*|VIKE_.*|API_PORT)$/

/** The folder of the cache, or undefined when BUILD_CACHE=off. */
export function buildCacheDir(root: string): string | undefined {
  if (process.env.BUILD_CACHE === 'off') return undefined
  return process.env.BUILD_CACHE_DIR ? path.resolve(process.env.BUILD_CACHE_DIR) : path.join(cachesRoot(root), 'proofline-build-cache')
}

/**
 * Where the build's caches live by default: node_modules/.cache/ (decision 211), where the build's
 * own bundle already is (scripts/buildRunner.mjs). vike's search for legacy page files walks every
 * folder of the project 4 times per bundles build, hidden ones too below the top level; it skips
 * node_modules. The precompression cache of a 10,000-city site holds ~24,000 files.
 */
export const cachesRoot = (root: string) => path.join(root, 'node_modules', '.cache')

/**
 * The caches' defaults before decision 211, var/build-cache and var/precompress-cache, are moved
 * once (one rename each), or deleted when the new folder is already there (an older checkout built
 * after this one). When BUILD_CACHE_DIR or PRECOMPRESS_CACHE_DIR is set, that cache's old default
 * is left alone: it may be the configured folder itself.
 */
export function moveLegacyCaches(root: string, varDir: string) {
  const moves = [
    ['build-cache', 'proofline-build-cache', 'BUILD_CACHE_DIR'],
    ['precompress-cache', 'proofline-precompress', 'PRECOMPRESS_CACHE_DIR'],
  ] as const
  for (const [legacy, name, setting] of moves) {
    if (process.env[setting]) continue
    const from = path.join(varDir, legacy)
    if (!fs.existsSync(from)) continue
    const to = path.join(cachesRoot(root), name)
    if (fs.existsSync(to)) {
      fs.rmSync(from, { recursive: true, force: true })
    } else {
      fs.mkdirSync(path.dirname(to), { recursive: true })
      fs.renameSync(from, to)
    }
  }
}

/** The top-level folders the admin's Vite build reads (with the root's own files). */
export const ADMIN_SCOPE: readonly string[] = ['admin', 'shared']

/** Whether a file (absolute path) is one of the key's inputs. `scope`: top-level folders to keep
 * (the root's own files always count); undefined: every folder the builds may read. */
export function isKeyInput(root: string, file: string, skipDirs: readonly string[], scope?: readonly string[]): boolean {
  const rel = path.relative(root, file)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return false
  const parts = rel.split(path.sep)
  // Output folders (dist, dist-*) and hidden folders (.git, .dist-previous, .dist-discarded-*).
  if (SKIPPED_TOP.has(parts[0]) || /^dist/.test(parts[0]) || (parts.length > 1 && parts[0].startsWith('.'))) return false
  if (scope && parts.length > 1 && !scope.includes(parts[0])) return false
  if (skipDirs.some((dir) => file === dir || file.startsWith(dir + path.sep))) return false
  if (parts[0] === 'data' && DATA_FILE.test(rel)) return false
  return true
}

function* keyFiles(root: string, dir: string, skipDirs: readonly string[], scope?: readonly string[]): Generator<string> {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (isKeyInput(root, path.join(full, '_'), skipDirs, scope)) yield* keyFiles(root, full, skipDirs, scope)
    } else if (entry.isFile() && isKeyInput(root, full, skipDirs, scope)) yield full
  }
}

/**
 * The hash of every input of the code outputs: the files above (path and bytes), the installed
 * packages (node_modules/.package-lock.json), the project and output folders (the server bundle
 * records both), Node's version and platform, and the build-time environment.
 * `skipDirs`: absolute folders inside root to leave out (the output folder, a data folder).
 */
export function sourceHash(root: string, skipDirs: readonly string[] = [], scope?: readonly string[]): { hash: string; files: number } {
  const hash = crypto.createHash('sha256')
  let files = 0
  for (const file of keyFiles(root, root, skipDirs, scope)) {
    hash.update(`${path.relative(root, file)}\0`)
    hash.update(fs.readFileSync(file))
    hash.update('\0')
    files++
  }
  const installed = path.join(root, 'node_modules', '.package-lock.json')
  hash.update(fs.existsSync(installed) ? fs.readFileSync(installed) : 'no installed lockfile')
  const env = Object.keys(process.env)
    .filter((k) => ENV_KEY.test(k))
    .sort()
    .map((k) => `${k}=${process.env[k]}`)
  hash.update(JSON.stringify({ root, node: process.version, platform: process.platform, arch: process.arch, env, scope: scope ?? 'all' }))
  return { hash: hash.digest('hex'), files }
}

/** Files (relative to dir) of a folder, recursively. */
function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)]
  })
}

/** Entries kept per kind (the real site and the bench's data sets build into different folders,
 * which the server bundle records, so each has its own key). */
const KEEP = 4

export function createBuildCache(cacheDir: string | undefined) {
  const entryDir = (kind: CacheKind, key: string) => path.join(cacheDir!, kind, key)
  return {
    enabled: Boolean(cacheDir),
    /** Whether an entry is stored under the key (restore() may still miss it if another build
     * prunes it meanwhile). */
    has(kind: CacheKind, key: string): boolean {
      return Boolean(cacheDir) && fs.existsSync(path.join(entryDir(kind, key), 'meta.json'))
    },
    /** Copies a stored output into `dest` (its files added to what is there). Returns the stored
     * metadata, or undefined on a miss. */
    restore<T>(kind: CacheKind, key: string, dest: string): T | undefined {
      if (!cacheDir) return undefined
      const dir = entryDir(kind, key)
      const metaFile = path.join(dir, 'meta.json')
      if (!fs.existsSync(metaFile)) return undefined
      const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as T
      fs.cpSync(path.join(dir, 'files'), dest, { recursive: true })
      // Most recently used last to be pruned.
      const now = new Date()
      fs.utimesSync(metaFile, now, now)
      return meta
    },
    /** Stores the files of `from` (only `names` of it, when given) under the key, with metadata. */
    store(kind: CacheKind, key: string, from: string, meta: unknown, names?: string[]) {
      if (!cacheDir) return
      const dir = entryDir(kind, key)
      const tmp = `${dir}.${process.pid}.tmp`
      fs.rmSync(tmp, { recursive: true, force: true })
      fs.mkdirSync(path.join(tmp, 'files'), { recursive: true })
      for (const name of names ?? fs.readdirSync(from)) fs.cpSync(path.join(from, name), path.join(tmp, 'files', name), { recursive: true })
      fs.writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify(meta))
      // Renamed into place: a build killed midway leaves no torn entry.
      fs.rmSync(dir, { recursive: true, force: true })
      fs.renameSync(tmp, dir)
      const entries = fs
        .readdirSync(path.join(cacheDir, kind))
        .filter((name) => !name.endsWith('.tmp'))
        .map((name) => ({ name, mtime: fs.statSync(path.join(cacheDir, kind, name, 'meta.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
        .sort((a, b) => b.mtime - a.mtime)
      for (const old of entries.slice(KEEP)) fs.rmSync(path.join(cacheDir, kind, old.name), { recursive: true, force: true })
    },
    files: listFiles,
  }
}

/** Loaded module files (absolute) that the key does not hash: outside node_modules and outside
 * the key's inputs. Empty when the key covers everything the step read. */
export function unhashedInputs(root: string, loaded: string[], skipDirs: readonly string[], scope?: readonly string[]): string[] {
  return loaded.filter((file) => {
    const clean = file.replace(/^\0+/, '').split('?')[0]
    if (!path.isAbsolute(clean) || !fs.existsSync(clean)) return false // virtual modules
    if (clean.split(path.sep).includes('node_modules')) return false
    return !isKeyInput(root, clean, skipDirs, scope)
  })
}

/** The file in which `vike build` records the server bundle it built last
 * (@brillout/vite-plugin-server-entry's auto-importer, read by vike's prerender() and by the
 * publisher's check, server/posts/publisher.ts). A build whose bundles come from the cache writes
 * it as the build that stored them did. */
export const autoImporterFile = () =>
  fileURLToPath(import.meta.resolve('@brillout/vite-plugin-server-entry/runtime')).replace(/runtime[/\\][^/\\]*$/, 'runtime/autoImporter.js')

export function readAutoImporter(): string | undefined {
  try {
    return fs.readFileSync(autoImporterFile(), 'utf8')
  } catch {
    return undefined
  }
}

/** Writes the auto-importer's text when it differs, by rename: node_modules may be hard-linked
 * into other checkouts, which an in-place write would change too. */
export function writeAutoImporter(text: string) {
  const file = autoImporterFile()
  if (readAutoImporter() === text) return
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, text)
  fs.renameSync(tmp, file)
}

/** Where the build keeps the previous output folder while it validates the data (decision 196):
 * `.dist-previous` beside `dist`. The leading dot keeps it out of vike's search for legacy
 * `*.page.*` files, which walks every folder of the project but node_modules, the output folder and
 * hidden ones, four times per bundles build, while the bundles build (decision 209). */
export const asideDirOf = (distDir: string) => path.join(path.dirname(distDir), `.${path.basename(distDir)}-previous`)

/**
 * Renames the previous output folder aside (one rename, however many files it holds), so the
 * bundles can be built into `distDir` while the data is still being validated. `restore()` (the
 * data was invalid, the child stopped) removes what the build wrote and renames the previous
 * output back; `discard()` (the data is valid) renames it to a folder of its own, which
 * `deleteDiscarded()` deletes after the build's last write, in a detached process (decision 073).
 *
 * `.<dist>-previous` is only ever a whole previous output: when a build was killed before the
 * data validated, the next one finds it there and puts it back first. Discarded folders a killed
 * build left half-deleted (`.<dist>-discarded-*`) are deleted then too. An older build's
 * `<dist>-previous` (the name before decision 209) is put back the same way.
 */
export function setAsidePrevious(distDir: string, aside = asideDirOf(distDir)) {
  const parent = path.dirname(distDir)
  // Hidden too: a discarded output is renamed while the bundles' child may still be building.
  const discardedPrefix = `.${path.basename(distDir)}-discarded-`
  for (const previous of [aside, `${distDir}-previous`]) {
    if (!fs.existsSync(previous)) continue
    fs.rmSync(distDir, { recursive: true, force: true })
    fs.renameSync(previous, distDir)
    break
  }
  const leftovers = fs.existsSync(parent) ? fs.readdirSync(parent).filter((name) => name.startsWith(discardedPrefix)) : []
  for (const name of leftovers) fs.promises.rm(path.join(parent, name), { recursive: true, force: true }).catch(() => {})
  const had = fs.existsSync(distDir)
  if (had) fs.renameSync(distDir, aside)
  let settled = false
  let trash: string | undefined
  return {
    /** Whether there was a previous output to keep. */
    had,
    restore() {
      if (settled) return
      settled = true
      fs.rmSync(distDir, { recursive: true, force: true })
      if (had) fs.renameSync(aside, distDir)
    },
    /** The data is valid: the previous output is renamed to a folder of its own
     * (`.<dist>-discarded-*`), deleted by deleteDiscarded() once the build has written everything. */
    discard() {
      if (settled || !had) return
      settled = true
      trash = path.join(parent, `${discardedPrefix}${process.pid}-${Date.now()}`)
      fs.renameSync(aside, trash)
    },
    /**
     * Deletes the discarded previous output (decision 073). Called after the build's last write:
     * deleting tens of thousands of files while the build creates as many makes each creation cost
     * more in the kernel (decision 072). Detached (the default), a process of its own deletes it
     * and outlives the build, which does not wait; else this process does, and it resolves when
     * done. A folder left half-deleted is deleted by the next build (above).
     */
    deleteDiscarded({ detached = true } = {}): Promise<void> {
      const folder = trash
      trash = undefined
      if (!folder) return Promise.resolve()
      if (detached) {
        try {
          const { NODE_OPTIONS: _loader, ...env } = process.env
          const child = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', folder], {
            detached: true,
            stdio: 'ignore',
            env,
          })
          child.on('error', () => fs.promises.rm(folder, { recursive: true, force: true }).catch(() => {}))
          child.unref()
          return Promise.resolve()
        } catch {
          // Could not start a process: deleted here.
        }
      }
      const removed = fs.promises.rm(folder, { recursive: true, force: true })
      removed.catch(() => {})
      return removed
    },
  }
}
