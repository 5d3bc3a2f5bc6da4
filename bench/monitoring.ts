// `npm run bench:monitoring` (a benchmark, not a test). One real server on a temp SQLite database
// (or PostgreSQL with BENCH_DATABASE_URL, in a fresh schema):
//   - a year of minute-level results for 20 checks (10,512,000 results) fed through the same
//     rollUp() the probe uses, one check-day at a time: hour and day rollups for the year, minute
//     rollups for the last 7 days and raw rows for the last 48 hours (what retention keeps);
//   - 1,000,000 error events in 2,000 groups over the 30-day retention (inserted in bulk), plus
//     the throughput of recordError() itself (grouping, counting, alert decision) on 2,000 reports;
//   - p50/p95 of the admin API over HTTP: uptime bars for 24h / 7d / 30d / 90d, the error list
//     (open, newest first; by count; searched) and one group's details (target p95 < 100 ms);
//   - the query plans of those reads (EXPLAIN);
//   - trends: 90 days of what /admin/trends reads at the analytics bench's scale (bench/trendsSeed.ts),
//     the trend computation run alone in a child process (bench/trendsJob.ts: its time and peak
//     RSS; target < 10 s) and GET /api/admin/trends over HTTP.
// BENCH_ONLY=trends runs the trends part alone (no uptime or error seeding).
// Latencies are measured by the client over loopback (an upper bound of the server-side time).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { seed } from '../scripts/seed.ts'
import { isPostgres } from '../server/db/knex.ts'
import { insertMany, nowIso } from '../server/db/rows.ts'
import { loadEnv } from '../server/env.ts'
import { startServer } from '../server/index.ts'
import { recordError } from '../server/monitoring/errors.ts'
import { MINUTE_RETENTION_MS, RAW_RETENTION_MS, rollUp, type Result } from '../server/monitoring/uptime.ts'
import { seedTrendSources } from './trendsSeed.ts'

const CHECKS = 20
const DAYS = Number(process.env.BENCH_DAYS ?? 365)
const EVENTS = Number(process.env.BENCH_ERROR_EVENTS ?? 1_000_000)
const GROUPS = 2000
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const ONLY = process.env.BENCH_ONLY ?? ''
const password = 'benchmark admin passphrase'
const DAY = 86_400_000
const MIN = 60_000

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const ms = (n: number) => `${n.toFixed(1)} ms`

