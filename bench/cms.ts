// `npm run bench:cms` (a benchmark, not a test): the /admin/cms inventory at 10,000 pages.
// A synthetic built site (tests/admin-api/cmsFixture.ts: 10,000 city pages with their inventory
// written by the build's own pageFacts; HTML files for the override step), a real server on a
// temp SQLite database with 500 page overrides and 50,000 page views, then:
//   - list p95 (first page of 50, sorted and filtered as staff do; target < 100 ms), cold and warm;
//   - CSV export of the whole inventory;
//   - an override saved and applied to its page at once (head + sitemap.xml of 10,000 URLs).
// Latencies are measured by the client over loopback (an upper bound of the server-side time).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seed } from '../scripts/seed.ts'
import { insertMany, nowIso } from '../server/db/rows.ts'
import { loadEnv } from '../server/env.ts'
import { startServer } from '../server/index.ts'
import { writeFixtureSite } from '../tests/admin-api/cmsFixture.ts'

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)
const password = 'benchmark admin passphrase'
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]
const ms = (n: number) => `${n.toFixed(1)} ms`

let started = performance.now()
const site = writeFixtureSite({ count: PAGES })
console.log(`synthetic site: ${site.pages.length} pages written in ${((performance.now() - started) / 1000).toFixed(1)} s`)
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-cms-'))
const env = loadEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  VAR_DIR: varDir,
  STATIC_DIR: site.staticDir,
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: password,
  DATABASE_URL: '',
  RATE_LIMIT_PER_MINUTE: '1000000',
})
const server = await startServer(env)
try {
  await seed(server.db, env, { log: () => {} })
  const at = nowIso()
  await insertMany(
    server.db,
    'page_overrides',
    Array.from({ length: 500 }, (_, i) => ({
      url: `/seo-services-city-${i * 7}-tx`,
      description: `Override ${i}: local SEO measured in booked jobs and calls for service businesses across Texas.`,
      created_at: at,
      updated_at: at,
    })),
  )
  const now = Date.now()
  await insertMany(
    server.db,
    'events',
    Array.from({ length: 50_000 }, (_, i) => ({
      type: 'page_view',
      path: `/seo-services-city-${i % PAGES}-tx`,
      visitor_id: `v${i % 5000}`,
      session_id: `s${i}`,
      occurred_at: now,
      received_at: new Date(now - (i % 40) * 86_400_000).toISOString(),
    })),
  )
  const base = `http://127.0.0.1:${server.port}`
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'bench@example.com', password }),
  })
  const session = await login.json()
  const headers = {
    Cookie: (login.headers.getSetCookie()[0] ?? '').split(';')[0],
    'X-CSRF-Token': session.csrfToken,
    'Content-Type': 'application/json',
    Origin: base,
  }
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v))
  const lists = [
    `/api/admin/cms?sort=${q(['url', 'ASC'])}&range=${q([0, 49])}`,
    `/api/admin/cms?sort=${q(['words', 'DESC'])}&range=${q([0, 49])}`,
    `/api/admin/cms?sort=${q(['views30d', 'DESC'])}&range=${q([0, 49])}&filter=${q({ family: 'city' })}`,
    `/api/admin/cms?sort=${q(['titleLength', 'DESC'])}&range=${q([50, 99])}&filter=${q({ issue: 'thin' })}`,
    `/api/admin/cms?sort=${q(['url', 'ASC'])}&range=${q([0, 49])}&filter=${q({ q: 'city 12' })}`,
  ]
  const timed = async (url: string, init: RequestInit = {}) => {
    const t = performance.now()
    const r = await fetch(base + url, { headers, ...init })
    const body = await r.text()
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${body.slice(0, 200)}`)
    return { ms: performance.now() - t, body }
  }
  const cold = await timed(lists[0])
  const warm: number[] = []
  for (let i = 0; i < REQUESTS; i++) warm.push((await timed(lists[i % lists.length])).ms)
  // The first request after any override changes (here or on another instance) recomputes the rows.
  const recompute: number[] = []
  for (let i = 0; i < 20; i++) {
    await server.db('page_overrides').where({ id: 1 }).update({ updated_at: nowIso() })
    recompute.push((await timed(lists[i % lists.length])).ms)
  }
  started = performance.now()
  const csv = await timed(`/api/admin/cms/export.csv`)
  const saved = await timed(`/api/admin/cms/${encodeURIComponent('/seo-services-city-4242-tx')}`, {
    method: 'PUT',
    body: JSON.stringify({ title: 'SEO in City 4242, Texas: Booked Jobs, Not Clicks', noindex: true }),
  })
  const applied = JSON.parse(saved.body).applied
  console.log(
    JSON.stringify({
      pages: site.pages.length,
      overrides: 500,
      listColdMs: +cold.ms.toFixed(1),
      listP50Ms: +percentile(warm, 50).toFixed(1),
      listP95Ms: +percentile(warm, 95).toFixed(1),
      listP95WithRecomputeMs: +percentile(recompute, 95).toFixed(1),
      csvExportMs: +csv.ms.toFixed(1),
      csvBytes: csv.body.length,
      overrideSaveMs: +saved.ms.toFixed(1),
      overrideApplyMs: applied.ms,
      written: applied.written,
    }),
  )
  console.log(
    `inventory list at ${site.pages.length} pages: p50 ${ms(percentile(warm, 50))}, p95 ${ms(percentile(warm, 95))} (target < 100 ms); cold first request ${ms(cold.ms)}; p95 of the first request after an override changed (rows recomputed) ${ms(percentile(recompute, 95))}`,
  )
  console.log(
    `CSV export of every page: ${ms(csv.ms)} (${(csv.body.length / 1024).toFixed(0)} KiB); override saved and applied at once: ${ms(saved.ms)} (${applied.written.join(', ')} in ${applied.ms} ms)`,
  )
} finally {
  await server.close()
  fs.rmSync(varDir, { recursive: true, force: true })
  fs.rmSync(site.root, { recursive: true, force: true })
}
