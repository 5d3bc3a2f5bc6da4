// The child process of a Vite build step (scripts/build/steps.ts): `vike build` of the pages'
// bundles, or a Vite build with a config file (the admin). Plain JavaScript run by plain Node, not
// through tsx: tsx's ESM loader lexes and keeps every module Vite, Rolldown and their plugins load,
// which cost the admin child 806 MB of peak RSS instead of 635 MB, for the same files
// (docs/decisions/177-build-memory.md). Vite reads the TypeScript config files itself.
// Usage: node viteStep.mjs vike|vite '<inline config as JSON>'; prints one JSON line, the peak RSS.
/* global console */
import { performance } from 'node:perf_hooks'
import process from 'node:process'

const [kind, configJson] = process.argv.slice(2)
const config = JSON.parse(configJson)
const started = performance.now()
if (kind === 'vike') {
  const { build } = await import('vike/api')
  await build({ viteConfig: config })
} else if (kind === 'vite') {
  const { build } = await import('vite')
  await build(config)
} else {
  throw new Error(`unknown build step kind ${kind}`)
}
console.log(JSON.stringify({ peakRssMb: process.resourceUsage().maxRSS / 1024, seconds: (performance.now() - started) / 1000 }))
process.exit(0)
