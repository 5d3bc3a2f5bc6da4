// Blog posts, tags and revisions kept in the database (issue 11): staff write, schedule, publish
// and retire posts from the admin; the catalog merges them with the Markdown files of data/blog/.
// Blog import (issue 12) writes into `posts` too (source 'import'), through server/posts/store.ts.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('posts', (t) => {
    t.increments('id').primary()
    // Unique across the whole catalog (checked on save); unique here too.
    t.string('slug', 120).notNullable()
    t.string('title', 200).notNullable()
    t.text('body').notNullable()
    t.text('excerpt').notNullable().defaultTo('')
    // Tag slugs, a JSON array (text on SQLite, jsonb on PostgreSQL).
    t.jsonb('tags').notNullable()
    t.string('author', 120).notNullable()
    // draft | scheduled | published | archived
    t.string('status', 12).notNullable().defaultTo('draft')
    t.timestamp('publish_at', { useTz: true }).nullable()
    t.timestamp('unpublish_at', { useTz: true }).nullable()
    // The date the post shows ("date" of a file post, YYYY-MM-DD) and its last "updated" date.
    t.string('date', 10).nullable()
    t.string('updated', 10).nullable()
    t.string('seo_title', 200).nullable()
    t.string('seo_description', 400).nullable()
    t.string('canonical_url', 2048).nullable()
    t.boolean('noindex').notNullable().defaultTo(false)
    t.string('focus_keyphrase', 120).nullable()
    t.string('featured_image', 2048).nullable()
    t.string('featured_image_alt', 300).nullable()
    // A pending draft of a published post (the same fields as JSON): the live page is unchanged
    // until it is published.
    t.jsonb('pending').nullable()
    // When unpublished: null → 410 Gone, or the URL the old address redirects to.
    t.string('gone_target', 2048).nullable()
    // Where the post came from: 'admin', 'file' (imported from data/blog/<slug>.md), 'import' (issue 12).
    t.string('source', 20).notNullable().defaultTo('admin')
    t.string('source_path', 500).nullable()
    // Marketing's publish request when approval is required.
    t.integer('approval_requested_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('approval_requested_at', { useTz: true }).nullable()
    t.timestamp('published_at', { useTz: true }).nullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['slug'], { indexName: 'posts_slug_uq' })
    t.index(['status', 'publish_at'], 'posts_status_publish_idx')
    t.index(['updated_at'], 'posts_updated_idx')
  })
  await knex.schema.createTable('post_revisions', (t) => {
    t.increments('id').primary()
    t.integer('post_id').notNullable().references('id').inTable('posts').onDelete('CASCADE')
    t.integer('number').notNullable()
    // save | autosave | publish | restore | import
    t.string('kind', 12).notNullable()
    // Every editable field of the post at that moment.
    t.jsonb('snapshot').notNullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['post_id', 'number'], { indexName: 'post_revisions_post_number_uq' })
  })
  await knex.schema.createTable('tags', (t) => {
    t.increments('id').primary()
    t.string('slug', 80).notNullable()
    t.string('name', 120).notNullable()
    t.text('description').notNullable().defaultTo('')
    t.string('seo_title', 200).nullable()
    t.string('seo_description', 400).nullable()
    t.boolean('noindex').notNullable().defaultTo(false)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['slug'], { indexName: 'tags_slug_uq' })
  })
  // Publishing settings (approval required, ...): one row per key, JSON value.
  await knex.schema.createTable('publishing_settings', (t) => {
    t.string('key', 60).primary()
    t.jsonb('value').notNullable()
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // What each incremental publish did: URLs added/changed/removed, pages written, time, checks.
  await knex.schema.createTable('publish_receipts', (t) => {
    t.increments('id').primary()
    t.integer('post_id').nullable().references('id').inTable('posts').onDelete('SET NULL')
    t.string('action', 20).notNullable()
    t.boolean('ok').notNullable()
    t.jsonb('impact').notNullable()
    t.jsonb('written').notNullable()
    t.jsonb('failures').notNullable()
    t.integer('duration_ms').notNullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['post_id', 'created_at'], 'publish_receipts_post_idx')
  })
  // Images uploaded in the editor: stored under var/uploads/posts (outside the web root), served
  // by the site at /media/posts/<name>.
  await knex.schema.createTable('post_images', (t) => {
    t.increments('id').primary()
    t.string('name', 120).notNullable()
    t.string('original_name', 255).notNullable()
    t.integer('width').notNullable()
    t.integer('height').notNullable()
    t.integer('bytes').notNullable()
    // [{ width, file, bytes }]
    t.jsonb('variants').notNullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['name'], { indexName: 'post_images_name_uq' })
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('post_images')
  await knex.schema.dropTable('publish_receipts')
  await knex.schema.dropTable('publishing_settings')
  await knex.schema.dropTable('tags')
  await knex.schema.dropTable('post_revisions')
  await knex.schema.dropTable('posts')
}
