import { createDb, migrate } from './server/db/knex.ts'
const PG = 'postgres://postgres@127.0.0.1:5432/test'
const schema = 'rt_h13funnel'
const admin = createDb({ databaseUrl: PG, varDir: '/tmp/h13funnel' })
await admin.raw(`drop schema if exists ${schema} cascade`)
await admin.raw(`create schema ${schema}`)
await admin.destroy()
const db = createDb({ databaseUrl: PG, varDir: '/tmp/h13funnel', searchPath: schema })
await migrate(db)
const now = Date.now()
const start = now - 90 * 86400000
const N = Number(process.env.N ?? 1000000)
let t = performance.now()
await db.raw(`insert into events (type, path, visitor_id, session_id, occurred_at, ts, name, channel, device, goal, received_at)
  select case when g % 3 = 0 then 'page_view' when g % 3 = 1 then 'scroll_depth' else 'time_on_page' end,
         '/page-' || (g % 1000), 'v' || (g / 7), 's' || (g / 7), ?::bigint + (g::bigint * ?::bigint), ?::bigint + (g::bigint * ?::bigint), '',
         'organic-search', 'desktop', '', now()
  from generate_series(0, ? - 1) g`, [start, Math.floor((now - 3600000 - start) / N), start, Math.floor((now - 3600000 - start) / N), N])
await db.raw(`insert into events (type, path, visitor_id, session_id, occurred_at, ts, name, channel, device, goal, received_at)
  select 'page_view', '/page-' || (g % 50), 'rv' || (g / 5), 'rs' || (g / 5), ?::bigint - g * 8000, ?::bigint - g * 8000, '', 'paid-search', 'mobile', '', now()
  from generate_series(0, 199) g`, [now, now])
console.log('seeded', (performance.now() - t).toFixed(0), 'ms')
const since = now - 30 * 60000
const qs = [
  `select count(distinct session_id) as n from events where ts >= ${since}`,
  `select path, sum(case when type = 'page_view' then 1 else 0 end) as views from events where ts >= ${since} group by path having sum(case when type = 'page_view' then 1 else 0 end) > 0 order by views desc, path limit 10`,
  `select channel, count(distinct session_id) as sessions from events where ts >= ${since} group by channel`,
]
for (const stage of ['before analyze', 'after analyze']) {
  if (stage === 'after analyze') await db.raw('analyze events')
  for (const q of qs) {
    const r = await db.raw(`explain (analyze, buffers) ${q}`)
    console.log(`--- ${stage}: ${q.slice(0, 60)}\n` + r.rows.map((x: any) => x['QUERY PLAN']).join('\n'))
  }
}
if (process.env.KEEP !== '1') await db.raw(`drop schema ${schema} cascade`)
await db.destroy()
