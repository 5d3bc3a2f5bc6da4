// Social posts (issue 15, /admin/social-media; decisions 181–183): accounts per network, posts with
// one variant per account (its state, its short link, the pack the manual provider prepared, the
// posted URL or the failure), uploaded images (stored outside the web root), the per-account log,
// the short links' clicks and the settings (approval, automatic drafts).
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('social_accounts', (t) => {
    t.increments('id').primary()
    t.string('network', 30).notNullable()
    t.string('name', 120).notNullable()
    // When a network provider is connected one day: its token's expiry (alerts before it).
    t.timestamp('token_expires_at', { useTz: true }).nullable()
    t.timestamp('token_alerted_at', { useTz: true }).nullable()
    // [{ day: 0-6, time: "HH:MM" }] in UTC: the queue's time slots.
    t.jsonb('slots').nullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['network', 'name'], { indexName: 'social_accounts_network_name_uq' })
  })
  await knex.schema.createTable('social_images', (t) => {
    t.increments('id').primary()
    t.string('file', 100).notNullable()
    t.string('type', 40).notNullable()
    t.integer('bytes').notNullable()
    t.integer('width').nullable()
    t.integer('height').nullable()
    t.string('sha256', 64).notNullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('social_posts', (t) => {
    t.increments('id').primary()
    t.string('title', 200).notNullable()
    t.text('text').notNullable().defaultTo('')
    t.text('link_url').notNullable().defaultTo('')
    // utm_campaign of every short link of the post: social-<id>.
    t.string('campaign', 120).notNullable().defaultTo('')
    t.integer('image_id').nullable().references('id').inTable('social_images').onDelete('SET NULL')
    t.text('image_alt').notNullable().defaultTo('')
    t.text('first_comment').notNullable().defaultTo('')
    // draft | pending_approval | scheduled | due | posted | failed
    t.string('status', 20).notNullable().defaultTo('draft')
    t.timestamp('scheduled_at', { useTz: true }).nullable()
    t.string('recurrence', 10).notNullable().defaultTo('none')
    t.integer('recurs_from').nullable()
    t.integer('source_post_id').nullable()
    t.integer('approval_requested_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.integer('approved_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('approved_at', { useTz: true }).nullable()
    t.integer('clicks').notNullable().defaultTo(0)
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['status', 'scheduled_at'], 'social_posts_status_idx')
    t.index(['scheduled_at'], 'social_posts_scheduled_idx')
    t.index(['campaign'], 'social_posts_campaign_idx')
  })
  await knex.schema.createTable('social_post_variants', (t) => {
    t.increments('id').primary()
    t.integer('post_id').notNullable().references('id').inTable('social_posts').onDelete('CASCADE')
    t.integer('account_id').notNullable().references('id').inTable('social_accounts').onDelete('CASCADE')
    t.text('text').notNullable().defaultTo('')
    t.text('first_comment').notNullable().defaultTo('')
    // The first-party short link /s/<code> (unique over every variant ever made).
    t.string('short_code', 16).notNullable().unique('social_post_variants_code_uq')
    // scheduled | due | posted | failed (the post's draft states are the post's)
    t.string('status', 20).notNullable().defaultTo('scheduled')
    t.jsonb('pack').nullable()
    t.timestamp('prepared_at', { useTz: true }).nullable()
    t.text('posted_url').notNullable().defaultTo('')
    t.timestamp('posted_at', { useTz: true }).nullable()
    t.integer('posted_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.string('failed_reason', 500).notNullable().defaultTo('')
    t.integer('clicks').notNullable().defaultTo(0)
    t.unique(['post_id', 'account_id'], { indexName: 'social_post_variants_post_account_uq' })
    t.index(['account_id', 'status'], 'social_post_variants_account_idx')
  })
  await knex.schema.createTable('social_account_log', (t) => {
    t.increments('id').primary()
    t.integer('account_id').notNullable().references('id').inTable('social_accounts').onDelete('CASCADE')
    t.integer('post_id').nullable()
    // error | warning | info
    t.string('level', 10).notNullable()
    t.string('message', 1000).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['account_id', 'created_at'], 'social_account_log_account_idx')
  })
  await knex.schema.createTable('social_settings', (t) => {
    t.string('key', 60).primary()
    t.jsonb('value').notNullable()
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['social_settings', 'social_account_log', 'social_post_variants', 'social_posts', 'social_images', 'social_accounts'])
    await knex.schema.dropTableIfExists(table)
}
