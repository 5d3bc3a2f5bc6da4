// Heavy build steps, each run in a process of its own (see runStep): the pre-render process then
// does not carry Vite's and Rolldown's memory (measured: 666 MB of heap held after an in-process
// `vike build`, before the first page was rendered). Prints one JSON line with its peak RSS.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
// vike/api and Vite (./admin.ts) are imported by the child alone, below: the build imports this
// file to start its steps, and loading Vite there cost it ~1 s of start-up (decision 174).

export type StepResult = { peakRssMb: number; seconds: number; jsBytes?: number; /** Files Vite loaded (absolute). */ inputs?: string[] }

/** Records every module each build environment loaded, for the build cache's
 * check that its key hashed them all (scripts/build/buildCache.ts). */
export function inputRecorder(into: Set<string>): Plugin {
  return {
    name: 'proofline:record-inputs',
    apply: 'build',
    buildEnd() {
      for (const id of this.getModuleIds()) into.add(id)
    },
  }
}

/** Runs a step in a child process and returns what it printed. */
export function runStep(step: 'bundles' | 'admin', args: string[] = []): StepResult {
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, step, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: process.env,
  })
  if (child.status !== 0) throw new Error(`build step "${step}" failed (exit ${child.status})`)
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as StepResult
}

/** Starts a step in a child process and returns at once: the build overlaps it with the
 * pre-render (the step then runs on the other core). The child is killed if the build exits
 * first (a failed pre-render), so it never writes into an output folder nobody waits for. */
export function startStep(step: 'bundles' | 'admin', args: string[] = []): Promise<StepResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, step, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  })
  const killChild = () => child.kill()
  process.once('exit', killChild)
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (status) => {
      process.off('exit', killChild)
      if (status !== 0) reject(new Error(`build step "${step}" failed (exit ${status})`))
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as StepResult)
    })
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [step, outDir, quietFlag] = process.argv.slice(2)
  const quiet = quietFlag === 'quiet'
  const started = performance.now()
  let jsBytes: number | undefined
  const loaded = new Set<string>()
  if (step === 'bundles') await (await import('vike/api')).build({ viteConfig: { logLevel: quiet ? 'error' : 'warn', plugins: [inputRecorder(loaded)] } })
  else if (step === 'admin') jsBytes = (await (await import('./admin.ts')).buildAdmin(outDir, { quiet, plugins: [inputRecorder(loaded)] })).jsBytes
  else throw new Error(`unknown build step ${step}`)
  const result: StepResult = {
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    seconds: (performance.now() - started) / 1000,
    jsBytes,
    inputs: [...loaded].filter((id) => path.isAbsolute(id.split('?')[0]) && fs.existsSync(id.split('?')[0])),
  }
  console.log(JSON.stringify(result))
  process.exit(0)
}
