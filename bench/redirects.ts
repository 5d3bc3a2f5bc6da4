// `npm run bench:redirects` (a benchmark, not a test). Two real servers in this process, each on
// its own temp SQLite database: one with no redirect rules, one with 10,000 rules (500 regex).
//   - p99 added latency: requests alternate between the two servers (same run, same load), for
//     a request that matches no rule (a page of the site) and one that matches a rule; printed as
//     the ratio rules / no rules (target ≤ 1.1× for the non-matching request).
//   - rule save time at 10,000 rules, with the chain and loop checks (POST /api/admin/redirects;
//     target < 50 ms).
//   - the 404 log with 1,000,000 rows: p95 of the admin list (sorted by hits, bots hidden;
//     target < 50 ms).
// Latencies are measured by the client over loopback (an upper bound of the server-side time).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seed } from '../scripts/seed.ts'
import { insertMany, nowIso } from '../server/db/rows.ts'
import { loadEnv } from '../server/env.ts'
import { startServer } from '../server/index.ts'

const RULES = Number(process.env.BENCH_RULES ?? 10_000)
const REGEX = Math.round(RULES / 20)
const LOG_ROWS = Number(process.env.BENCH_404_ROWS ?? 1_000_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000)
const password = 'benchmark admin passphrase'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const ms = (n: number) => `${n.toFixed(2)} ms`

async function boot() {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-redirects-'))
  const env = loadEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    VAR_DIR: varDir,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: password,
    DATABASE_URL: '',
    RATE_LIMIT_PER_MINUTE: '1000000',
  })
  const server = await startServer(env)
  await seed(server.db, env, { log: () => {} })
  return { ...server, base: `http://127.0.0.1:${server.port}`, varDir }
}

