// `npm run bench:newsletter` (a benchmark, not a test): 100,000 confirmed subscribers in a temp
// SQLite database, then
//   - p95 of the admin subscriber list (sorted page, status filter, list filter, search; 300
//     requests each) against the real server, measured by the client over loopback;
//   - one campaign to all of them through the real send loop (claim, compose per recipient with
//     tracked links, file sink, record the receipt) at an unlimited rate: emails/s and RSS
//     sampled every 250 ms (flat memory = the peak stays near the start).
// Targets: list p95 < 50 ms; ≥ 500 emails/s composed and handed over; memory flat.
// BENCH_SCALE=20000 for a quicker run. The .eml files are deleted at the end.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seed } from '../scripts/seed.ts'
import { createDb, migrate } from '../server/db/knex.ts'
import { defaultListId } from '../server/db/queries/newsletterSubscribers.ts'
import { nowIso } from '../server/db/rows.ts'
import { loadEnv } from '../server/env.ts'
import { startServer } from '../server/index.ts'
import { sendCampaignBatches } from '../server/newsletter/campaignJob.ts'
import { createMailProvider, mailSinkDir } from '../server/newsletter/mailProvider.ts'

const SCALE = Number(process.env.BENCH_SCALE ?? 100_000)
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-newsletter-'))
const password = 'benchmark admin passphrase'
const env = loadEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  VAR_DIR: varDir,
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: password,
  DATABASE_URL: '',
  MAIL_PROVIDER: 'file',
  SITE_URL: 'https://www.proofline.example.com',
  NEWSLETTER_RATE_PER_SECOND: '100000',
  NEWSLETTER_BATCH_SIZE: '500',
  JOBS_POLL_MS: '600000',
})
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]
const ms = (n: number) => `${n.toFixed(1)} ms`
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`

// Seed.
const db = createDb({ varDir })
await migrate(db)
await seed(db, env, { log: () => {} })
let t = performance.now()
const listId = await defaultListId(db)
const sources = ['Footer', 'Footer', 'Footer', 'Import', 'Admin', 'Blog sidebar']
for (let start = 0; start < SCALE; start += 2000) {
  const at = nowIso(Date.now() - (SCALE - start) * 60_000)
  const rows = Array.from({ length: Math.min(2000, SCALE - start) }, (_, k) => {
    const i = start + k
    return {
      email: `reader-${i}@example.com`,
      name: `Reader ${i}`,
      status: 'subscribed',
      source: sources[i % sources.length],
      utm_campaign: i % 7 === 0 ? 'spring-audit' : '',
      tags: JSON.stringify(i % 10 === 0 ? ['client'] : []),
      consent: 'Double opt-in through the website form',
      confirmed_at: at,
      subscribed_at: at,
      created_at: at,
      updated_at: at,
    }
  })
  await db.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx('newsletter_subscribers').insert(rows.slice(i, i + 500))
  })
}
await db.raw(
  `insert into newsletter_subscriptions (subscriber_id, list_id, status, created_at, updated_at) select id, ?, 'subscribed', created_at, updated_at from newsletter_subscribers`,
  [listId],
)
console.log(`seeded ${SCALE} subscribers in ${((performance.now() - t) / 1000).toFixed(1)} s`)
await db.destroy()

// The subscriber list through the real server and admin API.
const server = await startServer(env)
const base = `http://127.0.0.1:${server.port}`
const login = await fetch(`${base}/api/admin/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password }),
})
const { csrfToken } = (await login.json()) as { csrfToken: string }
const cookie = login.headers
  .getSetCookie()
  .find((c) => /sid=/.test(c))!
  .split(';')[0]
const headers = { Cookie: cookie, 'X-CSRF-Token': csrfToken }
const cases: Array<[string, Record<string, string>]> = [
  ['newest first, page 1', { sort: '["created_at","DESC"]', range: '[0,24]' }],
  ['status filter, sorted by email, page 40', { sort: '["email","ASC"]', range: '[1000,1024]', filter: '{"status":"subscribed"}' }],
  ['list + tag filter', { sort: '["created_at","DESC"]', range: '[0,24]', filter: `{"list_id":${listId},"tag":"client"}` }],
  ['search "reader-4242"', { sort: '["created_at","DESC"]', range: '[0,24]', filter: '{"q":"reader-4242"}' }],
]
for (const [label, query] of cases) {
  const times: number[] = []
  for (let i = 0; i < 300; i++) {
    const started = performance.now()
    const res = await fetch(`${base}/api/admin/subscribers?${new URLSearchParams(query)}`, { headers })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`)
    times.push(performance.now() - started)
  }
  console.log(`subscriber list, ${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`)
}
await server.close()

// The campaign send: the real loop, in this process, to the file sink.
const sendDb = createDb({ varDir })
const [row] = await sendDb('newsletter_campaigns')
  .insert({
    slug: 'bench-digest',
    name: 'Bench digest',
    subject: 'Three SEO fixes for March',
    preheader: 'What moved rankings',
    body_markdown:
      '# Three SEO fixes\n\nRead [the UTM guide](/blog/utm-naming-conventions) and [the Core Web Vitals post](/blog/core-web-vitals-landing-pages).\n\n' +
      'We audited 40 client sites this quarter; the same three problems came up again and again. '.repeat(8),
    list_id: listId,
    status: 'scheduled',
    scheduled_at: nowIso(),
    track: true,
  })
  .returning('id')
const campaignId = Number(typeof row === 'object' ? row.id : row)
const provider = createMailProvider(env)
const rss: number[] = []
const heap: number[] = []
const sampler = setInterval(() => {
  const m = process.memoryUsage()
  rss.push(m.rss)
  heap.push(m.heapUsed)
}, 250)
const rssStart = process.memoryUsage().rss
t = performance.now()
let sent = 0
for (;;) {
  const out = await sendCampaignBatches(sendDb, env, provider, campaignId, { signal: new AbortController().signal, budgetMs: 3_600_000 })
  sent += out.sent
  if (out.done) break
}
const seconds = (performance.now() - t) / 1000
clearInterval(sampler)
const status = (await sendDb('newsletter_campaigns').where({ id: campaignId }).first()).status
const files = fs.readdirSync(mailSinkDir(env)).length
console.log(
  `campaign to ${SCALE} subscribers: ${sent} sent (${files} .eml files, campaign ${status}) in ${seconds.toFixed(1)} s = ${(sent / seconds).toFixed(0)} emails/s`,
)
const quarter = Math.max(1, Math.floor(rss.length / 4))
console.log(
  `RSS: ${mb(rssStart)} at start, ${mb(Math.max(...rss.slice(0, quarter)))} peak in the first quarter, ${mb(Math.max(...rss.slice(-quarter)))} peak in the last quarter, ${mb(Math.max(...rss))} peak overall`,
)
console.log(
  `heap used: ${mb(Math.max(...heap.slice(0, quarter)))} peak in the first quarter, ${mb(Math.max(...heap.slice(-quarter)))} peak in the last quarter`,
)
await sendDb.destroy()
fs.rmSync(varDir, { recursive: true, force: true })
console.log(
  `load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
)
