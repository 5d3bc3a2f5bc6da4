// Issue 13, speed of /admin/web-analytics (docs/decisions/114-web-analytics-top-n-and-family-rollups.md):
// - analytics_family_daily: per UTC day and template family, the `page` rollup figures and the page
//   details summed over the family's pages (written by the rollup job with rollupDay), so the
//   per-family report reads ~20 rows a day instead of every page's;
// - analytics_family_vitals_daily: the family's web-vital histograms (same buckets as per page);
// - indexes that let the per-page report fetch its 500 shown pages by key instead of scanning
//   every page of the range: analytics_daily (dim, key, day), analytics_page_daily (path, day),
//   analytics_vitals_daily (path, day).
import type { Knex } from 'knex'

const METRICS = ['visitors', 'sessions', 'page_views', 'entries', 'exits', 'engaged_sessions', 'engaged_ms', 'duration_ms', 'conversions', 'events']
const PAGE_DETAIL_COLUMNS = [
  'scroll_25',
  'scroll_50',
  'scroll_75',
  'scroll_90',
  'scroll_100',
  'time_30',
  'time_60',
  'time_120',
  'time_300',
  'engagement_n',
  'engagement_sum',
  'engaged_seconds_sum',
  'form_views',
  'form_starts',
  'form_submits',
]

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_family_daily', (t) => {
    t.integer('day').notNullable() // days since the epoch (UTC)
    t.string('family', 60).notNullable()
    t.integer('pages').notNullable().defaultTo(0) // pages of the family with a row that day
    for (const c of [...METRICS, ...PAGE_DETAIL_COLUMNS]) t.bigInteger(c).notNullable().defaultTo(0)
    t.primary(['day', 'family'])
  })
  await knex.schema.createTable('analytics_family_vitals_daily', (t) => {
    t.integer('day').notNullable()
    t.string('family', 60).notNullable()
    t.string('metric', 8).notNullable()
    t.integer('bucket').notNullable()
    t.bigInteger('n').notNullable().defaultTo(0)
    t.primary(['day', 'family', 'metric', 'bucket'])
  })
  await knex.schema.alterTable('analytics_daily', (t) => t.index(['dim', 'key', 'day'], 'analytics_daily_dim_key_day_idx'))
  await knex.schema.alterTable('analytics_page_daily', (t) => t.index(['path', 'day'], 'analytics_page_daily_path_day_idx'))
  await knex.schema.alterTable('analytics_vitals_daily', (t) => t.index(['path', 'day'], 'analytics_vitals_daily_path_day_idx'))
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('analytics_vitals_daily', (t) => t.dropIndex([], 'analytics_vitals_daily_path_day_idx'))
  await knex.schema.alterTable('analytics_page_daily', (t) => t.dropIndex([], 'analytics_page_daily_path_day_idx'))
  await knex.schema.alterTable('analytics_daily', (t) => t.dropIndex([], 'analytics_daily_dim_key_day_idx'))
  await knex.schema.dropTableIfExists('analytics_family_vitals_daily')
  await knex.schema.dropTableIfExists('analytics_family_daily')
}
