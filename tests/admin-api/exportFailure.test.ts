// A failing CSV export must end with an error the client sees: a query failing before the first
// byte is a 500 (JSON message), one failing mid-way aborts the response so the download fails,
// never a 200 whose file looks complete but is cut short.
import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getExport } from '../../server/admin/leads.ts'
import { keysetPage } from '../../server/db/queries/leads.ts'
import { errorHandler } from '../../server/middleware/errorHandler.ts'
import { databases, insertLeads } from './helpers.ts'
import { useTestDb } from '../api/helpers.ts'

describe.each(databases)('CSV export failures ($name)', (target) => {
  const t = useTestDb(target)
  let base = ''
  let server: ReturnType<Koa['listen']>
  let failOnPage = 0
  const errors: unknown[] = []

  beforeAll(async () => {
    await insertLeads(t.db, 25, (i) => ({ source: `Export ${i}` }))
    const app = new Koa()
    app.use(errorHandler())
    app.use(async (ctx, next) => {
      ctx.state.admin = { user: { id: 1, role: 'admin' } }
      await next()
    })
    let calls = 0
    app.use(async (ctx, next) => {
      calls = 0
      await next()
    })
    app.use(
      getExport(t.db, {
        batch: 10,
        page: (...args) => {
          calls += 1
          if (calls === failOnPage) return Promise.reject(new Error('connection to the database was lost'))
          return keysetPage(...args)
        },
      }),
    )
    app.on('error', (error) => errors.push(error))
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('streams every row when nothing fails', async () => {
    failOnPage = 0
    const res = await fetch(`${base}/`)
    expect(res.status).toBe(200)
    const lines = (await res.text()).trim().split('\r\n')
    expect(lines).toHaveLength(26)
  })

  it('answers 500 with a JSON message when the first page fails, before any byte of CSV', async () => {
    failOnPage = 1
    const res = await fetch(`${base}/`)
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toMatch(/json/)
    expect(await res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
  })

  it('aborts the download when a later page fails: the client sees a failure, not a short file', async () => {
    failOnPage = 2
    errors.length = 0
    const res = await fetch(`${base}/`)
    await expect(res.text()).rejects.toThrow()
    // Koa reports the stream's error to the app (once from the body's listener, once from the pipeline).
    expect(errors.length).toBeGreaterThan(0)
    expect(new Set(errors.map(String))).toEqual(new Set(['Error: connection to the database was lost']))
  })
})
