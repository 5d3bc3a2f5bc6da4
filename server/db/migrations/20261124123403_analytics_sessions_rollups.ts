// Analytics (issue 13, docs/decisions/120-analytics-storage.md): the raw `events` table gains the
// columns the server derives (a millisecond receive time `ts` for hour arithmetic, the session,
// channel, device, goal and the lead once the visitor becomes one); `analytics_sessions` holds one
// row per server-derived session; `analytics_hourly` and `analytics_daily` are the rollups the
// dashboards read; `analytics_salts` holds the daily salt of the visitor hash (deleted after two
// days, so yesterday's hashes can never be recomputed); `analytics_visitors` maps a persistent
// browser id to a lead, kept only for visitors who became leads.
import type { Knex } from 'knex'

const rollupColumns = (t: Knex.CreateTableBuilder) => {
  t.string('dim', 16).notNullable() // total | page | channel | campaign | device | goal | landing | referrer
  t.string('key', 300).notNullable()
  for (const c of ['visitors', 'sessions', 'page_views', 'entries', 'exits', 'engaged_sessions', 'engaged_ms', 'duration_ms', 'conversions', 'events'])
    t.bigInteger(c).notNullable().defaultTo(0)
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.bigInteger('ts').notNullable().defaultTo(0) // server receive time, ms since the epoch
    t.string('channel', 32).notNullable().defaultTo('')
    t.string('goal', 140).notNullable().defaultTo('')
    t.string('device', 16).notNullable().defaultTo('')
    t.integer('lead_id').nullable()
  })
  await knex.schema.alterTable('events', (t) => {
    t.index(['ts'], 'events_ts_idx')
    t.index(['visitor_id', 'ts'], 'events_visitor_ts_idx')
    t.index(['session_id', 'ts'], 'events_session_ts_idx')
    t.index(['lead_id'], 'events_lead_idx')
  })
  await knex.schema.createTable('analytics_sessions', (t) => {
    t.string('id', 32).primary()
    t.string('visitor_id', 64).notNullable()
    t.boolean('first_of_day').notNullable().defaultTo(true)
    t.boolean('returning').notNullable().defaultTo(false)
    t.integer('lead_id').nullable()
    t.bigInteger('started_at').notNullable()
    t.string('channel', 32).notNullable()
    t.string('source', 200).notNullable().defaultTo('')
    t.string('medium', 200).notNullable().defaultTo('')
    t.string('campaign', 200).notNullable().defaultTo('')
    t.string('referrer_host', 253).notNullable().defaultTo('')
    t.string('click_id', 16).notNullable().defaultTo('') // gclid | fbclid | msclkid (which one, never its value)
    t.string('landing_page', 300).notNullable().defaultTo('')
    t.string('device', 16).notNullable().defaultTo('')
    t.string('browser', 40).notNullable().defaultTo('')
    t.string('os', 40).notNullable().defaultTo('')
    t.index(['started_at'], 'analytics_sessions_started_idx')
    t.index(['visitor_id', 'started_at'], 'analytics_sessions_visitor_idx')
    t.index(['lead_id'], 'analytics_sessions_lead_idx')
  })
  await knex.schema.createTable('analytics_hourly', (t) => {
    t.bigInteger('hour').notNullable() // hours since the epoch (UTC)
    rollupColumns(t)
    t.primary(['hour', 'dim', 'key'])
    t.index(['dim', 'hour'], 'analytics_hourly_dim_hour_idx')
  })
  await knex.schema.createTable('analytics_daily', (t) => {
    t.integer('day').notNullable() // days since the epoch (UTC)
    rollupColumns(t)
    t.primary(['day', 'dim', 'key'])
    t.index(['dim', 'day'], 'analytics_daily_dim_day_idx')
  })
  await knex.schema.createTable('analytics_salts', (t) => {
    t.integer('day').primary()
    t.string('salt', 64).notNullable()
  })
  await knex.schema.createTable('analytics_visitors', (t) => {
    t.string('visitor_id', 64).primary()
    t.integer('lead_id').notNullable()
    t.bigInteger('linked_at').notNullable()
    t.index(['lead_id'], 'analytics_visitors_lead_idx')
  })
  // The last hour the rollup job finished, and other analytics settings (GA4 forwarding, digest).
  await knex.schema.createTable('analytics_state', (t) => {
    t.string('key', 60).primary()
    t.text('value').notNullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['analytics_state', 'analytics_visitors', 'analytics_salts', 'analytics_daily', 'analytics_hourly', 'analytics_sessions'])
    await knex.schema.dropTableIfExists(table)
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex([], 'events_ts_idx')
    t.dropIndex([], 'events_visitor_ts_idx')
    t.dropIndex([], 'events_session_ts_idx')
    t.dropIndex([], 'events_lead_idx')
  })
  await knex.schema.alterTable('events', (t) => {
    for (const c of ['ts', 'channel', 'goal', 'device', 'lead_id']) t.dropColumn(c)
  })
}
