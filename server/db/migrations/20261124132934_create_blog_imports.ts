// Blog migration (issue 12): each uploaded export and its import run (file stored outside the web
// root, progress, the reconciliation report), and the map from a source item (WordPress post id,
// Ghost id, zip path) to the post it became, with the hash of what was imported, so importing the
// same file again creates nothing and an interrupted import resumes where it stopped.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('blog_imports', (t) => {
    t.increments('id').primary()
    // wordpress | ghost | markdown
    t.string('kind', 12).notNullable()
    t.string('file_name', 300).notNullable()
    t.string('file_path', 1000).notNullable()
    t.bigInteger('file_bytes').notNullable()
    t.string('media_path', 1000).nullable()
    // uploaded | queued | running | done | failed
    t.string('status', 12).notNullable().defaultTo('uploaded')
    t.integer('items_total').notNullable().defaultTo(0)
    t.integer('items_done').notNullable().defaultTo(0)
    t.jsonb('report').nullable()
    t.text('error').nullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('updated_at', { useTz: true }).notNullable()
    t.index(['created_at'], 'blog_imports_created_idx')
  })
  await knex.schema.createTable('blog_import_items', (t) => {
    t.increments('id').primary()
    t.string('source_key', 500).notNullable()
    t.integer('post_id').notNullable().references('id').inTable('posts').onDelete('CASCADE')
    t.string('hash', 64).notNullable()
    t.integer('import_id').nullable().references('id').inTable('blog_imports').onDelete('SET NULL')
    t.timestamp('imported_at', { useTz: true }).notNullable()
    t.unique(['source_key'], { indexName: 'blog_import_items_source_uq' })
    t.index(['post_id'], 'blog_import_items_post_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('blog_import_items')
  await knex.schema.dropTable('blog_imports')
}
