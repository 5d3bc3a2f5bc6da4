// Issue 13, /admin/web-analytics and /admin/google-analytics (docs/decisions/122, 123):
// - analytics_page_hourly/daily: per page, what the `page` rollup dimension does not hold: scroll
//   and time milestones, the engagement score and time, form views/starts/submits;
// - analytics_vitals_hourly/daily: web vitals as histograms (fixed buckets, `bucket` is the
//   bucket's upper bound: ms, or CLS x 1000), so a p75 over any range is read from sums;
// - analytics_session_paths: each session's steps (pages, forms, goals) in order, written by the
//   rollup job, read by funnels and journeys (one row per session instead of its events);
// - ga4_forward_queue: events queued for the GA4 Measurement Protocol, with the receipt;
// - ga4_imports / ga4_import_days: imported GA4 CSV exports, kept apart from native data.
import type { Knex } from 'knex'

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
  for (const [table, unit] of [
    ['analytics_page_hourly', 'hour'],
    ['analytics_page_daily', 'day'],
  ] as const)
    await knex.schema.createTable(table, (t) => {
      t.bigInteger(unit).notNullable()
      t.string('path', 300).notNullable()
      for (const c of PAGE_DETAIL_COLUMNS) t.bigInteger(c).notNullable().defaultTo(0)
      t.primary([unit, 'path'])
    })
  for (const [table, unit] of [
    ['analytics_vitals_hourly', 'hour'],
    ['analytics_vitals_daily', 'day'],
  ] as const)
    await knex.schema.createTable(table, (t) => {
      t.bigInteger(unit).notNullable()
      t.string('path', 300).notNullable()
      t.string('metric', 8).notNullable() // LCP | INP | CLS | TTFB
      t.integer('bucket').notNullable()
      t.bigInteger('n').notNullable().defaultTo(0)
      t.primary([unit, 'path', 'metric', 'bucket'])
    })
  await knex.schema.createTable('analytics_session_paths', (t) => {
    t.string('session_id', 32).primary()
    t.bigInteger('started_at').notNullable()
    t.text('steps').notNullable() // one step a line: p:/path, fv:form, fs:form, fx:form, g:goal
    t.integer('conversions').notNullable().defaultTo(0)
    t.index(['started_at'], 'analytics_session_paths_started_idx')
  })
  await knex.schema.createTable('ga4_forward_queue', (t) => {
    t.bigIncrements('id').primary()
    t.bigInteger('event_id').notNullable().unique('ga4_forward_queue_event_unique')
    t.string('name', 40).notNullable() // the GA4 event name
    t.text('params').notNullable() // JSON: the Measurement Protocol event and its client id
    t.bigInteger('queued_at').notNullable()
    t.string('status', 12).notNullable().defaultTo('queued') // queued | sent | failed
    t.integer('attempts').notNullable().defaultTo(0)
    t.text('last_error').notNullable().defaultTo('')
    t.integer('receipt_status').nullable() // the HTTP status of the 2xx receipt
    t.bigInteger('sent_at').nullable()
    t.index(['status', 'id'], 'ga4_forward_queue_status_idx')
  })
  await knex.schema.createTable('ga4_imports', (t) => {
    t.increments('id').primary()
    t.string('filename', 200).notNullable()
    t.integer('uploaded_by').nullable()
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.integer('days').notNullable()
    t.string('first_day', 10).notNullable()
    t.string('last_day', 10).notNullable()
  })
  await knex.schema.createTable('ga4_import_days', (t) => {
    t.integer('import_id').notNullable().references('id').inTable('ga4_imports').onDelete('CASCADE')
    t.string('day', 10).notNullable() // YYYY-MM-DD as GA4 reported it (the property's time zone)
    t.bigInteger('users').nullable()
    t.bigInteger('sessions').nullable()
    t.bigInteger('page_views').nullable()
    t.bigInteger('events').nullable()
    t.bigInteger('conversions').nullable()
    t.primary(['import_id', 'day'])
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'ga4_import_days',
    'ga4_imports',
    'ga4_forward_queue',
    'analytics_session_paths',
    'analytics_vitals_daily',
    'analytics_vitals_hourly',
    'analytics_page_daily',
    'analytics_page_hourly',
  ])
    await knex.schema.dropTableIfExists(table)
}
