// Lowers the priority of the calling thread alone (Linux gives each thread its own id and nice
// value), so a worker doing background work (a rollup, compression, the chatbot index) yields its
// core to the threads a person or the pre-render waits on, and takes what they leave idle.
// Plain JavaScript: the build's .mjs workers load it without a TypeScript loader.
import fs from 'node:fs'
import os from 'node:os'

/**
 * Sets this thread's nice value (0 or less: does nothing). Returns whether it was set; elsewhere
 * (no /proc/thread-self, or not allowed) the thread keeps the process's priority: same work, only
 * the scheduling differs.
 * @param {number} nice
 * @returns {boolean}
 */
export function niceThisThread(nice) {
  if (!(nice > 0)) return false
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
    if (!tid) return false
    os.setPriority(tid, nice)
    return true
  } catch {
    return false
  }
}
