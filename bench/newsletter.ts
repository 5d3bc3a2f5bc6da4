// `npm run bench:newsletter` (a benchmark, not a test): 100,000 confirmed subscribers in a temp
// SQLite database, then
//   - p95 of the admin subscriber list (sorted page, status filter, list filter, search; 300
//     requests each) against the real server, measured by the client over loopback;
//   - one campaign to all of them through the real send loop (claim, compose per recipient with
//     tracked links, file sink, record the receipt) at an unlimited rate: emails/s and RSS
//     sampled every 250 ms (flat memory = the peak stays near the start).
// Targets: list p95 < 50 ms; ≥ 500 emails/s composed and handed over; memory flat.
// BENCH_SCALE=20000 for a quicker run. The .eml files are deleted at the end.
// Before the API: the list's queries in process on SQLite and (when reachable, BENCH_PG, default
// postgres://postgres@127.0.0.1:5432/test, a schema of its own) PostgreSQL: p50/p95 of page +
// count per case, the tag filter's former shape (JSON of every row) beside the current one (the
// tag table, decision 180), and EXPLAIN of each. BENCH_ONLY=list skips the campaign send.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import { seed } from '../scripts/seed.ts'
import { subscribers } from '../server/admin/subscribers.ts'
import { filteredQuery } from '../server/admin/resourceRouter.ts'
import { applySort } from '../server/admin/listQuery.ts'
import { createDb, isPostgres, migrate, type Db } from '../server/db/knex.ts'
import { selectColumns } from '../server/db/tableSpec.ts'
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

async function seedSubscribers(db: Db) {
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
        tags: JSON.stringify(i % 10 === 0 ? (i % 1000 === 0 ? ['client', 'vip'] : ['client']) : []),
        campaigns_received: i % 23,
        campaigns_opened: (i * 7) % 13,
        campaigns_clicked: (i * 11) % 5,
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
  await db.raw(`insert into newsletter_subscriber_tags (tag, subscriber_id) select 'client', id from newsletter_subscribers where id % 10 = 0`)
  // A rare tag (100 of 100,000): the page cannot stop early after 25 matches in the sort's order.
  await db.raw(`insert into newsletter_subscriber_tags (tag, subscriber_id) select 'vip', id from newsletter_subscribers where id % 1000 = 0`)
  // PostgreSQL: what autovacuum does to a table at rest (statistics and the visibility map, for index-only counts).
  await db.raw(isPostgres(db) ? 'vacuum analyze' : 'analyze')
  return listId
}

/** The list handler's two queries (page and count) for a filter, as server/admin/resourceRouter.ts builds them. */
function listQueries(db: Db, filter: Record<string, unknown>, sort: [string, 'ASC' | 'DESC'], offset: number) {
  const base = filteredQuery(db, subscribers.config, filter, 1)
  const page = base.clone().select(selectColumns(subscribers.config.spec)).offset(offset).limit(25)
  applySort(page, subscribers.config.spec, sort, subscribers.config.defaultSort)
  return { page, count: subscribers.config.count?.(db, filter, 1) ?? base.clone().clearSelect().clearOrder().count({ n: '*' }) }
}

/** The tag filter's former shape (before decision 180): the JSON array of every row. */
function formerTagQueries(db: Db, listId: number) {
  const base = db('newsletter_subscribers')
    .whereExists(
      db('newsletter_subscriptions as ls')
        .select(db.raw('1'))
        .whereRaw('ls.subscriber_id = newsletter_subscribers.id')
        .andWhere('ls.list_id', listId)
        .whereNot('ls.status', 'unsubscribed'),
    )
    .whereRaw(isPostgres(db) ? `newsletter_subscribers.tags @> ?::jsonb` : `exists (select 1 from json_each(newsletter_subscribers.tags) where value = ?)`, [
      isPostgres(db) ? '["client"]' : 'client',
    ])
  const page = base
    .clone()
    .select(selectColumns(subscribers.config.spec))
    .orderBy('newsletter_subscribers.created_at', 'desc')
    .orderBy('newsletter_subscribers.id', 'desc')
    .limit(25)
  return { page, count: base.clone().clearSelect().clearOrder().count({ n: '*' }) }
}

async function explain(db: Db, q: Knex.QueryBuilder) {
  const { sql, bindings } = q.toSQL()
  const result = (await db.raw(`${isPostgres(db) ? 'explain' : 'explain query plan'} ${sql}`, bindings as Knex.RawBinding[])) as unknown
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
  return rows.map((r) => String(r.detail ?? r['QUERY PLAN']).trim()).join(' | ')
}

