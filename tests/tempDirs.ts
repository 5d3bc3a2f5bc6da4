// Temporary folders for one test file: each test's folders are removed after it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'

/** Registers the clean-up and answers a maker: `tmp('out')` is a new empty folder named `<prefix>-out-…`. */
export function tempDirs(prefix: string): (name: string) => string {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  return (name) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-${name}-`))
    dirs.push(dir)
    return dir
  }
}
