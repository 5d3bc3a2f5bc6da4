// Issue 13 (docs/decisions/187-ad-hoc-funnels-from-step-sequences.md): the step sequences of each
// rolled-up hour's sessions, packed, so the first read of any funnel reads one small row per hour
// instead of every session path of the range.
// - analytics_step_lines: every distinct session-path line (`p:/path`, `fv:quote`, `g:call`...)
//   once, with a small integer id (never reused: hour rows refer to it).
// - analytics_funnel_seqs: one row per rolled-up hour: its sessions' lines as ids (LEB128
//   varints, each session ended by a 0 byte; sessions without steps left out). Written by the
//   rollup with the session paths; hours rolled up before this migration are filled by the job.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_step_lines', (t) => {
    t.increments('id').primary()
    t.text('line').notNullable().unique({ indexName: 'analytics_step_lines_line_unique' })
  })
  await knex.schema.createTable('analytics_funnel_seqs', (t) => {
    t.bigInteger('hour').primary() // hours since the epoch (UTC): sessions started in it
    t.integer('sessions').notNullable() // sessions in data (those with at least one step)
    t.binary('data').notNullable()
  })
  // PostgreSQL: kept out of line but not compressed (varint ids barely compress, and every first
  // read of a funnel would pay the decompression).
  if (knex.client.config.client === 'pg') await knex.raw('alter table analytics_funnel_seqs alter column data set storage external')
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_funnel_seqs')
  await knex.schema.dropTableIfExists('analytics_step_lines')
}
