// Leads of every kind (popup lead, quote, contact, job application) in one table for the staff
// admin: common fields as columns, kind-specific fields in `details`. Spam is stored flagged
// (is_spam) so it can be reviewed, and staff lists exclude it by default.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('leads', (t) => {
    t.increments('id').primary()
    // A random public reference (UUID) set by the public API: safe to quote in e-mails, unlike the
    // sequential id. Nullable so rows made elsewhere (the admin) need none.
    t.string('ref', 36).nullable().unique({ indexName: 'leads_ref_unique' })
    t.string('kind', 20).notNullable() // lead | quote | contact | application
    t.string('status', 20).notNullable().defaultTo('new')
    t.integer('owner_id').nullable()
    t.text('notes').nullable()
    t.boolean('is_spam').notNullable().defaultTo(false)
    t.string('spam_reason', 40).nullable()
    t.string('email', 254).notNullable()
    t.string('name', 240).notNullable().defaultTo('')
    t.string('phone', 32).notNullable().defaultTo('')
    t.string('company', 200).notNullable().defaultTo('')
    t.text('message').notNullable().defaultTo('')
    t.jsonb('details').nullable()
    // Attribution (spec sections 3 and 9).
    t.string('source', 120).notNullable().defaultTo('')
    t.string('campaign', 120).notNullable().defaultTo('')
    t.string('traffic_source', 200).notNullable().defaultTo('')
    t.text('referrer').notNullable().defaultTo('')
    t.string('utm_source', 200).notNullable().defaultTo('')
    t.string('utm_medium', 200).notNullable().defaultTo('')
    t.string('utm_campaign', 200).notNullable().defaultTo('')
    t.string('utm_term', 200).notNullable().defaultTo('')
    t.string('utm_content', 200).notNullable().defaultTo('')
    t.string('gclid', 256).notNullable().defaultTo('')
    t.string('fbclid', 256).notNullable().defaultTo('')
    t.string('msclkid', 256).notNullable().defaultTo('')
    t.text('landing_page').notNullable().defaultTo('')
    t.string('first_touch', 200).notNullable().defaultTo('')
    t.string('last_touch', 200).notNullable().defaultTo('')
    t.string('user_agent', 512).notNullable().defaultTo('')
    t.string('ip_hash', 64).notNullable().defaultTo('')
    // sha256 of the validated submission: the same email + payload within 10 minutes is one lead.
    t.string('payload_hash', 64).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['kind', 'is_spam', 'created_at'], 'leads_kind_spam_created_idx')
    t.index(['email'], 'leads_email_idx')
    // The duplicate check's index: every equality it tests, then the time range.
    t.index(['payload_hash', 'email', 'kind', 'is_spam', 'created_at'], 'leads_duplicate_check_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('leads')
}
