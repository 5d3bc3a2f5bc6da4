import fs from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { niceThisThread } from './niceThread.mjs'

// Raising a thread's nice value needs no privilege; run where the process is not already above 7.
const linux = fs.existsSync('/proc/thread-self') && os.getPriority() <= 7

describe('niceThisThread', () => {
  it('does nothing for 0 or less', () => {
    expect(niceThisThread(0)).toBe(false)
    expect(niceThisThread(-5)).toBe(false)
  })

  it.runIf(linux)('lowers the priority of the calling thread only, not the process', async () => {
    const url = new URL('./niceThread.mjs', import.meta.url).href
    const code = `
      import fs from 'node:fs'
      import os from 'node:os'
      import { parentPort } from 'node:worker_threads'
      const { niceThisThread } = await import(${JSON.stringify(url)})
      const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
      const set = niceThisThread(7)
      parentPort.postMessage({ set, tid, priority: os.getPriority(tid) })`
    const before = os.getPriority(process.pid)
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`))
    const reply = await new Promise<{ set: boolean; tid: number; priority: number }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(reply).toMatchObject({ set: true, priority: 7 })
    expect(reply.tid).not.toBe(process.pid)
    expect(os.getPriority(process.pid)).toBe(before)
  })
})
