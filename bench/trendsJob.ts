// The trend computation of /admin/trends (collect the first-party sources, score every term),
// run alone in its own process by bench/monitoring.ts so its time and peak RSS are its own:
// TRENDS_VAR_DIR (SQLite) or TRENDS_DATABASE_URL + TRENDS_SEARCH_PATH (PostgreSQL), TRENDS_RUNS.
// Prints one JSON line.
import { createDb } from '../server/db/knex.ts'
import { scoreTerms } from '../server/trends/score.ts'
import { collect, siteEntities } from '../server/trends/sources.ts'

const db = createDb({
  varDir: process.env.TRENDS_VAR_DIR ?? '',
  databaseUrl: process.env.TRENDS_DATABASE_URL || undefined,
  searchPath: process.env.TRENDS_SEARCH_PATH || undefined,
})
try {
  siteEntities()
  await db.raw('select 1')
  const rssBefore = process.memoryUsage().rss
  const runs = Number(process.env.TRENDS_RUNS ?? 3)
  const times: number[] = []
  const cpu: number[] = []
  let terms = 0
  let observed = 0
  let shown = 0
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    const c = process.cpuUsage()
    const now = Date.now()
    const { obs } = await collect(db, now)
    const scored = scoreTerms(obs, now)
    times.push(performance.now() - t)
    const used = process.cpuUsage(c)
    cpu.push((used.user + used.system) / 1000)
    observed = obs.size
    shown = scored.length
    terms = scored.filter((s) => s.label !== 'steady').length
  }
  console.log(
    JSON.stringify({
      times,
      cpu,
      rssBeforeMb: rssBefore / 1048576,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      observedTerms: observed,
      shown,
      labelled: terms,
    }),
  )
} finally {
  await db.destroy()
}
