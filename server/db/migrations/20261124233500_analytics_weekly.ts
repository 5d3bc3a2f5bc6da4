// Issue 13, long ranges of /admin/web-analytics, the overview and web traffic (docs/decisions/119):
// weekly rollups, the sums of seven UTC days (week w = days 7w .. 7w + 6 since the epoch, Thursday to
// Wednesday), written by the rollup job (server/analytics/coarse.ts) after each day it sums, so a
// 90-day range reads ~12 weekly rows per key plus its edge days and hours instead of 90 daily rows:
// - analytics_weekly: the `analytics_daily` figures per dim and key;
// - analytics_page_weekly: the page details per path;
// - analytics_vitals_weekly: the web-vital histograms per path (histograms add up; a p75 does not).
// The columns come from server/analytics/columns.ts (the lists the rollups sum). The weeks of days
// already rolled up are filled from the daily tables here.
import type { Knex } from 'knex'
import { METRICS, PAGE_COLUMNS } from '../../analytics/columns.ts'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_weekly', (t) => {
    t.integer('week').notNullable() // floor(day / 7), day = days since the epoch (UTC)
    t.string('dim', 16).notNullable()
    t.string('key', 300).notNullable()
    for (const c of METRICS) t.bigInteger(c).notNullable().defaultTo(0)
    t.primary(['week', 'dim', 'key'])
    t.index(['dim', 'week'], 'analytics_weekly_dim_week_idx')
    t.index(['dim', 'key', 'week'], 'analytics_weekly_dim_key_week_idx')
  })
  await knex.schema.createTable('analytics_page_weekly', (t) => {
    t.integer('week').notNullable()
    t.string('path', 300).notNullable()
    for (const c of PAGE_COLUMNS) t.bigInteger(c).notNullable().defaultTo(0)
    t.primary(['week', 'path'])
    t.index(['path', 'week'], 'analytics_page_weekly_path_week_idx')
  })
  await knex.schema.createTable('analytics_vitals_weekly', (t) => {
    t.integer('week').notNullable()
    t.string('path', 300).notNullable()
    t.string('metric', 8).notNullable()
    t.integer('bucket').notNullable()
    t.bigInteger('n').notNullable().defaultTo(0)
    t.primary(['week', 'path', 'metric', 'bucket'])
    t.index(['path', 'week'], 'analytics_vitals_weekly_path_week_idx')
    // The sort on one vital's p75 reads one metric of every page of the weeks.
    t.index(['metric', 'week'], 'analytics_vitals_weekly_metric_week_idx')
  })
  const sums = (columns: readonly string[]) => columns.map((c) => `sum(${c})`).join(', ')
  // Integer division on both databases (the day columns are integers).
  await knex.raw(
    `insert into analytics_weekly (week, dim, key, ${METRICS.join(', ')}) select day / 7, dim, key, ${sums(METRICS)} from analytics_daily group by day / 7, dim, key`,
  )
  await knex.raw(
    `insert into analytics_page_weekly (week, path, ${PAGE_COLUMNS.join(', ')}) select day / 7, path, ${sums(PAGE_COLUMNS)} from analytics_page_daily group by day / 7, path`,
  )
  await knex.raw(
    `insert into analytics_vitals_weekly (week, path, metric, bucket, n) select day / 7, path, metric, bucket, sum(n) from analytics_vitals_daily group by day / 7, path, metric, bucket`,
  )
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['analytics_vitals_weekly', 'analytics_page_weekly', 'analytics_weekly']) await knex.schema.dropTableIfExists(table)
}
