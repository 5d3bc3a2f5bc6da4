// Heavy build steps, each run in a process of its own (see runStep): the pre-render process then
// does not carry Vite's and Rolldown's memory (measured: 666 MB of heap held after an in-process
// `vike build`, before the first page was rendered). Prints one JSON line with its peak RSS.
//
// The child is plain Node running scripts/build/viteStep.mjs, not tsx, and this module does not
// import Vite (loading it in the build cost ~1 s of start-up, decision 174, and 167 MB of RSS):
// under tsx the admin child peaked at 806 MB instead of 635 MB (decision 177).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { adminJsBytes, adminViteConfig } from './admin.ts'

export type StepResult = {
  peakRssMb: number
  seconds: number
  jsBytes?: number
  /** Files Vite loaded (absolute). */
  inputs?: string[]
  /** Seconds from the child's start until its modules were loaded, then waiting for "go". */
  loadSeconds?: number
  waitSeconds?: number
  /** Seconds the admin child spent compressing its files into the content-hash cache after its build. */
  compressSeconds?: number
  /** CPU seconds (user + system, every thread) of the child up to the end of its build (module load
   * included), then of the admin's compression after it. */
  cpuSeconds?: number
  compressCpuSeconds?: number
}

const stepEntry = path.join(import.meta.dirname, 'viteStep.mjs')

/** Rolldown's allocator (mimalloc): without eager commit of its 1 GiB arena and with freed pages
 * returned at once, the admin child peaks at 400 MB instead of 635 MB and the bundles child at 290
 * instead of 400, for the same output and less system time (decision 177). */
const allocatorEnv = { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0' }

/** The child's arguments: which build, with which inline config. `args`: [outDir, 'quiet' or ''];
 * the bundles go where vite.config.ts says (BUILD_OUT_DIR). */
function stepArgs(step: 'bundles' | 'admin', [outDir, quietFlag]: string[]) {
  const quiet = quietFlag === 'quiet'
  if (step === 'bundles') return [stepEntry, 'vike', JSON.stringify({ logLevel: quiet ? 'error' : 'warn' })]
  if (step === 'admin') return [stepEntry, 'vite', JSON.stringify(adminViteConfig(outDir, { quiet }))]
  throw new Error(`unknown build step ${step}`)
}

function resultOf(step: 'bundles' | 'admin', args: string[], stdout: string): StepResult {
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as StepResult
  if (step === 'admin') result.jsBytes = adminJsBytes(args[0])
  return result
}

/** Runs a step in a child process and returns what it printed. */
export function runStep(step: 'bundles' | 'admin', args: string[] = []): StepResult {
  const child = spawnSync(process.execPath, stepArgs(step, args), {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, ...allocatorEnv },
  })
  if (child.status !== 0) throw new Error(`build step "${step}" failed (exit ${child.status})`)
  return resultOf(step, args, child.stdout)
}

/** Starts a step in a child process and returns at once: the build overlaps it with the
 * pre-render (the step then runs on the other core). The child is killed if the build exits
 * first (a failed pre-render), so it never writes into an output folder nobody waits for. */
export function startStep(step: 'bundles' | 'admin', args: string[] = [], env: Record<string, string> = {}): Promise<StepResult> {
  return prestartStep(step, args, env).go()
}

/** Sets the niceness of every thread of process `pid` (Linux gives each thread its own; threads
 * created later inherit their creator's). False if not possible (not Linux, no permission). */
function setNiceness(pid: number, nice: number): boolean {
  try {
    const tids = fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`).map(Number) : [pid]
    for (const tid of tids) {
      try {
        os.setPriority(tid, nice)
      } catch (error) {
        if ((error as { code?: string }).code !== 'ESRCH') throw error // a thread that just ended
      }
    }
    return true
  } catch {
    return false
  }
}

/** Starts a step's child process, which loads Vite's modules and then waits: go() lets it build,
 * cancel() ends it without building. The build pre-starts the bundles before it validates the
 * data, so their start-up (Node, Vite, vike's plugin: ~1.5 s) overlaps the data's parse on the
 * other core, and a data error still leaves the previous dist/ untouched (decision 193). */
export function prestartStep(
  step: 'bundles' | 'admin',
  args: string[] = [],
  /** More environment for the child. */
  env: Record<string, string> = {},
  /** Niceness added to the build's for the child until unnice() (0: none). Only applied where the
   * build may give the priority back afterwards (checked by raising it one step first: root or
   * CAP_SYS_NICE); elsewhere the child runs at the build's priority. */
  nice = 0,
): { go(): Promise<StepResult>; cancel(): void; stop(): Promise<void>; unnice(): void; niced: boolean } {
  const child = spawn(process.execPath, stepArgs(step, args), {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...allocatorEnv, ...env, VITE_STEP_WAIT: '1' },
  })
  const base = os.getPriority()
  const niced = nice > 0 && child.pid !== undefined && base > -20 && setNiceness(child.pid, base - 1) && setNiceness(child.pid, Math.min(19, base + nice))
  const killChild = () => child.kill()
  process.once('exit', killChild)
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stdin.on('error', () => {})
  const done = new Promise<StepResult>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (status) => {
      process.off('exit', killChild)
      if (status !== 0) reject(new Error(`build step "${step}" failed (exit ${status})`))
      else {
        try {
          resolve(resultOf(step, args, stdout))
        } catch (error) {
          reject(error)
        }
      }
    })
  })
  done.catch(() => {})
  let told = false
  return {
    go() {
      if (!told) child.stdin.end('go\n')
      told = true
      return done
    },
    cancel() {
      if (!told) child.stdin.end()
      told = true
    },
    niced,
    /** Back to the build's priority (every thread of the child). */
    unnice() {
      if (niced && child.pid !== undefined && child.exitCode === null) setNiceness(child.pid, base)
    },
    /** Ends the child, building or not, and resolves once it has exited (it writes nothing more). */
    stop() {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('close', () => resolve())))
      this.cancel()
      child.kill()
      return exited
    },
  }
}
