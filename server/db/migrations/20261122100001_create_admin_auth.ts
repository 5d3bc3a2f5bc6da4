// Staff accounts, server-side sessions and the login throttle (docs/decisions/040-admin-auth.md).
// sessions.id holds the sha256 of the cookie's 128-bit random value, so a copy of the table
// cannot be replayed as cookies.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary()
    t.string('email', 254).notNullable().unique('users_email_unique')
    t.string('name', 120).notNullable().defaultTo('')
    t.string('role', 20).notNullable() // admin | marketing | sales
    t.string('password_hash', 200).notNullable()
    t.boolean('disabled').notNullable().defaultTo(false)
    t.boolean('must_change_password').notNullable().defaultTo(false)
    t.timestamp('last_login_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary()
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.string('csrf_token', 64).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('last_seen_at', { useTz: true }).notNullable()
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.index(['user_id'], 'sessions_user_idx')
    t.index(['expires_at'], 'sessions_expires_idx')
  })
  // One row per throttled key ("account:<email>" or "ip:<address>"): failures since the last
  // success, and until when further attempts are refused.
  await knex.schema.createTable('login_attempts', (t) => {
    t.string('key', 300).primary()
    t.integer('failures').notNullable().defaultTo(0)
    t.timestamp('last_failure_at', { useTz: true }).notNullable()
    t.timestamp('locked_until', { useTz: true }).nullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_attempts')
  await knex.schema.dropTableIfExists('sessions')
  await knex.schema.dropTableIfExists('users')
}
