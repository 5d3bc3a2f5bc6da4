// API benchmark (not a test): the server runs as its own process on a temp SQLite database with
// WAL + synchronous=FULL (every 2xx durable), rate limits raised; autocannon drives ~10 s of
// POST /api/leads (a unique email per request) and ~10 s of POST /api/events (batches of 20).
// Prints sustained rates and p50/p99 latency. Then, when PostgreSQL is reachable
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), the
// lead run again on a fresh PostgreSQL schema with 1 and with 3 server processes (autocannon
// spreads its connections over the three, as a proxy would), and the ratio of the two rates.
// Run: npx tsx bench/api.ts [seconds] [connections]
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { createDb, migrate } from '../server/db/knex.ts'
import { projectRoot } from '../server/env.ts'
import { startServerProcess, type ServerProcess } from '../scripts/serverProcess.ts'

type Result = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number; max: number }
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  '2xx': number
}
type Request = { method: string; path: string; headers: Record<string, string>; body?: string; setupRequest?: (req: Request) => Request }
type Options = { url: string | string[]; connections: number; duration: number; requests: Request[] }
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Options) => Promise<Result>

const seconds = Number(process.argv[2] ?? 10)
const connections = Number(process.argv[3] ?? 32)
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-'))

const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  cwd: projectRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    VAR_DIR: varDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    FORM_MIN_FILL_MS: '0',
    DATABASE_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const port = await new Promise<number>((resolve, reject) => {
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    const match = /serving on http:\/\/localhost:(\d+)/.exec(out)
    if (match) resolve(Number(match[1]))
  })
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
})
const base = `http://127.0.0.1:${port}`
const { token } = (await (await fetch(`${base}/api/form-token`)).json()) as { token: string }

let counter = 0
const leadBody = () =>
  JSON.stringify({
    email: `bench-${counter++}@example.com`,
    firstName: 'Bench',
    lastName: 'Mark',
    company: 'Load Co',
    phone: '512-555-0100',
    message: 'Benchmark lead',
    source: 'Exit Intent Popup',
    campaign: 'Free Quote Request',
    referrer: 'https://www.google.com/',
    landingPage: '/seo-services-austin-tx?utm_source=bench',
    formToken: token,
  })
const eventBatch = () =>
  JSON.stringify({
    events: Array.from({ length: 20 }, (_, i) => ({
      type: i % 2 ? 'scroll_depth' : 'page_view',
      path: '/services/seo',
      visitorId: 'visitor-bench-0001',
      sessionId: `session-${counter++}`,
      at: Date.now(),
      value: i * 5,
    })),
  })

/** CPU seconds the server process has used (Linux /proc), to show cost per request apart from load. */
function serverCpuSeconds(pids: number[] = [child.pid!]): number {
  let total = 0
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      total += (Number(fields[11]) + Number(fields[12])) / 100
    } catch {
      return Number.NaN
    }
  }
  return total
}

async function run(title: string, urlPath: string, body: () => string, withKey = false, duration = seconds, target: string | string[] = base, pids?: number[]) {
  const cpuBefore = serverCpuSeconds(pids)
  const result = await autocannon({
    url: target,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: urlPath,
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: body(), headers: withKey ? { ...req.headers, 'idempotency-key': `bench-key-${counter}` } : req.headers }),
      },
    ],
  })
  const rate = result['2xx'] / result.duration
  const cpuPerRequest = ((serverCpuSeconds(pids) - cpuBefore) / Math.max(1, result['2xx'])) * 1e6
  console.log(
    `${title}: ${result['2xx']} ok in ${result.duration.toFixed(1)} s, ${rate.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, errors ${result.errors}, server CPU ${cpuPerRequest.toFixed(0)} µs/request`,
  )
  return { ...result, rate }
}

