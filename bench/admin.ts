// `npm run bench:admin` (a benchmark, not a test): 100,000 leads and 100,000 contacts in a temp
// SQLite database behind the real server, then
//   - p95 of a leads list page with sort + filter + q (500 requests),
//   - the CSV export of 25,000 / 50,000 / 100,000 rows: time and peak RSS sampled during it,
//   - p95 of the dashboard aggregates (300 requests).
// The data is seeded first, then the server runs in its own process (`tsx server/index.ts`) so
// that its RSS can be sampled from /proc during the export and the client's work does not add GC
// pauses to it. Latencies are measured by the client over loopback: an upper bound of the
// server-side time. Targets: list p95 < 50 ms, export < 10 s with flat memory, dashboard p95 < 100 ms.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { seed, seedDemo } from '../scripts/seed.ts'
import { createDb, migrate } from '../server/db/knex.ts'
import { loadEnv, projectRoot } from '../server/env.ts'

const SCALE = Number(process.env.BENCH_SCALE ?? 100_000)
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-admin-'))
const password = 'benchmark admin passphrase'
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
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: password,
  DATABASE_URL: '',
}
const env = loadEnv(vars)
const quiet = () => {}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const ms = (n: number) => `${n.toFixed(1)} ms`
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`

const db = createDb({ varDir })
await migrate(db)
await seed(db, env, { log: quiet })
let t = performance.now()
await seedDemo(db, { scale: SCALE, log: quiet })
console.log(`seeded ${SCALE} leads + ${SCALE} contacts in ${((performance.now() - t) / 1000).toFixed(1)} s`)
await db.destroy()

const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server', 'index.ts')], {
  env: { ...process.env, ...vars },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving on') && resolve())
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
})
const serverRss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
try {
  const base = `http://127.0.0.1:${port}`
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password }),
  })
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]
  const get = async (url: string) => {
    const started = performance.now()
    const r = await fetch(base + url, { headers: { Cookie: cookie } })
    await r.arrayBuffer()
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`)
    return performance.now() - started
  }
  const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v))

  // Warm-up, then the list page: newest first, one source, a name search (several words vary).
  const words = ['ada', 'grace', 'lovelace', 'hopper', 'turing', 'patel', 'chen', 'garcia']
  const sources = ['Google Ads', 'Organic Search', 'Facebook Ads', 'LinkedIn']
  const listUrl = (i: number) =>
    `/api/admin/leads?sort=${enc(['created_at', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ source: sources[i % 4], status: 'new', q: words[i % words.length] })}`
  for (let i = 0; i < 20; i++) await get(listUrl(i))
  const list: number[] = []
  for (let i = 0; i < 500; i++) list.push(await get(listUrl(i)))
  console.log(`leads list (sort + filter + q, 500 requests): p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}, max ${ms(Math.max(...list))}`)
  const plain: number[] = []
  for (let i = 0; i < 200; i++) plain.push(await get(`/api/admin/leads?sort=${enc(['created_at', 'DESC'])}&range=${enc([i * 25, i * 25 + 24])}`))
  console.log(`leads list (default, pages 1-200): p95 ${ms(percentile(plain, 95))}`)

  for (const rows of [25_000, 50_000, SCALE]) {
    const before = serverRss()
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 20)
    t = performance.now()
    const r = await fetch(`${base}/api/admin/leads/export.csv?filter=${enc({ include_spam: true, id_lte: rows })}&sort=${enc(['id', 'ASC'])}`, {
      headers: { Cookie: cookie },
    })
    let bytes = 0
    let lines = 0
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      for (const b of chunk) if (b === 10) lines++
    }
    clearInterval(sampler)
    console.log(
      `export ${rows} rows: ${((performance.now() - t) / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${lines - 1} data lines, server RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`,
    )
  }

  for (let i = 0; i < 10; i++) await get('/api/admin/dashboard')
  const dash: number[] = []
  for (let i = 0; i < 300; i++) dash.push(await get('/api/admin/dashboard'))
  console.log(`dashboard (300 requests): p50 ${ms(percentile(dash, 50))}, p95 ${ms(percentile(dash, 95))}`)
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  fs.rmSync(varDir, { recursive: true, force: true })
}
