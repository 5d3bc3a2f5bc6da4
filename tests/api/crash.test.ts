// Durability: a 2xx means committed. The server runs as a child process
// (`node --import tsx server/index.ts`); it is killed with SIGKILL while 2,000 submissions are in
// flight, restarted, and every id it acknowledged must be in the database.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb } from '../../server/db/knex.ts'
import { projectRoot } from '../../server/env.ts'
import { agedToken, createSchema, databases, TEST_SECRET } from './helpers.ts'

const children: ChildProcess[] = []

function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /serving on http:\/\/localhost:(\d+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ child, port: Number(match[1]) })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)))
  })
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are asserted field by field
function post(agent: http.Agent, port: number, urlPath: string, body: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

describe.each(databases)('kill -9 during 2,000 submissions ($name)', (target) => {
  it('keeps every acknowledged lead', async () => {
    const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-crash-'))
    const pg = target.url ? await createSchema(target.url) : undefined
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      VAR_DIR: varDir,
      APP_SECRET: TEST_SECRET,
      RATE_LIMIT_PER_MINUTE: '100000000',
      FORM_MIN_FILL_MS: '0',
      DATABASE_URL: target.url ?? '',
      DATABASE_SEARCH_PATH: pg?.schema ?? '',
      SMTP_URL: '',
    }
    try {
      const first = await startChild(env)
      const agent = new http.Agent({ keepAlive: true, maxSockets: 100 })
      const acknowledged: { id: number; email: string }[] = []
      let killed = false
      const token = agedToken()
      const submissions = Array.from({ length: 2000 }, (_, i) => {
        const email = `crash-${i}@example.com`
        return post(agent, first.port, '/api/leads', { email, message: `lead ${i}`, source: 'crash test', formToken: token }).then((reply) => {
          if (reply.status >= 200 && reply.status < 300) acknowledged.push({ id: reply.body.id, email })
          if (acknowledged.length >= 500 && !killed) {
            killed = true
            first.child.kill('SIGKILL')
          }
          return reply
        })
      })
      const results = await Promise.allSettled(submissions)
      agent.destroy()
      expect(killed).toBe(true)
      const lost = results.filter((r) => r.status === 'rejected').length
      expect(lost).toBeGreaterThan(0) // the kill really happened mid-flight
      expect(acknowledged.length).toBeGreaterThanOrEqual(500)

      const second = await startChild(env)
      const health = await fetch(`http://127.0.0.1:${second.port}/healthz`)
      expect(health.status).toBe(200)
      const db = createDb({ databaseUrl: target.url, varDir, searchPath: pg?.schema })
      try {
        const rows = await db('leads')
          .select('id', 'email')
          .whereIn(
            'id',
            acknowledged.map((a) => a.id),
          )
        const stored = new Map(rows.map((r) => [Number(r.id), r.email as string]))
        const missing = acknowledged.filter((a) => stored.get(a.id) !== a.email)
        expect(missing).toEqual([])
        // Each email at most once: nothing was written twice.
        const counts = await db('leads').select('email').count({ n: '*' }).where('email', 'like', 'crash-%').groupBy('email').havingRaw('count(*) > 1')
        expect(counts).toEqual([])
      } finally {
        await db.destroy()
      }
      const after = await post(new http.Agent(), second.port, '/api/leads', { email: 'after-crash@example.com', formToken: token })
      expect(after.status).toBe(201)
      second.child.kill('SIGTERM')
      await new Promise((resolve) => second.child.once('exit', resolve))
    } finally {
      await pg?.drop()
      fs.rmSync(varDir, { recursive: true, force: true })
    }
  })
})