const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-monitoring-'))
let schema = ''
const pgUrl = process.env.BENCH_DATABASE_URL ?? ''
if (pgUrl) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: pgUrl })
  await client.connect()
  schema = `bench_monitoring_${crypto.randomBytes(4).toString('hex')}`
  await client.query(`create schema ${schema}`)
  await client.end()
}
const env = loadEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  VAR_DIR: varDir,
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: password,
  DATABASE_URL: pgUrl,
  DATABASE_SEARCH_PATH: schema,
  RATE_LIMIT_PER_MINUTE: '1000000',
})
// The runner's own minute probe would add rows while we measure: a long poll keeps it idle.
const server = await startServer(env, { jobs: { pollMs: 3_600_000 } })
const { db } = server
const base = `http://127.0.0.1:${server.port}`
console.log(
  `bench:monitoring on ${isPostgres(db) ? 'PostgreSQL' : 'SQLite'}; load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)

try {
  await seed(db, env, { log: () => {} })
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password }),
  })
  const { csrfToken } = (await login.json()) as { csrfToken: string }
  const cookie = login.headers.getSetCookie()[0].split(';')[0]
  const get = async (url: string) => {
    const t = performance.now()
    const res = await fetch(base + url, { headers: { Cookie: cookie, 'X-CSRF-Token': csrfToken } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    return performance.now() - t
  }

  // --- trends: 90 days of the sources /admin/trends reads ----------------------------------
  const t3 = performance.now()
  const seededTrends = await seedTrendSources(db, Date.now())
  if (!isPostgres(db)) await db.raw('analyze')
  else await db.raw('vacuum analyze')
  console.log(
    `\ntrends: seeded 90 days in ${((performance.now() - t3) / 1000).toFixed(1)} s: ${seededTrends.landingRows.toLocaleString()} landing-page rollup rows, ${seededTrends.questions.toLocaleString()} chatbot questions, ${seededTrends.leads.toLocaleString()} leads (${seededTrends.contacts.toLocaleString()} contacts, ${seededTrends.deals.toLocaleString()} deals), ${seededTrends.signups.toLocaleString()} newsletter signups`,
  )
  const job = spawnSync(path.join('node_modules', '.bin', 'tsx'), [path.join('bench', 'trendsJob.ts')], {
    env: { ...process.env, TRENDS_VAR_DIR: varDir, TRENDS_DATABASE_URL: pgUrl, TRENDS_SEARCH_PATH: schema, TRENDS_RUNS: '3' },
    encoding: 'utf8',
  })
  if (job.status !== 0) throw new Error(`trend computation failed: ${job.stderr}`)
  const result = JSON.parse(job.stdout.trim().split('\n').at(-1)!) as {
    times: number[]
    cpu: number[]
    rssBeforeMb: number
    peakRssMb: number
    observedTerms: number
    shown: number
    labelled: number
  }
  console.log(
    `trend computation (collect + score, own process, 3 runs; target < 10 s): ${result.times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (CPU ${result.cpu.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}: the process's, all threads, less sensitive to the machine's load); peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.rssBeforeMb.toFixed(0)} MB before); ${result.observedTerms.toLocaleString()} terms observed, ${result.shown} shown, ${result.labelled} labelled; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const trendTimes: number[] = []
  for (let i = 0; i < 5; i++) trendTimes.push(await get('/api/admin/trends'))
  console.log(`GET /api/admin/trends over HTTP, 5 runs: p50 ${ms(percentile(trendTimes, 50))}, max ${ms(Math.max(...trendTimes))}`)

  if (ONLY !== 'trends') {
    // --- a year of minute results for 20 checks ---------------------------------------------
    const now = Date.now()
    const today = now - (now % DAY)
    const checkIds: number[] = []
    for (let c = 0; c < CHECKS; c++) {
      const [row] = await db('uptime_checks')
        .insert({
          key: `bench-${c}`,
          name: `Bench check ${c}`,
          kind: 'http',
          target: `/bench/${c}`,
          conditions: '[STATUS] == 200',
          failure_threshold: 3,
          enabled: false,
        })
        .returning('id')
      checkIds.push(Number(typeof row === 'object' ? row.id : row))
    }
    let seeded = 0
    let rawRows = 0
    const started = performance.now()
    for (let d = DAYS - 1; d >= 0; d--) {
      const dayStart = today - d * DAY
      await db.transaction(async (trx) => {
        for (const checkId of checkIds) {
          const results: Result[] = []
          for (let m = 0; m < 1440; m++) {
            const at = dayStart + m * MIN
            if (at > now) break
            // 99.9 % up, response times 80-400 ms with a daily bump.
            const ok = (checkId * 7919 + m * 31 + d) % 1000 !== 0
            results.push({
              checkId,
              at,
              ok,
              status: ok ? 200 : 503,
              responseMs: 80 + ((m * 13 + checkId * 17) % 240) + (m > 600 && m < 720 ? 80 : 0),
              error: ok ? null : 'status 503',
            })
          }
          seeded += results.length
          const buckets: Array<'minute' | 'hour' | 'day'> = dayStart >= now - MINUTE_RETENTION_MS ? ['minute', 'hour', 'day'] : ['hour', 'day']
          await rollUp(trx, results, buckets)
          const raw = results.filter((r) => r.at >= now - RAW_RETENTION_MS)
          if (raw.length) {
            await insertMany(
              trx,
              'uptime_results',
              raw.map((r) => ({ check_id: r.checkId, at: r.at, ok: r.ok, status: r.status, response_ms: r.responseMs, error: r.error })),
            )
            rawRows += raw.length
          }
        }
      })
    }
    const ingestS = (performance.now() - started) / 1000
    const rollups = Number((await db('uptime_rollups').count({ n: '*' }))[0].n)
    console.log(
      `uptime: ${seeded.toLocaleString()} minute results for ${CHECKS} checks over ${DAYS} days rolled up in ${ingestS.toFixed(1)} s (${Math.round(seeded / ingestS).toLocaleString()} results/s); ${rollups.toLocaleString()} rollup rows, ${rawRows.toLocaleString()} raw rows kept`,
    )

    // --- 1,000,000 error events in 2,000 groups -----------------------------------------------
    const t1 = performance.now()
    const groups = Array.from({ length: GROUPS }, (_, g) => ({
      fingerprint: crypto.createHash('sha256').update(`bench-${g}`).digest('hex').slice(0, 40),
      source: g % 5 === 0 ? 'server' : 'browser',
      error_type: g % 3 ? 'TypeError' : 'Error',
      message: `Bench error number ${g}: cannot read properties of undefined (reading 'field${g % 97}')`,
      status: g % 10 === 0 ? 'resolved' : g % 17 === 0 ? 'ignored' : 'open',
      count: 0,
      first_seen_at: nowIso(now - 30 * DAY),
      last_seen_at: nowIso(now - (g % 1000) * MIN),
      release: '20261124-000000-bench',
      sample_stack: `TypeError: x\n    at f${g} (/assets/chunks/Page.js:1:1)`,
      sample_path: `/page-${g % 300}`,
      pages: JSON.stringify({ [`/page-${g % 300}`]: 1 }),
      browsers: JSON.stringify({ 'Chrome 131': 1 }),
      created_at: nowIso(now - 30 * DAY),
      updated_at: nowIso(now),
    }))
    for (let i = 0; i < groups.length; i += 200) await insertMany(db, 'error_groups', groups.slice(i, i + 200))
    const groupIds = (await db('error_groups').select('id').orderBy('id')).map((r: { id: number }) => Number(r.id))
    const counts = new Map<number, number>()
    const BATCH = 5000
    for (let i = 0; i < EVENTS; i += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, k) => {
        const n = i + k
        // A long tail: a few groups get most events.
        const group = groupIds[Math.floor(GROUPS * Math.pow(((n * 7919) % 10007) / 10007, 3))]
        counts.set(group, (counts.get(group) ?? 0) + 1)
        return {
          group_id: group,
          at: now - ((n * 104729) % (30 * DAY)),
          path: `/page-${n % 300}`,
          browser: n % 4 ? 'Chrome 131' : 'Safari 18 (mobile)',
          release: '20261124-000000-bench',
        }
      })
      await db.transaction(async (trx) => {
        for (let j = 0; j < rows.length; j += 1000) await insertMany(trx, 'error_events', rows.slice(j, j + 1000))
      })
    }
    await db.transaction(async (trx) => {
      for (const [id, n] of counts) await trx('error_groups').where({ id }).update({ count: n })
      // The per-day counts recordError keeps, as the migration fills them from raw events.
      await trx.raw(
        `insert into error_daily (group_id, day, count) select group_id, cast(at / 86400000 as integer), count(*) from error_events group by group_id, cast(at / 86400000 as integer)`,
      )
    })
    // PostgreSQL: autovacuum would have run on a year of rollups; VACUUM sets the visibility map so
    // the covering index can serve index-only scans, as it would in production.
    if (!isPostgres(db)) await db.raw('analyze')
    else await db.raw('vacuum analyze')
    console.log(`errors: ${EVENTS.toLocaleString()} events in ${GROUPS.toLocaleString()} groups inserted in ${((performance.now() - t1) / 1000).toFixed(1)} s`)

    const t2 = performance.now()
    const REPORTS = 2000
    for (let i = 0; i < REPORTS; i++)
      await recordError(db, {
        source: 'browser',
        type: 'TypeError',
        message: `Cannot read properties of undefined (reading 'x${i % 50}')`,
        stack: `TypeError\n    at quote${i % 50} (/assets/chunks/Quote-abc12345.js:${i}:1)`,
        path: `/quote-${i % 20}/`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        release: 'bench',
      })
    const recordS = (performance.now() - t2) / 1000
    console.log(`recordError: ${REPORTS} reports (50 groups) in ${recordS.toFixed(1)} s = ${(REPORTS / recordS).toFixed(0)} reports/s, one transaction each`)

    // --- read latencies ---------------------------------------------------------------------
    const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0]
    const reads: Array<[string, string]> = [
      ['uptime bars 24h (20+ checks)', '/api/admin/monitoring/uptime?range=24h'],
      ['uptime bars 7d', '/api/admin/monitoring/uptime?range=7d'],
      ['uptime bars 30d', '/api/admin/monitoring/uptime?range=30d'],
      ['uptime bars 90d', '/api/admin/monitoring/uptime?range=90d'],
      [
        'error list: open, last seen',
        `/api/admin/error-groups?filter=${encodeURIComponent('{"status":"open"}')}&sort=${encodeURIComponent('["last_seen_at","DESC"]')}&range=[0,24]`,
      ],
      ['error list: by count', `/api/admin/error-groups?sort=${encodeURIComponent('["count","DESC"]')}&range=[0,24]`],
      ['error list: search', `/api/admin/error-groups?filter=${encodeURIComponent('{"q":"field42"}')}&range=[0,24]`],
      [`error details (${counts.get(busiest)!.toLocaleString()} events)`, `/api/admin/error-groups/${busiest}/details`],
    ]
    console.log(`\nread latency over HTTP, ${RUNS} runs each (target p95 < 100 ms):`)
    for (const [label, url] of reads) {
      for (let i = 0; i < 3; i++) await get(url)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) times.push(await get(url))
      console.log(`  ${label.padEnd(40)} p50 ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(percentile(times, 95)).padStart(9)}`)
    }

    // --- query plans --------------------------------------------------------------------------
    const plans: Array<[string, string, unknown[]]> = [
      [
        'uptime bars (rollups by bucket and time)',
        `select check_id, at, up, total, ms_sum, ms_max from uptime_rollups where bucket = ? and at >= ?`,
        ['day', now - 90 * DAY],
      ],
      ['error list (open, newest)', `select id from error_groups where status = ? order by last_seen_at desc, id desc limit 25`, ['open']],
      ['group daily counts', `select day, count from error_daily where group_id = ? and day >= ?`, [busiest, Math.floor(now / DAY) - 29]],
      ['error events purge', `select id from error_events where at < ? limit 5000`, [now - 30 * DAY]],
    ]
    console.log('\nquery plans:')
    for (const [label, sql, bindings] of plans) {
      const explain = isPostgres(db) ? `explain ${sql}` : `explain query plan ${sql}`
      const result = await db.raw(explain, bindings as never)
      const lines = isPostgres(db)
        ? result.rows.map((r: Record<string, string>) => r['QUERY PLAN'])
        : (result as Array<{ detail: string }>).map((r) => r.detail)
      console.log(`  ${label}: ${lines.join(' | ')}`)
    }
  }
} finally {
  await server.close()
  fs.rmSync(varDir, { recursive: true, force: true })
  if (pgUrl && schema) {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    await client.query(`drop schema ${schema} cascade`)
    await client.end()
  }
}
