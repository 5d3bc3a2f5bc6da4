// Newsletter (issue 15): double opt-in and attribution on subscribers, lists with a status per
// subscriber, campaigns, one row per (campaign, subscriber) send (the resume key: nobody gets a
// campaign twice), tracked links, open/click events, bounces and complaints.
// docs/decisions/140-newsletter-delivery.md
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.string('name', 200).notNullable().defaultTo('')
    // The first-touch attribution the form sent with the signup (shared/attribution.ts fields).
    t.string('utm_source', 200).notNullable().defaultTo('')
    t.string('utm_medium', 200).notNullable().defaultTo('')
    t.string('utm_campaign', 200).notNullable().defaultTo('')
    t.text('referrer').notNullable().defaultTo('')
    t.string('first_touch', 200).notNullable().defaultTo('')
    t.jsonb('tags').nullable()
    t.timestamp('confirmed_at', { useTz: true }).nullable()
    t.timestamp('confirmation_sent_at', { useTz: true }).nullable()
    t.timestamp('welcome_sent_at', { useTz: true }).nullable()
    t.string('consent', 300).notNullable().defaultTo('')
    t.integer('campaigns_received').notNullable().defaultTo(0)
    t.integer('campaigns_opened').notNullable().defaultTo(0)
    t.integer('campaigns_clicked').notNullable().defaultTo(0)
    t.timestamp('last_engaged_at', { useTz: true }).nullable()
    t.integer('soft_bounces').notNullable().defaultTo(0)
    t.timestamp('last_bounce_at', { useTz: true }).nullable()
    t.string('blocklist_reason', 200).notNullable().defaultTo('')
    t.index(['status', 'id'], 'newsletter_subscribers_status_idx')
    t.index(['source'], 'newsletter_subscribers_source_idx')
    t.index(['created_at'], 'newsletter_subscribers_created_idx')
    t.index(['last_engaged_at'], 'newsletter_subscribers_engaged_idx')
  })

  await knex.schema.createTable('newsletter_lists', (t) => {
    t.increments('id').primary()
    t.string('name', 120).notNullable().unique('newsletter_lists_name_uq')
    t.string('description', 500).notNullable().defaultTo('')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex('newsletter_lists').insert({ name: 'Newsletter', description: 'The monthly Proofline Digital newsletter: the footer signup joins this list.' })

  await knex.schema.createTable('newsletter_subscriptions', (t) => {
    t.integer('subscriber_id').notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE')
    t.integer('list_id').notNullable().references('id').inTable('newsletter_lists').onDelete('CASCADE')
    t.string('status', 20).notNullable() // unconfirmed | subscribed | unsubscribed
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.primary(['subscriber_id', 'list_id'])
    t.index(['list_id', 'status', 'subscriber_id'], 'newsletter_subscriptions_list_idx')
  })
  // Rows stored before double opt-in signed up through the same footer: they join the list.
  await knex.raw(
    `insert into newsletter_subscriptions (subscriber_id, list_id, status, created_at, updated_at)
     select s.id, l.id, s.status, s.created_at, s.updated_at from newsletter_subscribers s, newsletter_lists l where l.name = 'Newsletter'`,
  )

  await knex.schema.createTable('newsletter_campaigns', (t) => {
    t.increments('id').primary()
    t.string('slug', 120).notNullable().unique('newsletter_campaigns_slug_uq')
    t.string('name', 200).notNullable()
    t.string('subject', 200).notNullable()
    t.string('preheader', 200).notNullable().defaultTo('')
    t.text('body_markdown').notNullable()
    t.integer('list_id').nullable().references('id').inTable('newsletter_lists').onDelete('SET NULL')
    // { tag?, source?, engagedDays? }
    t.jsonb('segment').nullable()
    t.boolean('track').notNullable().defaultTo(true)
    // draft | scheduled | sending | sent | cancelled
    t.string('status', 20).notNullable().defaultTo('draft')
    t.timestamp('scheduled_at', { useTz: true }).nullable()
    t.timestamp('started_at', { useTz: true }).nullable()
    t.timestamp('finished_at', { useTz: true }).nullable()
    t.integer('recipients').notNullable().defaultTo(0)
    t.integer('sent').notNullable().defaultTo(0)
    t.integer('failed').notNullable().defaultTo(0)
    t.integer('bounced').notNullable().defaultTo(0)
    t.integer('complaints').notNullable().defaultTo(0)
    t.integer('unsubscribes').notNullable().defaultTo(0)
    t.integer('opens_human').notNullable().defaultTo(0)
    t.integer('opens_machine').notNullable().defaultTo(0)
    t.integer('unique_opens_human').notNullable().defaultTo(0)
    t.integer('clicks').notNullable().defaultTo(0)
    t.integer('unique_clicks').notNullable().defaultTo(0)
    t.string('last_error', 500).notNullable().defaultTo('')
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['status', 'scheduled_at'], 'newsletter_campaigns_status_idx')
  })

  await knex.schema.createTable('newsletter_sends', (t) => {
    t.bigIncrements('id').primary()
    t.integer('campaign_id').notNullable().references('id').inTable('newsletter_campaigns').onDelete('CASCADE')
    t.integer('subscriber_id').notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE')
    // queued | sending | sent | failed | interrupted (claimed by a process that died: not resent)
    t.string('status', 12).notNullable().defaultTo('queued')
    t.string('message_id', 300).nullable()
    t.string('error', 500).notNullable().defaultTo('')
    t.timestamp('sent_at', { useTz: true }).nullable()
    t.timestamp('opened_at', { useTz: true }).nullable()
    t.timestamp('clicked_at', { useTz: true }).nullable()
    t.boolean('bounced').notNullable().defaultTo(false)
    t.unique(['campaign_id', 'subscriber_id'], { indexName: 'newsletter_sends_once_uq' })
    t.index(['campaign_id', 'status', 'id'], 'newsletter_sends_queue_idx')
    t.index(['subscriber_id'], 'newsletter_sends_subscriber_idx')
  })

  await knex.schema.createTable('newsletter_links', (t) => {
    t.increments('id').primary()
    t.integer('campaign_id').notNullable().references('id').inTable('newsletter_campaigns').onDelete('CASCADE')
    t.integer('position').notNullable()
    t.text('url').notNullable()
    t.integer('clicks').notNullable().defaultTo(0)
    t.integer('unique_clicks').notNullable().defaultTo(0)
    t.unique(['campaign_id', 'position'], { indexName: 'newsletter_links_position_uq' })
  })

  await knex.schema.createTable('newsletter_events', (t) => {
    t.bigIncrements('id').primary()
    t.integer('campaign_id').notNullable().references('id').inTable('newsletter_campaigns').onDelete('CASCADE')
    t.integer('subscriber_id').nullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE')
    t.string('type', 10).notNullable() // open | click
    t.boolean('machine').notNullable().defaultTo(false)
    t.string('reason', 40).notNullable().defaultTo('')
    t.integer('link_id').nullable().references('id').inTable('newsletter_links').onDelete('CASCADE')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['campaign_id', 'type'], 'newsletter_events_campaign_idx')
    t.index(['subscriber_id'], 'newsletter_events_subscriber_idx')
  })

  await knex.schema.createTable('newsletter_bounces', (t) => {
    t.increments('id').primary()
    t.integer('subscriber_id').nullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE')
    t.string('email', 254).notNullable()
    t.string('type', 12).notNullable() // hard | soft | complaint
    t.string('source', 20).notNullable() // webhook | manual
    t.integer('campaign_id').nullable().references('id').inTable('newsletter_campaigns').onDelete('SET NULL')
    t.string('note', 500).notNullable().defaultTo('')
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['subscriber_id'], 'newsletter_bounces_subscriber_idx')
    t.index(['created_at'], 'newsletter_bounces_created_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'newsletter_bounces',
    'newsletter_events',
    'newsletter_links',
    'newsletter_sends',
    'newsletter_campaigns',
    'newsletter_subscriptions',
    'newsletter_lists',
  ])
    await knex.schema.dropTableIfExists(table)
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.dropIndex([], 'newsletter_subscribers_status_idx')
    t.dropIndex([], 'newsletter_subscribers_source_idx')
    t.dropIndex([], 'newsletter_subscribers_created_idx')
    t.dropIndex([], 'newsletter_subscribers_engaged_idx')
    for (const c of [
      'name',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'referrer',
      'first_touch',
      'tags',
      'confirmed_at',
      'confirmation_sent_at',
      'welcome_sent_at',
      'consent',
      'campaigns_received',
      'campaigns_opened',
      'campaigns_clicked',
      'last_engaged_at',
      'soft_bounces',
      'last_bounce_at',
      'blocklist_reason',
    ])
      t.dropColumn(c)
  })
}
