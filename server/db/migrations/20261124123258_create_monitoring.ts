// Monitoring (issue 14): error groups and their raw events, uptime checks with raw results and
// minute/hour/day rollups, incidents and their staff updates, maintenance windows, the alert log
// with its deliveries, and the alert settings (one row). Busy tables keep times as epoch
// milliseconds (bigint) so bucketing is the same integer arithmetic on SQLite and PostgreSQL.
// docs/decisions/130-monitoring.md
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('error_groups', (t) => {
    t.increments('id').primary()
    t.string('fingerprint', 64).notNullable()
    t.string('source', 10).notNullable() // browser | server
    t.string('error_type', 100).notNullable().defaultTo('Error')
    t.string('message', 500).notNullable()
    t.string('status', 10).notNullable().defaultTo('open') // open | resolved | ignored
    t.bigInteger('count').notNullable().defaultTo(0)
    t.timestamp('first_seen_at', { useTz: true }).notNullable()
    t.timestamp('last_seen_at', { useTz: true }).notNullable()
    t.string('release', 100).notNullable().defaultTo('')
    t.text('sample_stack').notNullable().defaultTo('')
    t.string('sample_path', 2048).notNullable().defaultTo('')
    // { value: count } for the top 10 pages and browsers.
    t.jsonb('pages').notNullable()
    t.jsonb('browsers').notNullable()
    t.timestamp('resolved_at', { useTz: true }).nullable()
    t.integer('reopened').notNullable().defaultTo(0)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['fingerprint'], { indexName: 'error_groups_fingerprint_uq' })
    t.index(['status', 'last_seen_at'], 'error_groups_status_last_seen_idx')
    t.index(['last_seen_at'], 'error_groups_last_seen_idx')
    t.index(['count'], 'error_groups_count_idx')
  })
  await knex.schema.createTable('error_events', (t) => {
    t.bigIncrements('id').primary()
    t.integer('group_id').notNullable().references('id').inTable('error_groups').onDelete('CASCADE')
    t.bigInteger('at').notNullable()
    t.string('path', 2048).notNullable().defaultTo('')
    t.string('browser', 60).notNullable().defaultTo('')
    t.string('release', 100).notNullable().defaultTo('')
    t.index(['group_id', 'at'], 'error_events_group_at_idx')
    t.index(['at'], 'error_events_at_idx')
  })

  await knex.schema.createTable('uptime_checks', (t) => {
    t.increments('id').primary()
    t.string('key', 80).notNullable()
    t.string('name', 120).notNullable()
    t.string('kind', 10).notNullable() // http | database | push
    t.string('target', 2048).notNullable().defaultTo('')
    t.string('conditions', 500).notNullable().defaultTo('')
    t.integer('failure_threshold').notNullable().defaultTo(3)
    t.boolean('enabled').notNullable().defaultTo(true)
    t.integer('consecutive_failures').notNullable().defaultTo(0)
    t.string('state', 10).notNullable().defaultTo('unknown') // up | down | unknown
    t.bigInteger('last_checked_at').nullable()
    t.string('last_error', 500).nullable()
    t.unique(['key'], { indexName: 'uptime_checks_key_uq' })
  })
  await knex.schema.createTable('uptime_results', (t) => {
    t.bigIncrements('id').primary()
    t.integer('check_id').notNullable().references('id').inTable('uptime_checks').onDelete('CASCADE')
    t.bigInteger('at').notNullable()
    t.boolean('ok').notNullable()
    t.integer('status').nullable()
    t.integer('response_ms').notNullable().defaultTo(0)
    t.string('error', 500).nullable()
    t.index(['check_id', 'at'], 'uptime_results_check_at_idx')
    t.index(['at'], 'uptime_results_at_idx')
  })
  await knex.schema.createTable('uptime_rollups', (t) => {
    t.integer('check_id').notNullable().references('id').inTable('uptime_checks').onDelete('CASCADE')
    t.string('bucket', 6).notNullable() // minute | hour | day
    t.bigInteger('at').notNullable()
    t.integer('up').notNullable()
    t.integer('total').notNullable()
    t.bigInteger('ms_sum').notNullable()
    t.integer('ms_max').notNullable()
    t.primary(['check_id', 'bucket', 'at'])
    t.index(['bucket', 'at'], 'uptime_rollups_bucket_at_idx')
  })
  await knex.schema.createTable('incidents', (t) => {
    t.increments('id').primary()
    t.integer('check_id').nullable().references('id').inTable('uptime_checks').onDelete('SET NULL')
    t.string('title', 200).notNullable()
    t.string('status', 12).notNullable().defaultTo('open') // open | resolved
    t.timestamp('opened_at', { useTz: true }).notNullable()
    t.timestamp('closed_at', { useTz: true }).nullable()
    t.string('cause', 500).notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['status', 'opened_at'], 'incidents_status_opened_idx')
    t.index(['check_id', 'status'], 'incidents_check_status_idx')
  })
  await knex.schema.createTable('incident_updates', (t) => {
    t.increments('id').primary()
    t.integer('incident_id').notNullable().references('id').inTable('incidents').onDelete('CASCADE')
    t.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.text('body').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['incident_id', 'created_at'], 'incident_updates_incident_idx')
  })
  await knex.schema.createTable('maintenance_windows', (t) => {
    t.increments('id').primary()
    t.timestamp('starts_at', { useTz: true }).notNullable()
    t.timestamp('ends_at', { useTz: true }).notNullable()
    t.string('note', 500).notNullable().defaultTo('')
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['ends_at'], 'maintenance_windows_ends_idx')
  })
  await knex.schema.createTable('alerts', (t) => {
    t.increments('id').primary()
    t.string('kind', 40).notNullable() // error.new | incident.open | incident.close | heartbeat.drop | test
    t.string('key', 200).notNullable()
    t.string('subject', 300).notNullable()
    t.text('body').notNullable()
    // queued | sent | failed | admin-only (no channel configured) | muted (maintenance) | limited
    t.string('delivery', 12).notNullable()
    t.string('email_status', 12).nullable()
    t.string('webhook_status', 12).nullable()
    t.string('last_error', 500).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['created_at'], 'alerts_created_idx')
    t.index(['key', 'created_at'], 'alerts_key_created_idx')
  })
  await knex.schema.createTable('alert_settings', (t) => {
    t.integer('id').primary()
    t.string('email', 320).nullable()
    t.string('webhook_url', 2048).nullable()
    // At most this many alerts are delivered per hour; the rest stay in the admin.
    t.integer('max_per_hour').notNullable().defaultTo(10)
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex('alert_settings').insert({ id: 1, max_per_hour: 10 })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'alert_settings',
    'alerts',
    'maintenance_windows',
    'incident_updates',
    'incidents',
    'uptime_rollups',
    'uptime_results',
    'uptime_checks',
    'error_events',
    'error_groups',
  ])
    await knex.schema.dropTableIfExists(table)
}
