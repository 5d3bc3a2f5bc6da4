// Issue 13, per-page and per-landing-page reads over long ranges (docs/decisions/184): running
// totals per key and UTC day within blocks of 91 days, written by the rollup job
// (server/analytics/pageTotals.ts), so a range of whole days is two rows per key:
// - analytics_key_totals: the `analytics_daily` figures of the `page` and `landing` dims;
// - analytics_page_totals: the page details per path;
// - analytics_family_vitals_totals: the web-vital histograms per template family (the report's
//   "all shown pages" vitals and the per-family report).
// `n_days` counts the daily rows summed (a key has a row in a range when it grows across it).
// The days already rolled up are filled here from the daily tables.
import type { Knex } from 'knex'
import { METRICS, PAGE_COLUMNS } from '../../analytics/columns.ts'
import { fillTotals } from '../../analytics/pageTotals.ts'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_key_totals', (t) => {
    t.integer('day').notNullable() // days since the epoch (UTC); sums from the block's first day through it
    t.string('dim', 16).notNullable()
    t.string('key', 300).notNullable()
    t.bigInteger('n_days').notNullable().defaultTo(0)
    for (const c of METRICS) t.bigInteger(c).notNullable().defaultTo(0)
    t.primary(['day', 'dim', 'key'])
  })
  await knex.schema.createTable('analytics_page_totals', (t) => {
    t.integer('day').notNullable()
    t.string('path', 300).notNullable()
    t.bigInteger('n_days').notNullable().defaultTo(0)
    for (const c of PAGE_COLUMNS) t.bigInteger(c).notNullable().defaultTo(0)
    t.primary(['day', 'path'])
  })
  await knex.schema.createTable('analytics_family_vitals_totals', (t) => {
    t.integer('day').notNullable()
    t.string('family', 60).notNullable()
    t.string('metric', 8).notNullable()
    t.integer('bucket').notNullable()
    t.bigInteger('n_days').notNullable().defaultTo(0)
    t.bigInteger('n').notNullable().defaultTo(0)
    t.primary(['day', 'family', 'metric', 'bucket'])
  })
  await fillTotals(knex)
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['analytics_family_vitals_totals', 'analytics_page_totals', 'analytics_key_totals']) await knex.schema.dropTableIfExists(table)
}
