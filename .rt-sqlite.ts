import fs from 'node:fs'
import { createDb, migrate } from './server/db/knex.ts'
fs.rmSync('/tmp/h13funnel/sq', { recursive: true, force: true }); fs.mkdirSync('/tmp/h13funnel/sq', { recursive: true })
const db = createDb({ varDir: '/tmp/h13funnel/sq' })
await migrate(db)
const since = Date.now() - 30 * 60000
for (const q of [
  `select count(distinct session_id) as n from events where ts >= ${since}`,
  `select path, sum(case when type = 'page_view' then 1 else 0 end) as views from events where ts >= ${since} group by path having views > 0 order by views desc, path limit 10`,
  `select channel, count(distinct session_id) as sessions from events where ts >= ${since} group by channel`,
  `select session_id, type, path, channel from events where ts >= ${since} and ts < ${since + 3600000}`,
]) {
  const r = await db.raw(`explain query plan ${q}`)
  console.log(q.slice(0, 70), '\n  ', r.map((x: any) => x.detail).join(' | '))
}
await db.destroy()
