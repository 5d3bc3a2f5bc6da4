// `npm run bench:import` (a benchmark, not a test): a 50,000-row contact import (CSV) into the
// real server (its own process, SQLite in a temp folder) while two clients keep asking, one
// request after the other, GET /healthz and POST /api/leads. Prints the import's time and the
// latency (max, p99, median) of those requests while the import ran: with the import committed
// in chunks, none should wait more than about 100 ms behind it (issue 9, finding 9).
// BENCH_ROWS changes the row count.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { seed } from '../scripts/seed.ts'
import { createDb, migrate } from '../server/db/knex.ts'
import { loadEnv, projectRoot } from '../server/env.ts'
import { signFormToken } from '../server/lib/signing.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000)
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-import-'))
const password = 'benchmark admin passphrase'
const secret = crypto.randomBytes(32).toString('hex')
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const p = (probe.address() as net.AddressInfo).port
    probe.close(() => resolve(p))
  })
})
const vars = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  VAR_DIR: varDir,
  APP_SECRET: secret,
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: password,
  DATABASE_URL: '',
  RATE_LIMIT_PER_MINUTE: '100000000',
}
const env = loadEnv(vars)

const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const ms = (n: number) => `${n.toFixed(1)} ms`

const db = createDb({ varDir })
await migrate(db)
await seed(db, env, { log: () => {} })
await db.destroy()

const companies = Array.from({ length: 400 }, (_, i) => `Imported Company ${i}`)
const lines = ['first_name,last_name,email,phone,company,tags,status,title']
for (let i = 0; i < ROWS; i++)
  lines.push(
    `First${i},Last${i},person${i}@import.example.com,+1 512 555 ${String(i % 10000).padStart(4, '0')},${companies[i % companies.length]},imported;bench,warm,Manager`,
  )
const csv = lines.join('\n')

const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server', 'index.ts')], {
  env: { ...process.env, ...vars },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving on') && resolve())
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
})
try {
  const base = `http://127.0.0.1:${port}`
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password }),
  })
  const session = (await login.json()) as { csrfToken: string }
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]

  const timed = async (fn: () => Promise<Response>) => {
    const started = performance.now()
    const r = await fn()
    await r.arrayBuffer()
    if (r.status >= 300) throw new Error(`unexpected ${r.status}`)
    return performance.now() - started
  }
  const health = () => timed(() => fetch(`${base}/healthz`))
  let n = 0
  const lead = () =>
    timed(() =>
      fetch(`${base}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: `bench-lead-${n++}@example.com`,
          firstName: 'Bench',
          lastName: 'Lead',
          message: 'During the import',
          formToken: signFormToken(secret, Date.now() - 10_000),
        }),
      }),
    )
  // Warm-up (connections, prepared code paths).
  for (let i = 0; i < 20; i++) {
    await health()
    await lead()
  }

  let importing = true
  const samples = { healthz: [] as number[], lead: [] as number[] }
  const loop = async (name: keyof typeof samples, fn: () => Promise<number>) => {
    while (importing) samples[name].push(await fn())
  }
  const loops = [loop('healthz', health), loop('lead', lead)]
  const started = performance.now()
  const reply = await fetch(`${base}/api/admin/contacts/import?dryRun=0`, {
    method: 'POST',
    headers: { Cookie: cookie, 'X-CSRF-Token': session.csrfToken, 'Content-Type': 'text/csv' },
    body: csv,
  })
  const report = (await reply.json()) as { created?: number; message?: string }
  const importMs = performance.now() - started
  importing = false
  await Promise.all(loops)
  if (reply.status !== 200) throw new Error(`import answered ${reply.status}: ${JSON.stringify(report).slice(0, 300)}`)
  console.log(`import of ${ROWS} rows: ${(importMs / 1000).toFixed(2)} s, ${report.created} contacts created (${Math.round(ROWS / (importMs / 1000))} rows/s)`)
  for (const [name, values] of Object.entries(samples)) {
    console.log(
      `  ${name.padEnd(8)} during the import: ${values.length} requests, max ${ms(Math.max(...values))}, p99 ${ms(percentile(values, 99))}, median ${ms(percentile(values, 50))}`,
    )
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  fs.rmSync(varDir, { recursive: true, force: true })
}