async function queryShapes(db: Db, label: string, listId: number) {
  const shapes: Array<[string, () => { page: Knex.QueryBuilder; count: Knex.QueryBuilder }]> = [
    ['newest first, page 1', () => listQueries(db, {}, ['created_at', 'DESC'], 0)],
    ['status filter, sorted by email, page 40', () => listQueries(db, { status: 'subscribed' }, ['email', 'ASC'], 1000)],
    ['list + tag filter (former shape: JSON of every row)', () => formerTagQueries(db, listId)],
    ['list + tag filter (tag table)', () => listQueries(db, { list_id: listId, tag: 'client' }, ['created_at', 'DESC'], 0)],
    ['search "reader-4242"', () => listQueries(db, { q: 'reader-4242' }, ['created_at', 'DESC'], 0)],
    ['list filter, newest first', () => listQueries(db, { list_id: listId }, ['created_at', 'DESC'], 0)],
    ['list + rare tag (100 rows)', () => listQueries(db, { list_id: listId, tag: 'vip' }, ['created_at', 'DESC'], 0)],
    ['list + tag filter, page 40', () => listQueries(db, { list_id: listId, tag: 'client' }, ['created_at', 'DESC'], 1000)],
    ['sort by email', () => listQueries(db, {}, ['email', 'ASC'], 0)],
    ['sort by opened, most first', () => listQueries(db, {}, ['campaigns_opened', 'DESC'], 0)],
    ['sort by signup source', () => listQueries(db, {}, ['source', 'ASC'], 0)],
    ['sort by confirmed, newest first', () => listQueries(db, {}, ['confirmed_at', 'DESC'], 0)],
  ]
  for (const [name, build] of shapes) {
    const times: number[] = []
    let total = 0
    for (let i = 0; i < 60; i++) {
      const { page, count } = build()
      const started = performance.now()
      const [, [n]] = await Promise.all([page, count])
      times.push(performance.now() - started)
      total = Number((n as { n: number | string }).n)
    }
    console.log(`${label} in process, ${name}: ${total} rows, page + count p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`)
    const { page, count } = build()
    console.log(`  EXPLAIN page: ${await explain(db, page)}`)
    console.log(`  EXPLAIN count: ${await explain(db, count)}`)
  }
}

// Seed.
const db = createDb({ varDir })
await migrate(db)
await seed(db, env, { log: () => {} })
let t = performance.now()
const listId = await seedSubscribers(db)
console.log(`seeded ${SCALE} subscribers in ${((performance.now() - t) / 1000).toFixed(1)} s`)
await queryShapes(db, 'SQLite', listId)
await db.destroy()

const pgUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test'
const pgSchema = `bench_newsletter_${process.pid}`
const pgAdmin = createDb({ databaseUrl: pgUrl, varDir })
try {
  await pgAdmin.raw('select 1')
  await pgAdmin.raw('create schema ??', [pgSchema])
  const pg = createDb({ databaseUrl: pgUrl, varDir, searchPath: pgSchema })
  try {
    await migrate(pg)
    await seed(pg, env, { log: () => {} })
    t = performance.now()
    const pgListId = await seedSubscribers(pg)
    console.log(`PostgreSQL: seeded ${SCALE} subscribers in ${((performance.now() - t) / 1000).toFixed(1)} s`)
    await queryShapes(pg, 'PostgreSQL', pgListId)
  } finally {
    await pg.destroy()
    await pgAdmin.raw('drop schema if exists ?? cascade', [pgSchema])
  }
} catch (e) {
  console.log(`PostgreSQL skipped: ${(e as Error).message}`)
} finally {
  await pgAdmin.destroy()
}

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
  ['list filter', { sort: '["created_at","DESC"]', range: '[0,24]', filter: `{"list_id":${listId}}` }],
  ['list + rare tag', { sort: '["created_at","DESC"]', range: '[0,24]', filter: `{"list_id":${listId},"tag":"vip"}` }],
  ['sort by email', { sort: '["email","ASC"]', range: '[0,24]' }],
  ['sort by opened, most first', { sort: '["campaigns_opened","DESC"]', range: '[0,24]' }],
  ['sort by signup source', { sort: '["source","ASC"]', range: '[0,24]' }],
  ['sort by confirmed, newest first', { sort: '["confirmed_at","DESC"]', range: '[0,24]' }],
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
if (process.env.BENCH_ONLY === 'list') {
  fs.rmSync(varDir, { recursive: true, force: true })
  process.exit(0)
}

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
