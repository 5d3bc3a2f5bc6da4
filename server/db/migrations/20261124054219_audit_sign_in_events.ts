// Sign-in events in the audit log: their action names (sign_in, sign_in_failed, sign_out,
// password_change) are longer than the create/update/delete verbs, and a failed sign-in with an
// unknown email has no record to point at.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_logs', (t) => {
    t.string('action', 40).notNullable().alter()
    t.integer('record_id').nullable().alter()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereNull('record_id').orWhereRaw('length(action) > 10').delete()
  await knex.schema.alterTable('audit_logs', (t) => {
    t.string('action', 10).notNullable().alter()
    t.integer('record_id').notNullable().alter()
  })
}
