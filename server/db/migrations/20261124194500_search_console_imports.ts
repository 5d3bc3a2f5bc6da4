// Search Console CSV exports imported on /admin/trends (issue 14, docs/decisions/136): kept in
// their own tables, apart from first-party data, never read by the trend scores. One import is
// one file (Queries.csv or Pages.csv of a Performance export); the period it covers is what staff
// gave with it (the CSV itself carries no dates), or none: the screen then dates it by its import.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_console_imports', (t) => {
    t.increments('id').primary()
    t.string('kind', 10).notNullable() // queries | pages
    t.string('filename', 200).notNullable()
    t.integer('uploaded_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.string('period_from', 10).nullable() // YYYY-MM-DD
    t.string('period_to', 10).nullable()
    t.integer('rows').notNullable()
    t.bigInteger('clicks').notNullable()
    t.bigInteger('impressions').notNullable()
  })
  await knex.schema.createTable('search_console_rows', (t) => {
    t.increments('id').primary()
    t.integer('import_id').notNullable().references('id').inTable('search_console_imports').onDelete('CASCADE')
    t.integer('line').notNullable() // its line in the file
    t.text('item').notNullable() // the query, or the page's URL
    t.bigInteger('clicks').notNullable()
    t.bigInteger('impressions').notNullable()
    t.float('ctr').nullable() // 0–1
    t.float('position').nullable()
    // The screen reads one import's rows by clicks.
    t.index(['import_id', 'clicks'], 'search_console_rows_import_clicks_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('search_console_rows')
  await knex.schema.dropTableIfExists('search_console_imports')
}
