// Idempotency-Key replays survive restarts: the first response of a key is stored with the hash
// of the body it answered, in the same transaction as the write it describes.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.increments('id').primary()
    t.string('key', 255).notNullable()
    t.string('endpoint', 100).notNullable()
    t.string('body_hash', 64).notNullable()
    t.integer('status').notNullable()
    t.text('response').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['endpoint', 'key'], { indexName: 'idempotency_keys_endpoint_key_unique' })
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys')
}
