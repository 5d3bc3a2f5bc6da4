// Trends (issue 14): terms staff hid from /admin/trends (by their normalised text).
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trend_hidden', (t) => {
    t.string('term', 200).primary()
    t.integer('hidden_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('hidden_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('trend_hidden')
}
