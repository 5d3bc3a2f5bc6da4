// Issue 13, the per-page report sorted on a web vital's p75 over long ranges (docs/decisions/185):
// each page's histogram of each vital summed from the first week of its 13-week block through each
// week, packed as "bucket:n,..." (server/analytics/vitalTotals.ts), so whole weeks are at most three
// rows per page. The weeks already rolled up are filled here from analytics_vitals_weekly.
import type { Knex } from 'knex'
import { fillVitalWeekTotals } from '../../analytics/vitalTotals.ts'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_vitals_week_totals', (t) => {
    t.integer('week').notNullable() // weeks since the epoch (UTC); sums from the block's first week through it
    t.string('metric', 8).notNullable()
    t.string('path', 300).notNullable()
    t.text('hist').notNullable()
    t.primary(['week', 'metric', 'path'])
  })
  await fillVitalWeekTotals(knex)
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_vitals_week_totals')
}