try {
  console.log(
    `API benchmark: ${seconds} s per endpoint, ${connections} connections, SQLite WAL + synchronous=FULL, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
  )
  // Warm-up (JIT, first pages of the database), not counted.
  await autocannon({
    url: base,
    connections,
    duration: 2,
    requests: [{ method: 'POST', path: '/api/leads', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: leadBody() }) }],
  })
  const leads = await run('POST /api/leads ', '/api/leads', leadBody)
  // The site's forms send an Idempotency-Key with every submission.
  const keyed = await run('POST /api/leads + Idempotency-Key', '/api/leads', leadBody, true)
  const events = await run('POST /api/events', '/api/events', eventBatch)
  const db = createDb({ varDir })
  const [{ n: leadRows }] = await db('leads').count({ n: '*' })
  const [{ n: eventRows }] = await db('events').count({ n: '*' })
  await db.destroy()
  console.log('')
  console.log(`leads:  ${leads.rate.toFixed(0)} leads/s  (p50 ${leads.latency.p50} ms, p99 ${leads.latency.p99} ms)  target ≥ 1,500/s with p99 < 50 ms`)
  console.log(`leads with Idempotency-Key: ${keyed.rate.toFixed(0)} leads/s  (p50 ${keyed.latency.p50} ms, p99 ${keyed.latency.p99} ms)`)
  console.log(
    `events: ${(events.rate * 20).toFixed(0)} events/s  (${events.rate.toFixed(0)} batches/s, p50 ${events.latency.p50} ms, p99 ${events.latency.p99} ms)  target ≥ 20,000 events/s`,
  )
  console.log(
    `rows:   ${leadRows} leads for ${leads['2xx'] + keyed['2xx']} acknowledged (+ warm-up), ${eventRows} events for ${events['2xx'] * 20} acknowledged`,
  )
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  fs.rmSync(varDir, { recursive: true, force: true })
}

/** The lead run on PostgreSQL with `count` server processes on one fresh schema. */
async function postgresRun(url: string, count: number) {
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`
  const admin = createDb({ databaseUrl: url, varDir: os.tmpdir() })
  await admin.raw('create schema ??', [schema])
  await admin.destroy()
  const db = createDb({ databaseUrl: url, varDir: os.tmpdir(), searchPath: schema })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-pg-'))
  const servers: ServerProcess[] = []
  try {
    // The release step: migrations once, then the servers.
    await migrate(db)
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATABASE_SEARCH_PATH: schema,
      VAR_DIR: dir,
      APP_SECRET: 'bench-secret-'.padEnd(40, 'x'),
      RATE_LIMIT_PER_MINUTE: '100000000',
      FORM_MIN_FILL_MS: '0',
      SMTP_URL: '',
    }
    servers.push(...(await Promise.all(Array.from({ length: count }, () => startServerProcess(env)))))
    const bases = servers.map((s) => s.base)
    const { token: pgToken } = (await (await fetch(`${bases[0]}/api/form-token`)).json()) as { token: string }
    const body = () => leadBody().replace(/"formToken":"[^"]*"/, `"formToken":"${pgToken}"`)
    await autocannon({
      url: bases,
      connections,
      duration: 2,
      requests: [{ method: 'POST', path: '/api/leads', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: body() }) }],
    })
    const result = await run(
      `PostgreSQL, ${count} instance${count > 1 ? 's' : ''}: POST /api/leads`,
      '/api/leads',
      body,
      true,
      seconds,
      bases,
      servers.map((s) => s.pid),
    )
    const [{ n }] = await db('leads').count({ n: '*' })
    const [{ j }] = await db('jobs').where({ type: 'notification.send' }).count({ j: '*' })
    console.log(`  rows: ${n} leads and ${j} notification jobs (warm-up included)`)
    return result
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await db.raw('drop schema if exists ?? cascade', [schema]).catch(() => {})
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const probe = createDb({ databaseUrl: pgUrl, varDir: os.tmpdir() })
const reachable = await Promise.race([
  probe.raw('select 1').then(
    () => true,
    () => false,
  ),
  new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
])
await probe.destroy().catch(() => {})
console.log('')
if (!reachable) {
  console.log(`PostgreSQL: not reachable at ${pgUrl.replace(/\/\/[^@]*@/, '//…@')}; set BENCH_DATABASE_URL to run the 1- and 3-instance lead runs.`)
} else {
  console.log(`PostgreSQL lead runs (Idempotency-Key on every request, as the site's forms send): ${seconds} s each, ${connections} connections`)
  const one = await postgresRun(pgUrl, 1)
  const three = await postgresRun(pgUrl, 3)
  console.log('')
  console.log(`PostgreSQL, 1 instance:  ${one.rate.toFixed(0)} leads/s  (p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms)`)
  console.log(`PostgreSQL, 3 instances: ${three.rate.toFixed(0)} leads/s  (p50 ${three.latency.p50} ms, p99 ${three.latency.p99} ms)`)
  console.log(
    `ratio 3 / 1 instances:   ${(three.rate / one.rate).toFixed(2)} (on ${os.cpus().length} CPUs shared by the servers, PostgreSQL and autocannon; load average ${os.loadavg()[0].toFixed(1)})`,
  )
}
