// The build processes still running with a given output folder, found by their environment in
// /proc (Linux; 0 elsewhere). Used by the site tests that check a build's children are gone.
import fs from 'node:fs'

/** Processes whose environment has BUILD_OUT_DIR=outDir, and whose arguments pass `match` if given. */
export function buildProcesses(outDir: string, match?: (args: string[]) => boolean): number {
  if (process.platform !== 'linux') return 0
  let count = 0
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (match && !match(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'))) continue
      if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`BUILD_OUT_DIR=${outDir}`)) count++
    } catch {
      // gone, or not ours to read
    }
  }
  return count
}
