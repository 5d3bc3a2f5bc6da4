// The child process of a Vite build step (scripts/build/steps.ts): `vike build` of the pages'
// bundles, or a Vite build with a config file (the admin). Plain JavaScript run by plain Node, not
// through tsx: tsx's ESM loader lexes and keeps every module Vite, Rolldown and their plugins load,
// which cost the admin child 806 MB of peak RSS instead of 635 MB, for the same files
// (docs/decisions/177-build-memory.md). Vite reads the TypeScript config files itself.
// Usage: node viteStep.mjs vike|vite '<inline config as JSON>'; prints one JSON line: its peak RSS,
// seconds and the files Vite loaded.
/* global console */
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import process from 'node:process'

const [kind, configJson] = process.argv.slice(2)
const config = JSON.parse(configJson)
/** Every module each build environment loaded, for the build cache's check that its key hashed
 * them all (scripts/build/buildCache.ts). */
const loaded = new Set()
const recorder = {
  name: 'proofline:record-inputs',
  apply: 'build',
  buildEnd() {
    for (const id of this.getModuleIds()) loaded.add(id)
  },
}
// Pre-started (steps.ts' prestartStep): Vite's modules load while the parent validates the data;
// the build itself waits for one line on stdin ("go"; end of input without it: exit, nothing built).
// For the bundles, the plugins vite.config.ts imports load too (vike/plugin alone took 1.2 s, the
// Tailwind plugin 0.3 s): Vite's config loader imports the same files later, from the module cache.
const api = kind === 'vike' ? import('vike/api') : import('vite')
await import('vite')
if (kind === 'vike') await Promise.all(['vike/plugin', '@tailwindcss/vite', '@vitejs/plugin-react'].map((m) => import(m)))
/** Seconds from the process's start until its modules were loaded, and then waiting for "go". */
const loadSeconds = performance.now() / 1000
let waitSeconds = 0
if (process.env.VITE_STEP_WAIT === '1') {
  const go = await new Promise((resolve) => {
    let text = ''
    process.stdin.setEncoding('utf8').on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(true)
    })
    process.stdin.on('end', () => resolve(false))
  })
  if (!go) process.exit(0)
  process.stdin.destroy()
  waitSeconds = performance.now() / 1000 - loadSeconds
}
const started = performance.now()
if (kind === 'vike') {
  const { build } = await api
  await build({ viteConfig: { ...config, plugins: [recorder] } })
} else if (kind === 'vite') {
  const { build } = await api
  await build({ ...config, plugins: [recorder] })
} else {
  throw new Error(`unknown build step kind ${kind}`)
}
const buildSeconds = (performance.now() - started) / 1000
/** CPU seconds (user + system, all threads) of this process so far. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
const buildCpu = cpuNow()
// The admin: its .gz and .br into the compressor's content-hash cache now, beside the pre-render,
// not on the compressor's one thread behind the pages (adminCompress.mjs, decision 196).
let compressSeconds = 0
if (kind === 'vite' && process.env.ADMIN_COMPRESS_CACHE) {
  const { fillCompressCache } = await import('./adminCompress.mjs')
  await fillCompressCache(config.build.outDir, process.env.ADMIN_COMPRESS_CACHE)
  compressSeconds = (performance.now() - started) / 1000 - buildSeconds
}
const inputs = [...loaded].filter((id) => path.isAbsolute(id.split('?')[0]) && fs.existsSync(id.split('?')[0]))
const compressCpuSeconds = cpuNow() - buildCpu
console.log(
  JSON.stringify({
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    seconds: buildSeconds,
    compressSeconds,
    loadSeconds,
    waitSeconds,
    cpuSeconds: buildCpu,
    compressCpuSeconds,
    inputs,
  }),
)
process.exit(0)
