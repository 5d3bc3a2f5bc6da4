// The weekly analytics digest (issue 13, docs/decisions/129-weekly-digest.md): a staff member's
// opt-in, and one row per person and week recording the provider's message id (or the error), so
// a retried job never sends a week twice and "sent" is never claimed without a receipt.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('analytics_digest').notNullable().defaultTo(false)
  })
  await knex.schema.createTable('analytics_digests', (t) => {
    t.increments('id').primary()
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('week_start', 10).notNullable() // YYYY-MM-DD, a Monday (UTC)
    t.string('status', 12).notNullable() // sent | failed
    t.string('message_id', 300).nullable()
    t.string('error', 500).notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['user_id', 'week_start'], { indexName: 'analytics_digests_week_uq' })
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_digests')
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('analytics_digest')
  })
}
