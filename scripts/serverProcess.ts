// Starts `server/index.ts` as its own process (as production runs it) and answers its base URL
// once it listens: used by the multi-instance test and the API benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import { projectRoot } from '../server/env.ts'

export type ServerProcess = {
  child: ChildProcess
  pid: number
  port: number
  base: string
  /** Everything the process wrote to stderr (for a failed test's message). */
  stderr: () => string
  /** SIGTERM (graceful shutdown), resolved when the process has exited. */
  stop: () => Promise<void>
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill9: () => Promise<void>
}

export async function startServerProcess(env: Record<string, string>, opts: { startTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-20_000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${opts.startTimeoutMs ?? 60_000} ms:\n${err}`)),
      opts.startTimeoutMs ?? 60_000,
    )
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /serving on http:\/\/localhost:(\d+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code} before listening:\n${err}`))
    })
  })
  const signal = (name: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await exited
  }
  return { child, pid: child.pid!, port, base: `http://127.0.0.1:${port}`, stderr: () => err, stop: signal('SIGTERM'), kill9: signal('SIGKILL') }
}
