// The durable job runner (docs/decisions/060-job-runner.md) and the per-address rate-limit
// counters shared by every server process.
// - jobs: one row per run of a job. The due scan reads the partial index jobs_due_idx
//   (run_at of queued rows only), the lease scan jobs_lease_idx (locked_until of running rows);
//   `key` is unique, so enqueueing a keyed job twice (a recurring occurrence scheduled by three
//   servers, a retried request) stores it once.
// - rate_limits: one counter per (bucket, window start), incremented by an atomic upsert.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id').primary()
    t.string('type', 80).notNullable()
    t.text('payload').notNullable()
    t.string('state', 10).notNullable().defaultTo('queued') // queued | running | done | failed
    t.timestamp('run_at', { useTz: true }).notNullable()
    t.integer('attempts').notNullable().defaultTo(0)
    t.integer('max_attempts').notNullable()
    t.text('last_error').nullable()
    t.string('key', 200).nullable().unique({ indexName: 'jobs_key_unique' })
    t.string('locked_by', 120).nullable()
    t.timestamp('locked_until', { useTz: true }).nullable()
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.timestamp('updated_at', { useTz: true }).notNullable()
    t.timestamp('finished_at', { useTz: true }).nullable()
    t.index(['type', 'state'], 'jobs_type_state_idx')
  })
  await knex.raw(`create index jobs_due_idx on jobs (run_at, id) where state = 'queued'`)
  await knex.raw(`create index jobs_lease_idx on jobs (locked_until) where state = 'running'`)
  await knex.raw(`create index jobs_finished_idx on jobs (finished_at) where state = 'done'`)

  await knex.schema.createTable('rate_limits', (t) => {
    t.string('bucket', 200).notNullable()
    t.bigInteger('window_start').notNullable() // ms since the epoch, a multiple of the window
    t.integer('count').notNullable()
    t.primary(['bucket', 'window_start'])
    t.index(['window_start'], 'rate_limits_window_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits')
  await knex.schema.dropTableIfExists('jobs')
}
