// Abuse limits that must hold across server instances (docs/decisions/062-upload-quotas-and-form-tokens.md):
// - upload_usage: bytes received from one address (its IP hash) in one clock hour, reserved
//   atomically before a multipart body is read;
// - spent_form_tokens: a form token is spent by its first accepted submission, kept until the
//   token would have expired anyway.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_usage', (t) => {
    t.string('ip_hash', 32).notNullable()
    // Whole hours since the epoch (Date.now() / 3,600,000, rounded down).
    t.bigInteger('window_hour').notNullable()
    t.bigInteger('bytes').notNullable()
    t.primary(['ip_hash', 'window_hour'])
  })
  await knex.schema.createTable('spent_form_tokens', (t) => {
    t.string('token_hash', 64).primary()
    // The sha256 of what the token was spent on (kind, email and payload hash): the same submission again is a
    // duplicate, anything else with this token is flagged.
    t.string('payload_hash', 64).notNullable()
    t.bigInteger('spent_at').notNullable()
    t.bigInteger('expires_at').notNullable().index('spent_form_tokens_expires_at_index')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('spent_form_tokens')
  await knex.schema.dropTableIfExists('upload_usage')
}
