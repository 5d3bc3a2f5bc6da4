// Blog generator (issue 12): the language-model provider settings (one row, server-side only: the
// key is never sent back to the browser) and the drafts created from demand briefs, so a brief
// shows its draft instead of making a second one. docs/decisions/134-blog-generator.md
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('llm_provider_settings', (t) => {
    t.integer('id').primary()
    t.string('endpoint_url', 2048).nullable()
    t.text('api_key').nullable()
    t.string('model', 200).nullable()
    t.timestamp('last_test_at', { useTz: true }).nullable()
    t.boolean('last_test_ok').nullable()
    t.string('last_test_message', 500).nullable()
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex('llm_provider_settings').insert({ id: 1 })
  await knex.schema.createTable('blog_brief_drafts', (t) => {
    t.string('brief_key', 400).primary()
    t.integer('post_id').notNullable().references('id').inTable('posts').onDelete('CASCADE')
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['post_id'], 'blog_brief_drafts_post_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('blog_brief_drafts')
  await knex.schema.dropTableIfExists('llm_provider_settings')
}
