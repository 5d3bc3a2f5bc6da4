// The app's error log: a client that aborts a download is one line, a real failure keeps its stack.
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appErrorLogger, errorHandler } from './errorHandler.ts'

describe('appErrorLogger', () => {
  const log = { error: vi.fn(), warn: vi.fn() }
  let server: ReturnType<Koa['listen']>
  let base = ''
  beforeAll(async () => {
    const app = new Koa()
    app.use(errorHandler())
    app.use(async (ctx) => {
      if (ctx.path === '/fail') throw new Error('a real bug')
      // A long download, produced slowly enough for the client to leave in the middle.
      let sent = 0
      ctx.type = 'application/pdf'
      ctx.body = new Readable({
        read() {
          sent += 1
          if (sent > 200) return void this.push(null)
          setTimeout(() => this.push(Buffer.alloc(64 * 1024, 0x20)), 5)
        },
      })
    })
    app.on('error', appErrorLogger(log))
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('logs a client that aborts a download in one line, without a stack trace', async () => {
    const controller = new AbortController()
    const res = await fetch(`${base}/download`, { signal: controller.signal })
    const reader = res.body!.getReader()
    await reader.read()
    controller.abort()
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalled(), { timeout: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(log.error).not.toHaveBeenCalled()
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.warn.mock.calls[0]).toHaveLength(1)
    expect(log.warn.mock.calls[0][0]).toMatch(/^\[GET \/download\] the client closed the connection before the response was complete \(\w+\)$/)
  })

  it('logs a real failure with its stack', async () => {
    log.warn.mockClear()
    const res = await fetch(`${base}/fail`)
    expect(res.status).toBe(500)
    expect(log.error).toHaveBeenCalledTimes(1)
    const [where, error] = log.error.mock.calls[0]
    expect(where).toBe('[GET /fail]')
    expect((error as Error).stack).toContain('a real bug')
    expect(log.warn).not.toHaveBeenCalled()
  })
})
