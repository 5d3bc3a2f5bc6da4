// Revocable preview links (issue 11, decision 102): a post's signed preview links carry its
// preview generation in their signature; "Revoke preview links" in the post editor bumps it, so
// every link issued before answers 410. Existing rows start at 0, the generation every link issued
// before this column existed was signed with, so those links keep working until revoked.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('posts', (t) => {
    t.integer('preview_generation').notNullable().defaultTo(0)
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('posts', (t) => {
    t.dropColumn('preview_generation')
  })
}
