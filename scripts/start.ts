// `npm start`: builds the site if dist/ is missing or older than its sources, then migrates
// and serves on PORT (default 3000) with the embedded SQLite database.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { FirstAdminError } from '../server/auth/firstAdmin.ts'
import { startServer } from '../server/index.ts'
import { loadEnv } from '../server/env.ts'
import { seed } from './seed.ts'

const root = path.resolve(import.meta.dirname, '..')

function newestMtime(dir: string): number {
  let newest = 0
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name)
    newest = Math.max(newest, item.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

const builtMarker = path.join(root, 'dist', 'client', 'sitemap.xml')
const sourcesChanged = () =>
  Math.max(...['data', 'templates', 'pages', 'shared', 'admin'].map((d) => newestMtime(path.join(root, d)))) > fs.statSync(builtMarker).mtimeMs

if (!fs.existsSync(builtMarker) || process.argv.includes('--rebuild') || sourcesChanged()) {
  console.log('Building the site...')
  // The same command as `npm run build` (scripts/buildRunner.mjs runs the build from its bundle, decision 202).
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'buildRunner.mjs')], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const env = loadEnv()
const { port, close, db } = await startServer(env)
// The first admin (credentials printed once if generated) and, on a fresh database, demo data.
try {
  await seed(db, env, { demoIfEmpty: true })
} catch (error) {
  if (!(error instanceof FirstAdminError)) throw error
  console.error(`\n${error.message}\n`)
  await close()
  process.exit(1)
}
console.log(`Proofline Digital is serving on http://localhost:${port}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().then(() => process.exit(0)))
