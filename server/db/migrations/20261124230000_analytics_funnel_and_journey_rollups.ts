// Issue 13, funnels and journeys at 1.5 M sessions (docs/decisions/117-funnel-and-journey-rollups.md):
// - analytics_funnels: funnels saved from /admin/web-analytics (name, steps as JSON, the steps' key);
// - analytics_funnel_hourly: per funnel key and rolled-up UTC hour, the sessions started in the hour
//   reaching each step (1–5). Written by the rollup job for saved funnels and, for any other funnel,
//   by its first read (then reused); dropped for an hour whenever that hour's session paths are
//   rewritten;
// - analytics_funnel_keys: the funnels read but not saved, with when they were last read, so their
//   hourly rows are purged once nobody has looked at them for a while;
// - analytics_journey_hourly: per UTC hour, the converting sessions started in it grouped by
//   journey (the last pages before a conversion, then the conversion) and by the goals converted
//   before that one (`prior`), read by "paths to a conversion" with SQL sorting and limiting.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_funnels', (t) => {
    t.increments('id').primary()
    t.string('name', 120).notNullable().unique('analytics_funnels_name_unique')
    t.text('steps').notNullable() // JSON [{ kind, value }, ...], 2 to 5 steps
    t.string('funnel_key', 64).notNullable()
    t.integer('created_by').nullable()
    t.string('created_at', 30).notNullable()
    t.index(['funnel_key'], 'analytics_funnels_key_idx')
  })
  await knex.schema.createTable('analytics_funnel_hourly', (t) => {
    t.string('funnel_key', 64).notNullable()
    t.integer('hour').notNullable() // hours since the epoch (UTC)
    for (let i = 1; i <= 5; i++) t.integer(`reached_${i}`).notNullable().defaultTo(0)
    t.primary(['funnel_key', 'hour'])
    t.index(['hour'], 'analytics_funnel_hourly_hour_idx')
  })
  await knex.schema.createTable('analytics_funnel_keys', (t) => {
    t.string('funnel_key', 64).primary()
    t.text('steps').notNullable()
    t.bigInteger('last_read_at').notNullable()
  })
  await knex.schema.createTable('analytics_journey_hourly', (t) => {
    t.integer('hour').notNullable()
    t.text('journey').notNullable() // the shown pages, one a line, then the conversion
    t.string('conversion', 300).notNullable()
    t.text('prior').notNullable() // goals converted earlier in the session, sorted, one a line
    t.integer('sessions').notNullable()
    t.index(['hour'], 'analytics_journey_hourly_hour_idx')
  })
  // Hours already rolled up have no journey groups: the rollup job fills them, newest first.
  const through = await knex('analytics_state').where({ key: 'rollup.through_hour' }).first('value')
  if (through) await knex('analytics_state').insert({ key: 'journeys.missing_before', value: String(Number(through.value) + 1) })
}

export async function down(knex: Knex): Promise<void> {
  await knex('analytics_state').where({ key: 'journeys.missing_before' }).delete()
  await knex.schema.dropTableIfExists('analytics_journey_hourly')
  await knex.schema.dropTableIfExists('analytics_funnel_keys')
  await knex.schema.dropTableIfExists('analytics_funnel_hourly')
  await knex.schema.dropTableIfExists('analytics_funnels')
}
