// Blog migration: the dry run is a job of the runner (decision 153), with its own state and
// progress so that it never holds a request open and never overwrites the import's progress.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('blog_imports', (t) => {
    // null (never run) | queued | reading | planning | done | failed
    t.string('dry_run_status', 12).nullable()
    // reading: items read so far (total 0); planning: items planned of the file's total
    t.integer('dry_run_done').notNullable().defaultTo(0)
    t.integer('dry_run_total').notNullable().defaultTo(0)
    t.text('dry_run_error').nullable()
  })
  // Dry runs made in the request before this are complete.
  await knex('blog_imports').whereNotNull('dry_run').update({ dry_run_status: 'done' })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('blog_imports', (t) => {
    t.dropColumn('dry_run_status')
    t.dropColumn('dry_run_done')
    t.dropColumn('dry_run_total')
    t.dropColumn('dry_run_error')
  })
}
