// Newsletter subscribers, saved ROI calculations, analytics events and flagged spam from forms
// that are not leads (the newsletter).
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.increments('id').primary()
    t.string('email', 254).notNullable().unique('newsletter_subscribers_email_unique')
    t.string('status', 20).notNullable().defaultTo('subscribed') // subscribed | unsubscribed
    t.string('source', 120).notNullable().defaultTo('')
    t.text('landing_page').notNullable().defaultTo('')
    t.string('user_agent', 512).notNullable().defaultTo('')
    t.string('ip_hash', 64).notNullable().defaultTo('')
    t.timestamp('subscribed_at', { useTz: true }).nullable()
    t.timestamp('unsubscribed_at', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })

  await knex.schema.createTable('roi_calculations', (t) => {
    t.increments('id').primary()
    t.string('traffic', 32).notNullable()
    t.string('conversion_rate', 32).notNullable()
    t.string('average_order_value', 32).notNullable()
    t.string('profit_margin', 32).notNullable()
    t.jsonb('submitted_results').notNullable()
    t.jsonb('results').notNullable() // recomputed by the server with computeRoi
    t.boolean('results_match').notNullable()
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
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })

  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('id').primary()
    t.string('type', 32).notNullable()
    t.text('path').notNullable()
    t.string('visitor_id', 64).notNullable()
    t.string('session_id', 64).notNullable()
    t.bigInteger('occurred_at').notNullable() // client clock, ms since the epoch
    t.double('value').nullable()
    t.string('name', 120).notNullable().defaultTo('')
    t.text('referrer').notNullable().defaultTo('')
    t.jsonb('props').nullable()
    t.string('user_agent', 512).notNullable().defaultTo('')
    t.string('ip_hash', 64).notNullable().defaultTo('')
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['type', 'received_at'], 'events_type_received_idx')
  })

  await knex.schema.createTable('spam_submissions', (t) => {
    t.increments('id').primary()
    t.string('endpoint', 60).notNullable()
    t.string('reason', 40).notNullable()
    t.string('email', 254).notNullable().defaultTo('')
    t.jsonb('payload').nullable()
    t.string('user_agent', 512).notNullable().defaultTo('')
    t.string('ip_hash', 64).notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['spam_submissions', 'events', 'roi_calculations', 'newsletter_subscribers']) await knex.schema.dropTableIfExists(table)
}
