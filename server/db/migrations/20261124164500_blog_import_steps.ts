// Blog migration screen (issue 12): what each step of an import left for the screen to show,
// stored on its row: the dry run (per item action and reason), the images (found and converted,
// missing with the posts that use them), the check of every old URL, and the phase of the job.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('blog_imports', (t) => {
    t.text('dry_run').nullable()
    t.text('images').nullable()
    t.text('url_check').nullable()
    // uploaded → planned → posts → images → publish → check → done
    t.string('phase', 20).nullable()
    t.bigInteger('media_bytes').nullable()
    t.string('media_name', 300).nullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('blog_imports', (t) => {
    t.dropColumn('dry_run')
    t.dropColumn('images')
    t.dropColumn('url_check')
    t.dropColumn('phase')
    t.dropColumn('media_bytes')
    t.dropColumn('media_name')
  })
}
