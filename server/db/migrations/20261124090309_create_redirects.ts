// Redirect rules (issue 10), the one-row version counter that tells every server instance to
// reload its compiled rule table, and the 404 log grouped by path (bounded by the purge).
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('redirects', (t) => {
    t.increments('id').primary()
    // Stored normalised (lower case, no trailing slash) for exact and prefix rules; as typed for regex.
    t.string('source', 2048).notNullable()
    t.string('target', 2048).nullable()
    t.integer('status_code').notNullable().defaultTo(301)
    t.string('match_type', 10).notNullable().defaultTo('exact')
    t.string('query_mode', 10).notNullable().defaultTo('pass')
    t.boolean('enabled').notNullable().defaultTo(true)
    t.string('group', 100).notNullable().defaultTo('')
    t.text('note').nullable()
    t.bigInteger('hits').notNullable().defaultTo(0)
    t.timestamp('last_hit_at', { useTz: true }).nullable()
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['match_type', 'source'], { indexName: 'redirects_source_uq' })
    t.index(['group'], 'redirects_group_idx')
    t.index(['hits'], 'redirects_hits_idx')
    t.index(['updated_at'], 'redirects_updated_idx')
  })
  await knex.schema.createTable('redirects_version', (t) => {
    t.integer('id').primary()
    t.bigInteger('version').notNullable()
  })
  await knex('redirects_version').insert({ id: 1, version: 1 })
  await knex.schema.createTable('not_found_log', (t) => {
    t.increments('id').primary()
    t.string('path', 2048).notNullable()
    t.bigInteger('hits').notNullable().defaultTo(0)
    // Hits whose user agent is a known bot: "hide known bots" lists paths with hits > bot_hits.
    t.bigInteger('bot_hits').notNullable().defaultTo(0)
    t.timestamp('first_seen_at', { useTz: true }).notNullable()
    t.timestamp('last_seen_at', { useTz: true }).notNullable()
    // { value: count } for the top 10 referrers and user agents.
    t.jsonb('referrers').notNullable()
    t.jsonb('user_agents').notNullable()
    t.boolean('ignored').notNullable().defaultTo(false)
    t.unique(['path'], { indexName: 'not_found_log_path_uq' })
    t.index(['hits'], 'not_found_log_hits_idx')
    t.index(['last_seen_at'], 'not_found_log_last_seen_idx')
    t.index(['first_seen_at'], 'not_found_log_first_seen_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('not_found_log')
  await knex.schema.dropTable('redirects_version')
  await knex.schema.dropTable('redirects')
}
