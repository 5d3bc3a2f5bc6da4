// The /admin/cms inventory checks count(*) and max(updated_at) of page_overrides on every list
// request to know whether its cached rows are current: an index answers the max.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('page_overrides', (t) => {
    t.index(['updated_at'], 'page_overrides_updated_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('page_overrides', (t) => {
    t.dropIndex(['updated_at'], 'page_overrides_updated_idx')
  })
}