const plain = await boot()
const ruled = await boot()
try {
  // 10,000 rules: exact, prefix and (5 %) regex, none on a catalog page.
  const at = nowIso()
  const rows = Array.from({ length: RULES }, (_, i) => {
    const kind = i < REGEX ? 'regex' : i % 5 === 0 ? 'prefix' : 'exact'
    const source = kind === 'regex' ? `^/legacy-${i}/(\\d+)/([a-z-]+)$` : `/retired-${kind}-${i}`
    return {
      source,
      target: kind === 'regex' ? '/blog/$2' : '/about',
      status_code: 301,
      match_type: kind,
      query_mode: 'pass',
      enabled: true,
      group: 'bench',
      hits: 0,
      created_at: at,
      updated_at: at,
    }
  })
  for (let i = 0; i < rows.length; i += 2000) await insertMany(ruled.db, 'redirects', rows.slice(i, i + 2000))
  await ruled.db('redirects_version').where({ id: 1 }).increment('version', 1)
  console.log(`${RULES} rules (${REGEX} regex) in the database`)

  const time = async (base: string, url: string, expect: number) => {
    const started = performance.now()
    const r = await fetch(base + url, { redirect: 'manual' })
    await r.arrayBuffer()
    const took = performance.now() - started
    if (r.status !== expect) throw new Error(`${url}: ${r.status}, expected ${expect}`)
    return took
  }
  const pageStatus = (await fetch(`${plain.base}/about`)).status
  if (pageStatus !== 200) console.log(`(no build in dist/client: /about answers ${pageStatus}; run npm run build for page-serving figures)`)
  const series = { plainPage: [] as number[], ruledPage: [] as number[], plainMiss: [] as number[], ruledMatch: [] as number[] }
  for (let i = 0; i < 300; i++) {
    await time(plain.base, '/about', pageStatus)
    await time(ruled.base, '/about', pageStatus)
  }
  for (let i = 0; i < REQUESTS; i++) {
    // Alternate which server goes first, so neither is always the warm one.
    const first = i % 2 === 0
    if (first) series.plainPage.push(await time(plain.base, '/about?utm_source=bench', pageStatus))
    series.ruledPage.push(await time(ruled.base, '/about?utm_source=bench', pageStatus))
    if (!first) series.plainPage.push(await time(plain.base, '/about?utm_source=bench', pageStatus))
    const n = REGEX + (i % (RULES - REGEX))
    const kind = n % 5 === 0 ? 'prefix' : 'exact'
    series.plainMiss.push(await time(plain.base, `/retired-${kind}-${n}`, 404))
    series.ruledMatch.push(await time(ruled.base, `/retired-${kind}-${n}`, 301))
  }
  const p99 = (s: number[]) => percentile(s, 99)
  console.log(
    `non-matching request (a page), ${REQUESTS} each: p99 ${ms(p99(series.plainPage))} without rules, ${ms(p99(series.ruledPage))} with ${RULES} rules: ratio ${(p99(series.ruledPage) / p99(series.plainPage)).toFixed(3)}× (p50 ${ms(percentile(series.plainPage, 50))} vs ${ms(percentile(series.ruledPage, 50))})`,
  )
  console.log(
    `matching request: p99 ${ms(p99(series.ruledMatch))} (a 301) vs ${ms(p99(series.plainMiss))} for the same URL without rules (a 404): ratio ${(p99(series.ruledMatch) / p99(series.plainMiss)).toFixed(3)}×`,
  )
  const regexMiss: number[] = []
  for (let i = 0; i < 1000; i++) regexMiss.push(await time(ruled.base, `/legacy-${i % REGEX}/12/some-post`, 301))
  console.log(`regex-matched request (worst case, scans up to ${REGEX} regexes): p99 ${ms(p99(regexMiss))}`)

  // Rule saves at 10,000 rules through the admin API, chain and loop checks included.
  const login = await fetch(`${ruled.base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ruled.base },
    body: JSON.stringify({ email: 'bench@example.com', password }),
  })
  const session = await login.json()
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]
  const headers = { Cookie: cookie, 'X-CSRF-Token': session.csrfToken, 'Content-Type': 'application/json', Origin: ruled.base }
  const save = async (body: unknown) => {
    const started = performance.now()
    const r = await fetch(`${ruled.base}/api/admin/redirects`, { method: 'POST', headers, body: JSON.stringify(body) })
    const json = await r.json()
    if (r.status !== 201) throw new Error(`save: ${r.status} ${JSON.stringify(json)}`)
    return performance.now() - started
  }
  await save({ source: '/bench-warm-up', target: '/about' })
  const saves: number[] = []
  for (let i = 0; i < 200; i++)
    saves.push(
      await save(
        i % 4 === 0
          ? { source: `/bench-chain-${i}`, target: `/retired-${(REGEX + 1 + i) % 5 === 0 ? 'prefix' : 'exact'}-${REGEX + 1 + i}` }
          : { source: `/bench-save-${i}`, target: '/contact' },
      ),
    )
  console.log(
    `rule save at ${RULES} rules (200 saves, a quarter flattening a chain): p50 ${ms(percentile(saves, 50))}, p95 ${ms(percentile(saves, 95))}, max ${ms(Math.max(...saves))}`,
  )

  // The 404 log with 1,000,000 rows.
  let started = performance.now()
  const now = Date.now()
  // Generated by SQLite itself (a recursive CTE): a million rows in seconds instead of minutes.
  await ruled.db.raw(
    `with recursive n(i) as (select 0 union all select i + 1 from n where i < ? - 1)
     insert into not_found_log (path, hits, bot_hits, first_seen_at, last_seen_at, referrers, user_agents, ignored)
     select '/missing/' || i || '/page-' || (i % 997), 1 + (i * 7919) % 5000, case when i % 3 = 0 then 1 + (i * 7919) % 5000 else 0 end,
       strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || (i % 90) || ' days'), strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || (i % 90) || ' days'),
       '{"https://ref.example/":1}', '{"Mozilla/5.0":1}', i % 50 = 0 from n`,
    [LOG_ROWS, new Date(now).toISOString(), new Date(now).toISOString()],
  )
  console.log(`${LOG_ROWS} 404 log rows inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  await ruled.db.raw('analyze')
  const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v))
  const get = async (url: string) => {
    const t0 = performance.now()
    const r = await fetch(ruled.base + url, { headers })
    await r.arrayBuffer()
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`)
    return performance.now() - t0
  }
  const lists: Record<string, string> = {
    'default screen (by hits, bots hidden, not ignored)': `/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ hideBots: true, ignored: false })}`,
    'by last seen, page 5': `/api/admin/not-found?sort=${enc(['last_seen_at', 'DESC'])}&range=${enc([100, 124])}&filter=${enc({})}`,
    'search "page-42" (about 11,000 matches)': `/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: 'page-42' })}`,
    'search "missing" (every row)': `/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: 'missing', hideBots: true })}`,
    'search "/123456/" (one row)': `/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: '/123456/' })}`,
    'search "no-such-path" (none)': `/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: 'no-such-path' })}`,
  }
  for (const [name, url] of Object.entries(lists)) {
    for (let i = 0; i < 10; i++) await get(url)
    const times: number[] = []
    started = performance.now()
    for (let i = 0; i < 100; i++) times.push(await get(url))
    console.log(`404 log list, ${name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`)
  }
} finally {
  for (const s of [plain, ruled]) {
    await s.close()
    fs.rmSync(s.varDir, { recursive: true, force: true })
  }
}
