// /admin/cms and /admin/syndication (issue 11 part B): page-level overrides of the head, the site
// settings store (feed settings), syndication links of posts (keyed by the post's URL, so file and
// database posts alike), and the feed-fetch log rolled up per day and fetcher (bounded by the purge).
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('page_overrides', (t) => {
    t.increments('id').primary()
    t.string('url', 2048).notNullable()
    t.string('title', 200).nullable()
    t.string('description', 400).nullable()
    t.boolean('noindex').nullable()
    t.string('canonical', 2048).nullable()
    t.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['url'], { indexName: 'page_overrides_url_uq' })
  })
  await knex.schema.createTable('site_settings', (t) => {
    t.string('key', 64).primary()
    t.jsonb('value').notNullable()
    t.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('syndication_links', (t) => {
    t.increments('id').primary()
    t.string('post_url', 2048).notNullable()
    t.string('provider', 32).notNullable()
    // prepared: the copy is ready, nothing is published; posted: a URL or a provider receipt exists.
    t.string('state', 16).notNullable()
    t.string('url', 2048).nullable()
    t.jsonb('receipt').nullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['post_url', 'provider'], { indexName: 'syndication_links_post_provider_uq' })
    t.index(['updated_at'], 'syndication_links_updated_idx')
  })
  await knex.schema.createTable('feed_fetch_daily', (t) => {
    t.string('day', 10).notNullable() // YYYY-MM-DD, UTC
    t.string('feed', 200).notNullable() // /blog/feed.xml, /tag/seo/atom.json...
    t.string('fetcher', 64).notNullable() // hash of the user agent (and address, for one-reader clients)
    t.string('agent', 120).notNullable() // the reader's product, e.g. "Feedly/1.0"
    t.integer('subscribers').notNullable().defaultTo(0) // highest count the reader reported that day
    t.integer('hits').notNullable().defaultTo(0)
    t.primary(['day', 'feed', 'fetcher'])
    t.index(['day'], 'feed_fetch_daily_day_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('feed_fetch_daily')
  await knex.schema.dropTable('syndication_links')
  await knex.schema.dropTable('site_settings')
  await knex.schema.dropTable('page_overrides')
}
