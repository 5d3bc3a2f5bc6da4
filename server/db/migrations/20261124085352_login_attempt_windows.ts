// The sign-in throttle counts attempts in fixed time windows (docs/decisions/061-sign-in-throttling.md):
// login_attempts.failures becomes "attempts counted in the window that started at window_start_ms"
// (epoch milliseconds, an integer so the atomic upsert compares it the same way on SQLite and
// PostgreSQL). Existing rows get 0: their window is long over, so they start afresh.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_attempts', (t) => {
    t.bigInteger('window_start_ms').notNullable().defaultTo(0)
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_attempts', (t) => {
    t.dropColumn('window_start_ms')
  })
}
