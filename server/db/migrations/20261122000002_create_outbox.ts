// Staff notifications, written in the same transaction as the lead they announce and sent by
// the notification.send job (server/jobs/notifications.ts) with retries and exponential backoff.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.increments('id').primary()
    t.string('kind', 40).notNullable() // e.g. lead.created
    t.integer('lead_id').nullable().references('id').inTable('leads').onDelete('SET NULL')
    t.string('recipient', 254).notNullable()
    t.string('reply_to', 254).notNullable().defaultTo('')
    t.string('subject', 300).notNullable()
    t.text('body').notNullable()
    t.string('status', 20).notNullable().defaultTo('pending') // pending | sent | failed
    t.integer('attempts').notNullable().defaultTo(0)
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.text('last_error').nullable()
    t.timestamp('sent_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['status', 'next_attempt_at'], 'outbox_due_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outbox')
}
