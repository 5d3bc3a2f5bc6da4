// Issue 13 (docs/decisions/117-funnel-and-journey-rollups.md): analytics_journey_daily, the hourly
// journey groups summed per UTC day (written by rollupDay), so the whole days of a range read one
// row per journey and day instead of one per hour. Filled here from the hourly groups already kept.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_journey_daily', (t) => {
    t.integer('day').notNullable() // days since the epoch (UTC)
    t.text('journey').notNullable()
    t.string('conversion', 300).notNullable()
    t.text('prior').notNullable()
    t.integer('sessions').notNullable()
    t.index(['day'], 'analytics_journey_daily_day_idx')
  })
  await knex.raw(
    `insert into analytics_journey_daily (day, journey, conversion, prior, sessions)
     select hour / 24, journey, conversion, prior, sum(sessions) from analytics_journey_hourly group by hour / 24, journey, conversion, prior`,
  )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_journey_daily')
}
